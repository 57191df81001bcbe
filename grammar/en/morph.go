package en

import "strings"

// morphology gives the regular forms of English verbs.
type morphology struct{}

func isVowel(c byte) bool { return strings.IndexByte("aeiou", c) >= 0 }

// vowelGroups counts the runs of vowels in w, a rough syllable count.
func vowelGroups(w string) int {
	n, in := 0, false
	for i := 0; i < len(w); i++ {
		v := isVowel(w[i]) || (w[i] == 'y' && i > 0)
		if v && !in {
			n++
		}
		in = v
	}
	return n
}

// endsCVC reports whether w ends consonant-vowel-consonant, the shape
// whose last letter doubles before -ed and -ing (stop, stopped).
func endsCVC(w string) bool {
	n := len(w)
	if n < 3 {
		return false
	}
	a, b, c := w[n-3], w[n-2], w[n-1]
	return !isVowel(a) && isVowel(b) && !isVowel(c) && strings.IndexByte("wxy", c) < 0
}

// VerbForms returns base, its -s, -ed and -ing forms, and the irregular
// forms given. For a CVC verb of more than one syllable both the doubled
// and the plain forms are given (submitted, opened), since stress decides
// and spelling does not show it.
func (morphology) VerbForms(base string, irregular []string) []string {
	forms := []string{base}
	add := func(f string) {
		for _, x := range forms {
			if x == f {
				return
			}
		}
		forms = append(forms, f)
	}
	if strings.ContainsAny(base, " -'") || len(base) < 2 {
		for _, f := range irregular {
			add(f)
		}
		return forms
	}
	n := len(base)
	last := base[n-1]
	consonantY := last == 'y' && n > 1 && !isVowel(base[n-2])
	// Third person singular.
	switch {
	case strings.HasSuffix(base, "s") || strings.HasSuffix(base, "x") || strings.HasSuffix(base, "z") ||
		strings.HasSuffix(base, "ch") || strings.HasSuffix(base, "sh") || strings.HasSuffix(base, "o"):
		add(base + "es")
	case consonantY:
		add(base[:n-1] + "ies")
	default:
		add(base + "s")
	}
	// Past and -ing. An irregular verb's past forms are the ones listed
	// ("took", never "taked").
	cvc := endsCVC(base)
	switch {
	case len(irregular) > 0:
	case last == 'e':
		add(base + "d")
	case consonantY:
		add(base[:n-1] + "ied")
	case cvc:
		add(base + string(last) + "ed")
		if vowelGroups(base) > 1 {
			add(base + "ed")
		}
	default:
		add(base + "ed")
	}
	switch {
	case strings.HasSuffix(base, "ie"):
		add(base[:n-2] + "ying")
	case last == 'e' && !strings.HasSuffix(base, "ee") && !strings.HasSuffix(base, "ye") && !strings.HasSuffix(base, "oe"):
		add(base[:n-1] + "ing")
	case cvc:
		add(base + string(last) + "ing")
		if vowelGroups(base) > 1 {
			add(base + "ing")
		}
	default:
		add(base + "ing")
	}
	for _, f := range irregular {
		add(f)
	}
	return forms
}
