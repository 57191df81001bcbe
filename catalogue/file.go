package catalogue

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
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
// the same folder renamed over path, so a failed write leaves nothing behind
// and never a half-written file.
func (c *Catalogue) WriteFile(path string) error {
	data, err := c.Marshal()
	if err != nil {
		return err
	}
	return writeAtomic(path, data)
}

func writeAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	// CreateTemp makes the file private; a catalogue is kept in a
	// repository beside agent.yaml and read by others.
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
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
	seen := make(map[string]bool, len(c.Tools))
	for i := range c.Tools {
		t := &c.Tools[i]
		switch {
		case t.Name == "":
			errs.Add(file, 0, "tool %d has no name", i+1)
		case seen[t.Name]:
			errs.Add(file, lineOfString(data, t.Name), "tool %q appears twice", t.Name)
		}
		seen[t.Name] = true
		if t.Kind != Read && t.Kind != Write {
			errs.Add(file, lineOfString(data, t.Name), "tool %q has kind %q, want read or write", t.Name, t.Kind)
		}
		for _, p := range t.Declarations.problems() {
			errs.Add(file, lineOfString(data, t.Name), "tool %q: %s", t.Name, p)
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
