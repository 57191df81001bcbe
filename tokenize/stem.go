package tokenize

import (
	"sync"
	"sync/atomic"

	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/portuguese"
	"github.com/kljensen/snowball/english"
)

// Stemmer stems the words of one language with its Snowball algorithm,
// behind a cache. It is safe for concurrent use. Make one with NewStemmer:
// the zero Stemmer is not usable.
type Stemmer struct {
	stem  func(string) string
	cache sync.Map // string -> string
	size  atomic.Int64
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
		return v.(string)
	}
	st := s.stem(word)
	if s.size.Load() < maxCached {
		if _, loaded := s.cache.LoadOrStore(word, st); !loaded {
			s.size.Add(1)
		}
	}
	return st
}
