package dsl

import (
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/apierr"
)

func TestBodyHighlight(t *testing.T) {
	p := testParser(t)
	req, err := p.BodyHighlight("en/c1", "non-compete", "\ue000", "\ue001")
	if err != nil {
		t.Fatal(err)
	}
	// q as Form A expands it (the hyphenated word quoted, the text boost),
	// beside the _id filter; the whole body as one fragment.
	want := `{"size":1,"timeout":"15000ms","query":{"bool":{"filter":[{"term":{"_id":"en/c1"}}],"should":[{"simple_query_string":{"query":"\"non-compete\"","fields":["name","snippet","body","company.name","jurisdiction.name","category.name"],"default_operator":"or","boost":0.5}}]}},"highlight":{"pre_tags":["` + "\ue000" + `"],"post_tags":["` + "\ue001" + `"],"fields":{"body":{"number_of_fragments":0}}},"_source":false}`
	if got := string(req.AppendJSON(nil, EncodeOptions{})); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// The same text query a Form A search runs.
	fa, err := p.Parse([]byte(`{"query":{"q":"non-compete"}}`))
	if err != nil {
		t.Fatal(err)
	}
	formA := string(fa.Search.AppendJSON(nil, EncodeOptions{}))
	if !strings.Contains(formA, `{"simple_query_string":{"query":"\"non-compete\"","fields":["name","snippet","body","company.name","jurisdiction.name","category.name"],"default_operator":"or","boost":0.5}}`) {
		t.Errorf("Form A's text query differs: %s", formA)
	}

	for _, tc := range []struct{ q, err string }{
		{"\xff", "[q] is not valid UTF-8"},
		{strings.Repeat("a", 4097), "[q] is 4097 bytes long; at most 4096 are allowed"},
		{strings.Repeat("a ", 400), "too many clauses: [q] has more than 1024 query terms (each counts once per field it searches)"},
	} {
		_, err := p.BodyHighlight("en/c1", tc.q, "<", ">")
		e, ok := apierr.As(err)
		if !ok || e.Status != 400 || e.Reason != tc.err {
			t.Errorf("q %.20q: got %v, want 400 %q", tc.q, err, tc.err)
		}
	}
	if req, err := p.BodyHighlight("en/c1", "  ", "<", ">"); req != nil || err != nil {
		t.Errorf("blank q: %v, %v", req, err)
	}
}
