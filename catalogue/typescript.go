package catalogue

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ImportTypeScript reads the exported functions of a TypeScript project from
// the declaration files (.d.ts) its compiler wrote under declDir (with
// tsc --declaration --emitDeclarationOnly); dir is the project, and declDir
// defaults to it. Nothing is run: the declarations are read as text.
//
// Each exported function is one tool, named as declared. Its parameters are
// the input schema: the members of a single object parameter (an object
// literal, an interface or an alias of one), or else one property per
// parameter; a parameter or member marked ? is not required; string,
// number, boolean, arrays, unions of literals (an enum), interfaces, type
// aliases and enums declared in the same files are resolved, and a type
// that refers to itself goes into "$defs". The return type (a Promise's
// value) is the output schema. The JSDoc comment gives the description, the
// kind (@read or @write) and the declarations, as tags of the names MCP's
// _meta uses: @compensation TOOL {"arg": "$args.arg"}, @irreversible,
// @idempotency_key NAME, @egress, @reads_outside, @privilege SCOPE,
// @confirmation SENTENCE, @domain DOMAIN, @owner, @version, @side_effect.
//
// A function whose comment says neither @read nor @write is an *Error with
// the code CodeToolKindUndeclared: its kind is never guessed. Every problem
// of every file is reported, each naming the source file and line where the
// compiler wrote a declaration map (tsc --declarationMap), or else the
// declaration file's, and a project with any problem gives no catalogue.
func ImportTypeScript(dir, declDir string) (*Catalogue, error) {
	if declDir == "" {
		declDir = dir
	}
	files, err := declarationFiles(declDir)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, &Error{File: declDir, Msg: "no TypeScript declaration files (.d.ts): run tsc --declaration --emitDeclarationOnly first"}
	}
	var errs ErrorList
	decls := map[string][]*tsDecl{}
	var funcs []*tsFunction
	maps := map[string]*sourceMap{}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if sm := readSourceMap(path); sm != nil {
			maps[path] = sm
		}
		f, perr := parseDTS(path, string(data))
		if perr != nil {
			file, line := sourceLine(maps, path, perr.line)
			errs.Add(file, line, "cannot read this declaration file: %s", perr.msg)
			continue
		}
		for _, d := range f.decls {
			decls[d.name] = append(decls[d.name], d)
		}
		funcs = append(funcs, f.funcs...)
	}
	c := &Catalogue{Format: FormatVersion, Source: dir}
	where := map[string]string{}
	for _, fn := range funcs {
		file, line := sourceLine(maps, fn.file, fn.line)
		at := fmt.Sprintf("%s:%d", file, line)
		if prev, ok := where[fn.name]; ok {
			if strings.HasPrefix(prev, fn.file+"\x00") {
				continue // an overload of a function already read
			}
			errs.Add(file, line, "tool %q appears twice: %s is also exported from %s", fn.name, fn.name, strings.SplitN(prev, "\x00", 2)[1])
			continue
		}
		where[fn.name] = fn.file + "\x00" + at
		t, problems := typeScriptTool(fn, decls, declDir)
		for _, p := range problems {
			e := &Error{File: file, Line: line, Msg: p.msg, Code: p.code}
			if p.line > 0 {
				e.File, e.Line = sourceLine(maps, fn.file, p.line)
			}
			errs = append(errs, e)
		}
		if len(problems) == 0 {
			c.Tools = append(c.Tools, t)
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

// declarationFiles lists the declaration files under dir in a stable order,
// leaving out node_modules and hidden folders.
func declarationFiles(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if isDeclarationFile(d.Name()) {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	return files, nil
}

func isDeclarationFile(name string) bool {
	return strings.HasSuffix(name, ".d.ts") || strings.HasSuffix(name, ".d.mts") || strings.HasSuffix(name, ".d.cts")
}

// moduleName is a declaration file's path under declDir without its
// extension: the module the function is imported from.
func moduleName(declDir, path string) string {
	rel, err := filepath.Rel(declDir, path)
	if err != nil {
		rel = filepath.Base(path)
	}
	rel = filepath.ToSlash(rel)
	for _, ext := range []string{".d.ts", ".d.mts", ".d.cts"} {
		rel = strings.TrimSuffix(rel, ext)
	}
	return rel
}

// tsProblem is a problem of one function, at its line unless line is set.
type tsProblem struct {
	line int
	code string
	msg  string
}

func typeScriptTool(fn *tsFunction, decls map[string][]*tsDecl, declDir string) (Tool, []tsProblem) {
	var ps []tsProblem
	t := Tool{
		Name:   fn.name,
		Origin: Origin{Form: "typescript", Module: moduleName(declDir, fn.file)},
	}
	doc := fn.doc
	if doc != nil {
		t.Description = doc.text
	}

	read, write := doc.tag("read"), doc.tag("write")
	switch {
	case read != nil && write != nil:
		ps = append(ps, tsProblem{line: write.line, msg: fmt.Sprintf("function %s says both @read and @write", fn.name)})
	case read != nil:
		t.Kind, t.KindRule = Read, "typescript:@read"
	case write != nil:
		t.Kind, t.KindRule = Write, "typescript:@write"
	default:
		ps = append(ps, tsProblem{code: CodeToolKindUndeclared,
			msg: fmt.Sprintf("function %s says neither @read nor @write in its doc comment: its kind is not guessed", fn.name)})
	}

	obj, tagProblems := tagDeclarations(doc)
	ps = append(ps, tagProblems...)
	if len(obj) > 0 {
		_, problems := decodeDeclarations(obj, &t.Declarations)
		for _, p := range problems {
			ps = append(ps, tsProblem{msg: fmt.Sprintf("function %s: %s", fn.name, p)})
		}
	}

	b := newTSSchemaBuilder(decls, fn.file)
	t.InputSchema = b.inputSchema(fn)
	if err := b.err; err != nil {
		ps = append(ps, tsProblem{msg: fmt.Sprintf("function %s: input schema: %v", fn.name, err)})
	}
	if fn.ret != nil {
		out := newTSSchemaBuilder(decls, fn.file)
		if s := out.outputSchema(fn.ret); s != nil {
			if rt := doc.tag("returns"); rt != nil && rt.text != "" && s.kind == objectNode && s.get("description") == nil {
				s.fields = append(s.fields, field{key: "description", val: &node{kind: stringNode, str: rt.text}})
			}
			t.OutputSchema = out.finish(s)
		}
		if err := out.err; err != nil {
			ps = append(ps, tsProblem{msg: fmt.Sprintf("function %s: output schema: %v", fn.name, err)})
		}
	}
	return t, ps
}

// tsBoolDeclarations are the declarations a bare tag sets true.
var tsBoolDeclarations = map[string]bool{"irreversible": true, "egress": true, "reads_outside": true}

// tagDeclarations turns a doc comment's declaration tags into the JSON
// object decodeDeclarations reads.
func tagDeclarations(doc *jsDoc) (map[string]json.RawMessage, []tsProblem) {
	if doc == nil {
		return nil, nil
	}
	var ps []tsProblem
	obj := map[string]json.RawMessage{}
	for _, tag := range doc.tags {
		name, ok := declarationNames[tag.name]
		if !ok || name == "read_only" {
			continue
		}
		text := strings.TrimSpace(tag.text)
		var raw json.RawMessage
		var err error
		switch {
		case tsBoolDeclarations[name]:
			switch text {
			case "", "true":
				raw = json.RawMessage("true")
			case "false":
				raw = json.RawMessage("false")
			default:
				err = fmt.Errorf("@%s takes no value or true or false, not %q", tag.name, text)
			}
		case name == "compensation":
			raw, err = compensationTag(text)
		default:
			raw, err = json.Marshal(text)
		}
		if err != nil {
			ps = append(ps, tsProblem{line: tag.line, msg: err.Error()})
			continue
		}
		obj[tag.name] = raw
	}
	return obj, ps
}

// compensationTag reads "@compensation TOOL {arguments}".
func compensationTag(text string) (json.RawMessage, error) {
	tool, args, _ := strings.Cut(text, " ")
	if tool == "" {
		return nil, fmt.Errorf("@compensation names no tool")
	}
	c := map[string]json.RawMessage{}
	quoted, err := json.Marshal(tool)
	if err != nil {
		return nil, err
	}
	c["tool"] = quoted
	if args = strings.TrimSpace(args); args != "" {
		var m map[string]any
		if err := json.Unmarshal([]byte(args), &m); err != nil {
			return nil, fmt.Errorf("@compensation %s: the arguments are not a JSON object: %v", tool, simplifyJSONError(err))
		}
		c["arguments"] = json.RawMessage(args)
	}
	return json.Marshal(c)
}

// sourceLine maps a line of a declaration file to the source file and line
// its declaration map gives, or returns them unchanged.
func sourceLine(maps map[string]*sourceMap, file string, line int) (string, int) {
	if sm := maps[file]; sm != nil {
		if src, srcLine, ok := sm.lookup(line); ok {
			return src, srcLine
		}
	}
	return file, line
}

// sourceMap is the part of a declaration map (a version 3 source map) that
// maps a generated line to a source file and line.
type sourceMap struct {
	sources []string // paths, joined with the map's folder
	lines   [][2]int // per generated line: source index and line, or -1
}

// readSourceMap reads the declaration map beside a declaration file, or
// returns nil.
func readSourceMap(dts string) *sourceMap {
	data, err := os.ReadFile(dts + ".map")
	if err != nil {
		return nil
	}
	var raw struct {
		Version    int      `json:"version"`
		SourceRoot string   `json:"sourceRoot"`
		Sources    []string `json:"sources"`
		Mappings   string   `json:"mappings"`
	}
	if json.Unmarshal(data, &raw) != nil || raw.Version != 3 {
		return nil
	}
	sm := &sourceMap{}
	base := filepath.Dir(dts)
	for _, s := range raw.Sources {
		sm.sources = append(sm.sources, filepath.Clean(filepath.Join(base, raw.SourceRoot, filepath.FromSlash(s))))
	}
	src, srcLine := 0, 0
	for _, lineSegs := range strings.Split(raw.Mappings, ";") {
		first := [2]int{-1, -1}
		for _, seg := range strings.Split(lineSegs, ",") {
			vals, ok := decodeVLQ(seg)
			if !ok {
				return nil
			}
			if len(vals) >= 4 {
				src += vals[1]
				srcLine += vals[2]
				if first[0] < 0 {
					first = [2]int{src, srcLine}
				}
			}
		}
		sm.lines = append(sm.lines, first)
	}
	return sm
}

// lookup returns the source file and 1-based line of a 1-based generated
// line.
func (sm *sourceMap) lookup(line int) (string, int, bool) {
	if line < 1 || line > len(sm.lines) {
		return "", 0, false
	}
	m := sm.lines[line-1]
	if m[0] < 0 || m[0] >= len(sm.sources) {
		return "", 0, false
	}
	return sm.sources[m[0]], m[1] + 1, true
}

const base64Digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// decodeVLQ decodes one segment of a source map's mappings.
func decodeVLQ(seg string) ([]int, bool) {
	var vals []int
	shift, value := 0, 0
	for i := 0; i < len(seg); i++ {
		d := strings.IndexByte(base64Digits, seg[i])
		if d < 0 || shift > 30 {
			return nil, false
		}
		value += (d & 31) << shift
		if d&32 != 0 {
			shift += 5
			continue
		}
		if value&1 != 0 {
			vals = append(vals, -(value >> 1))
		} else {
			vals = append(vals, value>>1)
		}
		shift, value = 0, 0
	}
	if shift != 0 {
		return nil, false
	}
	return vals, true
}
