package router

import (
	"maps"
	"slices"
	"strings"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// phrase is a vocabulary phrase of a tool.
type phrase struct {
	tool int32
	text string // normalised
}

// useVocabulary takes the words of the turn language and the phrases of a
// vocabulary file.
func (r *Router) useVocabulary(v *catalogue.Vocabulary) error {
	if v == nil {
		return nil
	}
	if err := v.Check(r.cat); err != nil {
		return err
	}
	r.words = v.Words[r.lang]
	index := map[string]int32{}
	for i := range r.tools {
		index[r.tools[i].tool.Name] = int32(i)
	}
	for _, name := range slices.Sorted(maps.Keys(v.Phrases)) {
		for _, p := range v.Phrases[name] {
			r.phrases = append(r.phrases, phrase{tool: index[name], text: p})
		}
	}
	return nil
}

// vocabularyTerm reads a turn word through the vocabulary's words: the
// catalogue word it stands for, read as a term ("" when the vocabulary
// does not name it).
func (r *Router) vocabularyTerm(norm string, verb bool) string {
	target, ok := r.words[norm]
	if !ok {
		return ""
	}
	if strings.Contains(target, " ") {
		if term := r.an.phraseTerm(target); term != "" {
			return term
		}
	}
	words := tokenize.SplitName(target)
	if len(words) == 0 {
		return ""
	}
	return r.an.wordTerm(words[len(words)-1], !verb)
}

// phraseTools appends the tools whose vocabulary phrases the turn holds,
// as whole words.
func (r *Router) phraseTools(dst []int32, turn string) []int32 {
	if len(r.phrases) == 0 {
		return dst
	}
	t := " " + strings.Join(strings.Fields(r.an.tk.Normalize(turn)), " ") + " "
	for _, p := range r.phrases {
		if i := strings.Index(t, p.text); i > 0 && t[i-1] == ' ' && isBoundary(t, i+len(p.text)) {
			dst = append(dst, p.tool)
		}
	}
	return dst
}

// phraseWordsOptional makes the words of the vocabulary phrases the
// clause holds optional terms (features.optional): a phrase reads as the
// name of its tool, whose terms the clause then holds, so its own words
// ("put it in the attic") are no words the tools miss.
func (r *Router) phraseWordsOptional(f *features, clause string) {
	if len(r.phrases) == 0 || len(f.phrased) == 0 {
		return
	}
	t := " " + strings.Join(strings.Fields(r.an.tk.Normalize(clause)), " ") + " "
	for _, p := range r.phrases {
		if i := strings.Index(t, p.text); i <= 0 || t[i-1] != ' ' || !isBoundary(t, i+len(p.text)) {
			continue
		}
		for w := range strings.FieldsSeq(p.text) {
			if term := r.an.wordTerm(w, true); term != "" {
				f.optional = appendUnique(f.optional, r.retrievalTerm(term))
			}
			for _, st := range r.wordStems(w, nil) {
				f.optional = appendUnique(f.optional, st)
			}
		}
	}
}

func isBoundary(t string, i int) bool {
	if i >= len(t) {
		return true
	}
	c := t[i]
	return c == ' ' || c == ',' || c == '.' || c == '?' || c == '!' || c == ';' || c == ':'
}

// readAgain reads a request to do an action again as the action its
// English verb with re- names, where the lexicon holds that verb as a
// concept near the action and some tool's name does it: "open the issue
// again" asks for reopening it, "roda de novo o workflow" for a rerun.
// The clause must say again, with a word of the lexicon's again class.
// The action's own words stay evidence: a tool that only opens is near.
func (r *Router) readAgain(f *features, clause string) {
	if f.action == "" || f.statement || f.question {
		return
	}
	again, ok := r.en.Actions["re"+f.action]
	if !ok || again == f.action || !r.en.IsNear(again, f.action) || !r.saysClass(clause, "again") {
		return
	}
	for _, p := range r.postings[actionPrefix+again] {
		if p.field == fieldAction {
			f.action, f.actionNoun = again, false
			r.addTerm(f, conceptPrefix+again)
			return
		}
	}
}

// saysClass reports whether the clause holds a word or phrase of a
// function class of the turn's lexicon.
func (r *Router) saysClass(clause, class string) bool {
	t := " " + strings.Join(strings.Fields(r.an.tk.Normalize(clause)), " ") + " "
	for m := range r.gram.Lexicon().Function[class] {
		if i := strings.Index(t, " "+m); i >= 0 && isBoundary(t, i+1+len(m)) {
			return true
		}
	}
	return false
}

// readUndo reads a statement that reports an unwanted action as asking
// to undo it: "I was charged twice" asks for a refund, "I archived it by
// mistake" for a restore. The statement must say the action was unwanted,
// with a word of the lexicon's mistake class, and some tool must do the
// action's opposite.
func (r *Router) readUndo(f *features, clause string) {
	if !f.statement || f.action == "" || len(r.en.Antonyms[f.action]) == 0 {
		return
	}
	if !r.saysClass(clause, "mistake") {
		return
	}
	for _, undo := range r.en.Antonyms[f.action] {
		for _, p := range r.postings[actionPrefix+undo] {
			if p.field == fieldAction {
				// The words of the reported action are no evidence for
				// the tool that did it: the turn asks for the undoing.
				reported := f.action
				f.action, f.actionNoun, f.statement = undo, false, false
				var room [4]string
				verbTerms := r.wordStems(f.verbNorm, room[:0]) // the retrieval stems of the verb as written
				terms, ids := f.terms[:0], f.ids[:0]
				for k, t := range f.terms {
					if t != conceptPrefix+reported && !containsTerm(verbTerms, t) {
						terms, ids = append(terms, t), append(ids, f.ids[k])
					}
				}
				f.terms, f.ids = terms, ids
				r.addTerm(f, conceptPrefix+undo)
				return
			}
		}
	}
}
