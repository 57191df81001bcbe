package catalogue

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/goccy/go-yaml"
)

// Agent is what an agent.yaml or gateway.yaml file says to the router: the
// tools withdrawn from service and the language turns are read in. A
// withdrawn tool is refused before anything else and never routed to, until
// the file no longer names it.
//
// An Agent is plain data: safe for concurrent reads. The zero Agent
// withdraws nothing and names no language, and so does a nil *Agent's
// IsWithdrawn.
type Agent struct {
	// Withdrawn names the withdrawn tools, in the file's order. A name the
	// catalogue does not have is kept: the file may be shared by agents
	// with different catalogues.
	Withdrawn []string
	// Language is the language the file sets ("en", "pt-BR"), as written,
	// or "" when it sets none. It is checked where languages are known.
	Language string
	// File is the path the agent was read from.
	File string
	// Lines gives the line of each withdrawn name, in the order of
	// Withdrawn, or is nil when the file names none.
	Lines []int
}

// agentFile is the part of agent.yaml and gateway.yaml this package reads;
// the files carry much else, which is left alone.
type agentFile struct {
	Withdrawn []string `yaml:"withdrawn"`
	Language  string   `yaml:"language"`
}

// LoadAgent reads an agent.yaml or gateway.yaml file. Errors name the file
// and the line.
func LoadAgent(path string) (*Agent, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	return ParseAgent(path, data)
}

// ParseAgent reads the bytes of an agent.yaml or gateway.yaml file; file
// names it in errors, which carry its lines.
func ParseAgent(file string, data []byte) (*Agent, error) {
	a := &Agent{File: file}
	if len(bytes.TrimSpace(data)) == 0 {
		return a, nil
	}
	var f agentFile
	if err := decodeYAML(data, &f); err != nil {
		e := yamlError(file, err)
		e.Msg = "not an agent file: " + stripYAMLPrefix(e.Msg)
		return nil, e
	}
	root, err := parseYAMLTree(file, data)
	if err != nil {
		return nil, err
	}
	var errs ErrorList
	seen := map[string]bool{}
	if list := root.get("withdrawn"); list != nil {
		for i, name := range f.Withdrawn {
			line := list.line
			if i < len(list.items) {
				line = list.items[i].line
			}
			a.Lines = append(a.Lines, line)
			switch {
			case name == "":
				errs.Add(file, line, "withdrawn tool %d has no name", i+1)
			case seen[name]:
				errs.Add(file, line, "tool %q is withdrawn twice", name)
			}
			seen[name] = true
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	a.Withdrawn = f.Withdrawn
	a.Language = f.Language
	return a, nil
}

// decodeYAML decodes data into v with goccy/go-yaml. The decoder is outside
// code reading outside input: a panic in it (it has been seen to follow a
// nil pointer on a malformed list) is returned as an error, not passed on.
func decodeYAML(data []byte, v any) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the YAML decoder failed: %v", p)
		}
	}()
	return yaml.UnmarshalWithOptions(data, v)
}

func stripYAMLPrefix(msg string) string {
	const p = "malformed YAML: "
	if len(msg) > len(p) && msg[:len(p)] == p {
		return msg[len(p):]
	}
	return msg
}

// IsWithdrawn reports whether the file withdraws the tool of that name. A
// nil Agent withdraws nothing.
func (a *Agent) IsWithdrawn(name string) bool {
	return a != nil && slices.Contains(a.Withdrawn, name)
}

// LineOf returns the line of the file that withdraws name, or 0 when the
// file does not withdraw it or the line is not known.
func (a *Agent) LineOf(name string) int {
	if a == nil {
		return 0
	}
	i := slices.Index(a.Withdrawn, name)
	if i < 0 || i >= len(a.Lines) {
		return 0
	}
	return a.Lines[i]
}

// UnknownWithdrawn returns a withdrawn_tool_unknown warning for each name of
// withdrawn that no tool of cat has, in the order given: a withdrawal that
// names no tool withdraws nothing, and a typo in it (refund_crd) leaves the
// tool it meant (refund_card) selectable. Each finding names the withdrawn
// name and, where one is near, the catalogue's closest tool name by edit
// distance: "no such tool; did you mean refund_card?". A name is near when
// at most a third of it (and at least one character) must change; ties go
// to the tool first in the catalogue. It is a warning, not an error: an
// agent file may be shared by agents with different catalogues.
func UnknownWithdrawn(cat *Catalogue, withdrawn []string) []Finding {
	if cat == nil {
		return nil
	}
	var out []Finding
	for _, name := range withdrawn {
		if name == "" || cat.Tool(name) != nil {
			continue
		}
		msg := "no such tool"
		if near := closestName(cat, name); near != "" {
			msg += "; did you mean " + near + "?"
		}
		out = append(out, NewFinding(LintWithdrawnToolUnknown, msg, name))
	}
	return out
}

// closestName returns the catalogue's tool name nearest name by edit
// distance, if it is near enough to be a typo of it.
func closestName(cat *Catalogue, name string) string {
	target := []rune(name)
	limit := max(1, len(target)/3)
	best, bestDist := "", limit+1
	var row []int
	for _, t := range cat.Tools {
		var d int
		d, row = editDistance(target, []rune(t.Name), bestDist, row)
		if d < bestDist {
			best, bestDist = t.Name, d
		}
	}
	return best
}

// editDistance returns the Levenshtein distance between a and b, or a value
// of at least bound once the distance is known to reach it; row is scratch
// space, returned for reuse.
func editDistance(a, b []rune, bound int, row []int) (int, []int) {
	if d := len(a) - len(b); d >= bound || -d >= bound {
		return bound, row
	}
	row = append(row[:0], make([]int, len(b)+1)...)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		prev := row[0] // the distance of a[:i-1], b[:j-1]
		row[0] = i
		least := row[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur := min(row[j]+1, row[j-1]+1, prev+cost)
			prev, row[j] = row[j], cur
			least = min(least, cur)
		}
		if least >= bound {
			return bound, row
		}
	}
	return row[len(b)], row
}
