package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/stalwart-agents/stalwart/catalogue"
)

func newCatalogueCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "catalogue",
		Short: "Import and list catalogues of tools",
	}
	cmd.AddCommand(newImportCmd(e), newListCmd(e))
	return cmd
}

type importFlags struct {
	mcp          string
	timeout      time.Duration
	maxBytes     byteSize
	declarations string
	out          string
}

func newImportCmd(e *env) *cobra.Command {
	var f importFlags
	cmd := &cobra.Command{
		Use:   "import [SOURCE]",
		Short: "Import tools into a catalogue file",
		Long: `Import reads tools in the form they are written in and writes a catalogue.

SOURCE is an MCP tools/list answer, an OpenAPI 3.0 or 3.1 document (JSON or
YAML), a LangChain tool list, or a catalogue file; or a TypeScript project,
whose compiler's declaration files (tsc --declaration) are read from
--declarations. --mcp lists the tools of a live MCP server instead: an
http:// or https:// address, or a command line that starts one.

The catalogue is printed, or written to --out. An import that fails writes
nothing, and names the file and line (or the server) of every problem.

Limits. With --mcp, the whole import (starting or reaching the server and
every page of its list) ends within --timeout, and at most --max-bytes
(default 64MiB) are read from the server, over HTTP, SSE or standard
output alike; past either the import fails. A command started with --mcp
runs in a process group of its own, which is killed when the import ends,
so nothing it started outlives route. --out writes only a regular file, by
writing a temporary file beside it and renaming it over: a symbolic link,
device, FIFO or folder at F is refused and left as it was, and a file
already there keeps its permissions.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := runImport(cmd, args, f)
			if err != nil {
				return err
			}
			if f.out == "" {
				_, err = c.WriteTo(e.stdout)
				return err
			}
			return fileError(c.WriteFile(f.out))
		},
	}
	cmd.Flags().StringVar(&f.mcp, "mcp", "", "list the tools of a live MCP server: an `ADDRESS` (http:// or https://) or a COMMAND that starts one")
	cmd.Flags().DurationVar(&f.timeout, "timeout", 30*time.Second, "how long the whole import from the MCP server may take (with --mcp)")
	f.maxBytes = catalogue.DefaultMaxBytes
	cmd.Flags().Var(&f.maxBytes, "max-bytes", "the most bytes to read from the MCP server, such as 64MiB or 512KiB (with --mcp)")
	cmd.Flags().StringVar(&f.declarations, "declarations", "", "the `DIR` of a TypeScript project's declaration files (.d.ts)")
	cmd.Flags().StringVar(&f.out, "out", "", "write the catalogue to the regular file `F` instead of printing it")
	return cmd
}

// runImport reads the catalogue the arguments name.
func runImport(cmd *cobra.Command, args []string, f importFlags) (*catalogue.Catalogue, error) {
	source := ""
	if len(args) == 1 {
		source = args[0]
	}
	switch {
	case f.mcp != "" && source != "":
		return nil, usageError("import reads a SOURCE or --mcp, not both")
	case f.mcp != "" && f.declarations != "":
		return nil, usageError("--declarations is for a TypeScript project, not --mcp")
	case f.mcp == "" && source == "":
		return nil, usageError("import needs a SOURCE or --mcp ADDRESS")
	case f.mcp == "" && cmd.Flags().Changed("timeout"):
		return nil, usageError("--timeout is for --mcp")
	case f.mcp == "" && cmd.Flags().Changed("max-bytes"):
		return nil, usageError("--max-bytes is for --mcp")
	case f.timeout <= 0:
		return nil, usageError("--timeout must be more than 0, not %s", f.timeout)
	}
	if f.mcp != "" {
		c, err := catalogue.ImportMCPWith(context.Background(), f.mcp,
			catalogue.MCPOptions{Timeout: f.timeout, MaxBytes: int64(f.maxBytes)})
		return c, fileError(err)
	}
	info, err := os.Stat(source)
	if err != nil {
		return nil, fileError(err)
	}
	if f.declarations != "" || info.IsDir() {
		c, err := catalogue.ImportTypeScript(source, f.declarations)
		return c, fileError(err)
	}
	c, err := catalogue.ImportFile(source)
	return c, fileError(err)
}

type listFlags struct {
	catalogue string
	agent     string
	json      bool
}

func newListCmd(e *env) *cobra.Command {
	var f listFlags
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List a catalogue's tools with their kind, words and declarations",
		Long: `List prints each tool of a catalogue: whether it reads or writes and the rule
that decided it, the words its name reads as, and what it declares. With
--agent, the tools the agent or gateway file withdraws are marked withdrawn.
With no --catalogue it lists the embedded example shop.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := loadCatalogue(f.catalogue)
			if err != nil {
				return err
			}
			var agent *catalogue.Agent
			if f.agent != "" {
				if agent, err = catalogue.LoadAgent(f.agent); err != nil {
					return fileError(err)
				}
			}
			if f.json {
				return listJSON(e.stdout, c, agent)
			}
			return listText(e.stdout, c, agent)
		},
	}
	cmd.Flags().StringVar(&f.catalogue, "catalogue", "", "the catalogue `F`, in any form import reads (default: the embedded shop)")
	cmd.Flags().StringVar(&f.agent, "agent", "", "an agent or gateway file `F` naming withdrawn tools")
	cmd.Flags().BoolVar(&f.json, "json", false, "print the list as one JSON object")
	return cmd
}

// listedTool is one tool as list --json prints it.
type listedTool struct {
	Name         string                 `json:"name"`
	Kind         catalogue.Kind         `json:"kind"`
	KindRule     string                 `json:"kindRule"`
	Words        []string               `json:"words"`
	Withdrawn    bool                   `json:"withdrawn"`
	Confirm      bool                   `json:"confirm"`
	Description  string                 `json:"description,omitempty"`
	Annotations  catalogue.Annotations  `json:"annotations"`
	Hints        catalogue.Hints        `json:"hints"`
	Declarations catalogue.Declarations `json:"declarations"`
	Origin       catalogue.Origin       `json:"origin,omitzero"`
}

// listing is what list --json prints.
type listing struct {
	Source string       `json:"source,omitempty"`
	Agent  string       `json:"agent,omitempty"`
	Tools  []listedTool `json:"tools"`
	// WithdrawnAbsent names tools the agent file withdraws that the
	// catalogue does not have.
	WithdrawnAbsent []string `json:"withdrawnAbsent,omitempty"`
}

func listOf(c *catalogue.Catalogue, agent *catalogue.Agent) listing {
	l := listing{Source: c.Source, Tools: []listedTool{}}
	if agent != nil {
		l.Agent = agent.File
		for _, name := range agent.Withdrawn {
			if c.Tool(name) == nil {
				l.WithdrawnAbsent = append(l.WithdrawnAbsent, name)
			}
		}
	}
	for _, t := range c.Tools {
		l.Tools = append(l.Tools, listedTool{
			Name: t.Name, Kind: t.Kind, KindRule: t.KindRule, Words: catalogue.NameWords(t.Name),
			Withdrawn: agent.IsWithdrawn(t.Name), Confirm: t.Kind == catalogue.Write,
			Description: t.Description, Annotations: t.Annotations, Hints: t.Annotations.Effective(),
			Declarations: t.Declarations, Origin: t.Origin,
		})
	}
	return l
}

func listJSON(w io.Writer, c *catalogue.Catalogue, agent *catalogue.Agent) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(listOf(c, agent))
}

func listText(w io.Writer, c *catalogue.Catalogue, agent *catalogue.Agent) error {
	l := listOf(c, agent)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TOOL\tKIND\tRULE\tWORDS\tSTATUS\tDECLARATIONS")
	for i, t := range l.Tools {
		status := "-"
		if t.Withdrawn {
			status = "withdrawn"
		}
		decl := describeDeclarations(c.Tools[i].Declarations)
		if decl == "" {
			decl = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", t.Name, t.Kind, t.KindRule, strings.Join(t.Words, " "), status, decl)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	source := l.Source
	if source == "" {
		source = "the catalogue"
	}
	fmt.Fprintf(w, "%d tools from %s", len(l.Tools), source)
	if agent != nil {
		withdrawn := 0
		for _, t := range l.Tools {
			if t.Withdrawn {
				withdrawn++
			}
		}
		fmt.Fprintf(w, "; %s withdraws %d", agent.File, withdrawn)
	}
	fmt.Fprintln(w)
	if len(l.WithdrawnAbsent) > 0 {
		_, err := fmt.Fprintf(w, "%s also withdraws %s, which the catalogue does not have\n", agent.File, strings.Join(l.WithdrawnAbsent, ", "))
		return err
	}
	return nil
}

// describeDeclarations writes a tool's declarations on one line, in the
// order of spec 000: compensation(arguments), irreversible, idempotency_key,
// egress, reads_outside, privilege, confirmation, domain, owner, version,
// side_effect.
func describeDeclarations(d catalogue.Declarations) string {
	var parts []string
	if c := d.Compensation; c != nil {
		parts = append(parts, "compensation="+c.String())
	}
	flag := func(on bool, name string) {
		if on {
			parts = append(parts, name)
		}
	}
	text := func(v, name string) {
		if v != "" {
			parts = append(parts, name+"="+v)
		}
	}
	flag(d.Irreversible, "irreversible")
	text(d.IdempotencyKey, "idempotency_key")
	flag(d.Egress, "egress")
	flag(d.ReadsOutside, "reads_outside")
	text(d.Privilege, "privilege")
	if d.Confirmation != "" {
		parts = append(parts, fmt.Sprintf("confirmation=%q", d.Confirmation))
	}
	text(d.Domain, "domain")
	text(d.Owner, "owner")
	text(d.Version, "version")
	text(d.SideEffect, "side_effect")
	return strings.Join(parts, "; ")
}
