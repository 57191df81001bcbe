package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The Open English WordNet source YAML is a regular dump: two-space indents,
// block lists, no flow collections, no anchors. A general YAML decoder takes
// minutes over its 45 MB, so this file reads the few keys the generator needs
// line by line, by indentation, and ignores the rest (definitions, examples,
// pronunciations and their continuation lines, which are indented deeper
// than any key read here).

// entrySense is one sense of an entry (a lemma and part of speech).
type entrySense struct {
	id, synset          string
	derivation, antonym []string
}

// entry is one lemma of one part of speech, as entries-*.yaml gives it.
type entry struct {
	lemma, pos string
	forms      []string
	senses     []entrySense
}

// synset is one synset of a noun.*, verb.* or adj.* file.
type synset struct {
	id, ili, pos                 string
	members                      []string
	hypernym, attribute, similar []string
}

// line is one line of a YAML file, split at its indent.
type line struct {
	no     int
	indent int
	text   string // without the indent
}

// lines calls fn for every line that is not blank.
func lines(r io.Reader, fn func(line) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	no := 0
	for sc.Scan() {
		no++
		raw := strings.TrimRight(sc.Text(), " \r")
		text := strings.TrimLeft(raw, " ")
		if text == "" {
			continue
		}
		if err := fn(line{no: no, indent: len(raw) - len(text), text: text}); err != nil {
			return fmt.Errorf("line %d: %w", no, err)
		}
	}
	return sc.Err()
}

// keyValue splits "key: value" or "key:" (the key may be quoted); the value
// is left raw, to be decoded by scalar when it is wanted.
func keyValue(s string) (key, value string, err error) {
	var rest string
	if s != "" && (s[0] == '\'' || s[0] == '"') {
		key, rest, err = quoted(s)
		if err != nil {
			return "", "", err
		}
		if !strings.HasPrefix(rest, ":") {
			return "", "", fmt.Errorf("no colon after key in %q", s)
		}
		rest = rest[1:]
	} else {
		i := strings.Index(s, ": ")
		switch {
		case i >= 0:
			key, rest = s[:i], s[i+1:]
		case strings.HasSuffix(s, ":"):
			key = s[:len(s)-1]
		default:
			return "", "", fmt.Errorf("no key in %q", s)
		}
	}
	return key, strings.TrimSpace(rest), nil
}

// scalar decodes a plain, single- or double-quoted scalar.
func scalar(s string) (string, error) {
	if s == "" || (s[0] != '\'' && s[0] != '"') {
		return s, nil
	}
	v, rest, err := quoted(s)
	if err != nil {
		return "", err
	}
	if rest != "" {
		return "", fmt.Errorf("text after quoted scalar in %q", s)
	}
	return v, nil
}

// quoted decodes the quoted scalar at the start of s and returns the rest.
func quoted(s string) (value, rest string, err error) {
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch {
		case q == '\'' && s[i] == '\'':
			if i+1 < len(s) && s[i+1] == '\'' {
				i++
				continue
			}
			return strings.ReplaceAll(s[1:i], "''", "'"), s[i+1:], nil
		case q == '"' && s[i] == '\\':
			i++
		case q == '"' && s[i] == '"':
			v, err := strconv.Unquote(s[:i+1])
			return v, s[i+1:], err
		}
	}
	return "", "", fmt.Errorf("unterminated quoted scalar %q", s)
}

// readEntries reads an entries-*.yaml file.
func readEntries(r io.Reader) ([]entry, error) {
	var (
		out      []entry
		cur      *entry
		posField string // the key at indent 4 of the current part of speech
		sense    *entrySense
		field    string // the key at indent 6 of the current sense
	)
	err := lines(r, func(l line) error {
		switch l.indent {
		case 0:
			k, v, err := keyValue(l.text)
			if err != nil {
				return err
			}
			if v != "" {
				return fmt.Errorf("lemma %q has a value", k)
			}
			out = append(out, entry{lemma: k})
			cur, sense = &out[len(out)-1], nil
		case 2:
			if cur == nil {
				return fmt.Errorf("part of speech before any lemma")
			}
			k, _, err := keyValue(l.text)
			if err != nil {
				return err
			}
			if cur.pos != "" {
				out = append(out, entry{lemma: cur.lemma})
				cur = &out[len(out)-1]
			}
			cur.pos, posField, sense = k, "", nil
		case 4:
			if cur == nil || cur.pos == "" {
				return fmt.Errorf("entry field outside a part of speech")
			}
			if item, ok := strings.CutPrefix(l.text, "- "); ok {
				switch posField {
				case "form":
					v, err := scalar(item)
					if err != nil {
						return err
					}
					cur.forms = append(cur.forms, v)
				case "sense":
					cur.senses = append(cur.senses, entrySense{})
					sense = &cur.senses[len(cur.senses)-1]
					field = ""
					return senseField(sense, &field, item)
				}
				return nil
			}
			k, _, err := keyValue(l.text)
			if err != nil {
				return err
			}
			posField, sense = k, nil
		case 6:
			if sense == nil {
				return nil // inside a pronunciation or another ignored item
			}
			if item, ok := strings.CutPrefix(l.text, "- "); ok {
				if field != "derivation" && field != "antonym" {
					return nil // an example sentence, a frame, another relation
				}
				v, err := scalar(item)
				if err != nil {
					return err
				}
				switch field {
				case "derivation":
					sense.derivation = append(sense.derivation, v)
				case "antonym":
					sense.antonym = append(sense.antonym, v)
				}
				return nil
			}
			return senseField(sense, &field, l.text)
		}
		return nil
	})
	return out, err
}

// senseField reads one "key: value" or "key:" of a sense.
func senseField(s *entrySense, field *string, text string) error {
	k, v, err := keyValue(text)
	if err != nil {
		return err
	}
	*field = k
	switch k {
	case "id":
		s.id, err = scalar(v)
	case "synset":
		s.synset, err = scalar(v)
	}
	return err
}

// readSynsets reads a noun.*, verb.* or adj.* file.
func readSynsets(r io.Reader) ([]synset, error) {
	var (
		out   []synset
		cur   *synset
		field string
	)
	err := lines(r, func(l line) error {
		switch l.indent {
		case 0:
			k, v, err := keyValue(l.text)
			if err != nil {
				return err
			}
			if v != "" {
				return fmt.Errorf("synset %q has a value", k)
			}
			out = append(out, synset{id: k})
			cur, field = &out[len(out)-1], ""
		case 2:
			if cur == nil {
				return fmt.Errorf("synset field before any synset")
			}
			if item, ok := strings.CutPrefix(l.text, "- "); ok {
				if field != "members" && field != "hypernym" && field != "attribute" && field != "similar" {
					return nil // a definition or example, perhaps on several lines
				}
				v, err := scalar(item)
				if err != nil {
					return err
				}
				switch field {
				case "members":
					cur.members = append(cur.members, v)
				case "hypernym":
					cur.hypernym = append(cur.hypernym, v)
				case "attribute":
					cur.attribute = append(cur.attribute, v)
				case "similar":
					cur.similar = append(cur.similar, v)
				}
				return nil
			}
			k, v, err := keyValue(l.text)
			if err != nil {
				return err
			}
			field = k
			switch k {
			case "ili":
				cur.ili, err = scalar(v)
			case "partOfSpeech":
				cur.pos, err = scalar(v)
			}
			return err
		}
		return nil
	})
	return out, err
}
