// Package grammar holds what the grammars of every language share: the
// parse of a turn (clauses, speech acts, negation, words read as concepts,
// arguments with byte offsets), the Grammar interface, and the concept
// lexicon that maps a language's words to language-neutral concepts.
//
// # Concepts
//
// A concept is an id written as the English lemma (get, refund, order,
// turn_on). Actions and objects live in separate namespaces: "charge" the
// action and "charge" the thing are two concepts that share a spelling, and
// the router may let one stand for the other with less weight.
package grammar

import (
	"slices"

	"github.com/stalwart-agents/stalwart/tokenize"
)

// Act is the speech act of a clause. The zero value is ActNone.
type Act uint8

// The speech acts.
const (
	// ActNone is a clause with nothing to act on.
	ActNone Act = iota
	// Imperative is a command: "show order 42".
	Imperative
	// Request is a polite or indirect request: "could you show...",
	// "I'd like to...".
	Request
	// Question asks something: "what's the status of order 42?".
	Question
	// NounPhrase names a thing and no verb: "order 42 status".
	NounPhrase
	// Statement says something that carries a request: "my card was
	// charged twice".
	Statement
	// Chitchat is a greeting, thanks or small talk.
	Chitchat
)

var actNames = [...]string{"none", "imperative", "request", "question", "noun_phrase", "statement", "chitchat"}

// String names the act.
func (a Act) String() string {
	if int(a) < len(actNames) {
		return actNames[a]
	}
	return "unknown"
}

// MarshalText writes the act's name.
func (a Act) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// Class is the word class a grammar read a word as. The zero value is
// Unknown.
type Class uint8

// The word classes.
const (
	// Unknown is a content word no lexicon knows.
	Unknown Class = iota
	// Verb is an action word.
	Verb
	// Noun is an object word.
	Noun
	// Function is a function word: determiner, pronoun, preposition,
	// politeness, question word, auxiliary, negation.
	Function
	// Value is an argument: a number, identifier, money, date, email or
	// quoted text.
	Value
)

var classNames = [...]string{"unknown", "verb", "noun", "function", "value"}

// String names the class.
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "unknown"
}

// MarshalText writes the class's name.
func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// Word is one word of a turn as the grammar read it. The zero value is an
// empty word of class Unknown.
type Word struct {
	// Text is the word as written (for a phrase, all its words).
	Text string `json:"text"`
	// Norm is the normalised form that was looked up.
	Norm string `json:"norm"`
	// Start and End are byte offsets into the turn.
	Start int `json:"start"`
	End   int `json:"end"`
	// Class is what the grammar read the word as.
	Class Class `json:"class"`
	// Concept is the concept the word names, or "" when none; for an
	// unknown word, the action of a participle that qualifies a noun
	// ("the archived orders", "pedidos arquivados").
	Concept string `json:"concept,omitempty"`
	// Stem is the word's stem, used where no concept matches.
	Stem string `json:"stem,omitempty"`
	// Fuzzy is true when the word was matched within an edit distance (a
	// typo), and weighs less than an exact word.
	Fuzzy bool `json:"fuzzy,omitempty"`
	// WordNet is true for a noun read from the language's wordnet, which
	// the lexicon does not list.
	WordNet bool `json:"wordnet,omitempty"`
	// Plural is true for a plural noun ("orders"), which leans toward
	// tools that list.
	Plural bool `json:"plural,omitempty"`
}

// Arg is an argument of a turn: a value with the noun it qualifies. The zero
// value is an empty argument of no kind.
type Arg struct {
	// Kind is number, identifier, money, currency (a currency named
	// with no amount, its Value the ISO 4217 code), date, time (a time
	// of day, its Value HH:MM on a 24-hour clock), email, quoted or text.
	Kind string `json:"kind"`
	// Text is the argument as written.
	Text string `json:"text"`
	// Value is its canonical value: "42", "20.00 USD", "2026-05-01".
	Value string `json:"value"`
	// Start and End are byte offsets into the turn.
	Start int `json:"start"`
	End   int `json:"end"`
	// Noun is the concept of the noun the argument qualifies ("order"
	// for "order 42"), or "".
	Noun string `json:"noun,omitempty"`
	// Counted is the concept of the noun a number counts, the noun right
	// after it ("for 2 nights", "a 2-bedroom apartment"): how many of
	// them, never the id of one; or "". Noun is still the noun it may
	// be the value of ("distance is 8 meters": distance, counting
	// meters).
	Counted string `json:"counted,omitempty"`
}

// Clause is one clause of a turn: its act, action, objects and arguments. The
// zero value is an empty clause whose act is ActNone.
type Clause struct {
	// Act is the clause's speech act.
	Act Act `json:"act"`
	// Negated is true when the clause negates or withdraws its request
	// ("don't charge the card", "never mind").
	Negated bool `json:"negated,omitempty"`
	// Action is the concept of the clause's main verb, or "".
	Action string `json:"action,omitempty"`
	// Objects are the concepts of the things acted on, the head first.
	Objects []string `json:"objects,omitempty"`
	// Implied are the objects the clause asks about without naming them,
	// also in Objects: the status a question about a state asks for ("is
	// the door open?"), the attribute a question about a quality asks for
	// ("how hot is the office?": temperature).
	Implied []string `json:"implied,omitempty"`
	// Asks are the noun concepts a question word asks for: "when" asks
	// for a date or a time, "where" for a location, "how many" for a
	// count. They are read only where the word asks (at the start of a
	// question, or after a verb such as "tell me" or "do you know"), never
	// from a relative ("the office where I work") or a subordinate clause
	// ("when I log in, ..."). They are not in Objects: the turn asks for
	// them, it does not name them.
	Asks []string `json:"asks,omitempty"`
	// State is the state a question asks about ("is the door open?":
	// open) or a verbless command sets ("lights off": turn_off), as the
	// concept of the action that brings it about where the lexicon has
	// one, else the word; "" for other clauses.
	State string `json:"state,omitempty"`
	// Words are the clause's words, in order, function words included.
	Words []Word `json:"words"`
	// Args are the clause's arguments, in order.
	Args []Arg `json:"args,omitempty"`
	// Follows is true when an additive conjunction or a clause break
	// joins the clause to the one before it ("snapshot the database and then
	// reboot it", "aprova a folga e depois me mostra o saldo"): it says
	// what comes next, after the clause before.
	Follows bool `json:"follows,omitempty"`
	// Start and End are byte offsets of the clause in the turn.
	Start int `json:"start"`
	End   int `json:"end"`
}

// FirstArg returns the clause's first argument of a kind ("quoted",
// "time"), and whether it has one.
func (c *Clause) FirstArg(kind string) (Arg, bool) {
	for _, a := range c.Args {
		if a.Kind == kind {
			return a, true
		}
	}
	return Arg{}, false
}

// AsksState reports whether the clause asks whether a thing is in a state
// ("is the back door locked?", "tell me if the garage is open"): a
// question with a state, which implies the thing's status.
func (c *Clause) AsksState() bool {
	return c.Act == Question && c.State != "" && slices.Contains(c.Implied, StatusConcept)
}

// Parse is a grammar's reading of a turn. The zero value is the reading of no
// turn: no language, no tokens, no clauses.
type Parse struct {
	// Language is the language the turn was read in.
	Language tokenize.Language `json:"language"`
	// Turn is the turn as given.
	Turn string `json:"turn"`
	// Tokens are the turn's tokens.
	Tokens []tokenize.Token `json:"tokens"`
	// Clauses are the turn's clauses, in order; the first decides.
	Clauses []Clause `json:"clauses"`
	// Read counts the words the grammar read as words of its language
	// (function words, known verbs and nouns; a word read within an edit
	// counts half); Words counts all words. Short and ShortRead count the
	// words of three letters or less, the function words of most
	// languages, and how many of them the grammar read. Foreign is true
	// when the turn has a mark no supported language writes (¿, ¡).
	Read      float64 `json:"read"`
	Words     int     `json:"words"`
	Short     int     `json:"short"`
	ShortRead int     `json:"short_read"`
	Foreign   bool    `json:"foreign,omitempty"`
}

// Grammar reads turns of one language. Implementations are safe for
// concurrent use. The zero value, nil, reads nothing; router.Options takes
// nil to mean the grammar of its language.
type Grammar interface {
	// Language is the language the grammar reads.
	Language() tokenize.Language
	// Parse reads a turn.
	Parse(turn string) *Parse
	// Lexicon is the grammar's concept lexicon.
	Lexicon() *Lexicon
}
