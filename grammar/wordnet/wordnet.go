// Package wordnet is a compact lexical-relations database compiled from the
// public wordnets, for the router to use as evidence that two words are
// close: for an English lemma, its synonyms, derivationally related forms,
// antonyms, attributes, hypernyms and similar words, sense by sense; for a
// Brazilian Portuguese lemma, the English lemmas it translates to.
//
// # Sources and licences
//
// The data under data/ is written by grammar/internal/wngen (go generate)
// from four sources, credited in data/NOTICE with their licence texts:
//
//   - Open English WordNet (CC BY 4.0; derived from Princeton WordNet
//     under the WordNet licence): English lemmas, their senses in
//     frequency order, synsets and their relations.
//   - The Collaborative Interlingual Index, CILI (CC BY 4.0): the map from
//     Princeton WordNet 3.0 synset offsets to interlingual (ILI) ids.
//   - OpenWN-PT, as the Open Multilingual Wordnet ships it (CC BY-SA 3.0):
//     Portuguese lemmas per Princeton WordNet 3.0 synset offset. The
//     Portuguese data derived from it, data/pt.tsv, carries that licence.
//   - The Brazilian Portuguese hunspell dictionary, VERO (LGPL-3 or MPL),
//     as Debian's hunspell-pt-br package ships it: the forms of the
//     Portuguese verbs, data/ptverbs.tsv, which carries that licence.
//
// # From a Portuguese word to English words
//
// A Portuguese lemma is stored under its folded key (see Fold) with the
// synsets of its senses. The generator finds them by joining: the OpenWN-PT
// lemma gives a Princeton WordNet 3.0 offset (fatura -> 06516955-n), CILI
// maps the offset to an ILI id (i70710), and the Open English WordNet synset
// with that ILI id gives the English members (bill, account, invoice). Open
// English WordNet's own synset ids are not Princeton 3.0 offsets, so the
// join always goes through the ILI id.
//
// # Portuguese verb forms
//
// A Portuguese verb is stored by its infinitive, as OpenWN-PT lists it; the
// forms of the verbs are compiled from the Brazilian Portuguese hunspell
// dictionary (VERO, LGPL-3 or MPL; see data/NOTICE): "desligou",
// "desligue", "desligando" are forms of "desligar". PortugueseVerb gives
// the infinitives of a form, and PortugueseVerbSenses the English verbs
// they translate to. The second person's forms are left out (tu
// desligaste, vós desligais), as are the forms written with a pronoun
// (desligue-o), which a grammar splits from their verb.
//
// # Bounds
//
// A lemma keeps at most four senses per part of speech (English: in Open
// English WordNet's frequency order; Portuguese: see the generator's
// documentation for the order). Adverbs are left out.
package wordnet

//go:generate go run ../internal/wngen -src ../../../shared/lexical -out data

import (
	_ "embed"
	"fmt"
	"go/scanner"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
)

// Kind is the kind of a relation between two lemmas. The zero value is
// Synonym.
type Kind uint8

// The kinds of relation, in the order English lists them within a sense.
const (
	// Synonym relates a lemma to the other members of its synset.
	Synonym Kind = iota
	// Derivation relates a lemma to its derivationally related forms
	// (arrive, arrival; refund the verb, refund the noun).
	Derivation
	// Antonym relates a lemma to its opposites (lock, unlock).
	Antonym
	// Attribute relates an adjective to the noun of the attribute it
	// gives a value of (warm, temperature), and the noun back.
	Attribute
	// Hypernym relates a noun or verb to the members of the synsets one
	// level up (reimburse, refund).
	Hypernym
	// Hypernym2 relates a noun or verb to the members of the synsets two
	// levels up (reimburse, pay).
	Hypernym2
	// Similar relates an adjective to adjectives of similar meaning, and a
	// verb to the verbs of its verb group.
	Similar
	// Translation relates a Portuguese lemma to an English lemma.
	Translation
)

var kindNames = [...]string{"synonym", "derivation", "antonym", "attribute", "hypernym", "hypernym2", "similar", "translation"}

// String returns the lower-case name of the kind, such as "synonym".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// Relation is one lemma related to the lemma looked up. The zero value
// relates no lemma, as a Synonym of no sense.
type Relation struct {
	// Lemma is the related English lemma, lower case; a multiword lemma
	// keeps its spaces ("give back").
	Lemma string
	// Kind is how Lemma is related.
	Kind Kind
	// Sense is the rank of the looked-up lemma's sense the relation comes
	// from, within its part of speech: 1 is its first (most frequent)
	// sense.
	Sense int
}

// DB is a lexical-relations database. It is immutable and safe for
// concurrent use. The zero DB holds no relations: its lookups find nothing.
// Load one with Default or Load.
type DB struct {
	synsets, en, pt, forms, ptverbs table
}

//go:embed data/synsets.tsv
var synsetsData string

//go:embed data/en.tsv
var enData string

//go:embed data/pt.tsv
var ptData string

//go:embed data/forms.tsv
var formsData string

//go:embed data/ptverbs.tsv
var ptVerbsData string

// embedded returns the texts of the embedded data files.
func embedded() map[string]string {
	return map[string]string{synsetsFile: synsetsData, enFile: enData, ptFile: ptData, formsFile: formsData, ptVerbsFile: ptVerbsData}
}

var loadDefault = sync.OnceValues(func() (*DB, error) { return parse(embedded(), false) })

// Default returns the embedded database. It is loaded once per process and
// shared. Loading indexes the lines of the files and checks their headers;
// the entries themselves were checked when the generator wrote them, and
// are checked again by the package's tests, which Load's full check would
// otherwise repeat at every start.
func Default() (*DB, error) { return loadDefault() }

// Load reads a database from the data files in dir of fsys (synsets.tsv,
// en.tsv, pt.tsv, forms.tsv, ptverbs.tsv), as the generator writes them.
// Every malformed, duplicate or out-of-order entry is reported, with its
// file and line, in a scanner.ErrorList.
func Load(fsys fs.FS, dir string) (*DB, error) {
	texts := make(map[string]string, len(dataFiles))
	for _, name := range dataFiles {
		b, err := fs.ReadFile(fsys, path.Join(dir, name))
		if err != nil {
			return nil, err
		}
		texts[name] = string(b)
	}
	return parse(texts, true)
}

// parse builds a database from the texts of the data files, keyed by file
// name; full checks every entry as well.
func parse(texts map[string]string, full bool) (*DB, error) {
	var errs scanner.ErrorList
	db := &DB{
		synsets: split(synsetsFile, texts[synsetsFile], false, &errs),
		en:      split(enFile, texts[enFile], true, &errs),
		pt:      split(ptFile, texts[ptFile], true, &errs),
		forms:   split(formsFile, texts[formsFile], true, &errs),
		ptverbs: split(ptVerbsFile, texts[ptVerbsFile], true, &errs),
	}
	if full && errs.Len() == 0 {
		check(&db.synsets, &db.en, &db.pt, &db.forms, &db.ptverbs, &errs)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return db, nil
}

// Has reports whether lemma is an English lemma of the database.
func (db *DB) Has(lemma string) bool {
	_, ok := db.en.find(strings.ToLower(lemma))
	return ok
}

// Lemma returns the English lemma of which word is a listed inflected form
// ("gave" -> "give", "children" -> "child"), or "" when word is not one.
// Only the irregular forms Open English WordNet lists are known; a form of
// several lemmas ("found": find) gives the first in byte order. A word that
// is itself a lemma is not returned unchanged: check Has as well.
func (db *DB) Lemma(word string) string {
	rest, ok := db.forms.find(strings.ToLower(word))
	if !ok {
		return ""
	}
	if i := strings.IndexByte(rest, lemmaSep); i >= 0 {
		return rest[:i]
	}
	return rest
}

// English returns the relations of an English lemma, of any part of speech,
// best first: by sense rank (the first senses of every part of speech, then
// the second senses, ...), then by kind in the order of the Kind constants,
// then verbs before nouns before adjectives, then in the data's order. A lemma related in several
// ways keeps each kind once, at its best sense; the lemma itself is left
// out, except as its own derivation (refund the verb, refund the noun). The
// lemma is matched in lower case. The strings of the result share the
// database's memory; the slice is the caller's. English returns nil for an
// unknown lemma.
func (db *DB) English(lemma string) []Relation {
	lemma = strings.ToLower(lemma)
	rest, ok := db.en.find(lemma)
	if !ok {
		return nil
	}
	out := make([]Relation, 0, 32)
	var rank [3]int // senses seen per part of speech
	for s := range strings.SplitSeq(rest, string(senseSep)) {
		p, n, links, ok := db.splitSense(s)
		if !ok {
			continue
		}
		rank[posIndex(p)]++
		sense := rank[posIndex(p)]
		syn := db.synsets.line(n)
		out = db.addMembers(out, syn, lemma, Synonym, sense)
		out = addLinks(out, links, "d:", lemma, Derivation, sense)
		out = addLinks(out, links, "a:", lemma, Antonym, sense)
		for ref := range db.refs(synsetField(syn, 3)) {
			out = db.addMembers(out, db.synsets.line(ref), lemma, Attribute, sense)
		}
		for ref := range db.refs(synsetField(syn, 2)) {
			out = db.addMembers(out, db.synsets.line(ref), lemma, Hypernym, sense)
		}
		for ref := range db.refs(synsetField(syn, 2)) {
			for ref2 := range db.refs(synsetField(db.synsets.line(ref), 2)) {
				out = db.addMembers(out, db.synsets.line(ref2), lemma, Hypernym2, sense)
			}
		}
		for ref := range db.refs(synsetField(syn, 4)) {
			out = db.addMembers(out, db.synsets.line(ref), lemma, Similar, sense)
		}
	}
	slices.SortStableFunc(out, func(a, b Relation) int {
		if a.Sense != b.Sense {
			return a.Sense - b.Sense
		}
		return int(a.Kind) - int(b.Kind)
	})
	return out
}

// Portuguese returns the English lemmas a Brazilian Portuguese lemma
// translates to, all of Kind Translation, best first: by the rank of the
// Portuguese sense (Sense), then in the synset's order. Each English lemma
// is listed once, at its best sense. The word is folded (see Fold) before
// the lookup. The strings of the result share the database's memory; the
// slice is the caller's. Portuguese returns nil for an unknown word.
func (db *DB) Portuguese(word string) []Relation {
	rest, ok := db.pt.find(Fold(strings.TrimSpace(word)))
	if !ok {
		return nil
	}
	out := make([]Relation, 0, 16)
	var rank [3]int
	for s := range strings.SplitSeq(rest, string(senseSep)) {
		p, n, _, ok := db.splitSense(s)
		if !ok {
			continue
		}
		rank[posIndex(p)]++
		out = db.addMembers(out, db.synsets.line(n), "", Translation, rank[posIndex(p)])
	}
	return out
}

// splitSense reads a sense "p:N[,d:...][,a:...]" into its part of speech,
// synset number and the rest; ok is false for a malformed sense.
func (db *DB) splitSense(s string) (p byte, n int, links string, ok bool) {
	head := s
	if i := strings.IndexByte(s, partSep); i >= 0 {
		head, links = s[:i], s[i:]
	}
	p, n, ok = parseSense(head)
	return p, n, links, ok && n < db.synsets.len()
}

func posIndex(p byte) int {
	switch p {
	case 'v':
		return 0
	case 'n':
		return 1
	}
	return 2
}

// synsetField returns field i of a synset line (in a malformed line, some
// field).
func synsetField(line string, i int) string {
	for ; i > 0; i-- {
		line = line[strings.IndexByte(line, fieldSep)+1:]
	}
	if j := strings.IndexByte(line, fieldSep); j >= 0 {
		return line[:j]
	}
	return line
}

// refs yields the synset numbers of a list, skipping malformed ones.
func (db *DB) refs(list string) func(func(int) bool) {
	return func(yield func(int) bool) {
		if list == noneField {
			return
		}
		for r := range strings.SplitSeq(list, string(refSep)) {
			if n, ok := atoi(r); ok && n < db.synsets.len() && !yield(n) {
				return
			}
		}
	}
}

// addMembers appends the members of a synset line, but self, as relations
// of kind k.
func (db *DB) addMembers(out []Relation, syn, self string, k Kind, sense int) []Relation {
	for m := range strings.SplitSeq(synsetField(syn, 1), string(lemmaSep)) {
		if m != self {
			out = add(out, Relation{Lemma: m, Kind: k, Sense: sense})
		}
	}
	return out
}

// addLinks appends the lemmas of the part of links that starts with tag
// (",d:" or ",a:") as relations of kind k. Only a derivation may be self.
func addLinks(out []Relation, links, tag, self string, k Kind, sense int) []Relation {
	for part := range strings.SplitSeq(links, string(partSep)) {
		if !strings.HasPrefix(part, tag) {
			continue
		}
		for l := range strings.SplitSeq(part[len(tag):], string(lemmaSep)) {
			if l != self || k == Derivation {
				out = add(out, Relation{Lemma: l, Kind: k, Sense: sense})
			}
		}
	}
	return out
}

// add appends r unless a relation of the same lemma and kind is there.
func add(out []Relation, r Relation) []Relation {
	for i := range out {
		if out[i].Kind == r.Kind && out[i].Lemma == r.Lemma {
			return out
		}
	}
	return append(out, r)
}
