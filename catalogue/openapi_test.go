package catalogue

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseOpenAPIShop(t *testing.T) {
	c := checkKinds(t, "testdata/shop-openapi.json", "openapi", []kindRow{
		{"get_order", Read, "openapi:GET"},
		{"charge_card", Write, "openapi:POST"},
		{"search_orders", Read, "openapi:x-stalwart-read"},
	})
	charge := c.Tool("charge_card")
	assert.Equal(t, "Idempotency-Key", charge.Declarations.IdempotencyKey)
	assert.Equal(t, Origin{Form: "openapi", Method: "POST", Path: "/orders/{order_id}/charges",
		Summary: "Charge an amount to the card on file"}, charge.Origin)
	assert.JSONEq(t, `{"type":"object","properties":{"order_id":{"type":"string"},"amount":{"type":"number"}},
		"required":["order_id","amount"]}`, string(charge.InputSchema))
	assert.Equal(t, "Show an order", c.Tool("get_order").Description)
}

// The shop of spec 000 read from its MCP list and from its OpenAPI document
// gives the same tools with the same kinds and the declarations both make.
func TestShopFormsAgree(t *testing.T) {
	fromMCP, err := ImportFile("testdata/shop-mcp.json")
	require.NoError(t, err)
	fromAPI, err := ImportFile("testdata/shop-openapi.json")
	require.NoError(t, err)
	both := 0
	for _, a := range fromAPI.Tools {
		m := fromMCP.Tool(a.Name)
		if m == nil {
			continue
		}
		both++
		assert.Equal(t, m.Kind, a.Kind, "%s: kind from MCP and from OpenAPI", a.Name)
		// Compare what both forms declare: the OpenAPI document lacks the
		// compensation and the MCP list the idempotency key.
		md, ad := m.Declarations, a.Declarations
		if md.Compensation == nil || ad.Compensation == nil {
			md.Compensation, ad.Compensation = nil, nil
		}
		if md.IdempotencyKey == "" || ad.IdempotencyKey == "" {
			md.IdempotencyKey, ad.IdempotencyKey = "", ""
		}
		assert.Equal(t, md, ad, "%s: declarations from MCP and from OpenAPI", a.Name)
		var ms, as map[string]any
		require.NoError(t, json.Unmarshal(m.InputSchema, &ms))
		require.NoError(t, json.Unmarshal(a.InputSchema, &as))
		assert.Equal(t, ms, as, "%s: input schema", a.Name)
	}
	assert.Equal(t, 2, both, "tools in both forms")
}

// openAPIDoc makes an OpenAPI 3.1 JSON document of one path item.
func openAPIDoc(path, item string) []byte {
	return []byte(`{"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
"paths": {"` + path + `": ` + item + `}}`)
}

func TestOpenAPIKindRules(t *testing.T) {
	tests := []struct {
		method, ext string
		kind        Kind
		rule        string
	}{
		{"get", "", Read, "openapi:GET"},
		{"head", "", Read, "openapi:HEAD"},
		{"options", "", Read, "openapi:OPTIONS"},
		{"post", "", Write, "openapi:POST"},
		{"put", "", Write, "openapi:PUT"},
		{"patch", "", Write, "openapi:PATCH"},
		{"delete", "", Write, "openapi:DELETE"},
		{"trace", "", Write, "openapi:TRACE"},
		{"post", `"x-stalwart-read": true,`, Read, "openapi:x-stalwart-read"},
		{"get", `"x-stalwart-read": false,`, Write, "openapi:x-stalwart-read"},
		{"post", `"x-stalwart": {"read_only": true},`, Read, "openapi:x-stalwart.read_only"},
		{"post", `"x-stalwart": {"readOnlyHint": true},`, Read, "openapi:x-stalwart.readOnlyHint"},
		{"get", `"x-stalwart": {"destructiveHint": true},`, Write, "openapi:x-stalwart.destructiveHint"},
	}
	for _, tt := range tests {
		doc := openAPIDoc("/things", `{"`+tt.method+`": {"operationId": "op", `+tt.ext+` "responses": {"200": {"description": "ok"}}}}`)
		c, err := ParseOpenAPI("t.json", doc)
		require.NoError(t, err, "%s %s", tt.method, tt.ext)
		tool := c.Tools[0]
		if tool.Kind != tt.kind || tool.KindRule != tt.rule {
			t.Errorf("ParseOpenAPI(%s %s) = %s by %s, want %s by %s", tt.method, tt.ext, tool.Kind, tool.KindRule, tt.kind, tt.rule)
		}
	}
}

func TestOpenAPI30YAML(t *testing.T) {
	c, err := ImportFile("testdata/billing-30.yaml")
	require.NoError(t, err)
	var names []string
	for _, tool := range c.Tools {
		names = append(names, tool.Name)
	}
	// Document order, not the order of any map.
	assert.Equal(t, []string{"cancel_subscription", "listInvoices", "createInvoice", "invoiceExists",
		"voidInvoice", "invoiceOptions", "replaceInvoice", "updateInvoice", "getInvoice"}, names)

	cancel := c.Tool("cancel_subscription")
	assert.True(t, cancel.Origin.NamedFromSummary)
	assert.Equal(t, "Cancel a subscription", cancel.Origin.Summary)
	assert.JSONEq(t, `{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`, string(cancel.InputSchema))
	// nullable becomes a null type in OpenAPI 3.0.
	assert.JSONEq(t, `{"type":"object","properties":{"id":{"type":"string"},"cancelled_at":{"type":["string","null"]}}}`,
		string(cancel.OutputSchema))

	list := c.Tool("listInvoices")
	assert.Equal(t, "List invoices. Lists the invoices of the account, newest first.", list.Description)
	assert.JSONEq(t, `{"type":"object","properties":{
		"status":{"type":"string","enum":["draft","open","paid"]},
		"limit":{"type":"integer","minimum":1,"exclusiveMaximum":100,"description":"How many to return."}}}`,
		string(list.InputSchema))

	// A schema that refers to itself goes into $defs.
	create := c.Tool("createInvoice")
	line := `{"type":"object","properties":{"label":{"type":"string"},"amount":{"type":"integer"},
		"children":{"type":"array","items":{"$ref":"#/$defs/Line"}}}}`
	assert.JSONEq(t, `{"type":"object","properties":{"X-Request-ID":{"type":"string"},"customer":{"type":"string"},
		"lines":{"type":"array","items":{"$ref":"#/$defs/Line"}}},"required":["X-Request-ID","customer"],
		"$defs":{"Line":`+line+`}}`, string(create.InputSchema))
	assert.JSONEq(t, `{"type":"object","properties":{"invoice_id":{"type":"string"},
		"lines":{"type":"array","items":{"$ref":"#/$defs/Line"}}},"$defs":{"Line":`+line+`}}`, string(create.OutputSchema))
	assert.Equal(t, Declarations{Compensation: &Compensation{Tool: "voidInvoice",
		Arguments: map[string]any{"invoice_id": "$args.invoice_id"}}, SideEffect: "W1", Owner: "billing-team"},
		create.Declarations)

	// A request body that is not an object is the argument "body".
	assert.JSONEq(t, `{"type":"object","properties":{"invoice_id":{"type":"string"},
		"body":{"type":"array","items":{"type":"string"}}},"required":["invoice_id"]}`,
		string(c.Tool("replaceInvoice").InputSchema))
	assert.Equal(t, "Idempotency-Key", c.Tool("voidInvoice").Declarations.IdempotencyKey)
	assert.Nil(t, c.Tool("voidInvoice").OutputSchema)
}

func TestOpenAPI31Refs(t *testing.T) {
	doc := `openapi: 3.1.0
info: {title: tree, version: "1"}
paths:
  /nodes/{id}:
    get:
      summary: Gets a node
      parameters:
        - {name: id, in: path, required: true, schema: {type: [string, "null"]}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "#/components/schemas/A", description: the node}
components:
  schemas:
    A:
      type: object
      properties:
        b: {$ref: "#/components/schemas/B"}
    B:
      type: object
      properties:
        a: {$ref: "#/components/schemas/A"}
        c: {const: 3}
`
	c, err := ParseOpenAPI("tree.yaml", []byte(doc))
	require.NoError(t, err)
	tool := c.Tools[0]
	assert.Equal(t, "get_node", tool.Name)
	assert.JSONEq(t, `{"type":"object","properties":{"id":{"type":["string","null"]}},"required":["id"]}`, string(tool.InputSchema))
	assert.JSONEq(t, `{"$ref":"#/$defs/A","description":"the node","$defs":{"A":{"type":"object","properties":{
		"b":{"type":"object","properties":{"a":{"$ref":"#/$defs/A"},"c":{"const":3}}}}}}}`, string(tool.OutputSchema))
}

func TestNameFromSummary(t *testing.T) {
	tests := []struct{ summary, method, path, want string }{
		{"Cancel a subscription", "POST", "/subscriptions/{id}/cancel", "cancel_subscription"},
		{"List orders", "GET", "/orders", "list_orders"},
		{"Lists the orders", "GET", "/v1/orders", "list_orders"},
		{"Show an order", "GET", "/orders/{order_id}", "show_order"},
		{"Searches invoices", "POST", "/invoices/search", "search_invoices"},
		{"Refund a charge", "POST", "/charges/{id}/refunds", "refund_charge"},
		{"Get line items", "GET", "/orders/{id}/line-items", "get_line_items"},
		{"", "GET", "/users/{id}", "get_user"},
		{"", "GET", "/users", "list_users"},
		{"", "POST", "/users", "create_users"},
		{"", "DELETE", "/users/{userId}", "delete_user"},
		{"Ping", "GET", "/", "ping"},
	}
	for _, tt := range tests {
		if got := nameFromSummary(tt.summary, tt.method, tt.path); got != tt.want {
			t.Errorf("nameFromSummary(%q, %s %s) = %q, want %q", tt.summary, tt.method, tt.path, got, tt.want)
		}
	}
}

func TestOpenAPIErrors(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		msg      string
	}{
		{"bad.json", "{\"openapi\": \"3.1.0\",\n\"info\": {\"title\": \"t\" \"version\": \"1\"}}", 2, "malformed JSON"},
		{"bad.yaml", "openapi: 3.1.0\ninfo:\n  title: t\n  version: [1\npaths: {}\n", 5, "malformed YAML"},
		{"dup.yaml", "openapi: 3.1.0\ninfo: {title: t, version: '1'}\ninfo: {title: u}\n", 3, "already defined"},
		{"old.yaml", "swagger: '2.0'\ninfo: {title: t, version: '1'}\n", 1, "Swagger 2.0"},
		{"v4.yaml", "openapi: 4.0.0\ninfo: {title: t, version: '1'}\n", 1, "only 3.0 and 3.1"},
		{"noinfo.json", "{\"openapi\": \"3.0.3\",\n\"info\": 3,\n\"paths\": {}}", 2, "not a valid OpenAPI document"},
		{"param.yaml", "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      parameters: [{name: q, in: body}]\n      responses: {'200': {description: ok}}\n", 5, `'in' value "body"`},
		{"ref.yaml", "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: '#/components/schemas/Nope'\n", 12, "Nope"},
		{"ext.yaml", "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: 'other.yaml#/B'\n", 12, "other.yaml"},
		{"read.yaml", "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    post:\n      operationId: a\n      x-stalwart-read: yes please\n", 7, "x-stalwart-read is not true or false"},
		{"decl.yaml", "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    post:\n      operationId: a\n      x-stalwart:\n        domain: shops\n", 7, `domain "shops"`},
		{"pathparam.yaml", "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a/{id}:\n    get:\n      operationId: a\n    post:\n      operationId: b\n", 5, "must define exactly all path parameters"},
		{"same.yaml", "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    post:\n      summary: Make a thing\n  /b/a:\n    post:\n      summary: Make a thing\n", 8, `"make_a" appears twice`},
	}
	for _, tt := range tests {
		_, err := ParseOpenAPI(tt.name, []byte(tt.in))
		require.Error(t, err, tt.name)
		var e *Error
		require.True(t, errors.As(err, &e), "%s: error %T is not an *Error", tt.name, err)
		want := fmt.Sprintf("%s:%d: ", tt.name, tt.line)
		if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("ParseOpenAPI(%s) = %q, want %q...%q", tt.name, err, want, tt.msg)
		}
	}
}

func TestDetectForm(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"tools": []}`, FormMCP},
		{`[{"name": "a"}]`, FormMCP},
		{`{"result": {"tools": []}}`, FormMCP},
		{`{"openapi": "3.1.0"}`, FormOpenAPI},
		{"openapi: 3.0.0\ninfo: {}\n", FormOpenAPI},
		{`[{"type": "function", "function": {"name": "a"}}]`, FormLangChain},
		{`{"tools": [{"type": "function", "function": {"name": "a"}}]}`, FormLangChain},
		{`{"format": 1, "tools": []}`, FormCatalogue},
		{`{"x": 1}`, FormUnknown},
		{"just: yaml\n", FormUnknown},
		{"", FormUnknown},
	}
	for _, tt := range tests {
		if got := DetectForm([]byte(tt.in)); got != tt.want {
			t.Errorf("DetectForm(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
