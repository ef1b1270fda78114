package integration

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/client"
	"github.com/contractsearch/contractsearch/internal/contract/source"
	"github.com/contractsearch/contractsearch/internal/democorpus"
	"github.com/contractsearch/contractsearch/internal/ingest"
)

// makeRunIndex builds the index `make run` serves on a fresh clone: the
// demo corpus of scripts/run.sh (300 contracts, seed 1) ingested as
// cmd/ingest does by default (its manifest, only the files it lists), so
// the README's examples answer here what they answer there.
func makeRunIndex(t *testing.T) string {
	t.Helper()
	dc, err := democorpus.Generate(democorpus.Options{N: 300, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(t.TempDir(), "demo")
	if err := dc.Write(in); err != nil {
		t.Fatal(err)
	}
	mpath := filepath.Join(in, democorpus.ManifestName)
	m, err := source.LoadManifest(mpath, source.ManifestColumns{})
	if err != nil {
		t.Fatal(err)
	}
	return ingestIndex(t, in, ingest.Options{Manifest: m, ManifestPath: mpath, OnlyListed: true})
}

func ptr[T any](v T) *T { return &v }

// TestClients runs the API's clients against the gateway serving make
// run's index: the generated Go client, and the README's examples. It
// builds a 300-contract index, too slow under the race detector: with
// -short it skips, and make test runs it in a step of its own.
func TestClients(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds make run's 300-contract index; make test runs it in its own step (go test -run '^TestClients$' ./integration)")
	}
	g := startGateway(t, map[string]string{"API_TOKENS": "tok", "INDEX_DIR": makeRunIndex(t), "INDEX_POLL_INTERVAL": "1h"})
	t.Run("generated Go client", func(t *testing.T) { testGeneratedClient(t, g) })
	t.Run("README examples", func(t *testing.T) { testREADMEExamples(t, g) })
}

// testGeneratedClient uses the generated Go client (package client): a
// Form A search, a Form B search, a refused request whose 400 body
// decodes as the Error type, and a contract read with GET /contracts/{id}
// (and an unknown one's 404).
func testGeneratedClient(t *testing.T, g *gateway) {
	c, err := client.NewClientWithResponses(g.URL, client.WithToken("tok"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	// Form A: the README's search (the README's examples print this
	// answer; TestREADMEExamples holds them to it).
	var body client.SearchRequest
	if err := body.FromFormARequest(client.FormARequest{Query: client.FormAQuery{
		Q: ptr("governing law"), Category: &client.AttributeFilter{"license-agreement": ""},
	}}); err != nil {
		t.Fatal(err)
	}
	resp, err := c.SearchWithResponse(ctx, nil, body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode() != 200 || resp.JSON200 == nil {
		t.Fatalf("Form A: %d %s", resp.StatusCode(), resp.Body)
	}
	a, err := resp.JSON200.AsFormAResponse()
	if err != nil {
		t.Fatal(err)
	}
	if a.Hits.Total.Value != 23 || a.Hits.Total.Relation != client.Eq || len(a.Hits.Hits) != 10 || a.Size != 10 || a.UnderscoreShards.Failed != 0 {
		t.Errorf("Form A: %d (%s) hits, %d shown, size %d, %d failed shards", a.Hits.Total.Value, a.Hits.Total.Relation, len(a.Hits.Hits), a.Size, a.UnderscoreShards.Failed)
	}
	if bs := a.Aggregations.UnderscoreIndex.Buckets; len(bs) != 1 || bs[0].Key != "contract" || bs[0].DocCount != 23 {
		t.Errorf("Form A _index buckets: %+v", bs)
	}
	if len(a.Aggregations.Category.Buckets) != 1 || a.Aggregations.Category.Buckets[0].Key != "license-agreement" {
		t.Errorf("Form A category buckets: %+v", a.Aggregations.Category.Buckets)
	}
	top := a.Hits.Hits[0]
	if top.UnderscoreSource == nil || top.UnderscoreSource.Name == nil || *top.UnderscoreSource.Name != "TRADEMARK LICENSE AGREEMENT" ||
		top.UnderscoreSource.Url == nil || top.Highlight == nil || !strings.Contains(strings.Join((*top.Highlight)["body"], " "), "<b>law</b>") {
		t.Errorf("Form A top hit: %s", resp.Body)
	}
	contractURL := *a.Hits.Hits[0].UnderscoreSource.Url
	contractName := *a.Hits.Hits[0].UnderscoreSource.Name

	// Form B: a phrase in contract bodies, two fields of each hit, and a
	// category facet, built with the client's types.
	var phrase client.MatchPhraseClause_MatchPhrase_AdditionalProperties
	var query, onlyContracts client.Query
	var fields client.SourceFilter
	var term client.TermClause_Term_AdditionalProperties
	var contract client.Scalar
	var formB client.SearchRequest
	for _, err := range []error{
		phrase.FromMatchPhraseClauseMatchPhrase0("governing law"),
		query.FromMatchPhraseClause(client.MatchPhraseClause{MatchPhrase: map[string]client.MatchPhraseClause_MatchPhrase_AdditionalProperties{"body": phrase}}),
		contract.FromScalar0("contract"),
		term.FromScalar(contract),
		onlyContracts.FromTermClause(client.TermClause{Term: map[string]client.TermClause_Term_AdditionalProperties{"_index": term}}),
		fields.FromSourceFilter2([]string{"name", "url"}),
		formB.FromFormBRequest(client.FormBRequest{
			Query: &query, PostFilter: &onlyContracts, Size: ptr(3), UnderscoreSource: &fields,
			Aggs: &client.Aggregations{"categories": {Terms: struct {
				Field client.AggregatableField `json:"field"`
				Size  *int                     `json:"size,omitempty"`
			}{Field: client.CategoryValue, Size: ptr(2)}}},
		}),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	resp, err = c.SearchWithResponse(ctx, nil, formB)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode() != 200 || resp.JSON200 == nil {
		t.Fatalf("Form B: %d %s", resp.StatusCode(), resp.Body)
	}
	b, err := resp.JSON200.AsFormBResponse()
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Hits.Hits) != 3 || b.Hits.Total == nil || b.Hits.Total.Value < 3 {
		t.Fatalf("Form B hits: %s", resp.Body)
	}
	for i, h := range b.Hits.Hits {
		s := h.UnderscoreSource
		if h.UnderscoreIndex != client.IndexNameContract || h.UnderscoreType != client.UnderscoreDoc || s == nil || s.Name == nil || s.Url == nil ||
			*s.Url != "/contracts/"+strings.TrimPrefix(h.UnderscoreId, "en/") || s.Body != nil || s.Category != nil {
			t.Errorf("Form B hit %d: %s", i, resp.Body)
		}
		if i > 0 && *h.UnderscoreScore > *b.Hits.Hits[i-1].UnderscoreScore {
			t.Errorf("Form B hit %d scores above hit %d", i, i-1)
		}
	}
	cats := b.Aggregations["categories"].Buckets
	if len(cats) != 2 || !sort.SliceIsSorted(cats, func(i, j int) bool { return cats[i].DocCount > cats[j].DocCount }) || cats[0].DocCount < 1 {
		t.Errorf("Form B categories: %+v", cats)
	}

	// A refused request: its 400 body is the API's Error.
	var tooBig client.SearchRequest
	if err := tooBig.FromFormBRequest(client.FormBRequest{Size: ptr(101)}); err != nil {
		t.Fatal(err)
	}
	resp, err = c.SearchWithResponse(ctx, nil, tooBig)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode() != 400 || resp.JSON400 == nil {
		t.Fatalf("size 101: %d %s", resp.StatusCode(), resp.Body)
	}
	detail, err := resp.JSON400.Error.AsErrorDetail()
	if err != nil {
		t.Fatal(err)
	}
	if resp.JSON400.Status != 400 || detail.Type != "illegal_argument_exception" || detail.Reason == nil ||
		*detail.Reason != "[size] must be at most 100, found [101]" || detail.Line == nil || *detail.Line != 1 ||
		len(detail.RootCause) != 1 || detail.RootCause[0].Type != detail.Type {
		t.Errorf("size 101: %s", resp.Body)
	}

	// The first Form A hit's contract, read by its id.
	id := strings.TrimPrefix(contractURL, "/contracts/")
	doc, err := c.GetContractWithResponse(ctx, id, nil)
	if err != nil {
		t.Fatal(err)
	}
	if doc.StatusCode() != 200 || doc.JSON200 == nil {
		t.Fatalf("GET %s: %d %s", contractURL, doc.StatusCode(), doc.Body)
	}
	d := doc.JSON200
	if d.UnderscoreIndex != client.ContractDocumentIndexContract || d.UnderscoreId != "en/"+id || d.UnderscoreSource.Name == nil ||
		*d.UnderscoreSource.Name != contractName || d.UnderscoreSource.Body == nil || !strings.Contains(*d.UnderscoreSource.Body, "Governing Law") ||
		len(d.UnderscoreSource.Sections) == 0 || d.UnderscoreSource.Category == nil || d.UnderscoreSource.Category.Value == nil ||
		*d.UnderscoreSource.Category.Value != "license-agreement" {
		t.Errorf("GET %s: %.300s", contractURL, doc.Body)
	}
	missing, err := c.GetContractWithResponse(ctx, "0000000000000000", nil)
	if err != nil {
		t.Fatal(err)
	}
	if missing.JSON404 == nil {
		t.Fatalf("unknown id: %d %s", missing.StatusCode(), missing.Body)
	}
	if detail, err := missing.JSON404.Error.AsErrorDetail(); err != nil || detail.Type != "resource_not_found_exception" {
		t.Errorf("unknown id: %s", missing.Body)
	}
}

// readme holds the README's examples of the section "API description
// (OpenAPI)", as written there.
type readme struct {
	curl, python, js, goProgram, output string
}

// readmeBlocks reads the README's API examples: the fenced sh, python, js
// and go blocks after the heading and the plain block they print.
func readmeBlocks(t *testing.T) readme {
	t.Helper()
	src, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(src), "\n## API description (OpenAPI)\n")
	if !ok {
		t.Fatal(`README.md has no section "API description (OpenAPI)"`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var r readme
	blocks := map[string]*string{"sh": &r.curl, "python": &r.python, "js": &r.js, "go": &r.goProgram, "": &r.output}
	for rest := section; ; {
		_, after, ok := strings.Cut(rest, "\n```")
		if !ok {
			break
		}
		lang, after, _ := strings.Cut(after, "\n")
		code, after, ok := strings.Cut(after, "\n```\n")
		if !ok {
			t.Fatalf("README.md: unclosed %q block", lang)
		}
		rest = "\n" + after
		dst := blocks[lang]
		if dst == nil || (lang == "sh" && !strings.Contains(code, "curl ")) {
			continue
		}
		if *dst != "" && lang != "sh" {
			t.Fatalf("README.md: two %q blocks in the API section", lang)
		}
		*dst = code + "\n"
	}
	for lang, dst := range blocks {
		if *dst == "" {
			t.Fatalf("README.md: no %q block in the API section", lang)
		}
	}
	return r
}

// testREADMEExamples runs the README's examples as a user would, with BASE
// and TOKEN set: the Python and JavaScript ones (when python3 and node are
// installed), the Go program (which must be client/example, so it is
// compiled with the repository) and the curl command. The first three must
// print the README's output, and report a refused token as an error.
func testREADMEExamples(t *testing.T, g *gateway) {
	r := readmeBlocks(t)
	dir := t.TempDir()
	env := func(token string) []string { return append(os.Environ(), "BASE="+g.URL, "TOKEN="+token) }

	// run runs a command and checks its output with the token, and its
	// failure without a valid one.
	run := func(t *testing.T, name string, args ...string) {
		if _, err := exec.LookPath(name); err != nil {
			t.Skipf("%s is not installed: this README example is not run", name)
		}
		cmd := exec.Command(name, args...)
		cmd.Env = env("tok")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, stderr.String())
		}
		if string(out) != r.output {
			t.Errorf("%s prints\n%s\nthe README shows\n%s", name, out, r.output)
		}
		cmd = exec.Command(name, args...)
		cmd.Env = env("wrong")
		out, err = cmd.CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || !strings.Contains(string(out), "401") || !strings.Contains(string(out), "security_exception") {
			t.Errorf("%s with a wrong token: %v\n%s", name, err, out)
		}
	}
	t.Run("python", func(t *testing.T) {
		file := filepath.Join(dir, "search.py")
		if err := os.WriteFile(file, []byte(r.python), 0o644); err != nil {
			t.Fatal(err)
		}
		run(t, "python3", file)
	})
	t.Run("javascript", func(t *testing.T) {
		file := filepath.Join(dir, "search.mjs")
		if err := os.WriteFile(file, []byte(r.js), 0o644); err != nil {
			t.Fatal(err)
		}
		run(t, "node", file)
	})
	t.Run("go", func(t *testing.T) {
		src, err := os.ReadFile("../client/example/main.go")
		if err != nil {
			t.Fatal(err)
		}
		_, program, _ := strings.Cut(string(src), "\npackage main\n")
		if r.goProgram != "package main\n"+program {
			t.Fatalf("the README's Go example is not client/example/main.go (from its package clause on):\n%s", r.goProgram)
		}
		run(t, "go", "run", "../client/example")
	})
	t.Run("curl", func(t *testing.T) {
		if _, err := exec.LookPath("curl"); err != nil {
			t.Skip("curl is not installed: the README's curl example is not run")
		}
		cmd := exec.Command("sh", "-c", strings.ReplaceAll(r.curl, "localhost:8080", strings.TrimPrefix(g.URL, "http://")))
		cmd.Env = env("tok")
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		var a struct {
			Hits struct {
				Total struct{ Value int } `json:"total"`
			} `json:"hits"`
		}
		if err := json.Unmarshal(out, &a); err != nil || a.Hits.Total.Value != 23 {
			t.Errorf("curl: %v\n%.300s", err, out)
		}
	})
}
