package serve

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strings"
	"testing"
)

// decodeJSON is what encoding/json reads from a body as decode reads it:
// one object, no unknown field, nothing after it.
func decodeJSON(body []byte, v any) bool {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if dec.Decode(v) != nil {
		return false
	}
	var extra json.RawMessage
	return dec.Decode(&extra) == io.EOF
}

// fastSelect reads a body as decode's fast path does.
func fastSelect(body []byte) (selectRequest, bool) {
	var req selectRequest
	var members [2]member
	ms, ok := stringMembers(body, members[:0])
	if !ok || !setTurnLanguage(ms, &req.Turn, &req.Language) {
		return selectRequest{}, false
	}
	return req, true
}

func strp(s string) *string { return &s }

func TestStringMembers(t *testing.T) {
	tests := []struct {
		body string
		ok   bool
		want selectRequest
	}{
		{`{"turn":"show me order 42"}`, true, selectRequest{Turn: strp("show me order 42")}},
		{" \t\r\n{ \"turn\" : \"a\" , \"language\" : \"en\" }\n", true, selectRequest{Turn: strp("a"), Language: "en"}},
		{`{"language":"en"}`, true, selectRequest{Language: "en"}},
		{`{}`, true, selectRequest{}},
		{`{"turn":""}`, true, selectRequest{Turn: strp("")}},
		{`{"turn":"a","turn":"b"}`, true, selectRequest{Turn: strp("b")}},
		{`{"turn":"pedido nº 42 ação"}`, true, selectRequest{Turn: strp("pedido nº 42 ação")}},
		// Everything else is left to encoding/json.
		{`{"Turn":"a"}`, false, selectRequest{}},
		{`{"turn":"a\"b"}`, false, selectRequest{}},
		{`{"turn":"a\u0041"}`, false, selectRequest{}},
		{"{\"turn\":\"a\tb\"}", false, selectRequest{}},
		{"{\"turn\":\"a\xffb\"}", false, selectRequest{}},
		{`{"turn":"a","top":2}`, false, selectRequest{}},
		{`{"turn":"a","scopes":["x"]}`, false, selectRequest{}},
		{`{"turn":null}`, false, selectRequest{}},
		{`{"turn":42}`, false, selectRequest{}},
		{`{"turn":"a",}`, false, selectRequest{}},
		{`{"turn":"a"}{"turn":"b"}`, false, selectRequest{}},
		{`{"turn":"a"} x`, false, selectRequest{}},
		{`{"turn":"a"`, false, selectRequest{}},
		{`{"turn" "a"}`, false, selectRequest{}},
		{`{"turn":"a","language":"en","turn":"b"}`, false, selectRequest{}},
		{`["a"]`, false, selectRequest{}},
		{``, false, selectRequest{}},
	}
	for _, tt := range tests {
		have, ok := fastSelect([]byte(tt.body))
		if ok != tt.ok || !reflect.DeepEqual(have, tt.want) {
			t.Errorf("%q: %+v %v, want %+v %v", tt.body, have, ok, tt.want, tt.ok)
		}
		if !ok {
			continue
		}
		var want selectRequest
		if !decodeJSON([]byte(tt.body), &want) || !reflect.DeepEqual(have, want) {
			t.Errorf("%q: encoding/json reads %+v", tt.body, want)
		}
	}
}

// FuzzStringMembers checks that every body the fast path reads is one
// encoding/json reads, to the same request.
func FuzzStringMembers(f *testing.F) {
	for _, s := range []string{`{"turn":"show me order 42"}`, `{"turn":"a","language":"pt-BR"}`, `{ }`,
		`{"turn":"a","turn":"b"}`, "{\"turn\":\"\xc3\xa7\"}", `{"turn":"a\\n"}`, `{"TURN":"a"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		have, ok := fastSelect(body)
		if !ok {
			return
		}
		var want selectRequest
		if !decodeJSON(body, &want) {
			t.Fatalf("%q: the fast path reads %+v, encoding/json refuses it", body, have)
		}
		if !reflect.DeepEqual(have, want) {
			t.Fatalf("%q: the fast path reads %+v, encoding/json %+v", body, have, want)
		}
	})
}

// TestBodiesOffTheFastPath checks that the bodies decode leaves to
// encoding/json are answered as before: the same decision for the same
// request, and the limits.
func TestBodiesOffTheFastPath(t *testing.T) {
	f := newFixture(t, Config{}, nil)
	h := f.s.Handler()
	want := do(h, "POST", "/v1/select", `{"turn":"show me order 42"}`, nil)
	if want.Code != 200 {
		t.Fatalf("select: status %d", want.Code)
	}
	for _, body := range []string{
		`{"Turn":"show me order 42"}`,
		`{"turn":"show me \u006frder 42"}`,
		`{"turn":"show me order 42","top":5}`,
		`{"turn":"show me order 42","language":"en","scopes":null}`,
	} {
		have := do(h, "POST", "/v1/select", body, nil)
		if have.Code != 200 || have.Body.String() != want.Body.String() {
			t.Errorf("%s: %d %s\nwant %s", body, have.Code, have.Body.String(), want.Body.String())
		}
	}
	// A body over the limit is 413, whatever follows its first value.
	for _, tail := range []string{" ", "x"} {
		body := `{"turn":"a"}` + strings.Repeat(tail, MaxBodyBytes)
		if w := do(h, "POST", "/v1/select", body, nil); w.Code != 413 {
			t.Errorf("a body of %d bytes ending %q: status %d, want 413", len(body), tail, w.Code)
		}
	}
}
