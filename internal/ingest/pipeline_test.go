package ingest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract/source"
	"github.com/contractsearch/contractsearch/internal/democorpus"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
)

var update = flag.Bool("update", false, "rewrite testdata/demo.sha256 with the current output")

// writeFiles writes files (path → content) under a new folder.
func writeFiles(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, data := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const goodContract = `DISTRIBUTION AGREEMENT

This Distribution Agreement (the "Agreement") is entered into as of March 1, 2012 by and between Acme Corp., a Delaware corporation ("Supplier"), and Birch Inc., a New York corporation ("Distributor").

1. Definitions. "Products" means the goods listed in Exhibit A.

2. Term. This Agreement shall continue for five years.

3. Governing Law. This Agreement shall be governed by the laws of the State of New York.
`

const htmlContract = `<html><head><title>Supply</title></head><body>
<p align="center"><b>SUPPLY AGREEMENT</b></p>
<p>This Supply Agreement is made on June 2, 2015 between Cedar Ltd., an Ontario corporation (&#8220;Seller&#8221;), and Dune LLC (&#8220;Buyer&#8221;).</p>
<p>1. Supply. Seller shall sell and Buyer shall buy the goods Buyer orders from time to time.</p>
<p>2. Price. Prices are those of Seller&#8217;s list in force on the day of the order.</p>
<p>3. Governing Law. This Agreement is governed by the laws of the Province of Ontario.</p>
</body></html>`

func TestBuildSkipsBadFiles(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"good.txt":             goodContract,
		"sub/deeper/good.HTM":  htmlContract,
		"bad/empty.txt":        "",
		"bad/blank.txt":        "\n \n",
		"bad/binary.txt":       "ABCDEF\x00\x01\x02",
		"bad/gif.txt":          "GIF89a\x00\x01\x02",
		"bad/nohtmltext.htm":   "<html><body><script>x()</script></body></html>",
		"bad/cp1251.txt":       "\xc4\xee\xe3\xee\xe2\xee\xf0 \xef\xee\xf1\xf2\xe0\xe2\xea\xe8",
		"z/cp1252.txt":         "LICENSE AGREEMENT\n\nThis License Agreement is made between Acme S.A. (\x93Licensor\x94) and Beta GmbH (\x93Licensee\x94).\n\n1. Grant. Licensor grants Licensee a licence to use the Soci\xe9t\xe9\x92s software.\n\n2. Governing Law. This Agreement is governed by the laws of France.\n",
		"scans/deal.pdf":       "%PDF-1.4",
		"bad/huge.txt":         strings.Repeat("Lorem ipsum dolor sit amet. ", 100),
		"bad/noexhibit.txt":    "<SEC-DOCUMENT>\n<DOCUMENT>\n<TYPE>10-K\n<TEXT>x</TEXT>\n</DOCUMENT>\n",
		"bad/onlynumbers.txt":  "- 1 -\n\n- 2 -\n",
		"notes.csv":            "a,b\n",
		"scans/deal.docx":      "PK\x03\x04",
		"README":               "not a contract",
		".hidden.txt":          goodContract,
		".git/objects/x.txt":   goodContract,
		"sub/deeper/good2.txt": goodContract,
	})
	// deal.pdf is refused the same way with pdftotext installed or not
	noPDF := source.PDFOptions{Command: "pdftotext-not-installed"}
	c, err := Build(context.Background(), dir, Options{MaxFileBytes: 2000, PDF: noPDF})
	if err != nil {
		t.Fatal(err)
	}
	s := c.Summary
	wantSkipped := []Skipped{
		{"bad/binary.txt", "binary file (NUL byte at offset 6)"},
		{"bad/blank.txt", "empty file (3 bytes of white space)"},
		{"bad/cp1251.txt", `unknown text encoding (not UTF-8, first bad byte at offset 0, and read as Windows-1252 2 of its 2 words are garbled ("Äîãîâîð"): convert it to UTF-8 or declare its charset)`},
		{"bad/empty.txt", "empty file"},
		{"bad/gif.txt", "binary file (GIF signature)"},
		{"bad/huge.txt", "file too large (2.7 KiB, over the limit of 2.0 KiB)"},
		{"bad/noexhibit.txt", "no contract in the submission (none of its 1 documents is an exhibit of type EX-1, EX-2, EX-4, EX-10 or one naming an agreement)"},
		{"bad/nohtmltext.htm", "empty file (HTML without text)"},
		{"bad/onlynumbers.txt", "no text after cleaning"},
		{"scans/deal.pdf", "no PDF reader (pdftotext-not-installed not found: install poppler-utils (Debian, Ubuntu: apt-get install poppler-utils; macOS: brew install poppler))"},
	}
	if !reflect.DeepEqual(s.Skipped, wantSkipped) {
		t.Errorf("skipped:\n%q\nwant\n%q", s.Skipped, wantSkipped)
	}
	if s.Contracts != 4 || s.Files != 13 {
		t.Errorf("contracts %d, files read %d; want 4, 13", s.Contracts, s.Files)
	}
	wantIgnored := map[string]int{"hidden": 1, "no reader for .csv": 1, "no reader for .docx": 1, "no reader for (no extension)": 1}
	if !reflect.DeepEqual(s.Ignored, wantIgnored) {
		t.Errorf("ignored %v, want %v", s.Ignored, wantIgnored)
	}
	// onlynumbers.txt was read too, before cleaning left nothing of it
	if want := map[string]int{"utf-8": 4, "windows-1252 (assumed)": 1}; !reflect.DeepEqual(s.Encodings, want) {
		t.Errorf("encodings %v, want %v", s.Encodings, want)
	}
	// good.txt and sub/deeper/good2.txt are the same text: one group.
	cs, gs := c.Contracts()
	if len(cs) != 4 || gs[0].GroupID != gs[2].GroupID || gs[0].GroupSize != 2 || gs[1].GroupSize != 1 || gs[3].GroupSize != 1 {
		t.Errorf("groups %+v", gs)
	}
	if c := cs[3]; c.Name != "LICENSE AGREEMENT" || !strings.Contains(c.Body, "(“Licensor”)") || !strings.Contains(c.Body, "Société’s software") {
		t.Errorf("the Windows-1252 contract: %q\n%s", c.Name, c.Body)
	}
	for i, g := range gs {
		if g.WeightRank <= 0 {
			t.Errorf("contract %d: weight_rank %v", i, g.WeightRank)
		}
	}
	var sum bytes.Buffer
	if err := s.WriteSummary(&sum); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"files read: 13", "encodings: utf-8: 4, windows-1252 (assumed): 1\n",
		"files ignored: 4 (hidden: 1, no reader for (no extension): 1, no reader for .csv: 1, no reader for .docx: 1)\n" +
			"  README: no reader for (no extension)\n  notes.csv: no reader for .csv\n  scans/deal.docx: no reader for .docx\n",
		"contracts: 4, in 1 near-duplicate groups of 2 or more: 2", "skipped: 10", "  bad/empty.txt: empty file",
		"  scans/deal.pdf: no PDF reader (pdftotext-not-installed not found: install poppler-utils", "  contract             4"} {
		if !strings.Contains(sum.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, sum.String())
		}
	}
}

func TestBuildSurvivesReaderPanic(t *testing.T) {
	dir := writeFiles(t, map[string]string{"a.txt": goodContract, "b.txt": "anything", "c.txt": "locked"})
	// a reader with a bug that b.txt shows, and a file it may not open
	read := func(ctx context.Context, path, name string, opts source.Options) ([]source.Document, error) {
		switch name {
		case "b.txt":
			panic("index out of range")
		case "c.txt":
			return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrPermission}
		}
		return source.ReadFileContext(ctx, path, name, opts)
	}
	c, err := Build(context.Background(), dir, Options{read: read})
	if err != nil {
		t.Fatal(err)
	}
	want := []Skipped{{"b.txt", "reader failed: index out of range"}, {"c.txt", "cannot read: permission denied"}}
	if c.Summary.Contracts != 1 || c.Summary.Files != 2 || !reflect.DeepEqual(c.Summary.Skipped, want) {
		t.Errorf("contracts %d, files read %d, skipped %v", c.Summary.Contracts, c.Summary.Files, c.Summary.Skipped)
	}
}

func TestBuildCancelled(t *testing.T) {
	dir := writeFiles(t, map[string]string{"a.txt": goodContract})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, dir, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v", err)
	}
	if _, err := Build(context.Background(), filepath.Join(dir, "missing"), Options{}); err == nil {
		t.Error("a missing input is not an error")
	}
}

func TestBuildOneFile(t *testing.T) {
	dir := writeFiles(t, map[string]string{"a.txt": goodContract})
	c, err := Build(context.Background(), filepath.Join(dir, "a.txt"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if cs, _ := c.Contracts(); len(cs) != 1 || cs[0].Name != "DISTRIBUTION AGREEMENT" {
		t.Errorf("contracts %+v", cs)
	}
}

// demoCorpus writes a small demo corpus.
func demoCorpus(t testing.TB, n int) string {
	t.Helper()
	dc, err := democorpus.Generate(democorpus.Options{N: n, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "demo")
	if err := dc.Write(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// buildDemo runs the pipeline on dir with its manifest.
func buildDemo(t testing.TB, dir string, workers int) (*Corpus, []byte) {
	t.Helper()
	mpath := filepath.Join(dir, democorpus.ManifestName)
	m, err := source.LoadManifest(mpath, source.ManifestColumns{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := Build(context.Background(), dir, Options{Manifest: m, ManifestPath: mpath, OnlyListed: true, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := c.WriteBulk(context.Background(), &out, nil); err != nil {
		t.Fatal(err)
	}
	return c, out.Bytes()
}

// TestDemoCorpus runs the pipeline on a demo corpus of 60 contracts: the
// output is the same bytes on one worker and on four, its hash is the
// golden one, every planted near-duplicate shares its original's group,
// and the embedded engine's indexer takes every record without a
// complaint.
//
// The golden hash changes whenever the parser or the demo corpus changes;
// after checking the output, refresh it with
//
//	go test ./internal/ingest -run TestDemoCorpus -update
func TestDemoCorpus(t *testing.T) {
	dir := demoCorpus(t, 60)
	c1, out1 := buildDemo(t, dir, 1)
	_, out4 := buildDemo(t, dir, 4)
	if !bytes.Equal(out1, out4) {
		t.Fatal("output differs between 1 and 4 workers")
	}
	s := c1.Summary
	if len(s.Skipped) != 0 || s.Contracts != 60 || s.Manifest.Rows != 60 || len(s.Manifest.Warnings) != 0 {
		t.Errorf("summary %+v", s)
	}
	for _, name := range []string{"contract", "clause", "definition", "company", "category", "jurisdiction"} {
		if s.Records[name] == 0 {
			t.Errorf("no %s records", name)
		}
	}

	sum := sha256.Sum256(out1)
	got := fmt.Sprintf("%s %d records %d bytes\n", hex.EncodeToString(sum[:]), c1.TotalRecords(), len(out1))
	golden := filepath.Join("testdata", "demo.sha256")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("output %s want    %s(after checking the change, refresh with -update)", got, want)
	}

	// Planted near-duplicates share their original's group.
	dc, _ := democorpus.Generate(democorpus.Options{N: 60, Seed: 1})
	type key struct{ filing, exhibit string }
	group := map[key]string{}
	cs, gs := c1.Contracts()
	for i, c := range cs {
		group[key{c.FilingID, c.ExhibitID}] = gs[i].GroupID
		// Every demo filer has a SIC code (manifest or EDGAR header), so
		// every contract an industry; and every one names its counsel.
		if c.Industry == nil || c.LawFirm == nil {
			t.Errorf("%s: industry %+v, law firm %+v", c.ID, c.Industry, c.LawFirm)
		}
	}
	byID := map[string]democorpus.Contract{}
	for _, k := range dc.Contracts {
		byID[k.ID] = k
	}
	planted := 0
	for _, k := range dc.Contracts {
		if k.DuplicateOf == "" {
			continue
		}
		planted++
		o := byID[k.DuplicateOf]
		g1, g2 := group[key{k.Accession, k.Exhibit}], group[key{o.Accession, o.Exhibit}]
		if g1 == "" || g1 != g2 {
			t.Errorf("%s (%s of %s): group %q, original's %q", k.ID, k.Variant, o.ID, g1, g2)
		}
	}
	if planted == 0 || s.Groups == 0 {
		t.Errorf("%d planted near-duplicates, %d groups", planted, s.Groups)
	}

	// The indexer takes every record: all fields mapped, none rejected.
	gdir, err := generation.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	rep, err := indexer.Build(context.Background(), gdir, bytes.NewReader(out1), indexer.Options{
		OnBad: func(line int, reason string) { t.Errorf("indexer: line %d: %s", line, reason) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Unmapped) != 0 || rep.Rejected != 0 || !reflect.DeepEqual(rep.Docs, s.Records) {
		t.Errorf("indexer: unmapped %v, rejected %d, docs %v (want %v)", rep.Unmapped, rep.Rejected, rep.Docs, s.Records)
	}

	// Labels never reach a record: the manifest's title and jurisdiction
	// columns are not what made the values (the demo's HTML files carry
	// their title, so check a column the files never hold: parties).
	for _, line := range bytes.Split(out1, []byte("\n")) {
		if bytes.Contains(line, []byte(`"parties"`)) || bytes.Contains(line, []byte(`"duplicate_of"`)) {
			t.Fatalf("a manifest label column reached a record: %.200s", line)
		}
	}
}

// TestWriteBulkShape checks the order of the output: contracts first, then
// the derived indexes, each action followed by its source.
func TestWriteBulkShape(t *testing.T) {
	dir := writeFiles(t, map[string]string{"b.txt": goodContract, "a.txt": strings.Replace(goodContract, "New York.", "Delaware.", 1)})
	c, err := Build(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := c.WriteBulk(context.Background(), &out, nil); err != nil {
		t.Fatal(err)
	}
	var order []string
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	for i := 0; i < len(lines); i += 2 {
		var a map[string]map[string]string
		if err := json.Unmarshal([]byte(lines[i]), &a); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if n := len(order); n == 0 || order[n-1] != a["index"]["_index"] {
			order = append(order, a["index"]["_index"])
		}
	}
	want := []string{"contract", "clause", "definition", "company", "category", "jurisdiction"}
	if !reflect.DeepEqual(order, want) {
		t.Errorf("index order %v, want %v", order, want)
	}
	if len(lines) != 2*c.TotalRecords() {
		t.Errorf("%d lines for %d records", len(lines), c.TotalRecords())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	big := &Corpus{contracts: make([]parsedContract, 1500)}
	for i := range big.contracts {
		big.contracts[i] = ctr(fmt.Sprint(i))
	}
	if err := big.WriteBulk(ctx, &bytes.Buffer{}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled write: %v", err)
	}
}

// TestBuildRefusesHugeFileUnread: a 50 MB file (sparse, so the test costs
// no disk) is refused by its size under the default limit, without being
// read.
func TestBuildRefusesHugeFileUnread(t *testing.T) {
	dir := writeFiles(t, map[string]string{"a.txt": goodContract})
	if err := os.Truncate(filepath.Join(dir, "a.txt"), 50<<20); err != nil {
		t.Fatal(err)
	}
	c, err := Build(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Skipped{{"a.txt", "file too large (50.0 MiB, over the limit of 32.0 MiB)"}}
	if !reflect.DeepEqual(c.Summary.Skipped, want) || c.Summary.Files != 0 {
		t.Errorf("skipped %q, files read %d", c.Summary.Skipped, c.Summary.Files)
	}
}

// A document that is no agreement is refused with its reason, like a
// file in an unknown encoding, never indexed silently.
func TestBuildRefusesNotAContract(t *testing.T) {
	cats, err := os.ReadFile(filepath.Join("..", "contract", "parse", "testdata", "notcontract", "cats.txt"))
	if err != nil {
		t.Fatal(err)
	}
	page := "<html><head><title>All about cats</title></head><body><p>" +
		strings.ReplaceAll(html.EscapeString(string(cats)), "\n\n", "</p><p>") + "</p></body></html>"
	dir := writeFiles(t, map[string]string{"good.txt": goodContract, "web/cats.html": page})
	c, err := Build(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := c.Summary
	if s.Contracts != 1 || s.Files != 2 || len(s.Skipped) != 1 || s.Skipped[0].Path != "web/cats.html" ||
		!strings.HasPrefix(s.Skipped[0].Reason, `not a contract (no parties, and in `) {
		t.Fatalf("contracts %d, files %d, skipped %q", s.Contracts, s.Files, s.Skipped)
	}
	var sum bytes.Buffer
	if err := s.WriteSummary(&sum); err != nil {
		t.Fatal(err)
	}
	if want := "skipped: 1\n  web/cats.html: not a contract (no parties, and in "; !strings.Contains(sum.String(), want) {
		t.Errorf("summary lacks %q:\n%s", want, sum.String())
	}
}
