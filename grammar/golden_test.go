package grammar_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/grammar/en"
	"github.com/stalwart-agents/stalwart/grammar/ptbr"
	"github.com/stalwart-agents/stalwart/tokenize"
)

var (
	update = flag.Bool("update", false, "rewrite testdata/parses.golden.gz and testdata/variants.sha256 from the parses of today's grammars")
	dump   = flag.String("dump", "", "write the parses of the variant turns to this file, to diff with the same at another commit")
)

// goldenFile holds the parse of every corpus turn, one turn a few lines,
// gzipped.
const goldenFile = "testdata/parses.golden.gz"

// corpusGlobs are the corpus files whose turns the golden test reads,
// relative to this package's folder.
var corpusGlobs = []string{
	"../corpus/cases/*.jsonl",
	"../corpus/public/dev/*.jsonl",
	"../corpus/public/train/*.jsonl",
}

// goldenToday is the date relative dates are read from: Wednesday 6 May
// 2026, the date the grammars' own tests use.
var goldenToday = time.Date(2026, 5, 6, 10, 0, 0, 0, time.UTC)

// corpusTurn is one turn of a corpus file, where it was read and the
// language it is written in.
type corpusTurn struct {
	where string // file:line
	lang  tokenize.Language
	text  string
}

// corpusTurns reads the turns of every corpus file, in the order of the
// files' names and their lines.
func corpusTurns(t testing.TB) []corpusTurn {
	t.Helper()
	var files []string
	for _, g := range corpusGlobs {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatal("no corpus files")
	}
	var out []corpusTurn
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 0, 1<<16), 1<<24)
		for line := 1; sc.Scan(); line++ {
			if len(bytes.TrimSpace(sc.Bytes())) == 0 {
				continue
			}
			var c struct {
				Language string `json:"language"`
				Turn     string `json:"turn"`
			}
			if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
				t.Fatalf("%s:%d: %v", f, line, err)
			}
			lang, err := tokenize.ParseLanguage(c.Language)
			if err != nil {
				t.Fatalf("%s:%d: %v", f, line, err)
			}
			out = append(out, corpusTurn{where: fmt.Sprintf("%s:%d", filepath.ToSlash(f), line), lang: lang, text: c.Turn})
		}
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	return out
}

// goldenGrammars are the grammars of both languages, reading relative
// dates from goldenToday.
func goldenGrammars(t testing.TB) map[tokenize.Language]grammar.Grammar {
	t.Helper()
	now := func() time.Time { return goldenToday }
	eg, err := en.New(en.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	pg, err := ptbr.New(ptbr.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	return map[tokenize.Language]grammar.Grammar{tokenize.English: eg, tokenize.Brazilian: pg}
}

// TestGoldenParses parses every turn of every corpus file with the grammar
// of its language and compares each parse, field by field, with the one
// recorded in testdata/parses.golden.gz: its tokens, its counters, and its
// clauses with their act, negation, action, objects, implied objects,
// asks, state, arguments and words. Any difference fails it; -update
// rewrites the file.
func TestGoldenParses(t *testing.T) {
	turns := corpusTurns(t)
	gs := goldenGrammars(t)
	var have bytes.Buffer
	for _, ct := range turns {
		writeParse(&have, ct.where, gs[ct.lang].Parse(ct.text))
	}
	if *update {
		var z bytes.Buffer
		zw, err := gzip.NewWriterLevel(&z, gzip.BestCompression)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := zw.Write(have.Bytes()); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenFile, z.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d turns, %d bytes (%d gzipped)", goldenFile, len(turns), have.Len(), z.Len())
		return
	}
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatalf("%v (run go test -run TestGoldenParses -update to write it)", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	want, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(have.Bytes(), want) {
		return
	}
	diffParses(t, have.String(), string(want))
}

// variantsFile holds the sha256 of the parses of the variant turns.
const variantsFile = "testdata/variants.sha256"

// TestGoldenVariants parses variants of every corpus turn that take the
// paths the corpus seldom takes (a slip of typing in its longest word; the
// turn in title case; two turns mutated at random, letters upper-cased,
// accented, dropped, doubled, and marks, numbers, amounts, dates and spaces
// of other kinds put in) and compares the sha256 of their parses, written
// as TestGoldenParses writes them, with testdata/variants.sha256. The
// parses are too many to keep; -dump FILE writes them, so two commits'
// can be diffed. -update rewrites the sum.
func TestGoldenVariants(t *testing.T) {
	turns := corpusTurns(t)
	gs := goldenGrammars(t)
	var have bytes.Buffer
	rng := splitMix(1)
	for _, ct := range turns {
		g := gs[ct.lang]
		writeParse(&have, ct.where+":slip", g.Parse(slipped(ct.text)))
		writeParse(&have, ct.where+":title", g.Parse(titled(ct.text)))
		for v := range 2 {
			writeParse(&have, ct.where+":mutated"+strconv.Itoa(v), g.Parse(mutated(ct.text, &rng)))
		}
	}
	if *dump != "" {
		if err := os.WriteFile(*dump, have.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sum := sha256.Sum256(have.Bytes())
	got := hex.EncodeToString(sum[:])
	if *update {
		if err := os.WriteFile(variantsFile, []byte(got+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(variantsFile)
	if err != nil {
		t.Fatal(err)
	}
	if w := strings.TrimSpace(string(want)); got != w {
		t.Errorf("sha256 of the variants' parses = %s, want %s (diff the output of -dump with that of the commit that wrote the sum)", got, w)
	}
}

// slipped swaps the second and third letters of the turn's longest word
// of five bytes or more (the first such word of that length), a slip of
// typing: "refund" -> "rfeund".
func slipped(s string) string {
	best, bestLen := -1, 4
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && isASCIILetter(s[j]) {
			j++
		}
		if j-i > bestLen {
			best, bestLen = i, j-i
		}
		i = j + 1
	}
	if best < 0 {
		return s
	}
	b := []byte(s)
	b[best+1], b[best+2] = b[best+2], b[best+1]
	return string(b)
}

// mutationMarks are what mutated writes into a turn.
var (
	mutationLetters = []string{"á", "é", "í", "ó", "ú", "â", "ê", "ô", "ã", "õ", "ç", "Á", "É", "Ç", "Ã", "ü", "ß", "ﬁ", "İ", "ǅ", "ª"}
	mutationMarks   = []string{"$", "R$ ", "€", "%", "-", "’", "'", "\"", "?", "!", ",", ".", ";", ":", " 42", " 3.5", " 1,200",
		"2026-05-01", " 01/05/2026", "\u00a0", "\t", "#", "/", "@", "_", "(", ")", " tomorrow", " next monday", " amanhã",
		" twenty five", " vinte e cinco", " march 3", " 3 de março"}
)

// mutated changes about one rune in eight of a turn, at random: upper-case
// it, write an accented letter for it, drop it, double it, or put a mark,
// a number, an amount, a date or a space of another kind after it.
func mutated(s string, rng *splitMix) string {
	var b strings.Builder
	for _, r := range s {
		switch x := rng.next() % 100; {
		case x < 4:
			b.WriteString(strings.ToUpper(string(r)))
		case x < 6:
			b.WriteString(mutationLetters[rng.next()%uint64(len(mutationLetters))])
		case x < 8:
		case x < 10:
			b.WriteRune(r)
			b.WriteRune(r)
		case x < 13:
			b.WriteRune(r)
			b.WriteString(mutationMarks[rng.next()%uint64(len(mutationMarks))])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// splitMix is the SplitMix64 generator: the same numbers from the same
// seed, whatever the Go release.
type splitMix uint64

func (s *splitMix) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// titled capitalises the first ASCII letter of every word.
func titled(s string) string {
	b := []byte(s)
	for i := range b {
		if (i == 0 || b[i-1] == ' ') && 'a' <= b[i] && b[i] <= 'z' {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}

// maxDiffs is how many differing turns a failure shows.
const maxDiffs = 10

// diffParses reports the first turns whose parses differ, as have/want
// pairs.
func diffParses(t *testing.T, have, want string) {
	t.Helper()
	hb, wb := byTurn(have), byTurn(want)
	shown := 0
	for i := 0; i < max(len(hb), len(wb)) && shown < maxDiffs; i++ {
		h, w := "", ""
		if i < len(hb) {
			h = hb[i]
		}
		if i < len(wb) {
			w = wb[i]
		}
		if h != w {
			t.Errorf("parse %d differs:\nhave:\n%s\nwant:\n%s", i, h, w)
			shown++
		}
	}
	if len(hb) != len(wb) {
		t.Errorf("%d parses, want %d", len(hb), len(wb))
	}
	if shown == 0 {
		t.Error("the parses differ") // in bytes no block shows
	}
}

// byTurn splits the golden text into the blocks of its turns.
func byTurn(s string) []string {
	var out []string
	for b := range strings.SplitSeq(s, "\n#") {
		out = append(out, b)
	}
	return out
}

// writeParse writes a parse compactly, every field of it: a header line
// with where the turn was read, its language, the turn and the counters;
// a line of tokens; then a line per clause and a line per word or
// argument of it. A word's or token's text is written only where it is
// not the turn's bytes between its offsets.
func writeParse(b *bytes.Buffer, where string, p *grammar.Parse) {
	fmt.Fprintf(b, "#%s %s %q read=%s words=%d short=%d/%d foreign=%t\n", where, p.Language, p.Turn,
		strconv.FormatFloat(p.Read, 'g', -1, 64), p.Words, p.Short, p.ShortRead, p.Foreign)
	text := func(s string, start, end int) string {
		if start >= 0 && start <= end && end <= len(p.Turn) && p.Turn[start:end] == s {
			return ""
		}
		return fmt.Sprintf(" text=%q", s)
	}
	b.WriteString(" T")
	if p.Tokens == nil {
		b.WriteString(" nil")
	}
	for _, tk := range p.Tokens {
		fmt.Fprintf(b, " %s@%d-%d:%q", tk.Kind, tk.Start, tk.End, tk.Norm)
		if tk.Value != "" {
			fmt.Fprintf(b, "=%q", tk.Value)
		}
		if s := text(tk.Text, tk.Start, tk.End); s != "" {
			b.WriteString(s)
		}
	}
	b.WriteByte('\n')
	if p.Clauses == nil {
		b.WriteString(" C nil\n")
	}
	for _, c := range p.Clauses {
		fmt.Fprintf(b, " C %s@%d-%d neg=%t action=%q objects=%s implied=%s asks=%s state=%q words=%s args=%s\n",
			c.Act, c.Start, c.End, c.Negated, c.Action, list(c.Objects), list(c.Implied), list(c.Asks), c.State,
			nilOr(c.Words == nil, len(c.Words)), nilOr(c.Args == nil, len(c.Args)))
		for _, w := range c.Words {
			fmt.Fprintf(b, "  w %s@%d-%d %q", w.Class, w.Start, w.End, w.Norm)
			if w.Concept != "" {
				fmt.Fprintf(b, " c=%q", w.Concept)
			}
			if w.Stem != "" {
				fmt.Fprintf(b, " stem=%q", w.Stem)
			}
			if w.Fuzzy {
				b.WriteString(" fuzzy")
			}
			if w.WordNet {
				b.WriteString(" wordnet")
			}
			if w.Plural {
				b.WriteString(" plural")
			}
			b.WriteString(text(w.Text, w.Start, w.End))
			b.WriteByte('\n')
		}
		for _, a := range c.Args {
			fmt.Fprintf(b, "  a %s@%d-%d %q", a.Kind, a.Start, a.End, a.Value)
			if a.Noun != "" {
				fmt.Fprintf(b, " noun=%q", a.Noun)
			}
			if a.Counted != "" {
				fmt.Fprintf(b, " counted=%q", a.Counted)
			}
			b.WriteString(text(a.Text, a.Start, a.End))
			b.WriteByte('\n')
		}
	}
}

// nilOr writes "nil" when isNil, else n.
func nilOr(isNil bool, n int) string {
	if isNil {
		return "nil"
	}
	return strconv.Itoa(n)
}

// list writes a list of concepts, telling nil from empty.
func list(s []string) string {
	if s == nil {
		return "nil"
	}
	return fmt.Sprintf("%q", s)
}
