package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/router"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// maxTurn is the longest turn read, in bytes.
const maxTurn = 16 << 10

type selectFlags struct {
	catalogue  string
	lang       string
	agent      string
	vocabulary string
	json       bool
	explain    bool
	events     bool
	scopes     []string
	scoped     bool // --scopes was given, perhaps empty
	top        int
}

func newSelectCmd(e *env) *cobra.Command {
	var f selectFlags
	cmd := &cobra.Command{
		Use:   "select [TURN]",
		Short: "Decide which tool a turn asks for",
		Long: `Select reads a turn and decides which tool of the catalogue it asks for, or
that none does, that two are too close to call, that the tool is withdrawn,
or that the turn is not in the chosen language. With no TURN it reads one
turn per line from standard input. With no --catalogue it uses the embedded
example shop.

A tool that --agent withdraws but the catalogue does not have is warned of
on standard error, with the closest name the catalogue has: a typo there
leaves the tool it meant selectable.

Limits. A turn has at most 16 KiB. On standard input, a line that is too
long, or is not text, is reported with its line number on standard error
and skipped; the lines after it are still read, and the exit status is 1.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, err := openRouter(e.stderr, f.catalogue, f.lang, f.agent, f.vocabulary)
			if err != nil {
				return err
			}
			defer r.Close()
			if f.scoped = cmd.Flags().Changed("scopes"); f.scoped {
				// Only the tools the scopes grant are candidates: build
				// that router once for every turn.
				sub, err := r.Scoped(f.scopes)
				if err != nil {
					return fileError(err)
				}
				if sub != r {
					defer sub.Close()
				}
				r = sub
			}
			if len(args) == 1 {
				if err := checkTurn(args[0]); err != nil {
					return usageError("%v", err)
				}
				return printDecision(e.stdout, r, args[0], f)
			}
			return selectLines(e, r, f)
		},
	}
	cmd.Flags().StringVar(&f.catalogue, "catalogue", "", "the catalogue `F`: a catalogue file, MCP list or OpenAPI document (default: the embedded shop)")
	cmd.Flags().StringVar(&f.lang, "lang", "", "the language of the turns: en or pt-BR (default en)")
	cmd.Flags().StringVar(&f.agent, "agent", "", "an agent or gateway file `F` naming withdrawn tools and the language")
	cmd.Flags().StringVar(&f.vocabulary, "vocabulary", "", "a vocabulary file `F`: the language, extra words and phrases per tool")
	cmd.Flags().BoolVar(&f.json, "json", false, "print one JSON object per turn")
	cmd.Flags().IntVar(&f.top, "top", 0, "print the `K` likeliest tools (a shortlist, withdrawn tools never listed), each with its probability, instead of the decision")
	cmd.Flags().BoolVar(&f.explain, "explain", false, "show the parse, each candidate's evidence, the bound arguments and the tool check")
	cmd.Flags().BoolVar(&f.events, "events", false, "print the catalog query's events (query_catalog start and end) as JSON lines before each decision")
	cmd.Flags().StringSliceVar(&f.scopes, "scopes", nil, "the granted scopes `S,...`: only tools they grant are candidates, and the check enforces each tool's privilege")
	return cmd
}

// openRouter loads the catalogue and the agent file and builds a router.
// What the agent file withdraws that the catalogue lacks is warned of on
// stderr.
func openRouter(stderr io.Writer, catFile, lang, agentFile, vocabFile string) (*router.Router, error) {
	cat, err := loadCatalogue(catFile)
	if err != nil {
		return nil, err
	}
	opts := router.Options{}
	// The language: --lang, else the agent file's, else the vocabulary
	// file's settings.language, else English. It is chosen, never guessed.
	chosen, from := lang, "--lang"
	if vocabFile != "" {
		v, err := catalogue.LoadVocabulary(vocabFile)
		if err != nil {
			return nil, fileError(err)
		}
		opts.Vocabulary = v
		if chosen == "" && v.Language != "" {
			chosen, from = v.Language, vocabFile
		}
	}
	if agentFile != "" {
		a, err := catalogue.LoadAgent(agentFile)
		if err != nil {
			return nil, fileError(err)
		}
		opts.Withdrawn = a.Withdrawn
		if lang == "" && a.Language != "" {
			chosen, from = a.Language, agentFile
		}
		for _, f := range catalogue.UnknownWithdrawn(cat, a.Withdrawn) {
			name := f.Tools[0]
			if _, err := fmt.Fprintf(stderr, "route: warning: %s: withdrawn tool %s: %s\n", agentPlace(a, name), name, f.Message); err != nil {
				return nil, fileError(err)
			}
		}
	}
	if chosen != "" {
		l, err := tokenize.ParseLanguage(chosen)
		switch {
		case err != nil && from == "--lang":
			return nil, usageError("--lang: %v", err)
		case err != nil:
			return nil, fileError(fmt.Errorf("%s: %w", from, err))
		}
		opts.Language = l
	}
	r, err := router.New(cat, opts)
	if err != nil {
		return nil, fileError(err)
	}
	return r, nil
}

// checkTurn refuses a turn that is not text or is too long to be one.
func checkTurn(turn string) error {
	switch {
	case len(turn) > maxTurn:
		return fmt.Errorf("the turn is %d bytes, more than the %d a turn may have", len(turn), maxTurn)
	case !utf8.ValidString(turn) || strings.ContainsRune(turn, 0):
		return fmt.Errorf("the turn is not text: it is not valid UTF-8 or holds NUL bytes")
	}
	return nil
}

// maxLine is the longest line of standard input kept whole; a longer one
// is counted, reported and skipped without being held.
const maxLine = 4 * maxTurn

// selectLines decides every line of standard input. A line that is not a
// turn (too long, not text) is reported on standard error with its number
// and the rest go on; the exit status is then 1.
func selectLines(e *env, r *router.Router, f selectFlags) error {
	in := bufio.NewReaderSize(e.stdin, 64<<10)
	bad := 0
	for line := 1; ; line++ {
		text, n, err := readLine(in, maxLine)
		if err != nil && err != io.EOF {
			return fileError(fmt.Errorf("standard input:%d: %w", line, err))
		}
		if n == 0 && err == io.EOF {
			break
		}
		turn := strings.TrimSpace(string(text))
		switch {
		case n > maxLine:
			fmt.Fprintf(e.stderr, "route: standard input:%d: the line is %d bytes, more than the %d a turn may have\n", line, n, maxTurn)
			bad++
		case turn == "":
		default:
			if err := checkTurn(turn); err != nil {
				fmt.Fprintf(e.stderr, "route: standard input:%d: %v\n", line, err)
				bad++
				break
			}
			if err := printDecision(e.stdout, r, turn, f); err != nil {
				return err
			}
		}
		if err == io.EOF {
			break
		}
	}
	if bad > 0 {
		return &exitError{code: 1, err: fmt.Errorf("%d line(s) of standard input were not turns", bad)}
	}
	return nil
}

// readLine reads one line of r and returns it without its line end, keeping
// at most max bytes of it, and the length of the whole line. At the end of
// the input it returns io.EOF, with the last line if it had no line end.
func readLine(r *bufio.Reader, max int) (line []byte, n int, err error) {
	var before byte // the last byte of the fragments before this one
	for {
		frag, err := r.ReadSlice('\n')
		n += len(frag)
		if keep := max + 1 - len(line); keep > 0 {
			line = append(line, frag[:min(keep, len(frag))]...)
		}
		if err == bufio.ErrBufferFull {
			before = frag[len(frag)-1]
			continue
		}
		if err == nil {
			// The line end, \n or \r\n, is not part of the line.
			n--
			if len(frag) >= 2 {
				before = frag[len(frag)-2]
			}
			if n > 0 && before == '\r' {
				n--
			}
			line = line[:min(len(line), n)]
		}
		return line, n, err
	}
}

// printDecision decides a turn and prints the decision: as a JSON object
// with --json, as an explanation with --explain, else as one line. With
// --events the catalog query's events come first, one JSON object a line.
func printDecision(w io.Writer, r *router.Router, turn string, f selectFlags) error {
	if f.top > 0 {
		return printShortlist(w, r, turn, f)
	}
	var events []router.Event
	o := router.Request{Scoped: f.scoped, Scopes: f.scopes}
	if f.events {
		o.Observer = func(e router.Event) { events = append(events, e) }
	}
	d := r.SelectWith(turn, o)
	if f.events {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for _, e := range events {
			if err := enc.Encode(e); err != nil {
				return err
			}
		}
	}
	if f.json {
		var out any = d
		if f.explain {
			out = struct {
				router.Decision
				Explanation *router.Explanation `json:"explanation"`
			}{d, r.Explain(d)}
		}
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		return enc.Encode(out)
	}
	if f.explain {
		_, err := io.WriteString(w, r.Explain(d).String())
		return err
	}
	_, err := io.WriteString(w, router.Summary(d)+"\n")
	return err
}

// printShortlist prints the top likeliest tools of a turn: one JSON object
// with --json, else a line per tool.
func printShortlist(w io.Writer, r *router.Router, turn string, f selectFlags) error {
	list := r.Shortlist(turn, f.top)
	if f.json {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		return enc.Encode(struct {
			Turn       string             `json:"turn"`
			Candidates []router.Candidate `json:"candidates"`
		}{turn, list})
	}
	var b strings.Builder
	for i, c := range list {
		fmt.Fprintf(&b, "%d. %s %.3f\n", i+1, c.Tool, c.Probability)
	}
	if len(list) == 0 {
		b.WriteString("no tool\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
