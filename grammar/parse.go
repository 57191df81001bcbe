package grammar

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/stalwart-agents/stalwart/internal/cache"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// Rules are what a language adds to the shared reading of a turn: how its
// words split (contractions, clitics), and a few of its words that play
// roles the lexicon's classes do not name. A Rules value is read only. The
// zero Rules adds nothing: no word splits, and no word plays a role the
// lexicon's classes do not name.
type Rules struct {
	// Split divides a normalised word into the words it stands for
	// ("don't" -> do not; "mostre-me" -> mostre me; "do" -> de o), or
	// returns nil when it is one word.
	Split func(norm string) []string
	// NumberJoin is the word that joins spoken numbers ("and" in "one
	// hundred and five", "e" in "quarenta e dois").
	NumberJoin string
	// Next are the words that make a weekday the next one ("next
	// monday", "segunda que vem" is handled by NextAfter).
	Next []string
	// NextAfter are the phrases after a weekday that make it the next
	// one ("que vem").
	NextAfter []string
	// DayOffsets maps the words of adverb_time that name a day to its
	// offset from today (today 0, tomorrow 1, yesterday -1).
	DayOffsets map[string]int
	// Weekdays maps weekday names to time.Weekday; when nil, the
	// lexicon's weekday class (ISO numbers, Monday 1) is read.
	Weekdays map[string]time.Weekday
	// Subjects are the pronouns that start a statement or a request
	// (i, we; eu, nós).
	Subjects []string
	// Wants are the verbs of an indirect request before an infinitive or
	// a noun (want, need, like; quero, preciso, gostaria).
	Wants []string
	// Infinitive reports whether a word is an infinitive, the form a
	// request frame is followed by; nil when the language marks none.
	Infinitive func(norm string) bool
	// Gerund reports whether a word is a gerund ("charging").
	Gerund func(norm string) bool
	// Imperative reports whether a verb form can give a command, where
	// the language has command forms besides the base form (pt: mostra,
	// mostre, mostrem); nil where the base form is the command.
	Imperative func(norm string) bool
	// Participle reports whether a verb form is a past participle, where
	// the language tells it from the other forms (pt: cancelado, feitas,
	// pago); nil where it does not (English "cancelled" is also a past
	// tense).
	Participle func(norm string) bool
	// Attributive reports whether a verb form that modifies a noun after
	// a determiner is a past participle ("the archived orders", "all
	// voided invoices"), where Participle cannot tell it in general; nil
	// where Participle does.
	Attributive func(norm string) bool
	// IDNouns are the nouns that only introduce an id ("number", "id",
	// "no", "número"), passed over when an argument looks for its noun.
	IDNouns []string
	// Clitics are the object pronouns that may stand between an
	// auxiliary and its verb ("pode me mostrar"); nil when the language
	// puts none there.
	Clitics []string
	// Genitive are the prepositions that join a noun to the noun it
	// belongs to ("of"; "de", "do", "da"): a word that can be a verb or a
	// noun, followed by one, is a noun ("fatura de março").
	Genitive []string
	// Others are the lexicons of the other languages a turn may be
	// written in. A word one of them knows is not read as a typo of a
	// word of this language ("order" is no misspelt "ordem"), so a turn in
	// another language reads as such.
	Others []*Lexicon
	// PluralOnly reads a word as a plural noun form when the lexicon has
	// only its singular (pt: "pedidos" from "pedido"); may be nil.
	PluralOnly func(norm string, lx *Lexicon) (NounForm, bool)
	// Inverts is true where a direct question puts a verb before its
	// subject ("when does the store open?", not "when the store opens"):
	// there a question word that is also a conjunction, followed straight
	// by a subject (a pronoun, a determiner or a noun), opens a
	// subordinate clause ("when I log in", "when the backup finishes")
	// unless its clause ends with a question mark.
	Inverts bool
	// HeadLast is true where a noun compound ends in its head ("the order
	// status", "the musical scale") and a noun's modifiers come before
	// it; Portuguese puts them after it ("o status do pedido", "uma
	// planilha nova").
	HeadLast bool
}

// Engine reads turns of one language with its lexicon and rules. It is
// safe for concurrent use. The zero Engine is not usable (Parse panics):
// build one with NewEngine.
type Engine struct {
	lang    tokenize.Language
	lx      *Lexicon
	rules   Rules
	tk      *tokenize.Tokenizer
	stemmer *tokenize.Stemmer
	fuzzy   *FuzzyIndex
	now     func() time.Time
	bits    map[string]uint32
	base    map[string]bool // base forms of the action words
	// negVerbs are negation words that are also verbs ("stop"): they
	// negate only before a gerund ("stop charging me").
	negVerbs map[string]bool
	// reporting are the first words of the reporting class's phrases.
	reporting map[string]bool
	// currencies are the lexicon's currency words and codes, by word:
	// the ISO code of each (Lexicon.Values).
	currencies map[string]string
	// naming holds the first words of the naming class's phrases.
	naming map[string]bool
	// nextAfter are the words of each of Rules.NextAfter.
	nextAfter [][]string
	// forms holds what the maps above, the lexicon and the rules say of
	// every form they hold, read with one look-up: Parse reads a word
	// through it, and through the maps only in the few places a form
	// the table does not hold may still be something (isBaseSlow).
	forms *forms
	// statusNoun is true when the lexicon has the status concept.
	statusNoun bool
	// room holds *[]piece: the room of the pieces of a long turn being
	// read, which no Parse keeps.
	room sync.Pool
	// verbClass holds the classes of the lexicon (Lexicon.Function)
	// construction asks of every clause's verb.
	verbClass struct{ giving, placing, resultative, leaving map[string]bool }
	// guessed holds what guesses read of each word, by word.
	guessed cache.Map[[]string]
	// wordnetNouns holds what Lexicon.WordNoun read of each word, by
	// word.
	wordnetNouns cache.Map[wordnetNounOf]
}

// function word classes, as bits.
const (
	fDeterminer uint32 = 1 << iota
	fPronoun
	fPreposition
	fConjunction
	fClauseBreak
	fPoliteness
	fRequest
	fQuestion
	fAuxiliary
	fNegation
	fChitchat
	fAdverbTime
	fWeekday
	fMonth
	fNumber
	fOrdinal
	fSubject
	fWant
	fNext
	fIDNoun
	fClitic
	fGenitive
	fOtherVerb
	fAdjective
	fObligation
	fRelative
	fPlace
	fAdditive
	fSeparative
)

var classBits = map[string]uint32{
	"determiner": fDeterminer, "pronoun": fPronoun, "preposition": fPreposition,
	"conjunction": fConjunction, "clause_break": fClauseBreak, "politeness": fPoliteness,
	"request": fRequest, "question": fQuestion, "auxiliary": fAuxiliary, "negation": fNegation,
	"chitchat": fChitchat, "adverb_time": fAdverbTime, "weekday": fWeekday, "month": fMonth,
	"verb": fOtherVerb, "adjective": fAdjective, "obligation": fObligation,
	"relative": fRelative, "place": fPlace, "additive": fAdditive, "separative": fSeparative,
}

// NewEngine returns an Engine for lang. now gives today's date for
// relative dates; nil means time.Now.
func NewEngine(lang tokenize.Language, lx *Lexicon, rules Rules, now func() time.Time) (*Engine, error) {
	tk, err := tokenize.New(lang)
	if err != nil {
		return nil, err
	}
	st, err := tokenize.NewStemmer(lang)
	if err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	e := &Engine{lang: lang, lx: lx, rules: rules, tk: tk, stemmer: st, now: now, bits: map[string]uint32{}, base: map[string]bool{}}
	e.verbClass.giving, e.verbClass.placing, e.verbClass.resultative = lx.Function["giving"], lx.Function["placing"], lx.Function["resultative"]
	e.verbClass.leaving = lx.Function["leaving"]
	for class, words := range lx.Function {
		bit := classBits[class]
		if bit == 0 {
			continue
		}
		for w := range words {
			e.bits[w] |= bit
		}
	}
	if rules.Weekdays == nil {
		rules.Weekdays = map[string]time.Weekday{}
		for w, v := range lx.Values["weekday"] {
			if n, err := strconv.Atoi(v); err == nil && n >= 1 && n <= 7 {
				rules.Weekdays[w] = time.Weekday(n % 7)
			}
		}
		e.rules = rules
	}
	e.currencies = lx.Values["currency"]
	e.reporting = map[string]bool{}
	for w := range lx.Function["reporting"] {
		e.reporting[firstWord(w)] = true
	}
	e.naming = map[string]bool{}
	for w := range lx.Function["naming"] {
		e.naming[firstWord(w)] = true
	}
	e.negVerbs = map[string]bool{}
	for w := range lx.Function["negation"] {
		if _, verb := lx.Actions[w]; verb && !strings.Contains(w, " ") {
			e.bits[w] &^= fNegation
			e.negVerbs[w] = true
		}
	}
	for w := range lx.Values["number_word"] {
		e.bits[w] |= fNumber
	}
	for w := range lx.Values["ordinal"] {
		e.bits[w] |= fOrdinal
	}
	for _, w := range rules.Subjects {
		e.bits[w] |= fSubject
	}
	for _, w := range rules.Wants {
		e.bits[w] |= fWant
	}
	for _, w := range rules.Next {
		e.bits[w] |= fNext
	}
	for _, w := range rules.IDNouns {
		e.bits[w] |= fIDNoun
	}
	for _, w := range rules.Clitics {
		e.bits[w] |= fClitic
	}
	for _, w := range rules.Genitive {
		e.bits[w] |= fGenitive
	}
	var vocab []string
	for _, words := range lx.ActionWords {
		for _, w := range words {
			e.base[tokenize.Normalize(w)] = true
		}
	}
	for w := range lx.Actions {
		first, _, _ := strings.Cut(w, " ")
		vocab = append(vocab, first) // phrasal verbs by their first word
	}
	for w := range lx.Nouns {
		if !strings.Contains(w, " ") {
			vocab = append(vocab, w)
		}
	}
	e.fuzzy = NewFuzzyIndex(vocab)
	for _, a := range rules.NextAfter {
		e.nextAfter = append(e.nextAfter, strings.Fields(a))
	}
	_, e.statusNoun = lx.NounWords[StatusConcept]
	if err := e.buildForms(); err != nil {
		return nil, err
	}
	return e, nil
}

// Lexicon returns the engine's lexicon.
func (e *Engine) Lexicon() *Lexicon { return e.lx }

// Language returns the engine's language.
func (e *Engine) Language() tokenize.Language { return e.lang }

// Fuzzy returns the index of the lexicon's words within an edit.
func (e *Engine) Fuzzy() *FuzzyIndex { return e.fuzzy }

// pieceKind says what a piece of a turn is.
type pieceKind uint8

const (
	pWord pieceKind = iota
	pValue
	pPunct
)

// piece is one word, value or mark of a turn while it is read. Its
// fields of a byte or four are last, together, so that no padding
// lies between them: a Parse clears room for many pieces, and copies
// them as it reads.
type piece struct {
	text, norm string
	f          *form // the form of norm, or nil when the table has none
	start, end int
	verb       string // action concept, if the piece can be a verb
	noun       NounForm
	arg        Arg
	qualifier  string // the action of a participle that qualifies a noun ("pedidos arquivados"), read as no verb
	bits       uint32
	kind       pieceKind
	isNoun     bool
	class      Class
	fuzzy      bool
	consumed   bool // merged into a phrasal verb
	phrasal    bool // a verb completed by a particle further on
	wordnet    bool // a noun read from the language's wordnet, which the lexicon does not list
	modifier   bool // a verb form inside a noun phrase, read as no verb ("the closed tickets")
	endsDet    bool // a phrase whose last word is a determiner ("is my"): what follows it is a noun
	punct      byte
}

// parseOne is a Parse with room for one clause, and for the objects and
// the asked-for and implied concepts of its first clause: most turns have
// one clause, and so cost allocations less. What does not fit has room
// of its own. (Its words and arguments are made at their size: room for
// a long turn's would be waste for most, and what a Select allocates in
// bytes sets how often the collector runs.)
type parseOne struct {
	p    Parse
	c    [1]Clause
	room clauseRoom
}

// clauseRoom is room for the objects and the asked-for and implied
// concepts of a clause of a few words (Engine.clause).
type clauseRoom struct {
	objects [roomObjects]string
	asks    [roomAsks]string
	implied [2]string // a status and a quality at most
}

// The room of parseOne's clause.
const (
	roomObjects = 3
	roomAsks    = 2
)

// stackPieces is how many pieces a turn may have to be read on the
// stack: pieces grows its room by four pieces more than the tokens, for
// the words a contraction stands for.
const stackPieces = 28

// maxRoom is the most pieces whose room a Parse hands to the next.
const maxRoom = 256

// Parse reads a turn.
func (e *Engine) Parse(turn string) *Parse {
	one := &parseOne{p: Parse{Language: e.lang, Turn: turn}}
	p := &one.p
	p.Tokens = e.tk.AppendTokens(make([]tokenize.Token, 0, tokenize.MostTokens(turn)), turn)
	// The pieces of a turn of a few words are read in room on the stack,
	// where writing them costs the garbage collector nothing; a longer
	// turn's in room one Parse hands to the next.
	var stack [stackPieces]piece
	var pieces []piece
	if len(p.Tokens)+4 <= len(stack) {
		pieces = e.pieces(stack[:0], p.Tokens)
	} else {
		r, _ := e.room.Get().(*[]piece)
		if r == nil {
			r = new([]piece)
		}
		*r = e.pieces((*r)[:0], p.Tokens)
		pieces = *r
		defer func() {
			if cap(*r) <= maxRoom {
				clear(*r) // the pieces hold the turn's strings: let them go
				e.room.Put(r)
			}
		}()
	}
	pieces = e.values(turn, pieces)
	pieces = e.phrases(turn, pieces)
	pieces = e.reported(turn, pieces)
	pieces = e.colonText(turn, pieces)
	e.classify(pieces)
	pieces = e.named(turn, pieces)
	for _, t := range p.Tokens {
		if t.Kind == tokenize.Punct && (t.Text == "¿" || t.Text == "¡") {
			p.Foreign = true
		}
	}
	titled := titleCased(pieces)
	for i := range pieces {
		pc := &pieces[i]
		if pc.kind != pWord || pc.consumed {
			continue
		}
		// A noun only the wordnet knows says little of the language: the
		// wordnets list loanwords ("show", "email") too. A participle that
		// qualifies a noun was read by its verb.
		read := pc.bits != 0 || pc.verb != "" || pc.qualifier != "" || pc.isNoun && !pc.wordnet
		if !read && !titled && pc.start > 0 && IsName(pc.text) {
			// A name (Kendrick, São Paulo) is of no language: it counts
			// neither for nor against the turn's.
			continue
		}
		n := 1
		if strings.IndexByte(pc.norm, ' ') >= 0 {
			n = strings.Count(pc.norm, " ") + 1
		}
		p.Words += n
		switch {
		case pc.fuzzy:
			p.Read += 0.5
		case read:
			p.Read += float64(n)
		}
		// A short word is a function word of some language, unless it is
		// part of a hyphenated word the language does not read ("fw" of
		// "fw-web", "pg" of "pg-main"): a name's or a code's, no
		// language's; or a noun the language's wordnet lists, as it lists
		// abbreviations and short names ("apr", "tom"): read or
		// not, it counts neither for nor against the turn's.
		if n == 1 && len(pc.norm) <= 3 && !pc.fuzzy && (read || strings.IndexByte(pc.text, '-') < 0 && !(pc.isNoun && pc.wordnet)) {
			p.Short++
			if read {
				p.ShortRead++
			}
		}
	}
	var room [4][2]int
	spans := e.clauses(room[:0], pieces)
	switch {
	case len(spans) == 1:
		p.Clauses = one.c[:0:1]
	case len(spans) > 1:
		p.Clauses = make([]Clause, 0, len(spans))
	}
	for k, span := range spans {
		// A clause cut from the next at a comma may be a subordinate
		// clause before its main clause ("when I log in, show my orders").
		mainAfter := span[1] < len(pieces) && pieces[span[1]].kind == pPunct && pieces[span[1]].punct == ','
		var room *clauseRoom
		if k == 0 {
			room = &one.room
		}
		p.Clauses = append(p.Clauses, e.clause(turn, pieces[span[0]:span[1]], mainAfter, room))
		if k > 0 {
			// The piece the clause before was cut at joins the two: a
			// clause break, or an additive conjunction (not "but", not
			// "or").
			cut := &pieces[spans[k-1][1]]
			p.Clauses[k].Follows = cut.kind == pWord && cut.class == Function &&
				(cut.bits&fClauseBreak != 0 || cut.bits&(fConjunction|fAdditive) == fConjunction|fAdditive)
		}
	}
	return p
}

// pieces turns tokens into pieces, splitting the words the language's
// rules split (contractions, clitics, hyphens).
func (e *Engine) pieces(dst []piece, toks []tokenize.Token) []piece {
	out := slices.Grow(dst, len(toks)+4)
	for i := range toks {
		t := &toks[i]
		switch t.Kind {
		case tokenize.Punct:
			out = append(out, piece{kind: pPunct, text: t.Text, norm: t.Norm, f: e.form(t.Norm), start: t.Start, end: t.End, punct: t.Norm[0]})
		case tokenize.Word:
			f := e.form(t.Norm)
			if f.has(fmKnown) {
				out = append(out, piece{kind: pWord, text: t.Text, norm: t.Norm, f: f, start: t.Start, end: t.End})
				continue
			}
			var parts []string
			if e.rules.Split != nil {
				parts = e.rules.Split(t.Norm)
			}
			if parts == nil && strings.IndexByte(t.Norm, '-') >= 0 {
				parts = strings.Split(t.Norm, "-")
			}
			if len(parts) == 0 {
				out = append(out, piece{kind: pWord, text: t.Text, norm: t.Norm, f: f, start: t.Start, end: t.End})
				continue
			}
			for k, part := range parts {
				if part == "" {
					continue
				}
				if k == 0 && len(parts) > 1 && tokenize.IsDigits(part) && e.form(parts[1]).has(fmNoun) {
					// "a 2-bedroom apartment", "a 3-day trip": digits
					// joined to a noun by a hyphen are a number, of the
					// whole word's span, as a number word's is
					// ("two-bedroom").
					out = append(out, piece{kind: pValue, text: t.Text, norm: part, f: e.form(part), start: t.Start, end: t.End,
						arg: Arg{Kind: "number", Text: t.Text, Value: part, Start: t.Start, End: t.End}, class: Value})
					continue
				}
				out = append(out, piece{kind: pWord, text: t.Text, norm: part, f: e.form(part), start: t.Start, end: t.End})
			}
		default:
			if repo, num, ok := itemRef(t); ok {
				// "acme/api#88": the repository, and the number of an issue
				// or a pull request in it.
				end, from := t.Start+len(repo), t.End-len(num)
				out = append(out, e.valuePiece(repo, t.Start, end, Arg{Kind: "identifier", Text: repo, Value: repo, Start: t.Start, End: end}))
				out = append(out, e.valuePiece(num, from, t.End, Arg{Kind: "number", Text: num, Value: num, Start: from, End: t.End}))
				continue
			}
			kind := t.Kind.String()
			value := t.Value
			if value == "" {
				value = t.Text
			}
			out = append(out, piece{kind: pValue, text: t.Text, norm: t.Norm, f: e.form(t.Norm), start: t.Start, end: t.End,
				arg: Arg{Kind: kind, Text: t.Text, Value: value, Start: t.Start, End: t.End}, class: Value})
		}
	}
	return out
}

// itemRef splits a reference to an item of a repository, owner/name#N
// (acme/api#88), into the repository and the item's number.
func itemRef(t *tokenize.Token) (repo, num string, ok bool) {
	if t.Kind != tokenize.Identifier {
		return "", "", false
	}
	k := strings.LastIndexByte(t.Text, '#')
	if k <= 0 || k == len(t.Text)-1 || strings.IndexByte(t.Text[:k], '/') <= 0 {
		return "", "", false
	}
	for _, r := range t.Text[k+1:] {
		if r < '0' || r > '9' {
			return "", "", false
		}
	}
	return t.Text[:k], t.Text[k+1:], true
}

// currencyAmount reads an amount of money a currency word of the
// lexicon names, after a number written in digits ("30 dólares", "12
// euros") or, as a code in capitals, before it ("USD 30"), from piece i:
// it appends the money value to out and returns it with the piece after
// the amount, or out as it was and false.
func (e *Engine) currencyAmount(turn string, in []piece, i int, out []piece) ([]piece, int, bool) {
	if i+1 >= len(in) {
		return out, i, false
	}
	pc, next := &in[i], &in[i+1]
	var amount, code string
	switch {
	case pc.kind == pValue && pc.arg.Kind == "number" && next.kind == pWord:
		amount, code = pc.arg.Value, e.currencies[next.norm]
	case pc.kind == pWord && len(pc.text) == 3 && next.kind == pValue && next.arg.Kind == "number":
		// The code itself, in capitals: "USD 30".
		if c := e.currencies[pc.norm]; c == pc.text {
			amount, code = next.arg.Value, c
		}
	}
	if code == "" {
		return out, i, false
	}
	start, end := pc.start, next.end
	text := turn[start:end]
	return append(out, e.valuePiece(text, start, end, Arg{Kind: "money", Text: text, Value: amount + " " + code, Start: start, End: end})), i + 2, true
}

// namedCurrency is the ISO 4217 code of the currency piece i names on its
// own, with no amount, or "": a code written as the code ("EUR"), or a
// currency word of the lexicon beside another currency (or an amount of
// money) that a word of the currency_join class joins to it ("from euro
// to dollar", "200 euros into dollars", "de reais para dólares"). A
// currency word alone says no currency: "pound", "real" and "peso" are
// words of other things too. before are the pieces read before i, as
// values reads them (an amount is one piece there).
func (e *Engine) namedCurrency(in []piece, i int, before []piece) string {
	pc := &in[i]
	if pc.kind != pWord || !pc.f.has(fmCurrency) {
		return ""
	}
	code := e.currencies[pc.norm]
	if code == "" {
		return ""
	}
	if pc.text == code {
		return code
	}
	if i+2 < len(in) && e.joinsCurrency(&in[i+1]) && e.isCurrency(&in[i+2]) {
		return code
	}
	if n := len(before); n >= 2 && e.joinsCurrency(&before[n-1]) && e.isCurrency(&before[n-2]) {
		return code
	}
	return ""
}

// isCurrency reports whether a piece is a currency word of the lexicon, a
// currency or an amount of money.
func (e *Engine) isCurrency(pc *piece) bool {
	if pc.kind == pValue {
		return pc.arg.Kind == "currency" || pc.arg.Kind == "money"
	}
	return pc.kind == pWord && pc.f.has(fmCurrency)
}

// joinsCurrency reports whether a piece is a word that joins two
// currencies of an exchange (the lexicon's currency_join class).
func (e *Engine) joinsCurrency(pc *piece) bool {
	return pc.kind == pWord && e.lx.Has("currency_join", pc.norm)
}

// valuePiece returns a value piece of the turn's text from start to end.
func (e *Engine) valuePiece(text string, start, end int, arg Arg) piece {
	norm := tokenize.Normalize(text)
	return piece{kind: pValue, text: text, norm: norm, f: e.form(norm), start: start, end: end, class: Value, arg: arg}
}

// values reads spoken numbers ("forty two", "quarenta e dois"), amounts
// of money written with them ("twenty dollars") and relative dates
// ("tomorrow", "next monday", "segunda que vem") into values.
func (e *Engine) values(turn string, in []piece) []piece {
	out := in[:0]
	for i := 0; i < len(in); i++ {
		pc := &in[i] // read before out, which trails i, is written at i
		if t, j, ok := e.clockTime(in, i); ok && !(strings.HasSuffix(pc.norm, "h") && e.spanBefore(out)) {
			// "in 2h", "daqui a 2h" is a span of hours, no time of day.
			last := in[j-1]
			text := turn[pc.start:last.end]
			out = append(out, e.valuePiece(text, pc.start, last.end, Arg{Kind: "time", Text: text, Value: t, Start: pc.start, End: last.end}))
			i = j - 1
			continue
		}
		if n, ok := digitOrdinal(pc.text); ok && i+1 < len(in) && e.nounAt(&in[i+1]) && !e.lx.Has("month", in[i+1].norm) {
			// "the 18th century", "the 3rd page": an ordinal written in
			// digits before a noun (no date's month) is the number it
			// writes; alone ("Friday the 15th") it is a day.
			out = append(out, e.valuePiece(pc.text, pc.start, pc.end, Arg{Kind: "number", Text: pc.text, Value: strconv.Itoa(n), Start: pc.start, End: pc.end}))
			continue
		}
		if o, j, ok := e.currencyAmount(turn, in, i, out); ok {
			out, i = o, j-1
			continue
		}
		if code := e.namedCurrency(in, i, out); code != "" {
			out = append(out, e.valuePiece(pc.text, pc.start, pc.end, Arg{Kind: "currency", Text: pc.text, Value: code, Start: pc.start, End: pc.end}))
			continue
		}
		if pc.kind == pWord && !pc.f.has(fmValue) {
			out = keep(out, in, i) // a word that starts no value
			continue
		}
		if d, j, ok := e.monthDate(in, i); ok {
			last := in[j-1]
			text := turn[in[i].start:last.end]
			out = append(out, e.valuePiece(text, pc.start, last.end, Arg{Kind: "date", Text: text, Value: d, Start: pc.start, End: last.end}))
			i = j - 1
			continue
		}
		if v, j, ok := e.scaledNumber(turn, in, i); ok {
			out = append(out, v)
			i = j - 1
			continue
		}
		if pc.kind != pWord {
			out = keep(out, in, i)
			continue
		}
		if n, j, ok := e.spokenNumber(in, i); ok {
			if pm, k := e.dayPart(in[j:]); k > 0 && n >= 1 && n <= 12 {
				// "five in the afternoon", "oito da noite".
				last := in[j+k-1]
				text := turn[pc.start:last.end]
				out = append(out, e.valuePiece(text, pc.start, last.end, Arg{Kind: "time", Text: text, Value: fmt.Sprintf("%02d:00", clockHour(n, pm)), Start: pc.start, End: last.end}))
				i = j + k - 1
				continue
			}
			last := in[j-1]
			text := turn[in[i].start:in[j-1].end]
			v := e.valuePiece(text, pc.start, last.end, Arg{Kind: "number", Text: text, Value: strconv.Itoa(n), Start: pc.start, End: last.end})
			if j < len(in) && in[j].kind == pWord {
				if code, ok := tokenize.CurrencyOf(in[j].norm); ok {
					v.end = in[j].end
					v.text = turn[in[i].start:in[j].end]
					v.arg = Arg{Kind: "money", Text: v.text, Value: strconv.Itoa(n) + " " + code, Start: v.start, End: v.end}
					j++
				}
			}
			v.arg.Text = v.text
			out = append(out, v)
			i = j - 1
			continue
		}
		if d, j, ok := e.relativeDate(in, i); ok {
			last := in[j-1]
			text := turn[in[i].start:in[j-1].end]
			out = append(out, e.valuePiece(text, pc.start, last.end, Arg{Kind: "date", Text: text, Value: d, Start: pc.start, End: last.end}))
			i = j - 1
			continue
		}
		if m := e.monthAfterPreposition(out, pc); m > 0 {
			// "as faturas de março", "invoices from March": a month's
			// name after a preposition names the month of this year.
			out = append(out, piece{kind: pValue, text: pc.text, norm: pc.norm, f: pc.f, start: pc.start, end: pc.end, class: Value,
				arg: Arg{Kind: "date", Text: pc.text, Value: fmt.Sprintf("%04d-%02d", e.now().Year(), m), Start: pc.start, End: pc.end}})
			continue
		}
		out = keep(out, in, i)
	}
	sharedYear(out)
	return out
}

// digitOrdinal reads an ordinal written in digits and a suffix: "18th",
// "21st", "2nd", "3rd" (English), "18º", "2ª" (Portuguese).
func digitOrdinal(w string) (int, bool) {
	k := 0
	for k < len(w) && isDigit(w[k]) {
		k++
	}
	if k == 0 || k > 6 {
		return 0, false
	}
	switch strings.ToLower(w[k:]) {
	case "st", "nd", "rd", "th", "º", "ª":
		n, err := strconv.Atoi(w[:k])
		return n, err == nil
	}
	return 0, false
}

// sharedYear gives a day of a month written with no year the year of
// the date after it, when one word (to, and, until, a dash) joins them:
// "from August 15 to August 17, 2023" is a span of 2023 ("tomorrow" and
// "next monday" keep theirs).
func sharedYear(out []piece) {
	for k := 0; k+2 < len(out); k++ {
		a, b := &out[k], &out[k+2]
		if a.kind != pValue || b.kind != pValue || a.arg.Kind != "date" || b.arg.Kind != "date" ||
			len(a.arg.Value) != 10 || len(b.arg.Value) != 10 || !strings.ContainsAny(a.text, "0123456789") || hasYear(a.text) || !hasYear(b.text) ||
			out[k+1].kind == pValue {
			continue
		}
		a.arg.Value = b.arg.Value[:4] + a.arg.Value[4:]
	}
}

// hasYear reports whether a date's text writes a year: four digits.
func hasYear(text string) bool {
	run := 0
	for i := 0; i < len(text); i++ {
		if text[i] >= '0' && text[i] <= '9' {
			if run++; run == 4 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// scaledNumber reads a number or an amount written in digits and scaled
// by a number word after it: "1.5 million", "$2 billion", "20 mil reais"
// ("20 thousand reais"). It returns the value piece and the piece after
// it.
func (e *Engine) scaledNumber(turn string, in []piece, i int) (piece, int, bool) {
	pc := &in[i]
	if pc.kind != pValue || pc.arg.Kind != "number" && pc.arg.Kind != "money" || i+1 >= len(in) {
		return piece{}, i, false
	}
	next := &in[i+1]
	if next.kind != pWord || next.f.classes()&fNumber == 0 {
		return piece{}, i, false
	}
	scale := e.forms.extra(next.f).number
	if scale < 1000 {
		return piece{}, i, false
	}
	amount, code, _ := strings.Cut(pc.arg.Value, " ")
	x, err := strconv.ParseFloat(amount, 64)
	if err != nil {
		return piece{}, i, false
	}
	j := i + 2
	if code == "" && j < len(in) && in[j].kind == pWord {
		if c, ok := tokenize.CurrencyOf(in[j].norm); ok {
			code = c
			j++
		}
	}
	v := x * float64(scale)
	if r := math.Round(v); math.Abs(v-r) < 1e-6*math.Max(1, math.Abs(v)) {
		v = r // 0.1 thousand is 100, not 100.00000000000001
	}
	value := strconv.FormatFloat(v, 'f', -1, 64)
	kind := "number"
	if code != "" {
		kind, value = "money", value+" "+code
	}
	text := turn[pc.start:in[j-1].end]
	return e.valuePiece(text, pc.start, in[j-1].end, Arg{Kind: kind, Text: text, Value: value, Start: pc.start, End: in[j-1].end}), j, true
}

// spanBefore reports whether the last one or two pieces of done are a
// phrase of the span class ("in", "daqui a"): before a number of hours,
// they say how long, not when.
func (e *Engine) spanBefore(done []piece) bool {
	n := len(done)
	if n > 0 && done[n-1].kind == pWord && e.lx.Has("span", done[n-1].norm) {
		return true
	}
	if n > 1 && done[n-2].kind == pWord && done[n-1].kind == pWord {
		var room [64]byte
		buf := append(append(append(room[:0], done[n-2].norm...), ' '), done[n-1].norm...)
		return e.lx.Has("span", string(buf))
	}
	return false
}

// clockTime reads a time of day from in[i]: "3pm", "10 am", "3:30 p.m.",
// "15:00", "15h", "8h30", and an hour of a 12-hour clock followed by the
// part of the day it falls in ("5 in the afternoon", "8 da noite", "7h
// de manhã": the day_part class). It returns the time as HH:MM on a
// 24-hour clock and the index past it.
func (e *Engine) clockTime(in []piece, i int) (string, int, bool) {
	pc := &in[i]
	if pc.kind == pValue && pc.arg.Kind != "number" && pc.arg.Kind != "identifier" {
		return "", 0, false
	}
	h, m, rest, ok := clockDigits(pc.norm)
	if !ok {
		return "", 0, false
	}
	j := i + 1
	if rest == "" && j < len(in) && (in[j].kind == pWord || in[j].kind == pValue && in[j].arg.Kind == "identifier") && in[j].start > pc.end {
		// "10 am", "3:30 p.m.": the marker is the next word.
		if _, known := meridiem[in[j].norm]; known {
			rest = in[j].norm
			j++
		}
	}
	if rest == "" || rest == "h" {
		if pm, n := e.dayPart(in[j:]); n > 0 && h >= 1 && h <= 12 {
			// "5 in the afternoon", "8 da noite": an hour of a 12-hour
			// clock and the part of the day it falls in.
			return fmt.Sprintf("%02d:%02d", clockHour(h, pm), m), j + n, true
		}
	}
	switch pm, known := meridiem[rest]; {
	case known && (h < 1 || h > 12):
		return "", 0, false
	case known:
		h = clockHour(h, pm)
	case rest == "h" || rest == "" && strings.IndexByte(pc.norm, ':') > 0:
		// "15h", "15:00": a 24-hour clock.
	default:
		return "", 0, false
	}
	return fmt.Sprintf("%02d:%02d", h, m), j, true
}

// dayPart reads a phrase of the day_part class at the start of ps ("in
// the afternoon", "da noite"): whether it is after noon, and how many
// pieces it takes (0 for none). A phrase whose last word qualifies a
// noun after it is none ("3 in the morning queue").
func (e *Engine) dayPart(ps []piece) (pm bool, n int) {
	parts := e.lx.Values[DayPartClass]
	if parts == nil {
		return false, 0
	}
	var room [64]byte
	buf, v := room[:0], ""
	for k := 0; k < len(ps) && k < 4 && ps[k].kind == pWord; k++ {
		if k > 0 {
			buf = append(buf, ' ')
		}
		buf = append(buf, ps[k].norm...)
		if w, ok := parts[string(buf)]; ok {
			v, n = w, k+1
		}
	}
	if n > 0 && n < len(ps) && e.nounAt(&ps[n]) {
		return false, 0
	}
	return v == "pm", n
}

// clockHour is the hour on a 24-hour clock of an hour (1 to 12) of a
// 12-hour clock, after noon or not: 12 am is 0, 5 pm 17.
func clockHour(h int, pm bool) int {
	h %= 12
	if pm {
		h += 12
	}
	return h
}

// meridiem are the markers of a 12-hour clock, true after noon.
var meridiem = map[string]bool{"am": false, "a.m.": false, "a.m": false, "pm": true, "p.m.": true, "p.m": true}

// clockDigits reads the hours and minutes at the start of a word (3, 3:30,
// 8h30) and what follows them ("pm", "h", ""). The hours are at most 24,
// the minutes two digits below 60; "8h30" is followed by "h".
func clockDigits(w string) (h, m int, rest string, ok bool) {
	k := 0
	for k < len(w) && k < 2 && isDigit(w[k]) {
		h = h*10 + int(w[k]-'0')
		k++
	}
	if k == 0 || h > 24 {
		return 0, 0, "", false
	}
	if k+2 < len(w) && (w[k] == ':' || w[k] == 'h') && isDigit(w[k+1]) && isDigit(w[k+2]) {
		if m = int(w[k+1]-'0')*10 + int(w[k+2]-'0'); m >= 60 {
			return 0, 0, "", false
		}
		if w[k] == 'h' {
			if k+3 < len(w) {
				return 0, 0, "", false
			}
			return h, m, "h", true
		}
		k += 3
	}
	return h, m, w[k:], true
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// keep appends in[i] to out, a prefix of in's room that ends at i or
// before it: when it ends at i, in[i] is already in place.
func keep(out, in []piece, i int) []piece {
	if len(out) == i {
		return out[:i+1]
	}
	return append(out, in[i])
}

// reported reads the words of a message a command reports: after a
// phrase of the reporting class ("saying", "dizendo que") that follows a
// word of the command, the rest of the turn, to its last sentence mark, is
// one quoted text, and the phrase is dropped. A phrase at the start of the
// turn, after an auxiliary ("what are they saying"), after no word of a
// command ("I'm asking for a refund") or before a preposition ("saying
// about") is left to the clause.
func (e *Engine) reported(turn string, in []piece) []piece {
	for i := 1; i < len(in); i++ {
		prev := &in[i-1]
		n := 0
		switch {
		case in[i].kind == pWord && in[i].f.has(fmComplementizer) && e.saysBefore(in[:i]):
			// "announce that dinner is ready", "avisa eles que a reunião
			// mudou": what a verb of saying says.
			n = 1
		case in[i].kind != pWord || !e.firstHas(&in[i], fmReporting) || prev.kind == pPunct || prev.kind == pWord && prev.f.classes()&fAuxiliary != 0:
			continue
		default:
			n = e.reportingAt(in[i:])
			if n == 0 || !e.commandBefore(in[:i]) {
				continue
			}
		}
		from, to := i+n, len(in)
		for to > from && in[to-1].kind == pPunct && strings.IndexByte(".!?;", in[to-1].punct) >= 0 {
			to--
		}
		if from >= to || in[from].kind == pWord && in[from].f.classes()&fPreposition != 0 {
			continue
		}
		if to-from == 1 && in[from].kind == pValue && in[from].arg.Kind == "quoted" {
			// "saying 'thanks'": the quote is the message already.
			return append(in[:i], in[from:]...)
		}
		return quoteRun(turn, in, i, from, to)
	}
	return in
}

// sayingActions are the actions of verbs of saying, whose object may be
// what they say: a clause after a complementizer.
var sayingActions = map[string]bool{"announce": true, "notify": true, "reply": true, "comment": true}

// saysBefore reports whether the pieces before a complementizer end with a
// verb of saying at the start of the turn, with at most a pronoun after it
// ("announce", "tell them", "avisa eles").
func (e *Engine) saysBefore(ps []piece) bool {
	k := len(ps) - 1
	if k >= 1 && ps[k].kind == pWord && e.bits[ps[k].norm]&fPronoun != 0 {
		k--
	}
	if k < 0 || ps[k].kind != pWord || !sayingActions[ps[k].verb] {
		return false
	}
	for j := 0; j < k; j++ {
		if ps[j].kind == pWord && e.bits[ps[j].norm]&(fPoliteness|fRequest|fSubject|fWant) == 0 {
			return false
		}
	}
	return true
}

// colonText reads the words a colon introduces after a command as one
// text ("new company: Umbrella Labs", "open an issue in acme/api: login
// button misaligned"), the name or the title of what the command makes or
// says: up to the first value, comma or sentence mark ("create an event:
// Team lunch, Friday 12:30" keeps its date). Words that start with a
// command's verb ("ship it: merge pull request 77"), a value first
// ("mark these as read: msg_1, msg_2") or a quote are left as they are.
func (e *Engine) colonText(turn string, in []piece) []piece {
	for i := 1; i+1 < len(in); i++ {
		if in[i].kind != pPunct || in[i].punct != ':' || !e.commandBefore(in[:i]) {
			continue
		}
		from, to := i+1, i+1
		for to < len(in) && (in[to].kind == pWord || joinedNumber(in, to)) {
			to++
		}
		if to == from || in[from].f.has(fmVerb) && !in[from].f.has(fmNoun) {
			return in
		}
		return quoteRun(turn, in, i, from, to)
	}
	return in
}

// joinedNumber reports whether in[i] is a number joined by a hyphen to
// the word after it ("a 3-year term": the parts of a hyphenated word
// share its span), a word of a text rather than a value of its own.
func joinedNumber(in []piece, i int) bool {
	return in[i].kind == pValue && in[i].arg.Kind == "number" && i+1 < len(in) && in[i+1].kind == pWord && sameWord(&in[i+1], &in[i])
}

// sameWord reports whether two pieces are parts of one hyphenated word:
// the parts of a word the language's rules split share its span.
func sameWord(a, b *piece) bool { return a.start == b.start && a.end == b.end }

// commandBefore reports whether the pieces before a reporting phrase hold
// the verb of a command: a word that can be a verb, or one no lexicon
// knows (a verb mistyped: "reponde o msg_7070 falando que..."), and is no
// pronoun, auxiliary, request or politeness word. With none the phrase is the
// clause's own verb ("I'm asking for a refund", "the customer is asking
// for a refund", "customer asking for a refund").
func (e *Engine) commandBefore(ps []piece) bool {
	for k := range ps {
		if ps[k].kind == pWord && (ps[k].verb != "" || ps[k].f == nil) && e.bits[ps[k].norm]&(fPronoun|fAuxiliary|fRequest|fPoliteness) == 0 {
			return true
		}
	}
	return false
}

// quoteRun replaces in[i:to] with one piece of quoted text, the turn's
// text of in[from:to]: the words of a message or a name, without the
// phrase before them (in[i:from]).
func quoteRun(turn string, in []piece, i, from, to int) []piece {
	start, end := in[from].start, in[to-1].end
	text := turn[start:end]
	q := piece{kind: pValue, text: text, norm: text, start: start, end: end, class: Value,
		arg: Arg{Kind: "quoted", Text: text, Value: text, Start: start, End: end}}
	out := append(in[:i], q)
	return append(out, in[to:]...)
}

// named reads a name a noun is given: after a phrase of the naming class
// ("called", "named", "chamada") that follows a noun, or an adjective or a
// word no lexicon knows after a noun ("a private repo called X", "uma
// pasta nova chamada Y"), the words up to the next function word, verb or
// mark are one quoted text, the name, and the phrase is dropped: "create a
// label called Taxes 2026" names a label "Taxes 2026", not a tax. A name
// already quoted stays as it is ("a folder called 'Invoices'"). The phrase
// after a determiner or a preposition is a noun ("abre um chamado", "o
// link da chamada"), and one after a pronoun a verb ("I called her").
func (e *Engine) named(turn string, in []piece) []piece {
	for i := 1; i < len(in); i++ {
		if in[i].kind != pWord || in[i].consumed || !e.firstHas(&in[i], fmNaming) {
			continue
		}
		n := e.classAt("naming", in[i:])
		if n == 0 || !e.namedThing(in[:i]) {
			continue
		}
		from := i + n
		if from < len(in) && in[from].kind == pValue && in[from].arg.Kind == "quoted" {
			return append(in[:i], in[from:]...)
		}
		to := from
		for to < len(in) {
			pc := &in[to]
			if pc.kind == pPunct || pc.consumed || pc.kind == pWord && to > from &&
				(pc.class == Verb || pc.class == Function && pc.bits&fAdjective == 0) ||
				pc.kind == pWord && pc.class == Function && pc.bits&(fDeterminer|fPronoun|fPreposition|fConjunction|fClauseBreak|fAuxiliary) != 0 {
				break
			}
			to++
		}
		if to == from {
			continue
		}
		return quoteRun(turn, in, i, from, to)
	}
	return in
}

// namedThing reports whether the words before a naming phrase end with a
// noun, perhaps with one adjective or unknown word after it.
func (e *Engine) namedThing(before []piece) bool {
	for k, j := 0, len(before)-1; j >= 0 && k < 2; j-- {
		pc := &before[j]
		if pc.consumed {
			continue
		}
		switch {
		case pc.kind != pWord:
			return false
		case pc.class == Noun:
			return true
		case k == 0 && (pc.class == Unknown || pc.class == Function && pc.bits&fAdjective != 0 || e.lx.Has("novelty", pc.norm)):
			// "a private repo called X"; "um grupo novo chamado Y",
			// whose "novo" the lexicon may read as the verb create.
			k++
		default:
			return false
		}
	}
	return false
}

// classAt is how many pieces from the first of ps make the longest phrase
// of a class of the lexicon, or 0.
func (e *Engine) classAt(class string, ps []piece) int {
	var room [64]byte
	buf, best := room[:0], 0
	for k := 0; k < len(ps) && k < 4 && ps[k].kind == pWord; k++ {
		if k > 0 {
			buf = append(buf, ' ')
		}
		buf = append(buf, ps[k].norm...)
		if e.lx.Has(class, string(buf)) {
			best = k + 1
		}
	}
	return best
}

// firstWord is the first word of a piece's normalised form.
func firstWord(norm string) string {
	first, _, _ := strings.Cut(norm, " ")
	return first
}

// reportingAt is how many pieces from the first of ps make the longest
// phrase of the reporting class, or 0.
func (e *Engine) reportingAt(ps []piece) int { return e.classAt("reporting", ps) }

// monthAfterPreposition returns the number of the month pc names, when
// the piece before it (the last of done) is a preposition; else 0.
func (e *Engine) monthAfterPreposition(done []piece, pc *piece) int {
	if pc.kind != pWord || len(done) == 0 {
		return 0
	}
	prev := &done[len(done)-1]
	if prev.kind != pWord || prev.f.classes()&fPreposition == 0 {
		return 0
	}
	m := e.forms.extra(pc.f).month
	if m < 1 || m > 12 {
		return 0
	}
	return m
}

// spokenNumber reads number words from piece i: "forty two", "forty-two",
// "one hundred and five", "quarenta e dois". It returns the value and the
// piece after the number.
func (e *Engine) spokenNumber(in []piece, i int) (int, int, bool) {
	total, current, j, any := 0, 0, i, false
	for j < len(in) && in[j].kind == pWord {
		f := in[j].f
		if in[j].norm == e.rules.NumberJoin && any && j+1 < len(in) && in[j+1].f.classes()&fNumber != 0 {
			j++
			continue
		}
		if f.classes()&fNumber == 0 {
			break
		}
		n := e.forms.extra(f).number
		switch {
		case n == 100:
			if current == 0 {
				current = 1
			}
			current *= 100
		case n >= 1000:
			if current == 0 {
				current = 1
			}
			total += current * n
			current = 0
		default:
			current += n
		}
		any = true
		j++
	}
	if !any {
		return 0, i, false
	}
	// A lone "one" or "a" is more often a pronoun or article than a
	// number: only count it before a currency word, or before a noun it
	// counts (oneCounts).
	if j == i+1 {
		if n := e.forms.extra(in[i].f).number; n <= 1 {
			if j >= len(in) || in[j].kind != pWord {
				return 0, i, false
			}
			if _, currency := tokenize.CurrencyOf(in[j].norm); !currency && !(n == 1 && e.oneCounts(in, i)) {
				return 0, i, false
			}
		}
	}
	return total + current, j, true
}

// oneCounts reports whether the number word in[i], of value one, counts
// the noun after it: the word is a pronoun and no article (English "one",
// not Portuguese "um"), and a pronoun stands for a noun, never before one,
// so there it is the number ("for one adult", "one seat"). Not joined to
// the noun by a hyphen ("a one-way flight"), nor after an article ("a one
// time charge"): those are words of a compound.
func (e *Engine) oneCounts(in []piece, i int) bool {
	b, next := in[i].f.classes(), &in[i+1]
	return b&fPronoun != 0 && b&fDeterminer == 0 &&
		(i == 0 || in[i-1].f.classes()&fDeterminer == 0) &&
		!sameWord(&in[i], next) && next.f.classes() == 0 && e.nounThere(next)
}

// monthDate reads a month's name next to a day's number: "March 1",
// "1 March", "1st of March" ("1 de março" where the language joins them
// with a preposition), and a year written after it ("March 1, 2022",
// "1 de março de 2022"); with no year, the year is this year. A month's
// name before a year alone is that month ("May 2024", "maio de 2024").
func (e *Engine) monthDate(in []piece, i int) (string, int, bool) {
	month := func(p *piece) int {
		if p.kind != pWord {
			return 0
		}
		return e.forms.extra(p.f).month
	}
	day := func(p *piece) int {
		if p.kind == pValue && p.arg.Kind == "number" {
			if d, ok := smallInt(p.arg.Value); ok && d >= 1 && d <= 31 {
				return d
			}
		}
		if p.kind == pWord {
			return e.forms.extra(p.f).day
		}
		return 0
	}
	date := func(m, d, j int) (string, int, bool) {
		y, k := e.yearAt(in, j)
		if k == j {
			y = e.now().Year()
		}
		return fmt.Sprintf("%04d-%02d-%02d", y, m, d), k, true
	}
	if m := month(&in[i]); m > 0 && i+1 < len(in) {
		if d := day(&in[i+1]); d > 0 {
			return date(m, d, i+2)
		}
		if y, k := e.yearAt(in, i+1); k > i+1 {
			return fmt.Sprintf("%04d-%02d", y, m), k, true
		}
	}
	if d := day(&in[i]); d > 0 {
		j := i + 1
		if j < len(in) && in[j].kind == pWord && in[j].f.classes()&fPreposition != 0 && j+1 < len(in) && month(&in[j+1]) > 0 {
			j++ // 1st of March, 1 de março
		}
		if j < len(in) {
			if m := month(&in[j]); m > 0 {
				return date(m, d, j+1)
			}
		}
	}
	return "", i, false
}

// yearAt reads a year written after a date from piece j: a number from
// 1900 to 2199 (a larger or smaller one after a date is more often a
// count: "March 3, 1500 units"), after a comma or a preposition or nothing ("March 1, 2022",
// "1 de março de 2022", "May 2024"). It returns the year and the piece
// after it, or j when there is none.
func (e *Engine) yearAt(in []piece, j int) (int, int) {
	k := j
	if k < len(in) && (in[k].kind == pPunct && in[k].punct == ',' || in[k].kind == pWord && in[k].f.classes()&fPreposition != 0) {
		k++
	}
	if k < len(in) && in[k].kind == pValue && in[k].arg.Kind == "number" && len(in[k].arg.Value) == 4 {
		if y, ok := smallInt(in[k].arg.Value); ok && y >= 1900 && y < 2200 {
			return y, k + 1
		}
	}
	return 0, j
}

// relativeDate reads today, tomorrow, next monday, monday, segunda que vem.
func (e *Engine) relativeDate(in []piece, i int) (string, int, bool) {
	f := in[i].f
	if f.has(fmDayOffset) {
		return e.now().AddDate(0, 0, e.forms.extra(f).dayOffset).Format("2006-01-02"), i + 1, true
	}
	j := i
	next := false
	if f.classes()&fNext != 0 && i+1 < len(in) && in[i+1].f.has(fmWeekday) {
		next, j = true, i+1
	}
	if !in[j].f.has(fmWeekday) {
		return "", i, false
	}
	wd := e.forms.extra(in[j].f).weekday
	end := j + 1
	if in[j].f.has(fmOrdinal) && !next && end < len(in) &&
		(e.nounAt(&in[end]) || e.nounOfTwo(in[j].norm, in[end].norm)) {
		// A weekday that is also an ordinal, before a noun, is the
		// ordinal: "a segunda fatura", "segunda via".
		return "", i, false
	}
	for _, parts := range e.nextAfter {
		if end+len(parts) <= len(in) {
			match := true
			for k, part := range parts {
				if in[end+k].norm != part {
					match = false
					break
				}
			}
			if match {
				next, end = true, end+len(parts)
				break
			}
		}
	}
	today := e.now() // read only for a date, not for every word
	days := (int(wd) - int(today.Weekday()) + 7) % 7
	if days == 0 || next && days < 1 {
		days += 7
	}
	return today.AddDate(0, 0, days).Format("2006-01-02"), end, true
}

// apart reports whether a compound noun of this language is read word by
// word: when the lexicons of the other languages name its concept first
// with a compound of nouns they read word by word ("payment method"), and
// every word of this compound is a noun or a genitive that joins two
// ("forma de pagamento"). It is read once a form, into the forms table.
func (e *Engine) apart(concept, phrase string) bool {
	if len(e.rules.Others) == 0 {
		return false
	}
	words := strings.Fields(phrase)
	for i, w := range words {
		if e.bits[w]&fGenitive != 0 && i > 0 && i < len(words)-1 {
			continue
		}
		if _, ok := e.lx.Nouns[w]; !ok {
			if e.rules.PluralOnly == nil {
				return false
			}
			if _, ok := e.rules.PluralOnly(w, e.lx); !ok {
				return false
			}
		}
	}
	for _, lx := range e.rules.Others {
		if ws := lx.NounWords[concept]; len(ws) > 0 {
			return lx.OfNouns(ws[0])
		}
	}
	return false
}

// nounAt reports whether a piece is a word the lexicon knows as a noun.
func (e *Engine) nounAt(pc *piece) bool {
	if pc.kind != pWord {
		return false
	}
	return e.nounForm(pc.f, pc.norm)
}

// nounThere reports whether a word is a noun the lexicon lists, or one
// the language's wordnet knows.
func (e *Engine) nounThere(pc *piece) bool {
	if e.nounAt(pc) {
		return true
	}
	if e.lx.WordNoun == nil {
		return false
	}
	_, _, ok := e.wordnetNoun(pc.norm)
	return ok
}

// nounForm reports whether a word, of form f, is a noun the lexicon
// lists, or a plural the rules read from one.
func (e *Engine) nounForm(f *form, w string) bool {
	if f != nil {
		return f.flags&(fmNoun|fmPluralOnly) != 0
	}
	if e.rules.PluralOnly != nil {
		_, ok := e.rules.PluralOnly(w, e.lx)
		return ok
	}
	return false
}

// nounOfTwo reports whether the words a and b, read as one, are a noun
// the lexicon knows ("segunda via").
func (e *Engine) nounOfTwo(a, b string) bool {
	var room [64]byte
	buf := append(append(append(room[:0], a...), ' '), b...)
	f := e.formOf(buf)
	if f != nil || e.rules.PluralOnly == nil {
		return e.nounForm(f, "")
	}
	return e.nounForm(nil, string(buf))
}

// maxRun is the most words of a phrase whose forms phrases keeps on the
// stack.
const maxRun = 16

// phrases joins the words of multiword entries (phrasal verbs, compound
// nouns, function phrases), longest first, and looks every word up.
func (e *Engine) phrases(turn string, in []piece) []piece {
	out := in[:0]
	var room [64]byte
	var runRoom [maxRun]*form
	run := runRoom[:] // run[n-1] is the form of the n words from i
	if e.lx.MaxPhrase > maxRun {
		run = make([]*form, e.lx.MaxPhrase)
	}
	for i := 0; i < len(in); i++ {
		pc := &in[i] // read before out, which trails i, is written at i
		if pc.kind != pWord {
			out = keep(out, in, i)
			continue
		}
		matched := false
		// The most words from i that could still be an entry: no entry
		// starts with a run of words past that.
		reach := 1
		if oneWord := strings.IndexByte(pc.norm, ' ') < 0; !oneWord || pc.f.has(fmPhraseFirst) {
			buf := append(room[:0], pc.norm...)
			for k := i + 1; k < len(in) && k-i < e.lx.MaxPhrase && in[k].kind == pWord; k++ {
				buf = append(append(buf, ' '), in[k].norm...)
				var f *form
				if k == i+1 && oneWord && strings.IndexByte(in[k].norm, ' ') < 0 {
					// Two words: the phrases' first two words are known
					// by their forms, and both words have one.
					if pc.f == nil || in[k].f == nil {
						break
					}
					id, ok := e.forms.pairs.get(pc.f.id, in[k].f.id)
					if !ok {
						break // no entry has these two words first
					}
					f = &e.forms.all[id]
				} else {
					f = e.formOf(buf)
				}
				if !f.has(fmPhrase) {
					break
				}
				reach = k - i + 1
				run[reach-1] = f
			}
		}
		for n := reach; n >= 2 && !matched; n-- {
			f := run[n-1]
			bits := f.bits
			isVerb, isNoun := f.flags&fmVerb != 0, f.flags&fmNoun != 0
			if bits == 0 && !isVerb && !isNoun {
				continue
			}
			if bits == 0 && !isVerb && f.flags&fmOfNouns != 0 {
				// "order status" is the order and its status: a compound
				// of nouns is read word by word, so it matches wherever
				// its nouns stand apart ("the status of the order").
				continue
			}
			if bits == 0 && !isVerb && isNoun && f.flags&fmApart != 0 {
				// "forma de pagamento" names what "payment method" names,
				// which English reads as its two nouns: read apart too,
				// so both languages name the same nouns.
				continue
			}
			last := in[i+n-1]
			text := turn[in[i].start:in[i+n-1].end]
			ph := piece{kind: pWord, text: text, norm: e.forms.key(f), f: f, start: pc.start, end: last.end, bits: bits,
				endsDet: last.f.classes()&(fDeterminer|fPreposition|fConjunction|fRelative) == fDeterminer}
			if isVerb {
				ph.verb = e.forms.verb(f)
			}
			if isNoun {
				ph.noun, ph.isNoun = e.forms.noun(f), true
			}
			out = append(out, ph)
			i += n - 1
			matched = true
		}
		if matched {
			continue
		}
		f := pc.f
		pc.bits = f.classes()
		if f != nil {
			// An action form's concept, or else the one the lexicon's
			// WordVerb gives (see buildForms).
			pc.verb = e.forms.verb(f)
			switch {
			case f.flags&fmNoun != 0:
				pc.noun, pc.isNoun = e.forms.noun(f), true
			case f.flags&fmPluralOnly != 0:
				pc.noun, pc.isNoun = e.forms.extra(f).plural, true
			}
		} else {
			if e.lx.WordVerb != nil {
				pc.verb, _ = e.lx.WordVerb(pc.norm)
			}
			if e.rules.PluralOnly != nil {
				if nf, ok := e.rules.PluralOnly(pc.norm, e.lx); ok {
					pc.noun, pc.isNoun = nf, true
				}
			}
		}
		out = keep(out, in, i)
	}
	return out
}

// smallInt reads a lexicon value of a few decimal digits ("3" for march),
// reporting false for "" (a word with no such value) or anything else:
// unlike strconv.Atoi, it allocates no error for the words that are no
// number, which are most of them.
func smallInt(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
