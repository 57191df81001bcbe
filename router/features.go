package router

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/grammar/wordnet"
)

// Features are the second stage of Select: every piece of evidence, read
// as a named number per (clause, candidate tool), and the features of
// "none" per clause. The model (model.go) weighs them; nothing here
// decides.

// The features of a candidate tool. Each is a count, a share in [0, 1] or
// an indicator; the fitted weights say what each is worth.
const (
	fBM25              = iota // the clause's BM25F score, relative to the clause's idf mass
	fBM25Turn                 // the whole turn's BM25F score, relative to the turn's idf mass
	fBM25Action               // BM25 of the name's action field alone, relative
	fBM25Object               // BM25 of the name's object field alone, relative
	fBM25Text                 // BM25 of the title and description alone, relative
	fBM25Params               // BM25 of the parameters alone, relative
	fCoverage                 // the share of the clause's idf mass the tool holds anywhere, or reaches by the wordnets from an object of its name (as much as relationWeight counts)
	fLead                     // the tool's BM25F less the best other candidate's (negative when behind)
	fActionSame               // the commanded action is the tool's action
	fActionAsked              // the action of a question or statement is the tool's (a read)
	fActionImplied            // the action implied by a question or noun phrase is the tool's
	fActionNoun               // the action read from a noun ("a refund") is the tool's
	fSameWord                 // the turn's verb is the very word of the name
	fActionFromText           // the action is the one a verbless name's text gives
	fActionNear               // the action is close to the tool's (get ~ list)
	fActionAntonym            // the action is the opposite of the tool's
	fActionOther              // the tool does another action than the one asked for
	fActionSecond             // the action is another verb of the name
	fActionInText             // the action is named in the tool's text
	fReportedWrite            // a question or statement reports the write the tool does
	fQuestionGet              // a question asks to see, and the tool reads one or many as asked
	fVerbIsObject             // the verb is the thing the tool makes or sends ("email ana")
	fVerbObject               // the verb is a noun the tool creates ("tag the ticket")
	fObjectHead               // the turn's head object is the head noun of the tool's name
	fObjectModifier           // the turn's head object is a modifier of the tool's object
	fObjectMore               // further objects of the turn in the tool's name (at most 3)
	fObjectInText             // objects of the turn found only in the tool's text (at most 3)
	fNameWord                 // words no lexicon knows, found in the tool's name (at most 3)
	fFuzzy                    // matches made by words read within an edit (typos)
	fMissingHead              // the head noun of the tool's name the turn never names
	fExtraObject              // modifiers of the tool's object the turn never names (at most 3)
	fAgreement                // +1 when the head object's number agrees with the name's, -1 when not
	fPhrase                   // the turn holds a phrase the vocabulary gives the tool
	fQuantifier               // +1 for all asked of a name on all, -1 for one asked of it
	fIDFormat                 // an id in a format the tool documents
	fArgument                 // arguments that fit a parameter (at most 3)
	fRequired                 // the share of the tool's required parameters the turn fills
	fQuestionRead             // a question, and the tool reads
	fQuestionWrite            // a question, and the tool writes
	fStatementWrite           // a statement, and the tool writes
	fPluralList               // a plural object with no id, and the tool lists or searches
	fOneGet                   // one id, and the tool gets one
	fNameMiss                 // nothing of the tool's name fits the turn
	fNameCoverage             // the share of the name's content words the clause holds
	fNameFull                 // the clause names the tool's action and its head object
	fBothWays                 // name_coverage times coverage: the turn holds the name, and the tool the turn
	fDescribed                // the tool's description says more than its name
	fCoverageDescribed        // coverage, for a described tool
	fNameBare                 // name_coverage, for a tool described by its name alone
	fLeadRel                  // lead relative to the larger of the two scores, in [-1, 1]
	fCoverageSeen             // the share of the idf mass of the clause's terms that some tool holds, this tool holds
	fObjectSynonym            // objects of the name the turn names by a synonym (wordnet; 1/sense each, at most 3)
	fObjectDerivation         // objects of the name the turn names by a derivation (wordnet; 1/sense each, at most 3)
	fObjectHypernym           // objects of the name the turn names by a kind of it or a kind it is (wordnet; 1/sense each, at most 3)
	fCoverageTerms            // the share of the clause's terms the tool holds, each counted once: coverage that no catalogue's idf weighs
	fEnumNamed                // the clause holds a value a parameter's enum lists
	fValueFit                 // the share of the clause's values (numbers, dates, amounts, quoted text) a parameter's type takes
	fAskedName                // the tool's name holds what the clause's question word asks for ("when": a date)
	fAskedText                // only the tool's description or parameters hold what the question word asks for
	fActionSynonym            // the wordnets relate the action to the tool's by a synonym or a derivation (1/sense)
	fActionHypernym           // the wordnets relate the action to the tool's as a kind of it, or it of the action (1/sense, half two levels up)
	fFreeText                 // some parameter of the tool takes free text (a string with no enum, pattern or format)
	fUnheldFree               // the share of the clause's objects the tool holds nowhere, for a tool with a free-text parameter that may take them
	fRequiredUnmet            // the share of the tool's required parameters nothing in the clause evidently fills (requiredUnmet)
	fObjectKind               // an object of the turn the tool names nowhere is a kind of a thing its text names (wordnet hypernym; 1/sense, half two levels up)
	fQuestionNameRead         // a question, and the tool, of no declared kind, reads by its name (readingActions)
	fCoverageSq               // coverage squared: what a tool that holds most of the clause adds beyond a straight line
	fBM25Sq                   // bm25_turn squared: the same beyond a straight line for the retrieval score
	fVerbDerivesHead          // the turn's verb and the head of the tool's name derive from each other (subscribe: subscription; wordnet, 1/sense)
	fMakesExisting            // the tool makes the thing its name heads, and the turn names one that exists, by its id ("add bob to event evt_8812")
	fIDAbbrev                 // an id's prefix abbreviates the head of the tool's name or an id parameter's noun (msg_8812: message)
	fObjectHeadWord           // the turn's head object is the last word of the compound the tool's name heads ("request" for a time-off request)
	fMissingHeadOuter         // missing_head, of a head the name's method does not write: what the method belongs to (headOuter)
	fRequiredUnmetID          // the share of the tool's required parameters that hold an id (param.idLike) no argument fills: the turn may name the thing otherwise ("the meeting with the vendor")
	fRequiredUnmetEnum        // the share of the tool's required parameters that take an enum the clause names no value of: a choice an agent may ask for ("cancel order 1182", and the reason)
	fCommandRead              // a command or request whose verb changes something (neither readingActions nor seeing), and the tool reads by an action neither that one nor near it ("refund invoice 7": not refund.list)
	fCoverageTurn             // the share of the whole turn's idf mass (the clause and its context) the tool holds; coverage, for a clause with no context
	fNameCoverageTurn         // name_coverage over the whole turn: the share of the name's content words the clause or its context holds
	fTopicSearch              // a reading clause says what a text is about, and the tool searches
	fActionMatchBare          // the tool acts as the clause asks (bareActions), for a tool whose description says no more than its name and that takes no parameters: a label, whose word for the action need not be a turn's verb
	fActionOtherBare          // action_other, for such a tool
	fMissingHeadInText        // missing_head, where the tool's text names the turn's head object: the thing asked for is one the tool says it deals with, by another name than its name's ("find a unisex salon", beside a tool named for providers that searches stylists and salons)
	fObjectAlias              // the turn's head object is what the description of another tool of the name's head says that head is (headAliases)
	numToolFeatures
)

// toolFeatureNames name the features of a tool, as the weights file does.
var toolFeatureNames = [numToolFeatures]string{
	"bm25", "bm25_turn", "bm25_action", "bm25_object", "bm25_text", "bm25_params", "coverage", "lead",
	"action_same", "action_asked", "action_implied", "action_noun", "same_word", "action_from_text",
	"action_near", "action_antonym", "action_other", "action_second", "action_in_text", "reported_write",
	"question_get", "verb_is_object", "verb_object", "object_head", "object_modifier", "object_more",
	"object_in_text", "name_word", "fuzzy", "missing_head", "extra_object", "agreement", "phrase",
	"quantifier", "id_format", "argument", "required_filled", "question_read", "question_write",
	"statement_write", "plural_list", "one_get", "name_miss", "name_coverage", "name_full", "both_ways", "described", "coverage_described", "name_bare", "lead_rel", "coverage_seen",
	"object_synonym", "object_derivation", "object_hypernym", "coverage_terms", "enum_named", "value_fit",
	"asked_name", "asked_text",
	"action_synonym", "action_hypernym", "free_text", "unheld_free", "required_unmet", "object_kind",
	"question_name_read", "coverage_sq", "bm25_sq", "verb_derives_head", "makes_existing",
	"id_abbrev", "object_head_word", "missing_head_outer", "required_unmet_id", "required_unmet_enum", "command_read",
	"coverage_turn", "name_coverage_turn", "topic_search", "action_match_bare", "action_other_bare",
	"missing_head_in_text", "object_alias",
}

// bareActions are the features that say a tool acts as the clause asks:
// for a tool whose name is all it says, action_match_bare reads them.
var bareActions = [...]int{fActionSame, fActionAsked, fActionImplied, fActionNoun, fActionFromText, fActionNear, fActionSynonym, fActionHypernym, fActionSecond}

// The features of "none", per clause.
const (
	nBias         = iota // 1: the prior of none
	nBestBM25            // the best candidate's BM25F, relative
	nBestCoverage        // the best candidate's coverage of the clause
	nUnseen              // the share of the clause's content terms no tool holds
	nChitchat            // the clause is chit-chat or a dialogue act
	nQuestion            // the clause is a question
	nNoAction            // the clause names no action
	nNoObject            // the clause names no object
	nNoFit               // no candidate's name fits the clause at all
	nUnseenObject        // the share of the clause's objects no tool holds in any field
	numNoneFeatures
)

// noneFeatureNames name the features of none.
var noneFeatureNames = [numNoneFeatures]string{
	"bias", "best_bm25", "best_coverage", "unseen", "chitchat", "question", "no_action", "no_object",
	"no_fit", "unseen_object",
}

// The features of none as the model weighs them (relVec): none's own
// features, then the features of the tool the ranking puts first that
// read the tool and the turn alone (topFeatures), each named "top_" and
// its name, then the top tool's utility ("top_utility"), as the ranking
// weighs it, and its square ("top_utility_sq"). None has no feature that compares the top tool with the
// others (its lead, its share of the ranking, the share of what some
// other tool holds): whether a turn has an answer is no matter of how
// many tools the catalogue has, and a tool alone in its catalogue leads
// by all it scores, so such a feature would learn a catalogue's size.
// The utility is the one place the ranking's comparison reaches none:
// its weights for the lead were fit to rank candidates, not to say
// whether any fits, and without it none is less sure of the clear wins
// (the Home Assistant turns lose 3 to 5 points).
const (
	relTop         = numNoneFeatures         // the top tool's features start here
	relRank        = relTop + numTopFeatures // the top tool's utility
	relRankSq      = relRank + 1             // its square: none's log-odds curve with the utility, not only slope
	relUnmetCov    = relRankSq + 1           // the top tool's required_unmet times its coverage: arguments left out of a turn the tool otherwise explains
	relMissCov     = relUnmetCov + 1         // the top tool's missing_head times its coverage
	numRelFeatures = relMissCov + 1
)

// comparingFeatures are the tool features none does not read: those that
// compare the tool with the other candidates, and the typos it was read
// through, which say how a word was written, not whether the turn asks
// for a tool (a corpus that writes its turns with typos and has few that
// ask for none would teach none that a typo is a sign of a request).
var comparingFeatures = [...]int{fLead, fLeadRel, fCoverageSeen, fFuzzy}

// numTopFeatures counts the tool features none reads of the top tool.
const numTopFeatures = int(numToolFeatures) - len(comparingFeatures)

// topFeatures are the tool features none reads of the top tool, in
// order.
var topFeatures = func() (ks [numTopFeatures]int) {
	n := 0
	for k := range int(numToolFeatures) {
		if !slices.Contains(comparingFeatures[:], k) {
			ks[n] = k
			n++
		}
	}
	return ks
}()

// topRuns are topFeatures as runs of features in a row, each placed at
// its index in topFeatures: relVec.fill copies each run whole, not a
// feature at a time.
var topRuns = func() (runs []featureRun) {
	for j, k := range topFeatures {
		if n := len(runs); n > 0 && runs[n-1].from+runs[n-1].n == k {
			runs[n-1].n++
			continue
		}
		runs = append(runs, featureRun{at: j, from: k, n: 1})
	}
	return runs
}()

// featureRun is a run of n tool features from from, placed at at.
type featureRun struct{ at, from, n int }

// relFeatureNames name the features of none as the model weighs them.
var relFeatureNames = func() (names [numRelFeatures]string) {
	copy(names[:], noneFeatureNames[:])
	for j, k := range topFeatures {
		names[relTop+j] = "top_" + toolFeatureNames[k]
	}
	names[relRank] = "top_utility"
	names[relRankSq] = "top_utility_sq"
	names[relUnmetCov] = "top_unmet_coverage"
	names[relMissCov] = "top_missing_head_coverage"
	return names
}()

// FeatureNames returns the names of the features of a tool and of none, in
// the order of the model's weights.
func FeatureNames() (tool, none []string) {
	return append([]string(nil), toolFeatureNames[:]...), append([]string(nil), relFeatureNames[:]...)
}

// toolVec, noneVec and relVec are feature vectors.
type (
	toolVec [numToolFeatures]float64
	noneVec [numNoneFeatures]float64
	relVec  [numRelFeatures]float64
)

// cand is one candidate of a clause: a tool, its features and what the
// decision needs of it. Its features are held apart (in the scorer's
// vecs, for Select), so that sorting the candidates moves only the small
// rest.
type cand struct {
	tool   int32
	x      *toolVec
	fit    bool // something of the name fits the turn
	barred bool // an antonym of the turn's action, a reported write, or what the turn says not to do: never selected
	u      float64
	p      float64
}

// noter receives the details of the evidence, for explanations and the
// summary of a decision's reason; a nil *noter, on the hot path, takes
// none. A note is written into the noter's own room, which a reset keeps,
// so a noter reused for every Select's summary allocates nothing once its
// room has grown.
type noter struct {
	// summary marks a noter that keeps only the notes of summaryFeatures:
	// the summary of a decision's reason reads no other, and a note not
	// wanted is never written (wants).
	summary bool
	has     [numToolFeatures]bool
	text    [numToolFeatures][]byte
}

// reset empties n, keeping its room; summary says whether it keeps only
// the notes of summaryFeatures.
func (n *noter) reset(summary bool) {
	n.summary = summary
	for k := range n.has {
		if n.has[k] {
			n.has[k], n.text[k] = false, n.text[k][:0]
		}
	}
}

// wants reports whether n keeps the note of feature: none for a nil
// noter, only those of summaryFeatures for a summary's.
func (n *noter) wants(feature int) bool {
	if n == nil {
		return false
	}
	if n.summary {
		return summarised[feature]
	}
	return true
}

// note adds a note to feature's, after "; " when it has one already.
// format has only the verbs %s and %d; see appendNote.
func (n *noter) note(feature int, format string, args ...any) {
	if !n.wants(feature) {
		return
	}
	b := n.text[feature]
	if len(b) > 0 {
		b = append(b, "; "...)
	}
	n.text[feature], n.has[feature] = appendNote(b, format, args), true
}

// detail returns the note of feature, and whether it has one.
func (n *noter) detail(feature int) (string, bool) {
	if n == nil || !n.has[feature] {
		return "", false
	}
	return string(n.text[feature]), true
}

// appendNote appends format with its verbs replaced by args in order:
// %s takes a string or a wordnet.Kind, %d an int; %% is a percent sign.
// It formats without the fmt package, whose use would make every argument
// escape to the heap at every call of note, summary or not.
func appendNote(b []byte, format string, args []any) []byte {
	k := 0
	for i := 0; i < len(format); i++ {
		ch := format[i]
		if ch != '%' || i+1 == len(format) {
			b = append(b, ch)
			continue
		}
		i++
		if format[i] == '%' {
			b = append(b, '%')
			continue
		}
		if k == len(args) {
			b = append(b, "%!"...)
			b = append(b, format[i])
			b = append(b, "(MISSING)"...)
			continue
		}
		switch a := args[k].(type) {
		case string:
			b = append(b, a...)
		case int:
			b = strconv.AppendInt(b, int64(a), 10)
		case wordnet.Kind:
			b = append(b, a.String()...)
		default:
			b = append(b, "%!"...)
			b = append(b, format[i])
			b = append(b, "(BADTYPE)"...)
		}
		k++
	}
	return b
}

// toolFeatures reads the evidence for tool i of one clause.
func (r *Router) toolFeatures(i int, f *features, s *scorer, c *cand, why *noter) {
	ti := &r.tools[i]
	m := r.share(f, s)
	x := c.x
	*x = toolVec{}
	h := &s.clause
	x[fBM25] = h.rel(h.at[i].score)
	x[fCoverage] = h.rel(h.at[i].matched)
	if h.seen > 0 {
		x[fCoverageSeen] = float64(h.at[i].matched / h.seen)
	}
	if h.terms > 0 {
		x[fCoverageTerms] = float64(h.at[i].held) / float64(h.terms)
	}
	if h.mass > 0 { // h.rel of each field, the mass tested once
		// The four fields written out, in the order of their features
		// (bm25_action to bm25_params): no loop, no index checked. A
		// constant index out of range fails to compile: four fields,
		// four features in a row.
		_ = [1]struct{}{}[numFields-4]
		_ = [1]struct{}{}[fBM25Params-fBM25Action-3]
		v, mass := &h.at[i].field, h.mass
		x[fBM25Action] = float64(v[0] / mass)
		x[fBM25Action+1] = float64(v[1] / mass)
		x[fBM25Action+2] = float64(v[2] / mass)
		x[fBM25Action+3] = float64(v[3] / mass)
	}
	x[fBM25Turn], x[fCoverageTurn] = x[fBM25], x[fCoverage]
	if s.multi {
		x[fBM25Turn] = s.turn.rel(s.turn.at[i].score)
		x[fCoverageTurn] = s.turn.rel(s.turn.at[i].matched)
	}
	fit := false
	// 1. Action.
	if f.action != "" && ti.action != "" {
		weak := m.weak
		rel := m.action(r, ti)
		switch {
		case ti.writes && (weak && (f.action == ti.action || rel.near) && !m.seeing ||
			f.askedState != "" && f.askedState == ti.action):
			// The verb of a question or a statement asks for no write:
			// "my card was charged twice" asks for no charge, and "is
			// the door locked?" for no locking.
			x[fReportedWrite] = 1
			if why.wants(fReportedWrite) {
				reported := f.action
				if f.askedState == ti.action {
					reported = f.askedState
				}
				why.note(fReportedWrite, "%s is reported, not asked for", reported)
			}
			c.barred = true
		case f.action == ti.action && ti.actionFromText:
			x[fActionFromText] = 1
			if why.wants(fActionFromText) {
				why.note(fActionFromText, "%s, from the tool's text", f.action)
			}
			fit = true
		case f.action == ti.action:
			k := fActionSame
			switch {
			case weak:
				k = fActionAsked
			case f.actionImplied:
				k = fActionImplied
			case f.actionNoun:
				k = fActionNoun
			}
			x[k] = 1
			if why.wants(k) {
				why.note(k, "%s", f.action)
			}
			fit = true
			if f.verbStem != "" && f.verbStem == ti.actionStem {
				x[fSameWord] = 1
				if why.wants(fSameWord) {
					why.note(fSameWord, "%s", ti.actionWord)
				}
			}
		case rel.antonym && !f.actionImplied && !f.question && !f.statement:
			x[fActionAntonym] = 1
			if why.wants(fActionAntonym) {
				why.note(fActionAntonym, "%s is the opposite of %s", f.action, ti.action)
			}
			c.barred = ti.writes
		case rel.near:
			x[fActionNear] = 1
			if why.wants(fActionNear) {
				why.note(fActionNear, "%s ~ %s", f.action, ti.action)
			}
		case rel.hasRelated && !f.actionImplied:
			// "reimburse" for refund: the wordnets relate the two
			// verbs, by a synonym, a derivation or a kind of it.
			k := fActionSynonym
			if rel.related.kind == wordnet.Hypernym || rel.related.kind == wordnet.Hypernym2 {
				k = fActionHypernym
			}
			x[k] = relationWeight(rel.related)
			if why.wants(k) {
				why.note(k, "%s ~ %s: %s, sense %d", f.action, ti.action, rel.related.kind, rel.related.sense)
			}
			fit = true
		case containsTerm(ti.actions, f.action) && !weak:
			x[fActionSecond] = 1
			if why.wants(fActionSecond) {
				why.note(fActionSecond, "%s is another verb of the name", f.action)
			}
			fit = true
		case m.inText(ti, m.actionText) || m.inText(ti, m.actionNoun):
			// The text names the action, the name another: the tool
			// does the other ("Mark one or more emails as read" for
			// "read me that email"); or the noun of the action ("Adds
			// a reply to the ticket" for "reply to the customer").
			x[fActionInText] = 1
			if why.wants(fActionInText) {
				why.note(fActionInText, "%s", f.action)
			}
			if !f.actionImplied && !weak {
				x[fActionOther] = 1
				if why.wants(fActionOther) {
					why.note(fActionOther, "%s is not %s", ti.action, f.action)
				}
			}
		case !f.actionImplied && !weak:
			x[fActionOther] = 1
			if why.wants(fActionOther) {
				why.note(fActionOther, "%s is not %s", ti.action, f.action)
			}
		}
	}
	if !ti.described && len(ti.params) == 0 && ti.action != "" && f.action != "" {
		// A tool named and no more, with no parameters (an intent's
		// label: bill_balance, are_you_a_bot), names its action by a word
		// that need not be the verb a turn uses for it: its action
		// evidence weighs apart, and name_full, which reads it, does not
		// fire.
		match := 0.0
		for _, k := range bareActions {
			match += x[k]
			x[k] = 0
		}
		if match > 0 {
			x[fActionMatchBare] = min(1, match)
			if why.wants(fActionMatchBare) {
				why.note(fActionMatchBare, "%s, by a name that is all the tool says", ti.action)
			}
		}
		if x[fActionOther] != 0 {
			x[fActionOtherBare], x[fActionOther] = x[fActionOther], 0
			if why.wants(fActionOtherBare) {
				why.note(fActionOtherBare, "%s is not %s", ti.action, f.action)
			}
		}
	}
	if ti.action != "" && containsTerm(f.without, ti.action) {
		// "esconde a avaliação sem apagar": what the turn says not to
		// do is never selected, whatever the model says.
		c.barred = true
	}
	if f.questionGet && ti.reads {
		want := "get"
		if f.plural && !f.hasID {
			want = "list"
		}
		if ti.action == want || want == "list" && ti.nearList && ti.action != "get" {
			x[fQuestionGet] = 1
		}
	}
	if f.verbStem != "" && ti.head >= 0 && f.verbStem == ti.headStem && !m.weak {
		x[fVerbIsObject] = 1
		if why.wants(fVerbIsObject) {
			why.note(fVerbIsObject, "%s acts on what the verb names", ti.tool.Name)
		}
		fit = true
	}
	if f.action != "" && !f.actionImplied && ti.action != f.action && containsTerm(ti.objects, m.objectAction) && ti.makes {
		x[fVerbObject] = 1
		if why.wants(fVerbObject) {
			why.note(fVerbObject, "%s is what the tool acts on", f.action)
		}
		fit = true
	}
	// "subscribe us to the starter plan" for create_subscription: the
	// verb names the thing the tool makes, by a derivation of its word
	// (actionRelated is read only with the wordnet, and so are the
	// lemmas beside ti.objects).
	derived := false
	if ti.head >= 0 && m.actionRelated != nil && !m.weak {
		if rel, ok := m.headAction(ti); ok && rel.kind == wordnet.Derivation {
			x[fVerbDerivesHead] = relationWeight(rel)
			if why.wants(fVerbDerivesHead) {
				why.note(fVerbDerivesHead, "%s ~ %s: derivation, sense %d", m.turnAction, ti.lemmas[ti.head].lemma, rel.sense)
			}
			derived = true
		}
	}
	// 2. Objects.
	headWord := false // the turn's head names the head compound by its last word
	if ti.head >= 0 && len(f.objects) > 0 {
		c, ok1 := strings.CutPrefix(ti.objects[ti.head], objectPrefix)
		t, ok2 := strings.CutPrefix(f.objects[0], objectPrefix)
		headWord = ok1 && ok2 && lastWordOf(t, c)
	}
	if headWord {
		x[fObjectHeadWord] = 1
		if why.wants(fObjectHeadWord) {
			why.note(fObjectHeadWord, "%s", strings.TrimPrefix(ti.objects[ti.head], objectPrefix))
		}
	}
	for k, o := range f.objects {
		at := indexTerm(ti.objects, o)
		name := strings.TrimPrefix(o, objectPrefix)
		matched := true
		switch {
		case at >= 0 && k == 0 && (at == ti.head || ti.head < 0):
			x[fObjectHead] = 1
			if why.wants(fObjectHead) {
				why.note(fObjectHead, "%s", name)
			}
		case at >= 0 && k == 0:
			x[fObjectModifier] = 1
			if why.wants(fObjectModifier) {
				why.note(fObjectModifier, "%s", name)
			}
		case at >= 0:
			x[fObjectMore] = min(3, x[fObjectMore]+1)
			if why.wants(fObjectMore) {
				why.note(fObjectMore, "%s", name)
			}
		case m.inText(ti, m.objectText[k]):
			x[fObjectInText] = min(3, x[fObjectInText]+1)
			if why.wants(fObjectInText) {
				why.note(fObjectInText, "%s", name)
			}
			matched = false
		default:
			matched = false
			r.kindInText(m, k, i, x, why)
		}
		if at >= 0 {
			fit = true
		}
		if matched && containsTerm(f.fuzzy, o) {
			x[fFuzzy]++
		}
	}
	for _, u := range f.unknown {
		if containsTerm(ti.stems, u) {
			x[fNameWord] = min(3, x[fNameWord]+1)
			if why.wants(fNameWord) {
				why.note(fNameWord, "%s", strings.TrimPrefix(u, stemPrefix))
			}
			if containsTerm(f.fuzzy, u) {
				x[fFuzzy]++
			}
			fit = true
		}
	}
	idNamed := false
	abbrev := -1 // the first id whose prefix abbreviates the tool's noun (id_abbrev)
	for k := range f.args {
		a := &f.args[k] // read in place: an argument is large to copy
		abbreviated := a.Kind == "identifier" && m.prefixes[k] != "" && abbreviatesTool(ti, m.trimmed[k], m.idNouns[k])
		if abbreviated && abbrev < 0 {
			abbrev = k
		}
		if a.Kind == "identifier" && (containsTerm(ti.idPrefixes, m.prefixes[k]) && prefixNamesObject(ti, m.prefixes[k]) || a.Noun == "" && abbreviated && abbreviatesHead(ti, m.trimmed[k], m.idNouns[k])) {
			// An id in the format of one of the things the tool's name
			// names names its object, and so does one whose prefix
			// abbreviates it (msg_8812, a message); a file's id names no
			// permission (revoke_permission's file_id).
			idNamed = true
		}
		if (a.Kind == "identifier" || a.Kind == "number") && ti.head >= 0 && headIDPattern(ti, a.Text) {
			idNamed = true // E30456 for the employee whose id is ^E[0-9]{4,8}$
		}
	}
	var related uint64 // the turn's objects the wordnets relate to the tool's (relatedObject), by index
	for k, o := range ti.objects {
		// A noun of the turn written with the object's stem names it,
		// alone or as a word of a compound, whichever sense the lexicon
		// gives each ("the conversion rate" names get_rate's rate).
		if ti.qualifier[k] || containsTerm(f.objects, o) || containsTerm(f.unknown, ti.stems[k]) || containsTerm(f.nounStems, ti.stems[k]) || argNames(f, o) ||
			f.action != "" && o == m.objectAction || k == ti.head && (idNamed || derived) {
			continue
		}
		if containsTerm(m.askTerms, o) {
			// What the question word asks for names it: "que horas
			// são?" names get_current_time's time, "how much is it?"
			// get_price's price.
			continue
		}
		if k != ti.head && idAbbreviates(f, m, o) {
			// An id whose prefix abbreviates a modifier of the name names
			// it: "browse fld_8812" names list_folder_items' folder.
			continue
		}
		if k == ti.head && (headWord || ti.headLast != "" && containsTerm(f.nounStems, ti.headLast)) {
			// The last word of a head of several names it too: "run
			// 555002" a workflow run.
			continue
		}
		if k == ti.head && f.headStem != "" && enumKind(ti, f.headStem, f.nounStems) {
			// The turn's head is a value of one of the tool's enums, a
			// kind of the thing the name heads: "find a comedy" names
			// FindMovies, whose genre lists Comedy.
			continue
		}
		if k == ti.head && len(f.objects) > 0 && containsTerm(ti.headAliases, f.objects[0]) {
			// The turn's head is what another tool of the same head says
			// that head is: "who's coming to the meeting?" names getEvent's
			// event, where cancelEvent cancels a meeting.
			x[fObjectAlias] = 1
			if why.wants(fObjectAlias) {
				why.note(fObjectAlias, "%s, as the catalogue calls %s", strings.TrimPrefix(f.objects[0], objectPrefix), strings.TrimPrefix(o, objectPrefix))
			}
			fit = true
			continue
		}
		if k == ti.head && ti.describedHead != "" && len(f.objects) > 0 && f.objects[0] == ti.describedHead {
			// The turn's head is what the description says the name's
			// head is: "find a therapist" names FindProvider's provider,
			// whose description discovers a therapist.
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(o, objectPrefix), stemPrefix)
		if k == ti.head && ti.genericHead && (heldNowhere(m) || m.free > 0) {
			// "add potatoes to the list": what no tool names is the
			// item, and so is a word no lexicon reads or quoted text
			// ("add kitesurfing to the list").
			continue
		}
		if r.relatedObject(m, ti, k, x, why) {
			// The turn's word the wordnets relate to the tool's object
			// counts as held in coverage ("the kings of France" for
			// get_monarchs), once, unless the tool's text holds it, as
			// much as the relation counts (relationWeight).
			if o := &m.objects[ti.lemmas[k].id]; o.turn < 64 && related&(1<<o.turn) == 0 &&
				!m.inText(ti, m.objectText[o.turn]) && !containsTerm(ti.objects, f.objects[o.turn]) {
				related |= 1 << o.turn
				x[fCoverage] = min(1, x[fCoverage]+h.rel(r.ix.idf(r.retrievalTerm(f.objects[o.turn])))*relationWeight(o.related))
			}
			continue
		}
		if k == ti.head && ti.headOuter {
			x[fMissingHeadOuter] = 1
			if why.wants(fMissingHeadOuter) {
				why.note(fMissingHeadOuter, "the turn never names %s", name)
			}
		} else if k == ti.head {
			x[fMissingHead] = 1
			if why.wants(fMissingHead) {
				why.note(fMissingHead, "the turn never names %s", name)
			}
			if len(f.objects) > 0 && m.inText(ti, m.objectText[0]) {
				x[fMissingHeadInText] = 1
				if why.wants(fMissingHeadInText) {
					why.note(fMissingHeadInText, "its text names %s", strings.TrimPrefix(f.objects[0], objectPrefix))
				}
			}
		} else {
			x[fExtraObject] = min(3, x[fExtraObject]+1)
			if why.wants(fExtraObject) {
				why.note(fExtraObject, "%s", name)
			}
		}
	}
	if ti.head >= 0 && len(f.objects) > 0 && f.objects[0] == ti.objects[ti.head] {
		if f.plural == ti.plural || f.anyOne && ti.plural && (ti.action == "search" || ti.action == "list") || f.plural && (ti.action == "list" || ti.action == "search") {
			// A list of many finds any one of them, and a list or a
			// search gives many whatever number its name writes
			// (crm_note_list: "the notes"; restaurant.find_nearby:
			// "find restaurants").
			x[fAgreement] = 1
		} else {
			x[fAgreement] = -1
		}
	}
	for _, t := range f.phrased {
		if int(t) == i {
			// A phrase the user's vocabulary gives the tool names it:
			// its action and its object, as its name would.
			x[fPhrase] = 1
			x[fActionSame] = 1
			if ti.head >= 0 {
				x[fObjectHead] = 1
			}
			x[fMissingHead], x[fMissingHeadOuter], x[fMissingHeadInText], x[fActionOther] = 0, 0, 0, 0
			if why.wants(fPhrase) {
				why.note(fPhrase, "a phrase the vocabulary gives this tool")
			}
			fit = true
			break
		}
	}
	if ti.all {
		if f.all {
			x[fQuantifier] = 1
		} else if !f.plural {
			x[fQuantifier] = -1
		}
	}
	// 3. Arguments.
	filled := 0
	required := ti.required
	var bound uint64             // the parameters an argument fills, by index (the first 64)
	left := loose{words: m.free} // what no argument fills, and the free words
	if ti.genericHead {
		// "put eggs on my shopping list": the thing no tool holds is the
		// item the generic head stands for (as it names the head,
		// above), and so the words of the item's parameter.
		left.words += unseenObjects(m)
	}
	for k := range f.args {
		a := &f.args[k]
		if a.Kind == "identifier" {
			if pre := m.prefixes[k]; pre != "" && containsTerm(ti.idPrefixes, pre) {
				x[fIDFormat] = 1
				if why.wants(fIDFormat) {
					why.note(fIDFormat, "%s is an id of the form %s", a.Text, pre)
				}
				had := bound
				for j := range ti.params {
					if ti.params[j].prefix == pre && j < 64 {
						bound |= 1 << j
					}
				}
				fit = true
				if bound == had {
					// The tool's text gives the id's form, but no
					// parameter of its own: the id fills the one its
					// pattern or its being an id fits, for what is
					// unmet; id_format has counted it as evidence.
					j := fitParam(ti.params, a, bound)
					if j < 0 {
						j = idParam(ti.params, bound, a.Text)
					}
					if j >= 0 && j < 64 {
						bound |= 1 << j
					}
				}
				continue
			}
		}
		// Each parameter takes one argument ("from today until March
		// 7th" fills a start and an end); an argument that fits only a
		// parameter another fills is evidence still, and fills nothing
		// ("E30456 now reports to E10001").
		j := fitParam(ti.params, a, bound)
		fills := j >= 0
		if !fills && bound != 0 {
			j = fitParam(ti.params, a, 0) // with nothing taken, the first call's answer stands
			if j >= 0 && a.Kind == "quoted" && isText(&ti.params[j]) {
				// A parameter of text takes one text: another quoted
				// text that fits no parameter but the one of text the
				// first fills is no more evidence ("sort 'b', 'a' and
				// 'c'" gives a search box one term).
				j = -1
			}
		}
		if j >= 0 {
			p := &ti.params[j]
			x[fArgument] = min(3, x[fArgument]+1)
			if why.wants(fArgument) {
				why.note(fArgument, "%s -> %s", a.Text, p.name)
			}
			if fills && p.required {
				filled++
			}
			if fills && j < 64 {
				bound |= 1 << j
			}
			continue
		}
		looseArg(ti.params, a, &bound, &left)
	}
	for k := range f.args {
		// An amount written with its currency gives the currency too
		// ("charge me $50": USD), as the binder binds it.
		a := &f.args[k]
		if a.Kind != "money" {
			continue // a currency named alone fills by fitParam, above
		}
		if j, _ := currencyParam(ti.params, *a, func(j int) bool { return j >= 64 || bound&(1<<j) != 0 }); j >= 0 {
			bound |= 1 << j
			if ti.params[j].required {
				filled++
			}
		}
	}
	if s.multi {
		// The context's arguments fill what the clause leaves ("book a
		// house. It's for four adults"); they are no evidence of their
		// own.
		left.words += s.ctxFree
		for k := range s.ctxArgs {
			a := &s.ctxArgs[k]
			if j := fitParam(ti.params, a, bound); j >= 0 && j < 64 {
				bound |= 1 << j
				continue
			}
			looseArg(ti.params, a, &bound, &left)
		}
	}
	if abbrev >= 0 && x[fIDFormat] == 0 {
		// Where the tool documents the id's format, no need to guess it.
		x[fIDAbbrev] = 1
		if why.wants(fIDAbbrev) {
			why.note(fIDAbbrev, "%s", f.args[abbrev].Text)
		}
	}
	if ti.makes && ti.head >= 0 {
		// "add bob to event evt_8812": the event exists; a tool that
		// makes events is not asked for.
		for _, a := range f.args {
			if (a.Kind == "identifier" || a.Kind == "number") && a.Counted == "" && a.Noun != "" && isObject(ti.objects[ti.head], a.Noun) && r.namesExisting(f, a) {
				x[fMakesExisting] = 1
				if why.wants(fMakesExisting) {
					why.note(fMakesExisting, "%s %s exists", a.Noun, a.Text)
				}
				break
			}
		}
	}
	if required > 0 {
		x[fRequired] = min(1, float64(filled)/float64(required))
		var names *unmetNames
		if why.wants(fRequiredUnmet) || why.wants(fRequiredUnmetID) || why.wants(fRequiredUnmetEnum) {
			names = &unmetNames{}
		}
		unmet, ids, enums := r.requiredUnmet(ti.params, ti.mayUnmet&^bound, f, left, names)
		if ids > 0 && f.given {
			// "cancel that order": the thing a demonstrative points at
			// is one the conversation has given, and its id with it.
			ids--
		}
		if unmet > 0 {
			x[fRequiredUnmet] = float64(unmet) / float64(required)
			if why.wants(fRequiredUnmet) {
				why.note(fRequiredUnmet, "%d of %d required parameters nothing in the turn fills: %s", unmet, required, strings.Join(names.unmet, ", "))
			}
		}
		if ids > 0 {
			x[fRequiredUnmetID] = float64(ids) / float64(required)
			if why.wants(fRequiredUnmetID) {
				why.note(fRequiredUnmetID, "%d of %d required parameters are ids no argument gives: %s", ids, required, strings.Join(names.ids, ", "))
			}
		}
		if enums > 0 {
			x[fRequiredUnmetEnum] = float64(enums) / float64(required)
			if why.wants(fRequiredUnmetEnum) {
				why.note(fRequiredUnmetEnum, "%d of %d required parameters are enums the turn names no value of: %s", enums, required, strings.Join(names.enums, ", "))
			}
		}
	}
	r.paramEvidence(ti, f, m, x, why)
	r.slotEvidence(i, f, m, x, why)
	// 4. Form.
	// A kind the catalogue left at its default says nothing of what
	// the tool does: a question or a statement is no evidence against
	// an unmarked tool (what its name does is question_name_read's).
	read := ti.reads
	switch {
	case ti.unmarked:
	case f.question && read:
		x[fQuestionRead] = 1
	case f.question:
		x[fQuestionWrite] = 1
	case f.statement && !read:
		x[fStatementWrite] = 1
	}
	if f.changes && read && ti.action != f.action && (ti.action == "" || !m.action(r, ti).near) {
		x[fCommandRead] = 1
		if why.wants(fCommandRead) {
			why.note(fCommandRead, "%s changes something; the tool reads", f.action)
		}
	}
	if f.question && ti.nameReads {
		x[fQuestionNameRead] = 1
	}
	// A question reads, whatever its verb names ("has order 2210
	// shipped?" gets the order).
	if (f.action == "get" || f.action == "list" || f.action == "search" || f.action == "" || f.question) && read {
		switch {
		case f.plural && !f.hasID && (ti.action == "list" || ti.action == "search"):
			x[fPluralList] = 1
		case f.hasID && !f.plural && ti.action == "get":
			x[fOneGet] = 1
		}
		if f.topic && ti.action == "search" {
			// A text that holds the topic is found by a search, not
			// a list of the things ("any emails about the invoice?").
			x[fTopicSearch] = 1
			if why.wants(fTopicSearch) {
				why.note(fTopicSearch, "the turn says what the texts are about; the tool searches")
			}
		}
	}
	if !fit {
		x[fNameMiss] = 1
	}
	if n := ti.nameWords; n > 0 {
		held, heldTurn, hit, hitTurn, first := 0, 0, false, false, ti.vendorFirst
		for _, id := range ti.nameTerms {
			switch {
			case id < 0: // the end of a word's terms
				if hit {
					held++
				} else if first {
					n-- // a vendor's prefix the turn never names
				}
				if hit || hitTurn {
					heldTurn++
				}
				hit, hitTurn, first = false, false, false
			case m.in[id] == m.gen:
				hit = true // a term of the word is one of the clause's
			case s.multi && m.inTurn[id] == m.gen:
				hitTurn = true // one of its context's
			}
		}
		if n > 0 {
			x[fNameCoverage] = float64(held) / float64(n)
			x[fNameCoverageTurn] = min(1, float64(heldTurn)/float64(n))
		}
	}
	x[fBothWays] = x[fNameCoverage] * x[fCoverage]
	x[fCoverageSq] = x[fCoverage] * x[fCoverage]
	x[fBM25Sq] = x[fBM25Turn] * x[fBM25Turn]
	if ti.described {
		x[fDescribed] = 1
		x[fCoverageDescribed] = x[fCoverage]
	} else {
		x[fNameBare] = x[fNameCoverage]
	}
	if (x[fActionSame] > 0 || x[fActionAsked] > 0 || x[fActionImplied] > 0 || x[fActionNoun] > 0 || x[fActionFromText] > 0) && x[fObjectHead] > 0 {
		x[fNameFull] = 1
	}
	c.fit = fit
}

// slotEvidence reads what the tool's parameters may take of the clause,
// and what its question word asks for. A tool with a free-text
// parameter (a name, an area, a query) may take the objects it holds in
// no field as values: "turn on the kitchen lights" needs no tool that
// names a kitchen.
func (r *Router) slotEvidence(i int, f *features, m *shared, x *toolVec, why *noter) {
	ti := &r.tools[i]
	if ti.takes[vText] {
		x[fFreeText] = 1
		if len(f.objects) > 0 {
			t, held := int32(i), 0
			for k := range f.objects {
				if m.query.holds(&m.objectRet[k], m.objectRead[k], m.queryGen, t) {
					held++
				}
			}
			x[fUnheldFree] = 1 - float64(held)/float64(len(f.objects))
		}
	}
	// What the question word asks for ("when": a date or a time), in
	// the name or elsewhere.
	for k, a := range f.asks {
		if containsTerm(ti.objects, m.askTerms[k]) {
			x[fAskedName], x[fAskedText] = 1, 0
			if why.wants(fAskedName) {
				why.note(fAskedName, "the question asks for a %s", a)
			}
			break
		}
		if x[fAskedText] == 0 && m.query.holds(&m.askRet[k], m.askRead[k], m.queryGen, int32(i)) {
			x[fAskedText] = 1
			if why.wants(fAskedText) {
				why.note(fAskedText, "the question asks for a %s", a)
			}
		}
	}
}

// identifiesOne reports whether the clause identifies one thing of the
// object term obj: by an id or a number of it ("invoice INV-42", "agent
// 9"), or by an id of no noun where obj is the clause's head object. A
// count ("2 bedrooms") or another thing's id ("candidates of job 318")
// identifies none.
func identifiesOne(f *features, obj string) bool {
	for k := range f.args {
		a := &f.args[k]
		if a.Kind != "identifier" && a.Kind != "number" || a.Counted != "" {
			continue
		}
		// The argument's noun names obj: its object term is obj, read
		// without joining them (isObject).
		names := isObject(obj, a.Noun)
		if a.Noun == "" && a.Kind == "identifier" && len(f.objects) > 0 {
			names = f.objects[0] == obj
		}
		if names && (a.Kind == "identifier" || len(f.objects) > 0 && f.objects[0] == obj) {
			return true
		}
	}
	return false
}

// paramEvidence reads what the clause says of the tool's parameters: a
// value an enum lists ("in celsius" for a unit of celsius or fahrenheit),
// and the values whose kind a parameter's type takes.
func (r *Router) paramEvidence(ti *toolInfo, f *features, m *shared, x *toolVec, why *noter) {
	// A value of a list's filter is no evidence for the list where the
	// clause is about one thing it identifies ("is invoice INV-42
	// paid?" asks for that invoice, whose status it names).
	filterOne := !f.plural && (ti.action == "list" || ti.action == "search") && ti.head >= 0 && identifiesOne(f, ti.objects[ti.head])
	for k := range ti.params {
		if filterOne || x[fEnumNamed] != 0 {
			break
		}
		p := &ti.params[k]
		for k, e := range p.enumText {
			if e == f.verbNorm && ti.action != f.action && !f.question && !f.statement {
				// "void the invoice": the verb commands an action the
				// tool does not do; it names no value of a status to
				// filter by ("which invoices are void?" does).
				continue
			}
			if len(e) >= 3 && f.holdsPhrase(e) {
				x[fEnumNamed] = 1
				if why.wants(fEnumNamed) {
					why.note(fEnumNamed, "%s is a value of %s", p.enum[k], p.name)
				}
				break
			}
		}
	}
	if m.values > 0 {
		took := 0
		for k, n := range m.kinds {
			if ti.takes[k] {
				took += n
			}
		}
		x[fValueFit] = float64(took) / float64(m.values)
	}
}

// loose counts what of a clause may fill a tool's parameters that no
// argument fills: the numbers (and amounts) and dates that fit no
// parameter by name, and the free words (words no lexicon reads, quoted
// text, and identifiers no id parameter takes).
type loose struct {
	numbers, dates, words int
}

// looseArg reads an argument no parameter's noun, pattern or type took.
// An id no noun names fills a parameter that holds one, as the binder's
// identifier rule binds it ("archive msg_8812"), so the parameter is not
// unmet; it counts as no argument, as only a noun or a pattern says the
// id is of the tool's. A number, an amount, a date or a time is loose:
// it may fill a parameter of its kind that nothing else fills; an
// identifier that fills no id is loose text ("rename it to
// q3-report.pdf").
func looseArg(params []param, a *grammar.Arg, bound *uint64, left *loose) {
	if a.Kind == "identifier" {
		if j := idParam(params, *bound, a.Text); j >= 0 {
			*bound |= 1 << j
			return
		}
	}
	switch a.Kind {
	case "number", "money":
		left.numbers++
	case "date", "time":
		left.dates++
	case "identifier":
		// A value no id parameter takes is text a parameter of text
		// may hold: "rename it to invoice-2026.pdf", "release v0.9.1".
		left.words++
	}
}

// requiredUnmet counts the required parameters nothing in the clause
// evidently fills, of those no argument fills (open, by index: the
// tool's mayUnmet less the parameters bound), and
// apart from them those that hold an id (param.idLike): a turn may name
// the thing it acts on without its id ("the meeting with the vendor",
// "this ticket"), where a missing place or date is missing; and, third,
// those that take a value of an enum the clause names neither as written
// nor by a word's stem ("musical" for Music): a choice among the values
// the tool lists, which a turn that asks for the tool often leaves for
// the agent to ask ("cancel order 1182" gives no reason). Unmet are
// one that takes a value of a pattern or a format other than a date;
// and one that takes a number, a date (by
// its format or its name: travel_date) or free text, for each beyond the
// loose numbers, dates or free words of the clause (a word a lexicon
// reads is not counted, though it may be the text: the fit weighs what
// the count is worth), unless the clause names a value its description
// gives as an example (exampleNamed). A parameter of another type (a
// boolean, an array, an object) is left out: it may take its default; so
// is one whose schema gives a default, though it says it is required. Only a tool's first
// 64 parameters are read (open has room for them). With names, it also
// names the parameters it counts, for an explanation.
func (r *Router) requiredUnmet(params []param, open uint64, f *features, l loose, names *unmetNames) (int, int, int) {
	unmet, numbers, dates, text, enums := 0, 0, 0, 0, 0
	idUnmet, idNumbers, idText := 0, 0, 0
	// The parameters of each count, in order, when names are asked for
	// (in names' room, which only they clear): those of a kind the loose
	// values fill are the first ones, and the unmet the rest.
	var ofKind *[numUnmetKinds][]string
	if names != nil {
		ofKind = &names.ofKind
	}
	for ; open != 0; open &= open - 1 { // in order, as the parameters are
		p := &params[bits.TrailingZeros64(open)]
		kind := -1
		if p.idLike {
			// An id takes what the other parameters leave.
			switch {
			case p.typ == "number" || p.typ == "integer":
				idNumbers++
				kind = uIDNumber
			case p.pattern != nil || p.format != "":
				idUnmet++
				kind = uIDUnmet
			default:
				idText++
				kind = uIDText
			}
		} else {
			switch p.typ {
			case "number", "integer":
				numbers++
				kind = uNumber
			case "string":
				switch {
				case len(p.enum) > 0:
					if !r.enumNamed(p, f) {
						enums++
						kind = uEnum
					}
				case dateKind(p) != "":
					dates++
					kind = uDate
				case p.pattern != nil || p.format != "":
					unmet++
					kind = uUnmet
				case r.exampleNamed(p, f):
					// The clause names a value the description gives
					// as an example ("a villa" for "such as villa").
				default:
					text++
					kind = uText
				}
			}
		}
		if names != nil && kind >= 0 {
			ofKind[kind] = append(ofKind[kind], p.name)
		}
	}
	idNumbersLeft, idTextLeft := max(0, l.numbers-numbers), max(0, l.words-text)
	if names != nil {
		rest := func(ps []string, filled int) []string { return ps[min(len(ps), max(0, filled)):] }
		names.unmet = slices.Concat(ofKind[uUnmet], rest(ofKind[uNumber], l.numbers), rest(ofKind[uDate], l.dates), rest(ofKind[uText], l.words))
		names.ids = slices.Concat(ofKind[uIDUnmet], rest(ofKind[uIDNumber], idNumbersLeft), rest(ofKind[uIDText], idTextLeft))
		names.enums = ofKind[uEnum]
	}
	ids := idUnmet + max(0, idNumbers-idNumbersLeft) + max(0, idText-idTextLeft)
	return unmet + max(0, numbers-l.numbers) + max(0, dates-l.dates) + max(0, text-l.words), ids, enums
}

// unmetNames are the names of the required parameters requiredUnmet
// counts, for an explanation: those nothing fills, the ids no argument
// gives, and the enums the clause names no value of.
type unmetNames struct {
	unmet, ids, enums []string
	ofKind            [numUnmetKinds][]string // by kind, as requiredUnmet reads them
}

// The kinds of required parameter requiredUnmet counts apart.
const (
	uUnmet    = iota // unmet whatever the clause's loose values: a pattern, a format
	uNumber          // a number, filled by a loose number
	uDate            // a date, filled by a loose date
	uText            // free text, filled by a loose word
	uIDUnmet         // an id with a pattern or a format
	uIDNumber        // an id that is a number, filled by a number the others leave
	uIDText          // an id in free text, filled by a word the others leave
	uEnum            // an enum the clause names no value of
	numUnmetKinds
)

// enumNamed reports whether the clause names a value of the parameter's
// enum: by the concept of the clause's action ("remove" names delete), as
// written (a value of three letters or more), by the concept of an
// object of the clause, in any language ("a empresa" names company), or
// by a word's stem ("musical" names Music, "family therapist" Family
// Counselor).
func (r *Router) enumNamed(p *param, f *features) bool {
	for _, e := range p.enumText {
		if f.action != "" && !f.actionImplied {
			// "remove the second item": an enum of operations takes
			// the one the clause's verb names (delete).
			if c, ok := r.en.Actions[e]; ok && c == f.action {
				return true
			}
		}
		if len(e) >= 3 && f.holdsPhrase(e) {
			return true
		}
		for _, o := range f.objects {
			if c, ok := strings.CutPrefix(o, objectPrefix); ok && c == e {
				return true
			}
		}
	}
	for _, t := range p.enumStems {
		if containsTerm(f.terms, t) {
			return true
		}
	}
	return r.enumRelated(p, f)
}

// exampleNamed reports whether the clause names a value a parameter's
// description gives as an example: as written, or by the stem of an
// example of one word ("sculptures" for "e.g. painting, sculpture").
func (r *Router) exampleNamed(p *param, f *features) bool {
	for _, e := range p.exampleText {
		if strings.IndexByte(e, ' ') >= 0 && f.holdsPlural(e) {
			return true
		}
	}
	for _, t := range p.exampleStems {
		if containsTerm(f.terms, t) {
			return true
		}
	}
	return false
}

// enumRelated reports whether a word of the clause names a value of one
// word of a parameter's enum by a synonym or a form derived from it, as
// the wordnet relates them ("comic movies" names Comedy). requiredUnmet
// counts such a value named; the evidence that a turn names a value
// (enum_named) reads it as written only, as a related word more often
// means something else there ("musical shows" is no Musical genre).
func (r *Router) enumRelated(p *param, f *features) bool {
	if r.wn == nil {
		return false
	}
	for _, e := range p.enumText {
		if len(e) < 4 || strings.IndexByte(e, ' ') >= 0 {
			continue
		}
		related := relatedLemmas(r.wn, e)
		if len(related) == 0 {
			continue
		}
		for i := range f.words {
			w := &f.words[i]
			if w.Class == grammar.Value || w.Class == grammar.Function && w.Concept == "" {
				continue
			}
			for _, l := range [2]string{w.Norm, conceptLemma(w.Concept)} {
				if rel, ok := related[l]; ok && (rel.kind == wordnet.Synonym || rel.kind == wordnet.Derivation) {
					return true
				}
			}
		}
	}
	return false
}

// prefixNamesObject reports whether the ids of the form pre are those of a
// thing the tool's name names: a parameter of that form is named by one
// of the name's objects (file_id for delete_file, payment_method_id for
// payment_method.set_default), or none is (the form is the text's only).
// A file's id names no permission (revoke_permission's file_id).
func prefixNamesObject(ti *toolInfo, pre string) bool {
	if ti.head < 0 {
		return true
	}
	found := false
	for k := range ti.params {
		p := &ti.params[k]
		if p.prefix != pre {
			continue
		}
		for _, o := range ti.objects {
			if namesObject(p.terms, o) {
				return true
			}
		}
		found = true
	}
	return !found
}

// namesObject reports whether a parameter's name terms name an object
// term: hold it, or every word of a compound (payment_method_id for the
// payment_method).
func namesObject(terms []string, o string) bool {
	if containsTerm(terms, o) {
		return true
	}
	c, ok := strings.CutPrefix(o, objectPrefix)
	if !ok || !strings.Contains(c, "_") {
		return false
	}
	for w := range strings.SplitSeq(c, "_") {
		if !containsTerm(terms, objectPrefix+w) {
			return false
		}
	}
	return true
}

// idParam is the parameter, among the first 64 and none of bound, that
// an id no noun names fills: one that holds an id (param.idLike) and whose
// pattern, if any, the id matches, a required one first; or -1.
func idParam(params []param, bound uint64, id string) int {
	best := -1
	for j := range params {
		p := &params[j]
		if j >= 64 || bound&(1<<j) != 0 || !p.idLike || p.pattern != nil && !p.pattern.MatchString(id) {
			continue
		}
		if p.required {
			return j
		}
		if best < 0 {
			best = j
		}
	}
	return best
}

// The kinds of value a parameter's type takes, for value_fit.
const (
	vNumber = iota
	vDate
	vMoney
	vQuoted
	vText // not a kind of argument: some parameter takes free text (a string with no enum or pattern)
	numValueKinds
)

// valueKind is the kind of value an argument is, or -1.
func valueKind(a *grammar.Arg) int {
	switch a.Kind {
	case "number":
		return vNumber
	case "date", "time":
		return vDate
	case "money":
		return vMoney
	case "quoted":
		return vQuoted
	}
	return -1
}

// mayUnmet are the parameters among the first 64 that requiredUnmet may
// count, by index: required, with no default, not made by the caller.
func mayUnmet(params []param) uint64 {
	var may uint64
	for j := range min(len(params), 64) {
		if p := &params[j]; p.required && !p.hasDefault && !p.callerMade {
			may |= 1 << j
		}
	}
	return may
}

// paramKinds are how many of params are required, and the kinds of value
// some parameter's type takes.
func paramKinds(params []param) (required int, takes [numValueKinds]bool) {
	for k := range params {
		p := &params[k]
		if p.required && !p.callerMade {
			required++
		}
		switch p.typ {
		case "number", "integer":
			takes[vNumber], takes[vMoney] = true, true
		case "string":
			takes[vQuoted] = true
			if len(p.enum) == 0 && p.pattern == nil && p.format == "" {
				takes[vText] = true
			}
			if p.format == "date" || p.format == "date-time" || containsTerm(p.terms, objectPrefix+"date") || isTime(p) {
				takes[vDate] = true
			}
		}
	}
	return required, takes
}

// holdsPhrase reports whether the clause's words hold phrase, normalised
// words joined by spaces.
func (f *features) holdsPhrase(phrase string) bool { return f.holds(phrase, false) }

// holdsPlural is holdsPhrase, with the phrase's last word in the plural
// too ("guest rooms" holds "guest room").
func (f *features) holdsPlural(phrase string) bool { return f.holds(phrase, true) }

// holds reports whether the clause's words hold phrase, followed by a
// plural's ending ("s", "es") where plural allows it.
func (f *features) holds(phrase string, plural bool) bool {
	if f.norms == "" {
		n := 1
		for i := range f.words {
			n += len(f.words[i].Norm) + 1
		}
		var b strings.Builder
		b.Grow(n) // one allocation
		b.WriteByte(' ')
		for i := range f.words {
			b.WriteString(f.words[i].Norm)
			b.WriteByte(' ')
		}
		f.norms = b.String()
	}
	if phrase == "" {
		return false
	}
	for at := 0; ; {
		i := strings.Index(f.norms[at:], phrase)
		if i < 0 {
			return false
		}
		i += at
		if rest := f.norms[i+len(phrase):]; f.norms[i-1] == ' ' && rest != "" &&
			(rest[0] == ' ' || plural && (strings.HasPrefix(rest, "s ") || strings.HasPrefix(rest, "es "))) {
			return true
		}
		at = i + 1
	}
}

// noneFeatures reads the evidence that no tool fits a clause.
func (r *Router) noneFeatures(c *grammar.Clause, f *features, s *scorer, cands []cand) noneVec {
	var y noneVec
	y[nBias] = 1
	noFit := true
	first, second := 0.0, 0.0
	for k := range cands {
		switch b := cands[k].x[fBM25]; {
		case b > first:
			first, second = b, first
		case b > second:
			second = b
		}
		y[nBestBM25] = max(y[nBestBM25], cands[k].x[fBM25])
		y[nBestCoverage] = max(y[nBestCoverage], cands[k].x[fCoverage])
		if cands[k].fit {
			noFit = false
		}
	}
	if noFit {
		y[nNoFit] = 1
	}
	for k := range cands {
		// Each candidate's lead over the best of the others.
		other := first
		if cands[k].x[fBM25] == first {
			other = second
		}
		cands[k].x[fLead] = cands[k].x[fBM25] - other
		if m := max(cands[k].x[fBM25], other); m > 0 {
			cands[k].x[fLeadRel] = cands[k].x[fLead] / m
		}
	}
	if s.clause.terms > 0 {
		y[nUnseen] = float64(s.clause.unseen) / float64(s.clause.terms)
	}
	if c.Act == grammar.Chitchat {
		y[nChitchat] = 1
	}
	if f.question {
		y[nQuestion] = 1
	}
	if f.action == "" {
		y[nNoAction] = 1
	}
	if len(f.objects) == 0 {
		y[nNoObject] = 1
	} else {
		y[nUnseenObject] = float64(unseenObjects(r.share(f, s))) / float64(len(f.objects)) // read once a clause
	}
	return y
}

// seeing reports whether an action is one of seeing (get and the actions
// near it: list, search, ...), which asks about things and writes
// nothing: a question with such a verb never reports a write.
func seeing(r *Router, action string) bool {
	return action == "get" || r.en.IsNear(action, "get")
}

// abbreviatesTool reports whether an id's prefix (MSG_, as IDPrefix
// writes it) abbreviates the head noun of the tool's name or the noun of
// one of its id parameters (abbreviates), for a tool that takes an id;
// among nouns only, unless nouns is nil (mayAbbreviate). The prefix is
// pre, its mark trimmed (abbreviatesBy).
func abbreviatesTool(ti *toolInfo, pre string, nouns []string) bool {
	return takesID(ti) && abbreviatesNoun(ti, pre, nil, nouns)
}

// mayAbbreviate reports whether an id's prefix abbreviates a concept
// (abbreviates) that is among nouns, the concepts whose ids the
// catalogue documents with the prefix, or any concept when nouns is nil
// (no tool documents the prefix). The prefix is pre, its mark trimmed
// (abbreviatesBy).
func mayAbbreviate(pre, concept string, nouns []string) bool {
	return abbreviatesBy(pre, concept) && (nouns == nil || slices.Contains(nouns, concept))
}

// abbreviatesHead reports whether an id's prefix abbreviates the head of
// the tool's name, or the noun of an id parameter the description does
// not name as another thing than the head: removeReminder's eventId is
// the id of the event its description removes a reminder from, and
// evt_8812 names that event, not a reminder. The prefix is pre, its mark
// trimmed (abbreviatesBy).
func abbreviatesHead(ti *toolInfo, pre string, nouns []string) bool {
	return ti.head >= 0 && abbreviatesNoun(ti, pre, ti.describedOthers, nouns)
}

// abbreviatesNoun reports whether an id's prefix abbreviates the head
// noun of the tool's name or the noun of one of its id parameters, other
// than the object terms of others, as mayAbbreviate reads it (pre: the
// prefix, its mark trimmed).
func abbreviatesNoun(ti *toolInfo, pre string, others, nouns []string) bool {
	if ti.head >= 0 {
		if c, ok := strings.CutPrefix(ti.objects[ti.head], objectPrefix); ok && mayAbbreviate(pre, c, nouns) {
			return true
		}
	}
	for j := range ti.params {
		if !ti.params[j].idLike {
			continue
		}
		for _, t := range ti.params[j].terms {
			if c, ok := strings.CutPrefix(t, objectPrefix); ok && mayAbbreviate(pre, c, nouns) && !containsTerm(others, t) {
				return true
			}
		}
	}
	return false
}

// idAbbreviates reports whether the prefix of an id of the clause
// abbreviates the object term o (fld_8812: a folder).
func idAbbreviates(f *features, m *shared, o string) bool {
	c, ok := strings.CutPrefix(o, objectPrefix)
	if !ok {
		return false
	}
	for k := range f.args {
		if f.args[k].Kind == "identifier" && m.prefixes[k] != "" && mayAbbreviate(m.trimmed[k], c, m.idNouns[k]) {
			return true
		}
	}
	return false
}

// abbreviates reports whether an id's prefix (MSG_: its letters, in any
// case, then a dash or an underscore) abbreviates the last word of a
// concept: it has two letters or more, its first starts the word, and its
// others are the word's, in order (msg: message, evt: event, inv:
// invoice).
func abbreviates(prefix, concept string) bool {
	return abbreviatesBy(strings.TrimRight(prefix, "_-"), concept)
}

// abbreviatesBy is abbreviates of a prefix with its mark trimmed (pre):
// a caller that asks of many concepts trims it once.
func abbreviatesBy(pre, concept string) bool {
	w := concept[strings.LastIndexByte(concept, '_')+1:]
	if len(pre) < 2 || len(w) < len(pre) || w[0] != pre[0]|0x20 {
		return false
	}
	k := 1
	for i := 1; i < len(w) && k < len(pre); i++ {
		if w[i] == pre[k]|0x20 {
			k++
		}
	}
	return k == len(pre)
}

// lastWordOf reports whether w is the last word of the compound concept c
// (request of leave_request).
func lastWordOf(w, c string) bool {
	n := len(c) - len(w)
	return n > 1 && c[n-1] == '_' && c[n:] == w
}

// headIDPattern reports whether an id matches the pattern of a parameter
// that holds the id of the tool's head (employeeId of updateEmployee).
func headIDPattern(ti *toolInfo, id string) bool {
	for j := range ti.params {
		p := &ti.params[j]
		if p.idLike && p.pattern != nil && containsTerm(p.terms, ti.objects[ti.head]) && p.pattern.MatchString(id) {
			return true
		}
	}
	return false
}

// namesExisting reports whether an argument names a thing that exists:
// it follows its noun right after it ("add bob to event evt_8812"), and
// that noun is no object the clause's command makes, after its verb with
// only articles and adjectives between ("create branch fix/header", "cria
// a branch fix/header": the new thing's name). An argument after a
// preposition is another thing's ("add a note to dl_20931"). A word that
// can be an article or a preposition ("a") is the article right between
// the verb and its noun.
func (r *Router) namesExisting(f *features, a grammar.Arg) bool {
	at := -1
	for k := range f.words {
		if f.words[k].Start == a.Start {
			at = k
			break
		}
	}
	if at < 1 || f.words[at-1].Class != grammar.Noun || f.words[at-1].Concept != a.Noun {
		return false
	}
	first := at - 1 // the first noun of the run before the argument
	for first > 0 && f.words[first-1].Class == grammar.Noun {
		first--
	}
	for k := first - 1; k >= 0; k-- {
		w := &f.words[k]
		switch {
		case w.Class == grammar.Verb:
			return false // the verb's object: the thing it makes
		case w.Class != grammar.Function:
			return true
		case inClass(&r.classes.preposition, w.Norm):
			if k == 0 || f.words[k-1].Class != grammar.Verb || k != first-1 || !inClass(&r.classes.determiner, w.Norm) {
				return true
			}
		}
	}
	return true
}

// takesID reports whether some parameter of the tool holds an id: a tool
// with none (a list of invoices) takes no id the turn gives, whatever its
// prefix abbreviates.
func takesID(ti *toolInfo) bool {
	for j := range ti.params {
		if ti.params[j].idLike {
			return true
		}
	}
	return false
}

// enumKind reports whether stem, a stem term of the clause's head, names
// a value some string parameter of ti lists in its enum: a value of one
// word by that word, a value of several by all of its words among the
// clause's nouns (nouns). A word of a value is not the value: "the area
// of a rectangle" names no "Shopping Area", which is a kind of area, not
// the other way round.
func enumKind(ti *toolInfo, stem string, nouns []string) bool {
	for k := range ti.params {
		p := &ti.params[k]
		if !containsTerm(p.enumStems, stem) {
			continue
		}
		for _, v := range p.enumValueStems {
			if !slices.Contains(v, stem) {
				continue
			}
			all := true
			for _, t := range v {
				if t != stem && !containsTerm(nouns, t) {
					all = false
					break
				}
			}
			if all {
				return true
			}
		}
	}
	return false
}
