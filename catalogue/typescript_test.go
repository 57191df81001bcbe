package catalogue

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestImportTypeScriptShop reads the README's example project, the spec's shop.
func TestImportTypeScriptShop(t *testing.T) {
	c, err := ImportTypeScript("../examples/server", "../examples/server/dist")
	require.NoError(t, err)
	want := []struct {
		name string
		kind Kind
	}{
		{"getOrder", Read}, {"chargeCard", Write}, {"refundCard", Write}, {"searchOrders", Read}, {"archiveOrder", Write},
	}
	require.Len(t, c.Tools, len(want))
	for i, w := range want {
		tool := c.Tools[i]
		assert.Equal(t, w.name, tool.Name)
		assert.Equal(t, w.kind, tool.Kind, "%s kind", w.name)
		assert.Equal(t, "typescript:@"+string(w.kind), tool.KindRule)
		assert.Equal(t, Origin{Form: "typescript", Module: "orders"}, tool.Origin)
	}

	get := c.Tool("getOrder")
	assert.Equal(t, "Show an order: its total, the card on file and its status.", get.Description)
	assert.JSONEq(t, `{"type":"object","properties":{"order_id":{"type":"string","description":"The order to show."}},
		"required":["order_id"]}`, string(get.InputSchema))
	line := `{"type":"object","properties":{"label":{"type":"string","description":"What was bought."},
		"amount":{"type":"number","description":"The price in cents."},
		"children":{"type":"array","items":{"$ref":"#/$defs/Line"},"description":"Lines bundled inside this one."}},
		"required":["label","amount"],"description":"A line of an order."}`
	order := `{"type":"object","properties":{"order_id":{"type":"string"},"total":{"type":"number"},
		"status":{"type":"string","enum":["open","paid","archived"],"description":"Where an order stands."},
		"card_on_file":{"type":["string","null"]},"lines":{"type":"array","items":{"$ref":"#/$defs/Line"}},
		"placed_at":{"type":"string","format":"date-time"}},
		"required":["order_id","total","status","card_on_file","lines","placed_at"],"description":"An order of the shop."`
	assert.JSONEq(t, order+`,"$defs":{"Line":`+line+`}}`, string(get.OutputSchema))

	// One object parameter: its members are the arguments.
	charge := c.Tool("chargeCard")
	assert.JSONEq(t, `{"type":"object","properties":{"order_id":{"type":"string","description":"The order to charge."},
		"amount":{"type":"number","description":"How much, in cents."},
		"currency":{"type":"string","enum":["EUR","USD","BRL"]},"idempotency_key":{"type":"string"}},
		"required":["order_id","amount"]}`, string(charge.InputSchema))
	assert.JSONEq(t, `{"type":"object","properties":{"charge_id":{"type":"string"},
		"status":{"type":"string","enum":["succeeded","pending"]}},"required":["charge_id","status"]}`, string(charge.OutputSchema))
	assert.Equal(t, Declarations{
		Compensation:   &Compensation{Tool: "refundCard", Arguments: map[string]any{"order_id": "$args.order_id", "amount": "$args.amount"}},
		IdempotencyKey: "idempotency_key", Privilege: "payments:charge", Confirmation: "Charge this card?", SideEffect: "W2",
	}, charge.Declarations)

	// An interface parameter: its members are the arguments.
	refund := c.Tool("refundCard")
	assert.JSONEq(t, `{"type":"object","properties":{"order_id":{"type":"string"},"amount":{"type":"number"},
		"reason":{"type":"string","enum":["duplicate","goodwill"]}},"required":["order_id","amount"],
		"description":"What a refund takes."}`, string(refund.InputSchema))
	assert.Equal(t, Declarations{Irreversible: true, Owner: "payments-team", Version: "2.1"}, refund.Declarations)
	assert.JSONEq(t, `{"type":"boolean"}`, string(refund.OutputSchema))

	// Several parameters: one property each; ? and defaults are optional.
	search := c.Tool("searchOrders")
	assert.JSONEq(t, `{"type":"object","properties":{"customer":{"type":"string","description":"Whose orders."},
		"statuses":{"type":"array","items":{"type":"string","enum":["open","paid","archived"],"description":"Where an order stands."},
		"description":"Only orders in these states."},"limit":{"type":"number"}},"required":["customer"]}`, string(search.InputSchema))
	assert.JSONEq(t, `{"type":"object","properties":{"items":{"type":"array","items":`+order+`}},"next":{"type":"string"}},
		"required":["items"],"description":"One page of orders.","$defs":{"Line":`+line+`}}`, string(search.OutputSchema))
	assert.Equal(t, Declarations{ReadsOutside: true, Domain: "connectors"}, search.Declarations)

	// A destructured parameter; Promise<void> has no result.
	archive := c.Tool("archiveOrder")
	assert.JSONEq(t, `{"type":"object","properties":{"order_id":{"type":"string"}},"required":["order_id"]}`, string(archive.InputSchema))
	assert.Nil(t, archive.OutputSchema)
}

func TestImportTypeScriptKinds(t *testing.T) {
	c, err := ImportTypeScript("testdata/ts/kinds", "testdata/ts/kinds/dist")
	require.NoError(t, err)
	var names []string
	for _, tool := range c.Tools {
		names = append(names, tool.Name)
	}
	// Overloads are one tool; the default export, the namespace's function
	// and classes are none.
	assert.Equal(t, []string{"openTicket", "updateTicket", "isClosed", "findNear", "lookup", "walk", "ping"}, names)

	open := c.Tool("openTicket")
	assert.JSONEq(t, `{"type":"object","properties":{"title":{"type":"string"},
		"priority":{"type":"number","enum":[0,5,6]},"labels":{"type":"array","items":{"type":"string"}}},
		"required":["title"]}`, string(open.InputSchema))
	assert.Equal(t, Declarations{Egress: true, Domain: "agents"}, open.Declarations)
	ticket := `{"type":"object","properties":{"created":{"type":"string","format":"date-time","description":"When it was made."},
		"tags":{"type":"array","items":{"type":"string"}},"id":{"type":"string"},"title":{"type":"string"},
		"priority":{"type":"number","enum":[0,5,6]},"assignee":{"type":["string","null"]},
		"meta":{"type":"object","additionalProperties":{"type":"string"}}},
		"required":["created","id","title","priority","meta"],"additionalProperties":{}}`
	assert.JSONEq(t, ticket, string(open.OutputSchema))

	// A tag after text on the same line; Partial<Pick<...>> & {...}.
	update := c.Tool("updateTicket")
	assert.Equal(t, Write, update.Kind)
	assert.Equal(t, "Update a ticket.", update.Description)
	assert.JSONEq(t, `{"type":"object","properties":{"id":{"type":"string"},"patch":{"type":"object","properties":{
		"title":{"type":"string"},"priority":{"type":"number","enum":[0,5,6]},
		"reason":{"type":"string","enum":["typo","scope"]}},"required":["reason"]}},"required":["id","patch"]}`,
		string(update.InputSchema))

	// An interface parameter that extends another; a type predicate returns a boolean.
	closed := c.Tool("isClosed")
	assert.JSONEq(t, ticket, string(closed.InputSchema))
	assert.JSONEq(t, `{"type":"boolean"}`, string(closed.OutputSchema))

	near := c.Tool("findNear")
	assert.JSONEq(t, `{"type":"object","properties":{
		"at":{"type":"array","prefixItems":[{"type":"number"},{"type":"number"},{"type":"number"}],"items":false,"minItems":2},
		"opts":{"type":"object","properties":{"radius":{"type":"number"},"exact":{"type":"boolean"}},"required":["exact"]}},
		"required":["at"]}`, string(near.InputSchema))
	assert.JSONEq(t, `{"type":"object","additionalProperties":{"type":"array","items":`+ticket+`}}`, string(near.OutputSchema))

	// A recursive generic type goes into $defs; a function argument is any value.
	walk := c.Tool("walk")
	assert.JSONEq(t, `{"type":"object","properties":{"tree":{"$ref":"#/$defs/Tree"},"visit":{}},"required":["tree","visit"],
		"$defs":{"Tree":{"type":"object","properties":{"value":{},"children":{"type":"array","items":{"$ref":"#/$defs/Tree"}}},
		"required":["value","children"]}}}`, string(walk.InputSchema))
	assert.JSONEq(t, `{"type":"number"}`, string(walk.OutputSchema))

	ping := c.Tool("ping")
	assert.Equal(t, Read, ping.Kind)
	assert.JSONEq(t, `{"type":"object","properties":{}}`, string(ping.InputSchema))
}

func TestImportTypeScriptUndeclared(t *testing.T) {
	_, err := ImportTypeScript("testdata/ts/undeclared", "testdata/ts/undeclared/dist")
	require.Error(t, err)
	var list ErrorList
	require.True(t, errors.As(err, &list), "error %T", err)
	require.Len(t, list, 2)
	src := filepath.Join("testdata", "ts", "undeclared", "src", "index.ts")
	for i, want := range []struct {
		name string
		line int
	}{{"emptyWarehouse", 12}, {"restock", 14}} {
		e := list[i]
		assert.Equal(t, CodeToolKindUndeclared, e.Code)
		assert.Equal(t, src, e.File, "the declaration map leads to the source")
		assert.Equal(t, want.line, e.Line)
		assert.Contains(t, e.Msg, want.name)
	}
	assert.Contains(t, err.Error(), src+":12: tool_kind_undeclared: function emptyWarehouse says neither @read nor @write")
	var e *Error
	require.True(t, errors.As(err, &e))
	assert.Equal(t, CodeToolKindUndeclared, e.Code)
}

// writeDTS writes declaration files into a temporary folder.
func writeDTS(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	}
	return dir
}

func TestImportTypeScriptErrors(t *testing.T) {
	tests := []struct {
		files map[string]string
		want  string
	}{
		{map[string]string{"a.d.ts": "/** @read @write */\nexport declare function f(): void;\n"}, "a.d.ts:1: function f says both @read and @write"},
		{map[string]string{"a.d.ts": "/** @read */\nexport declare function f(x: ): void;\n"}, "a.d.ts:2: cannot read this declaration file: want a type"},
		{map[string]string{"a.d.ts": "export declare function f(x: string;\n"}, "a.d.ts:1: cannot read"},
		{map[string]string{"a.d.ts": "/** @read\n * @domain shops */\nexport declare function f(): void;\n"}, `a.d.ts:3: function f: declaration domain: domain "shops"`},
		{map[string]string{"a.d.ts": "/** @write\n * @compensation undo {bad} */\nexport declare function f(): void;\n"}, "a.d.ts:2: @compensation undo: the arguments are not a JSON object"},
		{map[string]string{"a.d.ts": "/** @write\n * @irreversible maybe */\nexport declare function f(): void;\n"}, "a.d.ts:2: @irreversible takes no value"},
		{map[string]string{"a.d.ts": "/** @read */\nexport declare function f(): void;\n", "b/c.d.ts": "/** @read */\nexport declare function f(): void;\n"}, `tool "f" appears twice`},
		{map[string]string{"a.ts": "export function f() {}\n"}, "no TypeScript declaration files"},
		{map[string]string{"a.d.ts": "/** @read */\nexport declare function f(): 'open;\n"}, "a.d.ts:2: cannot read this declaration file: unterminated string"},
	}
	for _, tt := range tests {
		dir := writeDTS(t, tt.files)
		c, err := ImportTypeScript(dir, "")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ImportTypeScript(%v) = %v, want %q", tt.files, err, tt.want)
		}
		assert.Nil(t, c)
	}
}

func TestParseDTSShapes(t *testing.T) {
	src := `
import type { X } from "./x";
export * from "./y";
export { z } from "./z";
declare global { interface Window { a: string } }
declare module "m" { export function hidden(): void; }
export declare class K<T> { private x; m(): T; static s: number; }
export declare const version: string;
export type Fn = (a: string, ...rest: number[]) => void;
export type Cond<T> = T extends string ? "s" : "n";
export type Mapped = { readonly [K in "a" | "b"]?: number };
export type Tpl = ` + "`id-${string}`" + `;
export interface I { (call: string): void; new (x: number): I; method?(a: string): void; readonly "quoted-name": number; 42: string; get g(): string; set s(v: string); [Symbol.iterator](): Iterator<string>; }
/** @read */
export declare function f(a: Cond<string>, b: Mapped, c: Tpl, d: I, e: import("./x").Y, g: typeof version, h: keyof I, i: -1 | 2, j: unique symbol, k: Array<string>[], l: Fn, m: bigint, n: never, o: object, p: null, q: Readonly<string[]>, r: Record<"x" | "y", number>, s: Omit<I, "42">, u: NonNullable<string | null>, v: Required<Partial<{a: string}>>, w: true | false, x: 1 | "a"): asserts a is string;
`
	f, perr := parseDTS("x.d.ts", src)
	require.Nil(t, perr)
	require.Len(t, f.funcs, 1)
	fn := f.funcs[0]
	assert.Equal(t, "f", fn.name)
	assert.Len(t, fn.params, 22)
	b := newTSSchemaBuilder(map[string][]*tsDecl{}, "x.d.ts")
	decls := map[string][]*tsDecl{}
	for _, d := range f.decls {
		decls[d.name] = append(decls[d.name], d)
	}
	b.decls = decls
	raw := b.inputSchema(fn)
	require.NoError(t, b.err)
	assert.JSONEq(t, `{"type":"object","properties":{
		"a":{},"b":{"type":"object","properties":{},"additionalProperties":{}},"c":{"type":"string"},
		"d":{"type":"object","properties":{"quoted-name":{"type":"number"},"42":{"type":"string"}},"required":["quoted-name","42"]},
		"e":{},"g":{},"h":{"type":"string"},"i":{"type":"number","enum":[-1,2]},"j":{"type":"string"},
		"k":{"type":"array","items":{"type":"array","items":{"type":"string"}}},"l":{},"m":{"type":"integer"},"n":false,
		"o":{"type":"object"},"p":{"type":"null"},"q":{"type":"array","items":{"type":"string"}},
		"r":{"type":"object","properties":{"x":{"type":"number"},"y":{"type":"number"}},"required":["x","y"]},
		"s":{"type":"object","properties":{"quoted-name":{"type":"number"}},"required":["quoted-name"]},
		"u":{"type":"string"},"v":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},
		"w":{"type":"boolean"},"x":{"enum":[1,"a"]}},
		"required":["a","b","c","d","e","g","h","i","j","k","l","m","n","o","p","q","r","s","u","v","w","x"]}`, string(raw))
	assert.Nil(t, (&tsSchemaBuilder{}).outputSchema(fn.ret), "asserts is void")
}
