package ptbr

import "strings"

// morphology gives the regular forms of Portuguese verbs, written as
// tokenize.Normalize writes them (accents folded: "cancelá" and "cancela"
// are one form).
type morphology struct{}

// VerbForms returns base (an infinitive), the forms people use to ask for
// things, and the irregular forms given:
//
//   - the infinitive, and the infinitive's future (mostrarei, mostrara);
//   - the imperative of both registers: the informal one, which is the
//     present third person (mostra, vende, abre), and the formal one,
//     which is the present subjunctive (mostre, venda, abra), singular
//     and plural (mostrem, vendam);
//   - the present first person, third person and third person plural
//     (mostro, mostra, mostram);
//   - the preterite first and third person, and third person plural
//     (mostrei, mostrou, mostraram);
//   - the past participle in both genders and numbers (mostrado,
//     mostrada, mostrados, mostradas) and the gerund (mostrando).
//
// The spelling changes a regular verb makes are applied: ficar -> fique,
// fiquei; pagar -> pague, paguei; proteger -> protejo, proteja; corrigir
// -> corrijo, corrija; distinguir -> distingo, distinga; bloquear ->
// bloqueio, bloqueia, bloqueie; excluir -> exclui; sair -> saio, sai,
// saia; traduzir -> traduz. The -çar verbs fold to -car (começar is
// "comecar"), so their forms are regular once folded (comece); only the
// preterite and subjunctive of a -car verb with a hard c differ, and a
// -çar verb lists its forms as irregular. Verbs in -or conjugate as pôr
// (compor, propor, repor).
func (morphology) VerbForms(base string, irregular []string) []string {
	forms := []string{base}
	add := func(fs ...string) {
		for _, f := range fs {
			if f == "" {
				continue
			}
			dup := false
			for _, x := range forms {
				if x == f {
					dup = true
					break
				}
			}
			if !dup {
				forms = append(forms, f)
			}
		}
	}
	if strings.ContainsAny(base, " -'") || len(base) < 4 {
		// A phrase, or a verb as short as ver, dar, ler, ir or pôr,
		// whose forms are all irregular.
		add(irregular...)
		return forms
	}
	stem, ending := base[:len(base)-2], base[len(base)-2:]
	switch ending {
	case "ar":
		arForms(stem, base, add)
	case "er":
		erForms(stem, base, add)
	case "ir":
		irForms(stem, base, add)
	case "or":
		orForms(stem, add)
	}
	add(irregular...)
	return forms
}

// participle adds the four forms of a participle ending in -o.
func participle(add func(...string), masc string) {
	p := masc[:len(masc)-1]
	add(p+"o", p+"a", p+"os", p+"as")
}

func arForms(stem, base string, add func(...string)) {
	// soft is the stem before -e (subjunctive, preterite first person).
	soft := stem
	switch {
	case strings.HasSuffix(stem, "c"):
		soft = stem[:len(stem)-1] + "qu"
	case strings.HasSuffix(stem, "g"):
		soft = stem + "u"
	}
	if strings.HasSuffix(stem, "e") && len(stem) > 1 {
		// -ear: the stressed forms take -ei- (bloqueio, bloqueia,
		// bloqueie); the others are regular (bloqueou, bloqueado).
		add(stem+"io", stem+"ia", stem+"iam", stem+"ie", stem+"iem")
	} else {
		add(stem+"o", stem+"a", stem+"am", soft+"e", soft+"em")
	}
	add(soft+"ei", stem+"ou", stem+"aram", stem+"amos")
	participle(add, stem+"ado")
	add(stem+"ando", base+"ei", base+"a")
}

func erForms(stem, base string, add func(...string)) {
	// hard is the stem before -o and -a (first person, subjunctive).
	hard := stem
	switch {
	case strings.HasSuffix(stem, "gu"):
		hard = stem[:len(stem)-1]
	case strings.HasSuffix(stem, "g"):
		hard = stem[:len(stem)-1] + "j"
	}
	add(hard+"o", stem+"e", stem+"em", hard+"a", hard+"am")
	add(stem+"i", stem+"eu", stem+"eram", stem+"emos")
	participle(add, stem+"ido")
	add(stem+"endo", base+"ei", base+"a")
}

func irForms(stem, base string, add func(...string)) {
	hard := stem
	switch {
	case strings.HasSuffix(stem, "gu") || strings.HasSuffix(stem, "qu"):
		hard = stem[:len(stem)-1]
		if strings.HasSuffix(stem, "qu") {
			hard = stem[:len(stem)-2] + "c"
		}
	case strings.HasSuffix(stem, "g"):
		hard = stem[:len(stem)-1] + "j"
	}
	last := stem[len(stem)-1]
	switch {
	case last == 'a' || last == 'o':
		// sair, cair, atrair; moer-like -oir are rare: saio, sai, saem, saia.
		add(stem+"io", stem+"i", stem+"em", stem+"ia", stem+"iam")
	case last == 'u' && !strings.HasSuffix(stem, "gu") && !strings.HasSuffix(stem, "qu"):
		// excluir, incluir, distribuir: exclui, excluem, exclua.
		add(stem+"o", stem+"i", stem+"em", stem+"a", stem+"am")
	case last == 'z':
		// traduzir, produzir, reduzir: traduz (and the older traduze).
		add(stem+"o", stem, stem+"e", stem+"em", stem+"a", stem+"am")
	default:
		add(hard+"o", stem+"e", stem+"em", hard+"a", hard+"am")
	}
	add(stem+"i", stem+"iu", stem+"iram", stem+"imos")
	participle(add, stem+"ido")
	add(stem+"indo", base+"ei", base+"a")
}

// orForms conjugates pôr and its compounds (compor, propor, repor),
// whose folded infinitive ends in -or.
func orForms(stem string, add func(...string)) {
	for _, end := range []string{"ponho", "poe", "poem", "ponha", "ponham", "pus", "pos", "puseram", "pondo", "porei", "pora"} {
		if strings.HasSuffix(stem, "p") {
			add(stem[:len(stem)-1] + end)
		}
	}
	if strings.HasSuffix(stem, "p") {
		participle(add, stem[:len(stem)-1]+"posto")
	}
}
