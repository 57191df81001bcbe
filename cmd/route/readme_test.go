//go:build long

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updateREADME = flag.Bool("update", false, "rewrite the README's generated samples")

// root is the repository's root, seen from this package.
const root = "../.."

// A readmeLine is one command of a fenced shell block of the README.
type readmeLine struct {
	line  int    // the README's line number
	text  string // the command as the README writes it
	block int    // the index of its block
}

// readmeCommands returns the commands of the README's ```sh blocks: every
// line that is not empty and not a comment.
func readmeCommands(t *testing.T, readme []byte) []readmeLine {
	var out []readmeLine
	in, block := false, -1
	sc := bufio.NewScanner(bytes.NewReader(readme))
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case !in && (l == "```sh" || l == "```bash" || l == "```shell"):
			in = true
			block++
		case in && l == "```":
			in = false
		case in && strings.TrimSpace(l) != "" && !strings.HasPrefix(strings.TrimSpace(l), "#"):
			out = append(out, readmeLine{line: n, text: l, block: block})
		}
	}
	require.NoError(t, sc.Err())
	require.False(t, in, "README: a shell block is not closed")
	return out
}

// skipped says why a README command is not run, or "" when it is.
func skipped(cmd string) string {
	switch {
	case regexp.MustCompile(`^go install \S+@latest`).MatchString(cmd):
		return "it installs the published module"
	case strings.HasPrefix(cmd, "go test"):
		return ".ci/run runs the tests"
	case regexp.MustCompile(`\broute bench\b.*--cv\b`).MatchString(cmd):
		return "cross-validation refits five folds and each corpus left out, about 5 minutes; the refit test covers route fit"
	}
	return ""
}

var (
	// wantStatus reads the exit status a command's comment names.
	wantStatus = regexp.MustCompile(`#.*\bexit status (\d+)`)
	// serving matches a command that serves until stopped, and its address.
	serving = regexp.MustCompile(`^(?:route serve|mcpserver)\b.*--(?:http|mcp-http) (\S+)`)
)

// TestREADME runs every command of the README's shell blocks, in order, in
// a copy of the repository committed to a git repository of its own (so
// HEAD:file reads the files as they are), and fails when one does not exit
// as documented: 0, or the status its comment names ("exit status 1").
// go run ./cmd/route and go run ./examples/mcpserver run binaries built
// once. A command that serves is started, probed until it answers, left
// serving for the rest of its block (on a free port instead of the
// README's) and stopped with SIGTERM, which must end it with status 0.
// The JSON sample of route select --json is checked against the output
// (-update rewrites it) and the vocabulary sample against
// examples/vocabulary.yaml.
func TestREADME(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	for _, tool := range []string{"bash", "curl", "grep"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s to run the README's lines with", tool)
		}
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)

	tmp := t.TempDir()
	bin := filepath.Join(tmp, "bin")
	buildTo(t, bin, "route", ".")
	buildTo(t, bin, "mcpserver", filepath.Join(root, "examples", "mcpserver"))
	repo := copyRepo(t, filepath.Join(tmp, "repo"))
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	checkSelectSample(t, readme, filepath.Join(bin, "route"))
	checkVocabularySample(t, readme)

	cmds := readmeCommands(t, readme)
	require.NotEmpty(t, cmds)
	ran := 0
	var servers []*server
	stopAll := func() {
		for _, s := range servers {
			s.stop(t)
		}
		servers = nil
	}
	defer stopAll()
	addrs := map[string]string{} // the README's address -> the one served on, in this block
	for i, c := range cmds {
		if i > 0 && c.block != cmds[i-1].block {
			stopAll()
			clear(addrs)
		}
		if why := skipped(strings.TrimPrefix(c.text, "go run ./cmd/")); why != "" {
			t.Logf("README:%d: skipped (%s): %s", c.line, why, c.text)
			continue
		}
		cmd := strings.ReplaceAll(c.text, "go run ./cmd/route", "route")
		cmd = strings.ReplaceAll(cmd, "go run ./examples/mcpserver", "mcpserver")
		if m := serving.FindStringSubmatch(cmd); m != nil {
			addrs[m[1]] = freeAddr(t)
		}
		for from, to := range addrs {
			cmd = strings.ReplaceAll(cmd, from, to)
		}
		where := fmt.Sprintf("README:%d: %s", c.line, c.text)
		if m := serving.FindStringSubmatch(cmd); m != nil {
			servers = append(servers, startServer(t, where, cmd, m[1], repo, env))
			ran++
			continue
		}
		want := 0
		if m := wantStatus.FindStringSubmatch(cmd); m != nil {
			want, err = strconv.Atoi(m[1])
			require.NoError(t, err)
		}
		code, out := runLine(t, cmd, repo, env)
		if code != want {
			t.Errorf("%s\nexit status %d, want %d; output:\n%s", where, code, want, tail(out))
		}
		ran++
	}
	t.Logf("ran %d of the README's %d commands", ran, len(cmds))
}

// buildTo builds the command in dir to bin/name.
func buildTo(t *testing.T, bin, name, dir string) {
	t.Helper()
	cmd := exec.Command("go", "build", "-o", filepath.Join(bin, name), ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build %s: %s", dir, out)
}

// copyRepo copies the repository's files (tracked, and untracked but not
// ignored) to dir, and commits them there.
func copyRepo(t *testing.T, dir string) string {
	t.Helper()
	ls := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	ls.Dir = root
	list, err := ls.Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	for _, f := range strings.Split(strings.TrimRight(string(list), "\x00"), "\x00") {
		src := filepath.Join(root, f)
		info, err := os.Lstat(src)
		if errors.Is(err, os.ErrNotExist) {
			continue // deleted, not yet committed
		}
		require.NoError(t, err)
		if !info.Mode().IsRegular() {
			continue
		}
		data, err := os.ReadFile(src)
		require.NoError(t, err)
		dst := filepath.Join(dir, f)
		require.NoError(t, os.MkdirAll(filepath.Dir(dst), 0o755))
		require.NoError(t, os.WriteFile(dst, data, info.Mode().Perm()))
	}
	for _, args := range [][]string{
		{"init", "-q"},
		{"add", "-A"},
		{"-c", "user.name=readme", "-c", "user.email=readme@example.com", "commit", "-q", "-m", "the README's files"},
	} {
		git := exec.Command("git", args...)
		git.Dir = dir
		out, err := git.CombinedOutput()
		require.NoError(t, err, "git %s: %s", strings.Join(args, " "), out)
	}
	return dir
}

// runLine runs one command line with bash in dir and returns its exit
// status and output.
func runLine(t *testing.T, line, dir string, env []string) (int, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", "set -o pipefail\n"+line)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, out
	case errors.As(err, &ee) && ctx.Err() == nil:
		return ee.ExitCode(), out
	}
	t.Fatalf("%s: %v (%v)\n%s", line, err, ctx.Err(), tail(out))
	return -1, nil
}

// A server is a README command that serves until it is stopped.
type server struct {
	where string
	cmd   *exec.Cmd
	out   *bytes.Buffer
	done  chan error
}

// startServer starts line in dir and waits until addr accepts connections
// (for route serve, until /readyz answers 200).
func startServer(t *testing.T, where, line, addr, dir string, env []string) *server {
	t.Helper()
	cmd := exec.Command("bash", "-c", "exec "+line)
	cmd.Dir = dir
	cmd.Env = env
	out := &bytes.Buffer{}
	cmd.Stdout, cmd.Stderr = out, out
	require.NoError(t, cmd.Start(), where)
	s := &server{where: where, cmd: cmd, out: out, done: make(chan error, 1)}
	go func() { s.done <- cmd.Wait() }()
	probe := func() bool {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			return false
		}
		if err := conn.Close(); err != nil {
			return false
		}
		if !strings.HasPrefix(line, "route serve") {
			return true
		}
		resp, err := http.Get("http://" + addr + "/readyz")
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}
	deadline := time.Now().Add(time.Minute)
	for !probe() {
		select {
		case err := <-s.done:
			t.Fatalf("%s\nended before it served (%v):\n%s", where, err, tail(out.Bytes()))
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s\ndoes not answer at %s after a minute:\n%s", where, addr, tail(out.Bytes()))
		}
	}
	return s
}

// stop sends the server SIGTERM and checks that it ends with status 0.
func (s *server) stop(t *testing.T) {
	t.Helper()
	require.NoError(t, s.cmd.Process.Signal(syscall.SIGTERM), s.where)
	select {
	case err := <-s.done:
		assert.NoError(t, err, "%s\nstopped with SIGTERM:\n%s", s.where, tail(s.out.Bytes()))
	case <-time.After(30 * time.Second):
		assert.NoError(t, s.cmd.Process.Kill(), s.where)
		<-s.done
		t.Errorf("%s\nstill running 30 s after SIGTERM", s.where)
	}
}

// freeAddr returns a 127.0.0.1 address with a port nothing listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	return addr
}

// tail returns the end of a command's output, enough to see why it failed.
func tail(out []byte) string {
	const most = 4000
	if len(out) > most {
		return "..." + string(out[len(out)-most:])
	}
	return string(out)
}

// The sample is the README's first ```json block after the sentence that
// introduces it.
const selectSampleIntro = "`route select --json` prints one object per turn"

// fencedAfter returns the byte range of the content of the first fenced
// block of the given language after marker.
func fencedAfter(t *testing.T, readme []byte, marker, lang string) (int, int) {
	t.Helper()
	i := bytes.Index(readme, []byte(marker))
	require.GreaterOrEqual(t, i, 0, "README: no %q", marker)
	open := []byte("\n```" + lang + "\n")
	j := bytes.Index(readme[i:], open)
	require.GreaterOrEqual(t, j, 0, "README: no ```%s block after %q", lang, marker)
	start := i + j + len(open)
	k := bytes.Index(readme[start:], []byte("\n```\n"))
	require.GreaterOrEqual(t, k, 0, "README: the ```%s block after %q is not closed", lang, marker)
	return start, start + k + 1
}

// checkSelectSample checks that the README's route select --json sample is
// what route prints, and rewrites it with -update.
func checkSelectSample(t *testing.T, readme []byte, route string) {
	t.Helper()
	start, end := fencedAfter(t, readme, selectSampleIntro, "json")
	cmd := exec.Command(route, "select", "--json", "show me order 42")
	have, err := cmd.Output()
	require.NoError(t, err)
	var haveV, wantV any
	require.NoError(t, json.Unmarshal(have, &haveV))
	if *updateREADME {
		sample, err := wrapJSON(have)
		require.NoError(t, err)
		out := append(append(append([]byte{}, readme[:start]...), sample...), readme[end:]...)
		require.NoError(t, os.WriteFile(filepath.Join(root, "README.md"), out, 0o644))
		return
	}
	require.NoError(t, json.Unmarshal(readme[start:end], &wantV), "README: the route select --json sample is not JSON")
	assert.Equal(t, wantV, haveV, "README: the route select --json sample is not what route select --json %q prints (go test -tags long ./cmd/route -run README -update rewrites it)", "show me order 42")
}

// wrapJSON writes one JSON object's members a line each, as the README
// shows a decision.
func wrapJSON(obj []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(obj))
	dec.UseNumber()
	var keys []string
	members := map[string]json.RawMessage{}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('{') {
		return nil, fmt.Errorf("not an object: %s", obj)
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		keys = append(keys, k.(string))
		members[k.(string)] = v
	}
	var b bytes.Buffer
	for i, k := range keys {
		if i == 0 {
			b.WriteString("{")
		} else {
			b.WriteString(",\n ")
		}
		name, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		b.Write(name)
		b.WriteString(":")
		b.Write(members[k])
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

// checkVocabularySample checks that the README's vocabulary sample is
// examples/vocabulary.yaml.
func checkVocabularySample(t *testing.T, readme []byte) {
	t.Helper()
	start, end := fencedAfter(t, readme, "## Your own words", "yaml")
	file, err := os.ReadFile(filepath.Join(root, "examples", "vocabulary.yaml"))
	require.NoError(t, err)
	assert.Equal(t, string(file), string(readme[start:end]), "README: the vocabulary sample is not examples/vocabulary.yaml")
}
