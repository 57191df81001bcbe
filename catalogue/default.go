package catalogue

import (
	"embed"
	"fmt"
	"sync"
)

// shopFiles are the shop of spec 000 as its MCP server lists its tools and as
// its OpenAPI document describes them.
//
//go:embed shop/shop-mcp.json shop/shop-openapi.json
var shopFiles embed.FS

// Default returns the embedded example catalogue: the shop of spec 000.
// get_order, charge_card, refund_card and archive_order come from the shop's
// MCP tools/list answer and search_orders from its OpenAPI document; a tool
// both forms describe keeps its MCP definition and gains the declarations
// only the OpenAPI document makes (charge_card's idempotency key). The
// catalogue is built once from the embedded files with the importers, so it
// cannot drift from them; each call returns a copy the caller may change.
// Default is safe for concurrent use.
func Default() *Catalogue {
	c, err := defaultCatalogue()
	if err != nil {
		// The files are embedded and a test imports them: this cannot
		// happen in a released build.
		panic("catalogue: the embedded shop does not import: " + err.Error())
	}
	return c.Clone()
}

var defaultCatalogue = sync.OnceValues(buildDefault)

func buildDefault() (*Catalogue, error) {
	read := func(name string) ([]byte, error) {
		data, err := shopFiles.ReadFile("shop/" + name)
		if err != nil {
			return nil, fmt.Errorf("embedded %s: %w", name, err)
		}
		return data, nil
	}
	mcpData, err := read("shop-mcp.json")
	if err != nil {
		return nil, err
	}
	apiData, err := read("shop-openapi.json")
	if err != nil {
		return nil, err
	}
	c, err := ParseMCP("shop-mcp.json", mcpData)
	if err != nil {
		return nil, err
	}
	api, err := ParseOpenAPI("shop-openapi.json", apiData)
	if err != nil {
		return nil, err
	}
	for _, t := range api.Tools {
		if have := c.Tool(t.Name); have != nil {
			have.Declarations.fillFrom(t.Declarations)
			continue
		}
		c.Tools = append(c.Tools, t)
	}
	c.Source = "shop (spec 000)"
	return c, nil
}

// fillFrom sets each declaration d lacks to the one o makes.
func (d *Declarations) fillFrom(o Declarations) {
	if d.Compensation == nil && o.Compensation != nil {
		d.Compensation = o.Compensation.clone()
	}
	d.Irreversible = d.Irreversible || o.Irreversible
	d.Egress = d.Egress || o.Egress
	d.ReadsOutside = d.ReadsOutside || o.ReadsOutside
	for _, p := range []struct {
		dst *string
		src string
	}{
		{&d.IdempotencyKey, o.IdempotencyKey},
		{&d.Privilege, o.Privilege},
		{&d.Confirmation, o.Confirmation},
		{&d.Domain, o.Domain},
		{&d.Owner, o.Owner},
		{&d.Version, o.Version},
		{&d.SideEffect, o.SideEffect},
	} {
		if *p.dst == "" {
			*p.dst = p.src
		}
	}
}
