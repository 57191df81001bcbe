package serve

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/router"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// File is one file a served catalogue was loaded from. It is plain data. The
// zero value names no role, path or digest.
type File struct {
	// Role is catalogue, agent or vocabulary.
	Role string `json:"role"`
	// Path is the file's path as given, or "" for the embedded shop.
	Path string `json:"path"`
	// SHA256 is the hex SHA-256 of the bytes that were loaded.
	SHA256 string `json:"sha256"`
}

// The roles of the files a catalogue is loaded from.
const (
	RoleCatalogue  = "catalogue"
	RoleAgent      = "agent"
	RoleVocabulary = "vocabulary"
)

// state is everything a request reads: the router and what was loaded to
// build it. It is never changed once installed; a reload builds another and
// swaps it in whole.
type state struct {
	router   *router.Router
	version  string
	lang     tokenize.Language
	files    []File
	loadedAt time.Time
	// listed are the tools that may be listed: all but the withdrawn, in
	// catalogue order.
	listed []catalogue.Tool
	// domains maps every tool's name to its declared domain.
	domains   map[string]string
	withdrawn []string
	// log is the server's logger with the catalogue version, for the
	// lines of the requests this state answers. Install sets it.
	log *slog.Logger

	// report is the verify report: made at load, or on first use when the
	// load did not verify.
	reportOnce sync.Once
	report     *catalogue.Report
	reportErr  error

	scoped scopedCache
}

// loadError is a file that failed to load or verify. It keeps the file's
// name and, where there is one, its line, in its message.
type loadError struct {
	file string
	err  error
}

func (e *loadError) Error() string { return e.err.Error() }
func (e *loadError) Unwrap() error { return e.err }

// readFile reads a file of at most catalogue.MaxFileBytes.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, catalogue.MaxFileBytes+1))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > catalogue.MaxFileBytes {
		return nil, fmt.Errorf("%s: the file has more than %d bytes", path, catalogue.MaxFileBytes)
	}
	return data, nil
}

func sum(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// version is the catalogue version of a set of files: the SHA-256 of the
// catalogue file alone when it is the only file, else the SHA-256 of the
// lines "ROLE SHA256\n" of each file, in the order catalogue, agent,
// vocabulary.
func version(files []File) string {
	if len(files) == 1 {
		return files[0].SHA256
	}
	var b strings.Builder
	for _, f := range files {
		b.WriteString(f.Role + " " + f.SHA256 + "\n")
	}
	return sum([]byte(b.String()))
}

// input is the bytes of the files a state is built from.
type input struct {
	files []File
	data  [][]byte
}

// readInput reads the files a configuration names. The embedded shop's
// bytes are its catalogue file as route catalogue import writes it.
func readInput(cfg *Config) (*input, error) {
	in := &input{}
	add := func(role, path string) error {
		data, err := readFile(path)
		if err != nil {
			return &loadError{file: path, err: err}
		}
		in.files = append(in.files, File{Role: role, Path: path, SHA256: sum(data)})
		in.data = append(in.data, data)
		return nil
	}
	if cfg.Catalogue == "" {
		cat := cfg.cat
		if cat == nil {
			cat = catalogue.Default()
		}
		data, err := cat.Marshal()
		if err != nil {
			return nil, err
		}
		in.files = append(in.files, File{Role: RoleCatalogue, SHA256: sum(data)})
		in.data = append(in.data, data)
	} else if err := add(RoleCatalogue, cfg.Catalogue); err != nil {
		return nil, err
	}
	if cfg.Agent != "" {
		if err := add(RoleAgent, cfg.Agent); err != nil {
			return nil, err
		}
	}
	if cfg.Vocabulary != "" {
		if err := add(RoleVocabulary, cfg.Vocabulary); err != nil {
			return nil, err
		}
	}
	return in, nil
}

// build builds a state from the files read, and verifies the catalogue
// unless cfg.NoVerify: a catalogue with a verify error is refused, with
// the error's file and line. Warnings (withdrawn names the catalogue
// lacks) go to warn.
func build(cfg *Config, in *input, warn func(msg string)) (*state, error) {
	var (
		cat   *catalogue.Catalogue
		agent *catalogue.Agent
		voc   *catalogue.Vocabulary
		err   error
	)
	for i, f := range in.files {
		data := in.data[i]
		switch f.Role {
		case RoleCatalogue:
			if f.Path == "" && cfg.cat != nil {
				cat = cfg.cat
				break
			}
			if f.Path == "" {
				cat = catalogue.Default()
				break
			}
			if cat, err = catalogue.Import(f.Path, data); err != nil {
				return nil, &loadError{file: f.Path, err: err}
			}
			if cat.Source == "" {
				cat.Source = f.Path
			}
		case RoleAgent:
			if agent, err = catalogue.ParseAgent(f.Path, data); err != nil {
				return nil, &loadError{file: f.Path, err: err}
			}
		case RoleVocabulary:
			if voc, err = catalogue.ParseVocabulary(f.Path, data); err != nil {
				return nil, &loadError{file: f.Path, err: err}
			}
		}
	}
	lang, err := chooseLanguage(cfg.Language, agent, voc)
	if err != nil {
		return nil, err
	}
	opts := router.Options{Language: lang, Vocabulary: voc}
	if agent != nil {
		opts.Withdrawn = agent.Withdrawn
		for _, f := range catalogue.UnknownWithdrawn(cat, agent.Withdrawn) {
			name := f.Tools[0]
			place := agent.File
			if line := agent.LineOf(name); line > 0 {
				place = fmt.Sprintf("%s:%d", place, line)
			}
			warn(fmt.Sprintf("%s: withdrawn tool %s: %s", place, name, f.Message))
		}
	}
	r, err := router.New(cat, opts)
	if err != nil {
		return nil, &loadError{file: in.files[0].Path, err: err}
	}
	st := &state{router: r, version: version(in.files), lang: lang, files: in.files,
		loadedAt: time.Now().UTC(), domains: map[string]string{}, withdrawn: opts.Withdrawn}
	for _, t := range cat.Tools {
		st.domains[t.Name] = t.Declarations.Domain
		if !slices.Contains(opts.Withdrawn, t.Name) {
			st.listed = append(st.listed, t)
		}
	}
	if !cfg.NoVerify {
		rep, err := st.verify()
		if err != nil {
			return nil, errors.Join(&loadError{file: in.files[0].Path, err: err}, r.Close())
		}
		if rep.HasErrors() {
			err := verifyError(in.files[0], in.data[0], rep)
			return nil, errors.Join(err, r.Close())
		}
	}
	return st, nil
}

// chooseLanguage picks the language turns are read in: the configured
// one, else the agent file's, else the vocabulary file's, else English.
func chooseLanguage(configured string, agent *catalogue.Agent, voc *catalogue.Vocabulary) (tokenize.Language, error) {
	chosen, from := configured, ""
	if chosen == "" && agent != nil && agent.Language != "" {
		chosen, from = agent.Language, agent.File
	}
	if chosen == "" && voc != nil && voc.Language != "" {
		chosen, from = voc.Language, voc.File
	}
	if chosen == "" {
		return tokenize.English, nil
	}
	l, err := tokenize.ParseLanguage(chosen)
	if err != nil {
		if from == "" {
			return "", err
		}
		return "", &loadError{file: from, err: fmt.Errorf("%s: %w", from, err)}
	}
	return l, nil
}

// verify returns the verify report of the state's catalogue, in its
// language and with its withdrawn tools, made once.
func (st *state) verify() (*catalogue.Report, error) {
	st.reportOnce.Do(func() {
		st.report, st.reportErr = router.Verify(st.router.Catalogue(), router.VerifyOptions{
			Languages: []tokenize.Language{st.lang}, Withdrawn: st.withdrawn})
	})
	return st.report, st.reportErr
}

// verifyError says which errors verify found, each with the catalogue
// file and the line of the first tool it names.
func verifyError(f File, data []byte, rep *catalogue.Report) error {
	name := f.Path
	if name == "" {
		name = "the embedded catalogue"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: verify found %d error(s); the catalogue is not served", name, rep.Errors)
	for _, fd := range rep.Findings {
		if fd.Severity != catalogue.SeverityError {
			continue
		}
		place := name
		if len(fd.Tools) > 0 {
			if line := lineOf(data, fd.Tools[0]); line > 0 {
				place = fmt.Sprintf("%s:%d", name, line)
			}
		}
		fmt.Fprintf(&b, "\n%s: %s: %s: %s", place, fd.Lint, strings.Join(fd.Tools, ", "), fd.Message)
	}
	return &loadError{file: f.Path, err: errors.New(b.String())}
}

// lineOf returns the 1-based line of the first place the file names a
// tool: as a JSON string, else as a bare word; or 0.
func lineOf(data []byte, name string) int {
	i := bytes.Index(data, []byte(`"`+name+`"`))
	if i < 0 {
		i = bytes.Index(data, []byte(name))
	}
	if i < 0 {
		return 0
	}
	return bytes.Count(data[:i], []byte("\n")) + 1
}

// close closes the state's routers.
func (st *state) close() error {
	return errors.Join(st.router.Close(), st.scoped.close())
}

// maxScopedRouters bounds the routers kept per state for distinct sets of
// granted scopes; a set beyond them gets a router built for its request.
const maxScopedRouters = 64

// scopedCache keeps the router of each set of granted scopes it has seen.
type scopedCache struct {
	mu      sync.Mutex
	routers map[string]*scopedEntry
}

type scopedEntry struct {
	once sync.Once
	r    *router.Router
	err  error
}

// scopedRouter returns the router over the tools the scopes grant, and a
// function that releases it: a no-op for a router the state keeps, Close
// for one built for this request alone.
func (st *state) scopedRouter(scopes []string) (*router.Router, func() error, error) {
	key := scopeKey(scopes)
	c := &st.scoped
	c.mu.Lock()
	e, ok := c.routers[key]
	if !ok && len(c.routers) < maxScopedRouters {
		if c.routers == nil {
			c.routers = map[string]*scopedEntry{}
		}
		e = &scopedEntry{}
		c.routers[key] = e
		ok = true
	}
	c.mu.Unlock()
	if !ok {
		r, err := st.router.Scoped(scopes)
		if err != nil {
			return nil, nil, err
		}
		if r == st.router {
			return r, noRelease, nil
		}
		return r, r.Close, nil
	}
	e.once.Do(func() { e.r, e.err = st.router.Scoped(scopes) })
	return e.r, noRelease, e.err
}

func noRelease() error { return nil }

// routerFor returns the router of a request: the state's own when it is
// not scoped, else the router over the tools the scopes grant.
func (st *state) routerFor(scopes []string, scoped bool) (*router.Router, func() error, error) {
	if !scoped {
		return st.router, noRelease, nil
	}
	return st.scopedRouter(scopes)
}

func (c *scopedCache) close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var errs []error
	for _, e := range c.routers {
		if e.r != nil {
			errs = append(errs, e.r.Close())
		}
	}
	return errors.Join(errs...)
}

// scopeKey is a set of scopes as a map key: sorted, without repeats.
func scopeKey(scopes []string) string {
	s := slices.Clone(scopes)
	slices.Sort(s)
	return strings.Join(slices.Compact(s), "\x00")
}

// grants reports whether the scopes grant a tool: it declares no privilege
// or one they hold.
func grants(scopes []string, t *catalogue.Tool) bool {
	p := t.Declarations.Privilege
	return p == "" || slices.Contains(scopes, p)
}
