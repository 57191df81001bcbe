package tokenize

import (
	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/portuguese"
	"github.com/kljensen/snowball/english"
	"github.com/stalwart-agents/stalwart/internal/cache"
)

// Stemmer stems the words of one language with its Snowball algorithm,
// behind a cache. It is safe for concurrent use. Make one with NewStemmer:
// the zero Stemmer is not usable.
type Stemmer struct {
	stem  func(string) string
	cache cache.Map[string] // word -> stem
}

// maxCached bounds the cache, so hostile input cannot grow it for ever.
const maxCached = 1 << 16

// NewStemmer returns the Stemmer for lang, or an error for a language it
// has no algorithm for.
func NewStemmer(lang Language) (*Stemmer, error) {
	switch lang {
	case English:
		return &Stemmer{stem: func(w string) string { return english.Stem(w, false) }}, nil
	case Brazilian:
		return &Stemmer{stem: stemPortuguese}, nil
	}
	return nil, &LanguageError{Lang: string(lang)}
}

func stemPortuguese(w string) string {
	env := snowballstem.NewEnv(w)
	portuguese.Stem(env)
	return env.Current()
}

// Stem returns the stem of a normalised word.
func (s *Stemmer) Stem(word string) string {
	if v, ok := s.cache.Load(word); ok {
		return v
	}
	st := s.stem(word)
	if s.cache.Len() < maxCached {
		s.cache.LoadOrStore(word, st)
	}
	return st
}
