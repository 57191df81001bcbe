package catalogue_test

import (
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/stalwart-agents/stalwart/catalogue"
)

func ExampleNameWords() {
	for _, name := range []string{"get_order", "getInvoiceByID", "HTTPServerURL", "v2ListUsers", "/orders/{order_id}/charges"} {
		fmt.Println(strings.Join(catalogue.NameWords(name), " "))
	}
	// Output:
	// get order
	// get invoice by id
	// http server url
	// v2 list users
	// orders order id charges
}

func ExampleImport() {
	doc := `openapi: 3.1.0
info: {title: Shop, version: "1"}
paths:
  /orders/{order_id}:
    get:
      operationId: get_order
      parameters: [{name: order_id, in: path, required: true, schema: {type: string}}]
  /orders/search:
    post:
      summary: Search the orders
      x-stalwart-read: true
  /subscriptions/{id}/cancel:
    post:
      summary: Cancel a subscription
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
`
	c, err := catalogue.Import("shop.yaml", []byte(doc))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, t := range c.Tools {
		fmt.Println(t.Name, t.Kind, t.KindRule)
	}
	// Output:
	// get_order read openapi:GET
	// search_orders read openapi:x-stalwart-read
	// cancel_subscription write openapi:POST
}

func ExampleAgent_IsWithdrawn() {
	a, err := catalogue.ParseAgent("agent.yaml", []byte("language: en\nwithdrawn: [refund_card]\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.IsWithdrawn("refund_card"), a.IsWithdrawn("get_order"))
	// Output: true false
}

// A Go MCP client or server already holds its tools as the go-sdk's
// *mcp.Tool (a ListTools result, or the tools it adds): FromMCPTools makes
// the catalogue the router reads.
func ExampleFromMCPTools() {
	orderID := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"order_id": {Type: "string"}}}
	destructive := true
	c, err := catalogue.FromMCPTools("shop", []*mcp.Tool{
		{Name: "get_order", Description: "Show an order.", InputSchema: orderID,
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}},
		{Name: "refund_card", Description: "Refund an amount to the card on file.", InputSchema: orderID,
			Annotations: &mcp.ToolAnnotations{DestructiveHint: &destructive}},
		{Name: "archive_order", Description: "Move an order to the archive.", InputSchema: orderID},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, t := range c.Tools {
		fmt.Println(t.Name, t.Kind, t.KindRule)
	}
	// Output:
	// get_order read mcp:readOnlyHint
	// refund_card write mcp:destructiveHint
	// archive_order write mcp:unmarked
}
