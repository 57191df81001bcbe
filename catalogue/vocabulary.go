package catalogue

import (
	"sort"
	"strings"

	"github.com/stalwart-agents/stalwart/tokenize"
)

// Vocabulary is a user's vocabulary file: the words of their own domain.
// It sets the language turns are read in, maps extra words per language to
// catalogue words ("chargeback" to "dispute"), and gives tools extra
// phrases ("money back" for refund_card).
//
//	settings:
//	  language: pt-BR
//	words:
//	  en:
//	    chargeback: dispute
//	  pt-BR:
//	    estorno: refund
//	phrases:
//	  refund_card:
//	    - money back
//	    - devolver o dinheiro
//
// A Vocabulary is plain data: safe for concurrent reads. The zero
// Vocabulary adds no words and no phrases and sets no language.
type Vocabulary struct {
	// Language is settings.language as written, or "".
	Language string
	// Words maps a language to its extra words, each normalised, to the
	// catalogue word it stands for.
	Words map[tokenize.Language]map[string]string
	// Phrases maps a tool's name to its extra phrases, normalised.
	Phrases map[string][]string
	// File is the path the vocabulary was read from; Lines gives the line
	// of each tool's phrases, for errors found later.
	File  string
	Lines map[string]int
}

// LoadVocabulary reads a vocabulary file. Errors name the file and line.
func LoadVocabulary(path string) (*Vocabulary, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	return ParseVocabulary(path, data)
}

// ParseVocabulary reads the bytes of a vocabulary file; file names it in
// errors.
func ParseVocabulary(file string, data []byte) (*Vocabulary, error) {
	v := &Vocabulary{File: file, Words: map[tokenize.Language]map[string]string{}, Phrases: map[string][]string{}, Lines: map[string]int{}}
	if strings.TrimSpace(string(data)) == "" {
		return v, nil
	}
	root, err := parseYAMLTree(file, data)
	if err != nil {
		return nil, err
	}
	var errs ErrorList
	if root.kind != objectNode {
		errs.Add(file, root.line, "a vocabulary file is a mapping with settings, words and phrases, not a %s", root.kindName())
		return nil, errs.Err()
	}
	for _, f := range root.fields {
		switch f.key {
		case "settings":
			if f.val.kind != objectNode {
				errs.Add(file, f.line, "settings is a %s, want a mapping", f.val.kindName())
				continue
			}
			for _, s := range f.val.fields {
				if s.key != "language" {
					errs.Add(file, s.line, "unknown setting %q (the settings are: language)", s.key)
					continue
				}
				lang, ok := s.val.text()
				if !ok {
					errs.Add(file, s.line, "settings.language is a %s, want a language name", s.val.kindName())
					continue
				}
				if _, err := tokenize.ParseLanguage(lang); err != nil || lang == "" {
					errs.Add(file, s.line, "settings.language: unsupported language %q: the supported languages are en and pt-BR", lang)
					continue
				}
				v.Language = lang
			}
		case "words":
			if f.val.kind != objectNode {
				errs.Add(file, f.line, "words is a %s, want a mapping of languages", f.val.kindName())
				continue
			}
			for _, l := range f.val.fields {
				lang, err := tokenize.ParseLanguage(l.key)
				if err != nil || l.key == "" {
					errs.Add(file, l.line, "words: unsupported language %q: the supported languages are en and pt-BR", l.key)
					continue
				}
				if l.val.kind != objectNode {
					errs.Add(file, l.line, "words.%s is a %s, want a mapping of word: catalogue word", l.key, l.val.kindName())
					continue
				}
				m := v.Words[lang]
				if m == nil {
					m = map[string]string{}
					v.Words[lang] = m
				}
				for _, w := range l.val.fields {
					target, ok := w.val.text()
					word := tokenize.Normalize(strings.TrimSpace(w.key))
					switch {
					case word == "":
						errs.Add(file, w.line, "an empty word")
					case !ok || strings.TrimSpace(target) == "":
						errs.Add(file, w.line, "word %q maps to no catalogue word", w.key)
					case m[word] != "":
						errs.Add(file, w.line, "word %q is given twice for %s", w.key, l.key)
					default:
						m[word] = tokenize.Normalize(strings.TrimSpace(target))
					}
				}
			}
		case "phrases":
			if f.val.kind != objectNode {
				errs.Add(file, f.line, "phrases is a %s, want a mapping of tool: [phrases]", f.val.kindName())
				continue
			}
			for _, t := range f.val.fields {
				if t.val.kind != arrayNode {
					errs.Add(file, t.line, "phrases of %s are a %s, want a list", t.key, t.val.kindName())
					continue
				}
				v.Lines[t.key] = t.line
				for _, item := range t.val.items {
					p, ok := item.text()
					p = tokenize.Normalize(strings.TrimSpace(p))
					if !ok || p == "" {
						errs.Add(file, item.line, "a phrase of %s is empty or not text", t.key)
						continue
					}
					v.Phrases[t.key] = append(v.Phrases[t.key], p)
				}
			}
		default:
			errs.Add(file, f.line, "unknown key %q (a vocabulary file has settings, words and phrases)", f.key)
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return v, nil
}

// Check reports the tools the vocabulary gives phrases for that the
// catalogue does not hold, each at its line.
func (v *Vocabulary) Check(c *Catalogue) error {
	if v == nil {
		return nil
	}
	var errs ErrorList
	names := make([]string, 0, len(v.Phrases))
	for name := range v.Phrases {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if c.Tool(name) == nil {
			errs.Add(v.File, v.Lines[name], "phrases for tool %q, which the catalogue does not hold", name)
		}
	}
	return errs.Err()
}
