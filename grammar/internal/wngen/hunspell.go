package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// A hunspell dictionary is a list of stems with flags (.dic) and the affix
// rules the flags name (.aff): a suffix or prefix rule strips some letters
// from the stem, adds others, and applies only where the stem matches its
// condition. This file reads the subset of the format the Portuguese
// dictionaries use: the encoding (SET), the flag type (FLAG), forbidden
// words (FORBIDDENWORD) and the SFX and PFX rules with their
// cross-product mark. Continuation classes (flags after a rule's added
// letters: twofold affixes) and morphological fields are read and ignored:
// hunspell-pt-br uses continuation classes only for abbreviations, never
// for a verb.

// affixRule is one SFX or PFX line.
type affixRule struct {
	strip, add string
	cond       []condChar // matched at the end of the stem (suffix) or its start (prefix)
}

// condChar is one position of a rule's condition: a set of characters, or
// its complement; any is ".".
type condChar struct {
	chars string
	not   bool
	any   bool
}

func (c condChar) match(r rune) bool {
	if c.any {
		return true
	}
	return strings.ContainsRune(c.chars, r) != c.not
}

// affixClass is the rules one flag names.
type affixClass struct {
	suffix, cross bool
	rules         []affixRule
}

// affixFile is what a .aff file says.
type affixFile struct {
	flagType  string // "", "long", "num" or "UTF-8"
	forbidden string // the FORBIDDENWORD flag, or ""
	classes   map[string]*affixClass
	decode    *encoding.Decoder // nil for UTF-8
}

// dicEntry is one stem of a .dic file and its flags.
type dicEntry struct {
	stem  string
	flags []string
}

// decoder returns the decoder of a SET value, or nil for UTF-8.
func decoder(set string) (*encoding.Decoder, error) {
	switch strings.ToUpper(set) {
	case "UTF-8", "UTF8":
		return nil, nil
	case "ISO8859-1", "ISO-8859-1":
		return charmap.ISO8859_1.NewDecoder(), nil
	case "ISO8859-15", "ISO-8859-15":
		return charmap.ISO8859_15.NewDecoder(), nil
	}
	return nil, fmt.Errorf("encoding %q is not read (UTF-8, ISO8859-1 and ISO8859-15 are)", set)
}

// decodeLine returns a line of a dictionary file as UTF-8 text, without a
// byte order mark.
func decodeLine(dec *encoding.Decoder, b []byte) (string, error) {
	b = bytes.TrimPrefix(b, []byte("\uFEFF"))
	if dec == nil {
		if !utf8.Valid(b) {
			return "", fmt.Errorf("invalid UTF-8")
		}
		return string(b), nil
	}
	out, err := dec.Bytes(b)
	return string(out), err
}

// eachLine calls fn with every line of a file, decoded, and its number;
// errors name the file and line.
func eachLine(name string, dec func() *encoding.Decoder, fn func(no int, line string) error) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	no := 0
	for sc.Scan() {
		no++
		var line string
		line, err = decodeLine(dec(), bytes.TrimRight(sc.Bytes(), "\r"))
		if err == nil {
			err = fn(no, line)
		}
		if err != nil {
			err = fmt.Errorf("%s:%d: %w", name, no, err)
			break
		}
	}
	if err == nil {
		err = sc.Err()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// readAff reads a .aff file.
func readAff(name string) (*affixFile, error) {
	aff := &affixFile{classes: map[string]*affixClass{}}
	pending := map[string]int{} // flag -> rule lines still announced
	err := eachLine(name, func() *encoding.Decoder { return aff.decode }, func(no int, line string) error {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			return nil
		}
		switch f[0] {
		case "SET":
			if len(f) < 2 {
				return fmt.Errorf("SET names no encoding")
			}
			dec, err := decoder(f[1])
			if err != nil {
				return err
			}
			aff.decode = dec
		case "FLAG":
			if len(f) < 2 || (f[1] != "long" && f[1] != "num" && f[1] != "UTF-8") {
				return fmt.Errorf("FLAG %q: want long, num or UTF-8", strings.Join(f[1:], " "))
			}
			aff.flagType = f[1]
		case "FORBIDDENWORD":
			if len(f) < 2 {
				return fmt.Errorf("FORBIDDENWORD names no flag")
			}
			aff.forbidden = f[1]
		case "SFX", "PFX":
			if len(f) < 4 {
				return fmt.Errorf("%s line with %d fields", f[0], len(f))
			}
			flag := f[1]
			class := aff.classes[flag]
			if class == nil {
				// The header: SFX flag cross count.
				n, err := strconv.Atoi(f[3])
				if err != nil || n < 0 || (f[2] != "Y" && f[2] != "N") {
					return fmt.Errorf("%s header %q: want flag, Y or N, and a count", f[0], line)
				}
				aff.classes[flag] = &affixClass{suffix: f[0] == "SFX", cross: f[2] == "Y", rules: make([]affixRule, 0, n)}
				pending[flag] = n
				return nil
			}
			if class.suffix != (f[0] == "SFX") {
				return fmt.Errorf("flag %q names both suffixes and prefixes", flag)
			}
			if pending[flag] == 0 {
				return fmt.Errorf("%s %s: more rules than its header announced", f[0], flag)
			}
			if len(f) < 5 {
				return fmt.Errorf("%s rule %q: want flag, strip, add and condition", f[0], line)
			}
			r, err := parseRule(f[2], f[3], f[4])
			if err != nil {
				return err
			}
			class.rules = append(class.rules, r)
			pending[flag]--
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, flag := range sortedKeys(pending) {
		if pending[flag] > 0 {
			return nil, fmt.Errorf("%s: flag %q has %d rules fewer than its header announced", name, flag, pending[flag])
		}
	}
	return aff, nil
}

// parseRule reads the strip, add and condition fields of a rule.
func parseRule(strip, add, cond string) (affixRule, error) {
	if strip == "0" {
		strip = ""
	}
	if i := strings.IndexByte(add, '/'); i >= 0 {
		add = add[:i] // continuation classes are not applied
	}
	if add == "0" {
		add = ""
	}
	r := affixRule{strip: strip, add: add}
	if cond == "." {
		return r, nil
	}
	for rest := cond; rest != ""; {
		if rest[0] != '[' {
			c, size := utf8.DecodeRuneInString(rest)
			r.cond = append(r.cond, condChar{chars: string(c), any: c == '.'})
			rest = rest[size:]
			continue
		}
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return r, fmt.Errorf("condition %q has an unclosed [", cond)
		}
		set := rest[1:end]
		c := condChar{}
		if strings.HasPrefix(set, "^") {
			c.not, set = true, set[1:]
		}
		if set == "" {
			return r, fmt.Errorf("condition %q has an empty set", cond)
		}
		c.chars = set
		r.cond = append(r.cond, c)
		rest = rest[end+1:]
	}
	return r, nil
}

// splitFlags splits the flags of a stem by the file's flag type.
func (aff *affixFile) splitFlags(s string) ([]string, error) {
	var out []string
	switch aff.flagType {
	case "long":
		if len(s)%2 != 0 {
			return nil, fmt.Errorf("flags %q: long flags are two characters each", s)
		}
		for i := 0; i < len(s); i += 2 {
			out = append(out, s[i:i+2])
		}
	case "num":
		for _, n := range strings.Split(s, ",") {
			if _, err := strconv.Atoi(n); err != nil {
				return nil, fmt.Errorf("flags %q: numeric flags are numbers separated by commas", s)
			}
			out = append(out, n)
		}
	case "UTF-8":
		for _, r := range s {
			out = append(out, string(r))
		}
	default:
		for i := 0; i < len(s); i++ {
			out = append(out, s[i:i+1])
		}
	}
	return out, nil
}

// readDic reads a .dic file: a first line with the count of entries, then
// one stem a line, "stem/flags", a slash in a stem escaped as "\/";
// morphological fields after a tab are ignored, and so are forbidden
// words.
func readDic(name string, aff *affixFile) ([]dicEntry, error) {
	var out []dicEntry
	err := eachLine(name, func() *encoding.Decoder { return aff.decode }, func(no int, line string) error {
		if no == 1 {
			if _, err := strconv.Atoi(strings.TrimSpace(line)); err != nil {
				return fmt.Errorf("the first line is not the count of entries")
			}
			return nil
		}
		if i := strings.IndexByte(line, '\t'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			return nil
		}
		stem, flags := line, ""
		for i := 0; i < len(line); i++ {
			if line[i] == '\\' {
				i++
				continue
			}
			if line[i] == '/' {
				stem, flags = line[:i], line[i+1:]
				break
			}
		}
		stem = strings.ReplaceAll(stem, `\/`, "/")
		fs, err := aff.splitFlags(flags)
		if err != nil {
			return err
		}
		if aff.forbidden != "" && slices.Contains(fs, aff.forbidden) {
			return nil
		}
		out = append(out, dicEntry{stem: stem, flags: fs})
		return nil
	})
	return out, err
}

// applySuffix returns the stem with the rule applied, if its condition
// holds.
func applySuffix(stem string, r affixRule) (string, bool) {
	if !strings.HasSuffix(stem, r.strip) || len(stem) == len(r.strip) {
		return "", false
	}
	rest := stem
	for i := len(r.cond) - 1; i >= 0; i-- {
		c, size := utf8.DecodeLastRuneInString(rest)
		if size == 0 || !r.cond[i].match(c) {
			return "", false
		}
		rest = rest[:len(rest)-size]
	}
	return stem[:len(stem)-len(r.strip)] + r.add, true
}

// applyPrefix returns the stem with the rule applied, if its condition
// holds.
func applyPrefix(stem string, r affixRule) (string, bool) {
	if !strings.HasPrefix(stem, r.strip) || len(stem) == len(r.strip) {
		return "", false
	}
	rest := stem
	for _, c := range r.cond {
		ch, size := utf8.DecodeRuneInString(rest)
		if size == 0 || !c.match(ch) {
			return "", false
		}
		rest = rest[size:]
	}
	return r.add + stem[len(r.strip):], true
}

// wordForm is one word a stem makes: the form, and the stem with the
// prefix it was made with (the lemma the form is a form of).
type wordForm struct {
	form, lemma string
}

// expand returns the forms of an entry under the suffix flags in keep
// and every prefix flag: the stem itself, each suffix applied to it, each
// prefix applied to it (a new lemma: ligar, desligar), and the suffixes
// applied to each prefixed stem where both rules allow the cross
// product. A form's lemma is the stem with its prefix.
func (aff *affixFile) expand(e dicEntry, keep func(flag string) bool) []wordForm {
	var sfx, pfx []*affixClass
	for _, fl := range e.flags {
		c := aff.classes[fl]
		switch {
		case c == nil:
		case c.suffix && keep(fl):
			sfx = append(sfx, c)
		case !c.suffix:
			pfx = append(pfx, c)
		}
	}
	out := []wordForm{{e.stem, e.stem}}
	suffixes := func(stem string, crossOnly bool) {
		for _, c := range sfx {
			if crossOnly && !c.cross {
				continue
			}
			for _, r := range c.rules {
				if f, ok := applySuffix(stem, r); ok {
					out = append(out, wordForm{f, stem})
				}
			}
		}
	}
	suffixes(e.stem, false)
	for _, c := range pfx {
		for _, r := range c.rules {
			p, ok := applyPrefix(e.stem, r)
			if !ok {
				continue
			}
			out = append(out, wordForm{p, p})
			if c.cross {
				suffixes(p, true)
			}
		}
	}
	return out
}
