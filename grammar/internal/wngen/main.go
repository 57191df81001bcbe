// Command wngen compiles the public wordnets into the data files of package
// grammar/wordnet:
//
//	go run ./grammar/internal/wngen -src /path/to/lexical -out grammar/wordnet/data [-hunspell /usr/share/hunspell]
//
// The source folder holds oewn/src/yaml (Open English WordNet's YAML),
// cili/ili-map-pwn30.tab (Princeton WordNet 3.0 offset -> ILI id) and
// omw-por/wn-data-por.tab (OpenWN-PT: Portuguese lemmas per Princeton
// WordNet 3.0 offset). The -hunspell folder holds pt_BR.aff and pt_BR.dic,
// the Brazilian Portuguese hunspell dictionary (VERO, as Debian's
// hunspell-pt-br package installs it). The output is five files,
// synsets.tsv, en.tsv, pt.tsv, forms.tsv and ptverbs.tsv, whose format
// package wordnet documents; each starts
// with a header line naming this command and "DO NOT EDIT". The licence
// texts of the sources are copied beside them (LICENSE-*). The same
// sources always give the same bytes, and each file is written atomically
// (a temporary file renamed over the old one) once the whole output has
// been checked by package wordnet's loader.
//
// What it keeps:
//
//   - Nouns, verbs and adjectives (satellites are adjectives); adverbs are
//     left out. Lemmas and members are lower-cased; a lemma written in
//     several cases ("Bill", "bill") is one lemma whose senses are those of
//     the lower-case spelling first, then the others in byte order.
//   - For each English lemma and part of speech, its first four senses in
//     Open English WordNet's order (frequency order), each with its
//     synset and the lemmas of its derivation and antonym sense relations;
//     an antonym brings the other members of its synset too (activate:
//     inactivate, then deactivate).
//   - Every synset with its members and its hypernym, attribute and similar
//     relations; package wordnet walks them at lookup time, so a hypernym
//     two levels up costs nothing on disk. Nothing is dropped for rarity.
//   - For each Portuguese lemma, folded (lower case, accents removed, "_"
//     read as a space), the synsets the join through ILI reaches, at most
//     four per part of speech. OpenWN-PT lists a lemma's synsets in offset
//     order, which says nothing of frequency, so they are ranked by how
//     central each synset is to its English members: the best rank the
//     synset has among the senses of any of its members (a synset that is
//     the first sense of one of its English words comes first); ties keep
//     OpenWN-PT's order. Lemmas whose synsets all fail to join are left out
//     and counted.
//   - The irregular inflected forms Open English WordNet lists (gave ->
//     give), for nouns, verbs and adjectives.
//   - The forms of every Portuguese verb of the hunspell dictionary whose
//     infinitive is a lemma with a verb sense in pt.tsv: each form that
//     differs from its infinitive once folded, with the infinitives it is
//     a form of, best first (see orderInfinitives). The conjugation rules
//     of the dictionary make them (see conjugationFlags). Left out (see
//     dropForm): the forms written with a pronoun, which package ptbr
//     splits from their verb; a participle's superlatives, diminutives
//     and augmentatives; and the second person, singular and plural,
//     which Brazilian writing hardly uses (você takes the third person's
//     forms) and which would cost more than half as much again (from 1.8
//     to 2.9 MB, and 93,000 to 144,000 forms). Forms the dictionary lists
//     as words of their own (vou, foi) are not tied to their verb.
package main

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/stalwart-agents/stalwart/grammar/wordnet"
	"golang.org/x/text/encoding"
)

// licences are the licence texts of the sources, copied verbatim beside the
// data (data/NOTICE, written by hand, says which applies to what): output
// name -> path in the source folder.
var licences = map[string]string{
	"LICENSE-OEWN.md":       "oewn/LICENSE.md",
	"LICENSE-WordNet.txt":   "oewn/WNDB_License.txt",
	"LICENSE-CILI.txt":      "cili/LICENSE",
	"LICENSE-OpenWN-PT.txt": "omw-por/LICENSE",
}

// maxSenses is the most senses a lemma keeps per part of speech.
const maxSenses = 4

func main() {
	src := flag.String("src", "", "folder of the lexical sources (oewn/, cili/, omw-por/)")
	out := flag.String("out", "", "folder to write the data files to")
	hunspell := flag.String("hunspell", "/usr/share/hunspell", "folder of the Brazilian Portuguese hunspell dictionary (pt_BR.aff, pt_BR.dic)")
	flag.Parse()
	if *src == "" || *out == "" || *hunspell == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: wngen -src DIR -out DIR [-hunspell DIR]")
		os.Exit(2)
	}
	stats, err := run(*src, *hunspell, *out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wngen:", err)
		os.Exit(1)
	}
	fmt.Fprintln(os.Stderr, stats)
}

// Stats counts what a run wrote and left out.
type Stats struct {
	Synsets, English, EnglishSenses, Portuguese, PortugueseSenses, Forms int
	// UnjoinedPortuguese counts OpenWN-PT lines whose offset reaches no
	// Open English WordNet synset through ILI.
	UnjoinedPortuguese int
	// DroppedSenses counts senses past the cap of four.
	DroppedSenses int
	// Verbs counts the Portuguese verbs with forms in ptverbs.tsv, and
	// VerbForms its entries.
	Verbs, VerbForms int
	// DroppedVerbForms counts the verb forms left out, by reason (see
	// dropForm).
	DroppedVerbForms map[string]int
	Bytes            int
}

// String gives the counts on one line.
func (s Stats) String() string {
	var dropped []string
	for _, why := range sortedKeys(s.DroppedVerbForms) {
		dropped = append(dropped, fmt.Sprintf("%s %d", why, s.DroppedVerbForms[why]))
	}
	return fmt.Sprintf("wngen: %d synsets, %d English lemmas (%d senses), %d Portuguese lemmas (%d senses), %d forms, %d forms of %d Portuguese verbs; %d senses past the cap, %d OpenWN-PT lines unjoined, verb forms left out: %s; %d bytes",
		s.Synsets, s.English, s.EnglishSenses, s.Portuguese, s.PortugueseSenses, s.Forms, s.VerbForms, s.Verbs,
		s.DroppedSenses, s.UnjoinedPortuguese, strings.Join(dropped, ", "), s.Bytes)
}

// run reads the sources in src and the hunspell dictionary in hunspell,
// and writes the data files to out.
func run(src, hunspell, out string) (Stats, error) {
	files, stats, err := generate(src, hunspell)
	if err != nil {
		return stats, err
	}
	if err := checkOutput(files); err != nil {
		return stats, fmt.Errorf("the output does not load: %w", err)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return stats, err
	}
	for _, name := range sortedKeys(files) {
		if err := writeAtomic(filepath.Join(out, name), files[name]); err != nil {
			return stats, err
		}
	}
	return stats, nil
}

// checkOutput loads the files with package wordnet's loader.
func checkOutput(files map[string][]byte) error {
	dir, err := os.MkdirTemp("", "wngen")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	_, err = wordnet.Load(os.DirFS(dir), ".")
	return err
}

// writeAtomic writes b to a temporary file beside name and renames it.
func writeAtomic(name string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		if rerr := os.Remove(tmp); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
			err = errors.Join(err, rerr)
		}
	}
	return err
}

// sense is one kept sense of a lemma.
type sense struct {
	pos                 byte // n, v or a
	synset              int  // synset number
	rank                int  // 1-based rank within the part of speech
	derivation, antonym []string
}

// lemmaSenses is the kept senses of a lemma, all parts of speech.
type lemmaSenses map[string][]sense // key: lemma

// generate reads the sources and returns the data files by name. With no
// hunspell folder ("") it leaves ptverbs.tsv out, which a database cannot
// be loaded without: that is for checking the other files alone.
func generate(src, hunspell string) (map[string][]byte, Stats, error) {
	stats := Stats{DroppedVerbForms: map[string]int{}}
	yamlDir := filepath.Join(src, "oewn", "src", "yaml")
	synsets, err := readAllSynsets(yamlDir)
	if err != nil {
		return nil, stats, err
	}
	entries, err := readAllEntries(yamlDir)
	if err != nil {
		return nil, stats, err
	}

	// Synset numbers, in id order.
	slices.SortFunc(synsets, func(a, b synset) int { return cmp.Compare(a.id, b.id) })
	number := make(map[string]int, len(synsets))
	for i, s := range synsets {
		if _, dup := number[s.id]; dup {
			return nil, stats, fmt.Errorf("synset %s is defined twice", s.id)
		}
		number[s.id] = i
	}

	// Similar and attribute are symmetric; Open English WordNet lists both
	// directions, but a source that lists one still gives both.
	for i := range synsets {
		for _, id := range synsets[i].similar {
			if n, ok := number[id]; ok && !slices.Contains(synsets[n].similar, synsets[i].id) {
				synsets[n].similar = append(synsets[n].similar, synsets[i].id)
			}
		}
		for _, id := range synsets[i].attribute {
			if n, ok := number[id]; ok && !slices.Contains(synsets[n].attribute, synsets[i].id) {
				synsets[n].attribute = append(synsets[n].attribute, synsets[i].id)
			}
		}
	}

	// Sense ids to their lower-case lemma and synset, for the sense
	// relations.
	senseLemma := make(map[string]string)
	senseSynset := make(map[string]string)
	for _, e := range entries {
		for _, s := range e.senses {
			senseLemma[s.id] = strings.ToLower(e.lemma)
			senseSynset[s.id] = s.synset
		}
	}
	// An antonym is the lemma of the antonym sense, then the other
	// members of its synset (activate: inactivate, deactivate).
	antonyms := func(ids []string) []string {
		out := relatedLemmas(ids, senseLemma)
		for _, id := range ids {
			if n, ok := number[senseSynset[id]]; ok {
				for _, m := range synsets[n].members {
					if !slices.Contains(out, m) {
						out = append(out, m)
					}
				}
			}
		}
		return out
	}

	// English lemmas: merge spellings, keep the first senses per part of
	// speech. rankOf[synset][lemma] is the full rank, for Portuguese.
	slices.SortStableFunc(entries, func(a, b entry) int {
		la, lb := strings.ToLower(a.lemma), strings.ToLower(b.lemma)
		if c := cmp.Compare(la, lb); c != 0 {
			return c
		}
		// the lower-case spelling first, then byte order
		if (a.lemma == la) != (b.lemma == lb) {
			if a.lemma == la {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.lemma, b.lemma)
	})
	en := make(lemmaSenses)
	bestRank := make([]int, len(synsets)) // best rank of a synset among its members' senses
	for i := range bestRank {
		bestRank[i] = 1 << 30
	}
	forms := make(map[string][]string)
	seen := make(map[[2]string]map[int]bool) // lemma, pos -> synsets kept
	count := make(map[[2]string]int)         // lemma, pos -> senses seen
	for _, e := range entries {
		p := posOf(e.pos)
		if p == 0 {
			continue
		}
		lemma := strings.ToLower(e.lemma)
		if err := checkLemma(lemma); err != nil {
			return nil, stats, err
		}
		key := [2]string{lemma, string(p)}
		if seen[key] == nil {
			seen[key] = make(map[int]bool)
		}
		for _, s := range e.senses {
			n, ok := number[s.synset]
			if !ok {
				return nil, stats, fmt.Errorf("sense %s of %q names unknown synset %s", s.id, e.lemma, s.synset)
			}
			if seen[key][n] {
				continue
			}
			seen[key][n] = true
			count[key]++
			rank := count[key]
			bestRank[n] = min(bestRank[n], rank)
			if rank > maxSenses {
				stats.DroppedSenses++
				continue
			}
			en[lemma] = append(en[lemma], sense{
				pos: p, synset: n, rank: rank,
				derivation: relatedLemmas(s.derivation, senseLemma),
				antonym:    antonyms(s.antonym),
			})
		}
		for _, f := range e.forms {
			f = strings.ToLower(f)
			if err := checkLemma(f); err != nil {
				return nil, stats, err
			}
			if f != lemma && !slices.Contains(forms[f], lemma) {
				forms[f] = append(forms[f], lemma)
			}
		}
	}

	// Portuguese lemmas, joined through ILI.
	pt, verbSenses, err := portuguese(src, synsets, number, bestRank, &stats)
	if err != nil {
		return nil, stats, err
	}

	files := map[string][]byte{
		"synsets.tsv": writeSynsets(synsets, number),
		"en.tsv":      writeSenses(en, true, "English lemmas from Open English WordNet"),
		"pt.tsv":      writeSenses(pt, false, "Portuguese lemmas from OpenWN-PT (CC BY-SA 3.0), joined to Open English WordNet through CILI"),
		"forms.tsv":   writeForms(forms),
	}

	// Portuguese verb forms, from hunspell.
	if hunspell != "" {
		verbs, err := verbForms(hunspell, pt, verbSenses, &stats)
		if err != nil {
			return nil, stats, err
		}
		files["ptverbs.tsv"] = writeVerbs(verbs)
		stats.VerbForms = len(verbs)
	}
	for name, from := range licences {
		b, err := os.ReadFile(filepath.Join(src, from))
		if err != nil {
			return nil, stats, fmt.Errorf("the licence of a source: %w", err)
		}
		files[name] = b
	}
	stats.Synsets, stats.English, stats.Portuguese, stats.Forms = len(synsets), len(en), len(pt), len(forms)
	for _, s := range en {
		stats.EnglishSenses += len(s)
	}
	for _, s := range pt {
		stats.PortugueseSenses += len(s)
	}
	for name, b := range files {
		if strings.HasSuffix(name, ".tsv") {
			stats.Bytes += len(b)
		}
	}
	return files, stats, nil
}

// readAllSynsets reads the noun, verb and adjective synset files.
func readAllSynsets(dir string) ([]synset, error) {
	var out []synset
	for _, pattern := range []string{"noun.*.yaml", "verb.*.yaml", "adj.*.yaml"} {
		names, err := filepath.Glob(filepath.Join(dir, pattern))
		if err != nil {
			return nil, err
		}
		sort.Strings(names)
		for _, name := range names {
			s, err := readFile(name, readSynsets)
			if err != nil {
				return nil, err
			}
			out = append(out, s...)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no synsets in %s", dir)
	}
	for i := range out {
		s := &out[i]
		if posOf(s.pos) == 0 {
			return nil, fmt.Errorf("synset %s has part of speech %q", s.id, s.pos)
		}
		if len(s.members) == 0 {
			return nil, fmt.Errorf("synset %s has no members", s.id)
		}
		var members []string
		for _, m := range s.members {
			m = strings.ToLower(m)
			if err := checkLemma(m); err != nil {
				return nil, fmt.Errorf("synset %s: %w", s.id, err)
			}
			if !slices.Contains(members, m) {
				members = append(members, m)
			}
		}
		s.members = members
	}
	return out, nil
}

// readAllEntries reads the entries files.
func readAllEntries(dir string) ([]entry, error) {
	names, err := filepath.Glob(filepath.Join(dir, "entries-*.yaml"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no entries-*.yaml in %s", dir)
	}
	sort.Strings(names)
	var out []entry
	for _, name := range names {
		e, err := readFile(name, readEntries)
		if err != nil {
			return nil, err
		}
		out = append(out, e...)
	}
	return out, nil
}

// readFile opens name and reads it with read, naming the file in errors.
func readFile[T any](name string, read func(io.Reader) ([]T, error)) ([]T, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	v, err := read(bufio.NewReaderSize(f, 1<<16))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return v, nil
}

// posOf maps a YAML part of speech to n, v or a; adverbs and unknowns give 0.
func posOf(p string) byte {
	// A lemma written alike with two sounds lists each apart, its part
	// of speech numbered: wind's n-1 (air moving) and n-2 (a turn).
	if i := strings.IndexByte(p, '-'); i > 0 {
		if _, err := strconv.Atoi(p[i+1:]); err == nil {
			p = p[:i]
		}
	}
	switch p {
	case "n", "v", "a":
		return p[0]
	case "s":
		return 'a'
	}
	return 0
}

// checkLemma rejects a lemma that holds a separator of the data files.
func checkLemma(l string) error {
	if l == "" || strings.TrimSpace(l) != l || strings.ContainsAny(l, "\t\n|;,") {
		return fmt.Errorf("lemma %q is empty or holds a separator", l)
	}
	return nil
}

// relatedLemmas maps sense ids to their lemmas, in order, once each.
func relatedLemmas(ids []string, senseLemma map[string]string) []string {
	var out []string
	for _, id := range ids {
		if l, ok := senseLemma[id]; ok && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// portuguese reads CILI and OpenWN-PT and returns the Portuguese senses,
// and how many verb senses each lemma has before the cap.
func portuguese(src string, synsets []synset, number map[string]int, bestRank []int, stats *Stats) (lemmaSenses, map[string]int, error) {
	byILI := make(map[string]int)
	for i, s := range synsets {
		if !strings.HasPrefix(s.ili, "i") {
			continue // "in": a concept new to Open English WordNet
		}
		if j, dup := byILI[s.ili]; dup {
			return nil, nil, fmt.Errorf("synsets %s and %s have the same ili %s", synsets[j].id, s.id, s.ili)
		}
		byILI[s.ili] = i
	}
	ili := make(map[string]string) // PWN 3.0 "offset-p" (satellites as a) -> ILI id
	err := tabLines(filepath.Join(src, "cili", "ili-map-pwn30.tab"), 2, func(f []string) error {
		ili[offsetKey(f[1])] = f[0]
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	type ptSense struct {
		synset, order int
	}
	byLemma := make(map[string][]ptSense)
	order := 0
	err = tabLines(filepath.Join(src, "omw-por", "wn-data-por.tab"), 3, func(f []string) error {
		if f[1] != "lemma" {
			return nil
		}
		if posOf(f[0][len(f[0])-1:]) == 0 {
			return nil // an adverb
		}
		n, ok := byILI[ili[offsetKey(f[0])]]
		if !ok {
			stats.UnjoinedPortuguese++
			return nil
		}
		key := wordnet.Fold(strings.Join(strings.Fields(strings.ReplaceAll(f[2], "_", " ")), " "))
		if checkLemma(key) != nil {
			return fmt.Errorf("Portuguese lemma %q is empty or holds a separator", f[2])
		}
		for _, s := range byLemma[key] {
			if s.synset == n {
				return nil
			}
		}
		order++
		byLemma[key] = append(byLemma[key], ptSense{n, order})
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	out := make(lemmaSenses, len(byLemma))
	verbSenses := make(map[string]int)
	for key, senses := range byLemma {
		slices.SortStableFunc(senses, func(a, b ptSense) int { return cmp.Compare(bestRank[a.synset], bestRank[b.synset]) })
		var count [256]int
		for _, s := range senses {
			p := posOf(synsets[s.synset].pos)
			count[p]++
			if p == 'v' {
				verbSenses[key]++
			}
			if count[p] > maxSenses {
				stats.DroppedSenses++
				continue
			}
			out[key] = append(out[key], sense{pos: p, synset: s.synset, rank: count[p]})
		}
	}
	return out, verbSenses, nil
}

// offsetKey normalises a PWN 3.0 "offset-p" so that satellites (s) and
// adjectives (a), which share the adjective offsets, match.
func offsetKey(s string) string {
	if strings.HasSuffix(s, "-s") {
		return s[:len(s)-1] + "a"
	}
	return s
}

// tabLines calls fn with the fields of every line of a tab-separated
// UTF-8 file but "#" comments; a line needs at least n fields.
func tabLines(name string, n int, fn func([]string) error) error {
	return eachLine(name, func() *encoding.Decoder { return nil }, func(_ int, l string) error {
		if l == "" || strings.HasPrefix(l, "#") {
			return nil
		}
		fields := strings.Split(l, "\t")
		if len(fields) < n {
			return fmt.Errorf("%d fields, want %d", len(fields), n)
		}
		return fn(fields)
	})
}

const header = "# Code generated by grammar/internal/wngen; DO NOT EDIT.\n"

// writeSynsets writes synsets.tsv.
func writeSynsets(synsets []synset, number map[string]int) []byte {
	var b bytes.Buffer
	b.WriteString(header)
	b.WriteString("# Synsets of Open English WordNet (CC BY 4.0; see NOTICE), numbered from 0 in this order.\n")
	b.WriteString("# Format: id<TAB>members<TAB>hypernyms<TAB>attributes<TAB>similar (synset numbers, - for none)\n")
	for _, s := range synsets {
		b.WriteString(s.id)
		b.WriteByte('\t')
		b.WriteString(strings.Join(s.members, "|"))
		for _, rel := range [][]string{s.hypernym, s.attribute, s.similar} {
			b.WriteByte('\t')
			var refs []int
			for _, id := range rel {
				if n, ok := number[id]; ok && !slices.Contains(refs, n) {
					refs = append(refs, n)
				}
			}
			if len(refs) == 0 {
				b.WriteByte('-')
			}
			for i, n := range refs {
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(strconv.Itoa(n))
			}
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// writeSenses writes en.tsv or pt.tsv: senses ordered by rank, then verbs,
// nouns, adjectives.
func writeSenses(lemmas lemmaSenses, links bool, what string) []byte {
	var b bytes.Buffer
	b.WriteString(header)
	b.WriteString("# " + what + "; see NOTICE.\n")
	if links {
		b.WriteString("# Format: lemma<TAB>senses, best first; a sense is p:synset[,d:derivations][,a:antonyms]\n")
	} else {
		b.WriteString("# Format: folded lemma<TAB>senses, best first; a sense is p:synset\n")
	}
	posOrder := map[byte]int{'v': 0, 'n': 1, 'a': 2}
	for _, lemma := range sortedKeys(lemmas) {
		senses := slices.Clone(lemmas[lemma])
		slices.SortStableFunc(senses, func(x, y sense) int {
			if c := cmp.Compare(x.rank, y.rank); c != 0 {
				return c
			}
			return cmp.Compare(posOrder[x.pos], posOrder[y.pos])
		})
		b.WriteString(lemma)
		b.WriteByte('\t')
		for i, s := range senses {
			if i > 0 {
				b.WriteByte(';')
			}
			b.WriteByte(s.pos)
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(s.synset))
			if len(s.derivation) > 0 {
				b.WriteString(",d:" + strings.Join(s.derivation, "|"))
			}
			if len(s.antonym) > 0 {
				b.WriteString(",a:" + strings.Join(s.antonym, "|"))
			}
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// writeForms writes forms.tsv.
func writeForms(forms map[string][]string) []byte {
	var b bytes.Buffer
	b.WriteString(header)
	b.WriteString("# Irregular inflected forms listed by Open English WordNet; see NOTICE.\n")
	b.WriteString("# Format: form<TAB>lemmas\n")
	for _, f := range sortedKeys(forms) {
		lemmas := slices.Clone(forms[f])
		slices.Sort(lemmas)
		b.WriteString(f + "\t" + strings.Join(lemmas, "|") + "\n")
	}
	return b.Bytes()
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
