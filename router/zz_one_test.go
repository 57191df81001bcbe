package router

import (
	"os"
	"testing"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/tokenize"
)

func TestZZOne(t *testing.T) {
	file, turn := os.Getenv("CAT"), os.Getenv("TURN")
	if file == "" {
		t.Skip()
	}
	cat, err := catalogue.ImportFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lang := tokenize.English
	if os.Getenv("PT") != "" {
		lang = tokenize.Brazilian
	}
	r, err := New(cat, Options{Language: lang})
	if err != nil {
		t.Fatal(err)
	}
	d := r.Select(turn)
	t.Logf("\n%s", r.Explain(d))
}

func TestZZTools(t *testing.T) {
	file := os.Getenv("CAT")
	if file == "" {
		t.Skip()
	}
	cat, err := catalogue.ImportFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, ti := range r.tools {
		t.Logf("%-28s action=%-10s (%s) objects=%v head=%d plural=%v quals=%v actions=%v fromText=%v", ti.tool.Name, ti.action, ti.actionWord, ti.objects, ti.head, ti.plural, ti.qualifier, ti.actions, ti.actionFromText)
	}
}
