package catalogue

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Error is one problem found in a source: the file (or server) and, where
// there is one, the line. The zero value is a problem with no file, line,
// code or message; its Error is "".
type Error struct {
	// File names the file, or the server of a live import.
	File string
	// Line is the 1-based line, or 0 when there is none.
	Line int
	// Code names the kind of problem where callers need to tell it apart,
	// such as CodeToolKindUndeclared; most problems have none.
	Code string
	// Msg says what is wrong, for a person.
	Msg string
}

// CodeToolKindUndeclared is the code of a TypeScript function whose doc
// comment says neither @read nor @write: its kind is never guessed.
const CodeToolKindUndeclared = "tool_kind_undeclared"

// Error formats the problem as file:line: code: message.
func (e *Error) Error() string {
	msg := e.Msg
	if e.Code != "" {
		msg = e.Code + ": " + msg
	}
	switch {
	case e.File == "":
		return msg
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, msg)
	default:
		return fmt.Sprintf("%s: %s", e.File, msg)
	}
}

// ErrorList collects every problem of a source. Its Err is nil when empty.
// The zero value, nil, is an empty list, ready for Add.
type ErrorList []*Error

// Add appends a problem.
func (l *ErrorList) Add(file string, line int, format string, args ...any) {
	*l = append(*l, &Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// Error joins the problems, one a line, sorted by file and line.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Unwrap returns the problems, so errors.As finds an *Error in a list.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// Sort orders the list by file, then line.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		if l[i].File != l[j].File {
			return l[i].File < l[j].File
		}
		return l[i].Line < l[j].Line
	})
}

// Err returns nil for an empty list and the sorted list otherwise.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}

// LineOf returns the 1-based line of a byte offset in data.
func LineOf(data []byte, offset int64) int {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	if offset < 0 {
		offset = 0
	}
	return 1 + bytes.Count(data[:offset], []byte{'\n'})
}

// maxJSONDepth is how deeply encoding/json lets a document nest.
const maxJSONDepth = 10000

// jsonError turns a decoding error of data into an *Error naming file and
// line where the decoder gave an offset.
func jsonError(file string, data []byte, err error) *Error {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		if strings.HasSuffix(syn.Error(), "exceeded max depth") {
			return &Error{File: file, Line: LineOf(data, syn.Offset), Msg: fmt.Sprintf("the JSON nests more than %d levels deep", maxJSONDepth)}
		}
		return &Error{File: file, Line: LineOf(data, syn.Offset), Msg: "malformed JSON: " + syn.Error()}
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		msg := fmt.Sprintf("%s is a JSON %s, want %s", fieldName(typ), typ.Value, typ.Type)
		return &Error{File: file, Line: LineOf(data, typ.Offset), Msg: msg}
	}
	return &Error{File: file, Msg: err.Error()}
}

func fieldName(e *json.UnmarshalTypeError) string {
	if e.Field != "" {
		return e.Field
	}
	return "value"
}

// lineOfString finds the line where a JSON string first appears, for
// errors found after decoding. It returns 0 when it cannot tell.
func lineOfString(data []byte, s string) int {
	q, err := json.Marshal(s)
	if err != nil {
		return 0
	}
	i := bytes.Index(data, q)
	if i < 0 {
		return 0
	}
	return LineOf(data, int64(i))
}
