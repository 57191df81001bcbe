package catalogue

import (
	"bytes"
	"os"
	"slices"

	"github.com/goccy/go-yaml"
)

// Agent is what an agent.yaml or gateway.yaml file says to the router: the
// tools withdrawn from service and the language turns are read in. A
// withdrawn tool is refused before anything else and never routed to, until
// the file no longer names it.
//
// An Agent is plain data: safe for concurrent reads.
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
	data, err := os.ReadFile(path)
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
	if err := yaml.UnmarshalWithOptions(data, &f); err != nil {
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
