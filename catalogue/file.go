package catalogue

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Marshal returns the catalogue file's bytes: indented JSON with the format
// version and the tools in their stable order.
func (c *Catalogue) Marshal() ([]byte, error) {
	out := *c
	out.Format = FormatVersion
	if out.Tools == nil {
		out.Tools = []Tool{}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&out); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// WriteTo writes the catalogue file to w.
func (c *Catalogue) WriteTo(w io.Writer) (int64, error) {
	data, err := c.Marshal()
	if err != nil {
		return 0, err
	}
	n, err := w.Write(data)
	return int64(n), err
}

// WriteFile writes the catalogue file to path atomically: a temporary file in
// the same folder, synced and renamed over path, so a failed write leaves
// path as it was and never a half-written file.
//
// Only a regular file is written. When path names a symbolic link, a
// folder, a device, a FIFO or a socket, WriteFile refuses it and changes
// nothing (it does not follow a link: give the path of the file itself). An
// existing file keeps its permission bits; a new one is 0644, as a catalogue
// is kept in a repository and read by others. Errors are *Error values
// naming path, never the temporary file.
func (c *Catalogue) WriteFile(path string) error {
	data, err := c.Marshal()
	if err != nil {
		return &Error{File: path, Msg: err.Error()}
	}
	return WriteAtomic(path, data)
}

// WriteAtomic writes data to path as WriteFile writes a catalogue: only
// to a regular file (a link, device, FIFO or folder is refused), keeping
// an existing file's mode, through a temporary file renamed over path.
func WriteAtomic(path string, data []byte) error {
	mode := os.FileMode(0o644)
	info, err := os.Lstat(path)
	switch {
	case err == nil && !info.Mode().IsRegular():
		return &Error{File: path, Msg: fmt.Sprintf("is %s, not a regular file: a catalogue is written only to a regular file", fileType(info.Mode()))}
	case err == nil:
		mode = info.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return writeError(path, err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return writeError(path, err)
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return writeError(path, err)
	}
	// CreateTemp makes the file private: give it the mode of the file it
	// replaces.
	if err := f.Chmod(mode); err != nil {
		return fail(err)
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return writeError(path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return writeError(path, err)
	}
	return nil
}

// writeError says why path could not be written, without the temporary
// file's name an *os.PathError carries.
func writeError(path string, err error) *Error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	return &Error{File: path, Msg: "could not write the catalogue: " + err.Error()}
}

// fileType names the type of a file that is not a regular one.
func fileType(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// Unmarshal reads a catalogue file's bytes; file names the source in errors.
func Unmarshal(file string, data []byte) (*Catalogue, error) {
	var c Catalogue
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, jsonError(file, data, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, &Error{File: file, Line: LineOf(data, dec.InputOffset()), Msg: "malformed JSON: more than one value"}
	}
	if c.Format != FormatVersion {
		return nil, &Error{File: file, Line: lineOfString(data, "format"), Msg: fmt.Sprintf("catalogue format %d, want %d", c.Format, FormatVersion)}
	}
	var errs ErrorList
	var at *toolLines
	first := make(map[string]int, len(c.Tools)) // name -> index of its first tool
	for i := range c.Tools {
		t := &c.Tools[i]
		bad := t.Kind != Read && t.Kind != Write
		problems := t.Declarations.problems()
		j, dup := first[t.Name]
		if t.Name == "" || dup || bad || len(problems) > 0 {
			if at == nil {
				// Lines are only looked up for a file with a problem,
				// once for the whole file.
				at = linesOfTools(file, data)
			}
			switch {
			case t.Name == "":
				errs.Add(file, at.tool(i), "tool %d has no name", i+1)
			case dup:
				errs.Add(file, at.key(i, "name"), "tool %q appears twice: first at line %d", t.Name, at.key(j, "name"))
			}
			if bad {
				errs.Add(file, at.key(i, "kind"), "tool %q has kind %q, want read or write", t.Name, t.Kind)
			}
			for _, p := range problems {
				errs.Add(file, at.key(i, "declarations"), "tool %q: %s", t.Name, p)
			}
		}
		if !dup {
			first[t.Name] = i
		}
		// The file's indentation is not part of a schema: keep schemas
		// compact, as the importers do, so a catalogue reads back equal.
		t.InputSchema = compactJSON(t.InputSchema)
		t.OutputSchema = compactJSON(t.OutputSchema)
		t.Meta = compactJSON(t.Meta)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return &c, nil
}

// toolLines gives the lines of a catalogue file's tools, for errors found
// after decoding. A nil *toolLines, or a tool it does not know, gives 0.
type toolLines struct {
	tools []*node
}

// linesOfTools reads the lines of the tools of a catalogue file that has
// already decoded, in one pass over the file.
func linesOfTools(file string, data []byte) *toolLines {
	root, err := parseJSONTree(file, data)
	if err != nil {
		return nil
	}
	return &toolLines{tools: root.get("tools").items}
}

// tool returns the line the i-th tool (from 0) starts on.
func (l *toolLines) tool(i int) int {
	if l == nil || i >= len(l.tools) {
		return 0
	}
	return l.tools[i].line
}

// key returns the line of key in the i-th tool, or the tool's line when it
// has no such key.
func (l *toolLines) key(i int, key string) int {
	if l == nil || i >= len(l.tools) {
		return 0
	}
	return l.tools[i].keyLine(key)
}

// IsCatalogueFile reports whether data looks like a catalogue file (a JSON
// object with a format field and tools) rather than a source to import.
func IsCatalogueFile(data []byte) bool {
	var probe struct {
		Format *int            `json:"format"`
		Tools  json.RawMessage `json:"tools"`
	}
	if json.Unmarshal(data, &probe) != nil {
		return false
	}
	return probe.Format != nil && probe.Tools != nil
}
