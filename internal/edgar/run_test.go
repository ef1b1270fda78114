package edgar

import (
	"context"
	"errors"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/contract/source"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// checkGolden compares got with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test -update rewrites it):\n--- got\n%s\n--- want\n%s", p, got, want)
	}
}

// readManifest returns the manifest with the fake's address replaced by
// HOST, so it can be compared with a golden file.
func readManifest(t *testing.T, fe *fakeEDGAR, out string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	s := strings.ReplaceAll(string(data), fe.srv.URL, "http://HOST")
	return strings.ReplaceAll(s, strings.TrimPrefix(fe.srv.URL, "http://"), "HOST")
}

// TestRunHappyPath fetches the fake's quarter: the 10-K, 10-Q and 8-K
// filings' EX-10 exhibits (from index pages, an inline-viewer link, a link
// to another host, and a folder listing), not the S-1's, with a manifest
// that ingest's manifest reader maps to every field without flags.
func TestRunHappyPath(t *testing.T) {
	fe := newFakeEDGAR(t, sampleFilings())
	out := t.TempDir()
	sum, err := Run(context.Background(), testConfig(fe, out))
	if err != nil {
		t.Fatal(err)
	}
	if sum.Selected != 4 || sum.Filings != 4 || sum.Exhibits != 5 || sum.Missing != 0 || sum.BadLines != 0 || len(sum.Failed) != 0 || sum.ManifestRows != 5 {
		t.Errorf("summary %+v", sum)
	}
	if sum.IndexKinds[Quarter{2023, 1}] != FormIndex {
		t.Errorf("index kinds %v", sum.IndexKinds)
	}
	checkGolden(t, "happy.manifest.csv", readManifest(t, fe, out))
	body, err := os.ReadFile(filepath.Join(out, "1000001", "0001000001-23-000010", "ex10-1.htm"))
	if err != nil || !strings.Contains(string(body), "SUPPLY AGREEMENT") {
		t.Errorf("exhibit: %v %.60q", err, body)
	}
	for agent := range fe.agents {
		if agent != "Contract Search Tests tests@example.com" {
			t.Errorf("a request went with User-Agent %q", agent)
		}
	}

	m, err := source.LoadManifest(filepath.Join(out, ManifestName), source.ManifestColumns{})
	if err != nil {
		t.Fatal(err)
	}
	want := "path=file company=company cik=cik filing_date=filing_date form_type=form_type accession=accession exhibit=exhibit sic=sic source=source url=source_url"
	if got := m.Resolved.String(); got != want || len(m.Warnings) > 0 {
		t.Errorf("ingest maps the manifest as %q (warnings %v), want %q", got, m.Warnings, want)
	}
	meta, ok := m.Lookup("1000001/0001000001-23-000010/ex10-1.htm", 0, "")
	if !ok || meta.CompanyID != "1000001" || meta.SIC != "7372" || meta.FilingType != "10-K" || meta.FilingDate != "2023-02-15" || meta.ExhibitID != "EX-10.1" {
		t.Errorf("ingest reads the row as %+v", meta)
	}
}

// TestRunCompanyIndex reads company.idx when a quarter has no form.idx,
// and finds the same filings.
func TestRunCompanyIndex(t *testing.T) {
	fe := newFakeEDGAR(t, sampleFilings())
	fe.noIndexKinds["form.idx"] = true
	out := t.TempDir()
	sum, err := Run(context.Background(), testConfig(fe, out))
	if err != nil {
		t.Fatal(err)
	}
	if sum.IndexKinds[Quarter{2023, 1}] != CompanyIndex || sum.Exhibits != 5 {
		t.Errorf("summary %+v", sum)
	}
	checkGolden(t, "happy.manifest.csv", readManifest(t, fe, out))
}

// TestRunThrottled gets 429 (with Retry-After) and 503 before the
// answers: the run waits as asked, retries and ends as the happy path.
func TestRunThrottled(t *testing.T) {
	fe := newFakeEDGAR(t, sampleFilings())
	const page = "/Archives/edgar/data/1000001/000100000123000010/0001000001-23-000010-index.htm"
	const exhibit = "/Archives/edgar/data/1000003/000100000323000007/ex10-1.htm"
	fe.answerFirst("/Archives/edgar/full-index/2023/QTR1/form.idx", fakeStatus{code: 503})
	fe.answerFirst(page, fakeStatus{code: 429, retryAfter: "7"}, fakeStatus{code: 429})
	fe.answerFirst(exhibit, fakeStatus{code: 429, retryAfter: "2"})
	out := t.TempDir()
	cfg := testConfig(fe, out)
	var mu sync.Mutex
	var waits []time.Duration
	cfg.sleep = func(_ context.Context, d time.Duration) error {
		mu.Lock()
		defer mu.Unlock()
		waits = append(waits, d)
		return nil
	}
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Exhibits != 5 || sum.Retries != 4 || len(sum.Failed) != 0 {
		t.Errorf("summary %+v", sum)
	}
	if fe.count(page) != 3 || fe.count(exhibit) != 2 {
		t.Errorf("page fetched %d times, exhibit %d", fe.count(page), fe.count(exhibit))
	}
	// Retry-After is honoured (plus up to a tenth of jitter); without it,
	// the backoff's doubling base.
	var asked int
	for _, d := range waits {
		switch {
		case d >= 7*time.Second && d <= 7700*time.Millisecond, d >= 2*time.Second && d <= 2200*time.Millisecond:
			asked++
		case d > cfg.Retry.Max:
			t.Errorf("wait %s over the backoff's maximum", d)
		}
	}
	if len(waits) != 4 || asked != 2 {
		t.Errorf("waits %v", waits)
	}
	checkGolden(t, "happy.manifest.csv", readManifest(t, fe, out))
}

// TestRunGivesUp leaves a filing whose page stays unavailable for the
// next run, and the next run does it.
func TestRunGivesUp(t *testing.T) {
	fe := newFakeEDGAR(t, sampleFilings())
	const page = "/Archives/edgar/data/1000002/000100000223000003/0001000002-23-000003-index.htm"
	for range 4 {
		fe.answerFirst(page, fakeStatus{code: 503})
	}
	out := t.TempDir()
	cfg := testConfig(fe, out)
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Failed) != 1 || !strings.Contains(sum.Failed[0], "0001000002-23-000003") || !strings.Contains(sum.Failed[0], "gave up after 4 tries") || sum.Filings != 3 {
		t.Errorf("summary %+v", sum)
	}
	sum, err = Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Resumed != 3 || sum.Filings != 1 || len(sum.Failed) != 0 || sum.ManifestRows != 5 {
		t.Errorf("second run %+v", sum)
	}
}

// TestRunMissingExhibit records an exhibit EDGAR answers 404 for as
// missing: left out of the manifest, not fetched again on the next run.
func TestRunMissingExhibit(t *testing.T) {
	filings := sampleFilings()
	filings[0].docs[2].missing = true // ACME's EX-10.2
	fe := newFakeEDGAR(t, filings)
	out := t.TempDir()
	cfg := testConfig(fe, out)
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Missing != 1 || sum.Exhibits != 4 || sum.ManifestRows != 4 || len(sum.Failed) != 0 {
		t.Errorf("summary %+v", sum)
	}
	if m := readManifest(t, fe, out); strings.Contains(m, "ex10-2.htm") {
		t.Errorf("the missing exhibit is in the manifest:\n%s", m)
	}
	const missing = "/Archives/edgar/data/1000001/000100000123000010/ex10-2.htm"
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	if n := fe.count(missing); n != 1 {
		t.Errorf("the missing exhibit was asked for %d times over two runs", n)
	}
}

// TestRunMalformedIndexLines skips the full index's bad lines, reports
// them with their numbers, and fetches the good ones.
func TestRunMalformedIndexLines(t *testing.T) {
	fe := newFakeEDGAR(t, sampleFilings())
	fe.extraLines = []string{
		"10-K        TRUNCATED LINE CO",
		"10-K        BAD CIK CORP                                                  12AB45      2023-01-03  edgar/data/12AB45/0000012345-23-000001.txt",
		"10-K        BAD DATE CORP                                                 1000009     2023-13-45  edgar/data/1000009/0001000009-23-000001.txt",
		"10-K        ESCAPING CORP                                                 1000010     2023-01-03  edgar/data/../../etc/0001000010-23-000001.txt",
		"10-K        NO ACCESSION CORP                                             1000011     2023-01-03  edgar/data/1000011/readme.txt",
	}
	out := t.TempDir()
	sum, err := Run(context.Background(), testConfig(fe, out))
	if err != nil {
		t.Fatal(err)
	}
	if sum.BadLines != 5 || sum.Exhibits != 5 || len(sum.BadLineSamples) != 5 {
		t.Fatalf("summary %+v", sum)
	}
	for i, want := range []string{`CIK "TRUNCATED"`, `CIK "12AB45"`, `date filed "2023-13-45"`, "edgar/data/../../etc", `"edgar/data/1000011/readme.txt"`} {
		if !strings.Contains(sum.BadLineSamples[i], want) || !strings.Contains(sum.BadLineSamples[i], "2023Q1 form.idx line ") {
			t.Errorf("bad line %d: %q, want it to say %q", i, sum.BadLineSamples[i], want)
		}
	}
}

// TestRunResumes stops a run after its second filing and resumes it:
// the two runs together send exactly the requests of one uninterrupted
// run, and give the same manifest.
func TestRunResumes(t *testing.T) {
	whole := newFakeEDGAR(t, sampleFilings())
	if _, err := Run(context.Background(), testConfig(whole, t.TempDir())); err != nil {
		t.Fatal(err)
	}

	fe := newFakeEDGAR(t, sampleFilings())
	out := t.TempDir()
	cfg := testConfig(fe, out)
	ctx, cancel := context.WithCancelCause(context.Background())
	stop := errors.New("interrupted")
	cfg.Progress = func(p Progress) {
		if p.Filings == 2 {
			cancel(stop)
		}
	}
	sum, err := Run(ctx, cfg)
	if !errors.Is(err, stop) {
		t.Fatalf("interrupted run: %v", err)
	}
	if sum.Filings != 2 || sum.ManifestRows != 3 {
		t.Errorf("interrupted run %+v", sum)
	}
	cfg.Progress = nil
	sum, err = Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Resumed != 2 || sum.Filings != 2 || sum.ManifestRows != 5 {
		t.Errorf("resumed run %+v", sum)
	}
	if got, want := fe.allCounts(), whole.allCounts(); !maps.Equal(got, want) {
		t.Errorf("requests over the two runs %v, one run %v", got, want)
	}
	checkGolden(t, "happy.manifest.csv", readManifest(t, fe, out))
}

// TestRunInterruptedMidRequest stops a run while an exhibit is being
// fetched: nothing half-written is left, and the resumed run fetches the
// rest (that exhibit again, nothing fetched before it).
func TestRunInterruptedMidRequest(t *testing.T) {
	fe := newFakeEDGAR(t, sampleFilings())
	out := t.TempDir()
	cfg := testConfig(fe, out)
	ctx, cancel := context.WithCancel(context.Background())
	const exhibit = "/Archives/edgar/data/1000001/000100000123000010/ex10-2.htm"
	fe.onHit = func(p string) bool {
		if p == exhibit {
			cancel()
			return true
		}
		return false
	}
	if _, err := Run(ctx, cfg); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v", err)
	}
	fe.mu.Lock()
	fe.onHit = nil
	fe.mu.Unlock()
	var names []string
	_ = filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(out, p)
			names = append(names, filepath.ToSlash(rel))
		}
		return nil
	})
	slices.Sort(names)
	want := []string{".edgar/full-index/2023/QTR1/form.idx", ".edgar/journal.jsonl", "1000001/0001000001-23-000010/ex10-1.htm", "manifest.csv"}
	if !slices.Equal(names, want) {
		t.Errorf("files after the interruption %v, want %v", names, want)
	}
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Kept != 1 || sum.Exhibits != 4 || sum.ManifestRows != 5 {
		t.Errorf("resumed run %+v", sum)
	}
	if n := fe.count("/Archives/edgar/data/1000001/000100000123000010/ex10-1.htm"); n != 1 {
		t.Errorf("an exhibit on disk was fetched again (%d requests)", n)
	}
	if n := fe.count("/Archives/edgar/full-index/2023/QTR1/form.idx"); n != 1 {
		t.Errorf("the full index was fetched %d times", n)
	}
	checkGolden(t, "happy.manifest.csv", readManifest(t, fe, out))
}

// TestRunTornJournal resumes after a crash that left half a journal line.
func TestRunTornJournal(t *testing.T) {
	fe := newFakeEDGAR(t, sampleFilings())
	out := t.TempDir()
	cfg := testConfig(fe, out)
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(out, stateDir, journalName)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	last := lines[len(lines)-1]
	torn := strings.Join(lines[:len(lines)-1], "") + last[:len(last)/2]
	if err := os.WriteFile(p, []byte(torn), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Resumed != 3 || sum.Filings != 1 || sum.ManifestRows != 5 {
		t.Errorf("run after the torn line %+v", sum)
	}
	sum, err = Run(context.Background(), cfg)
	if err != nil || sum.Resumed != 4 || sum.Filings != 0 {
		t.Errorf("third run %+v %v", sum, err)
	}
}

// TestRunRefusals: no User-Agent, no contact in it, or a 403 from
// EDGAR stop the run with a message that says what to do.
func TestRunRefusals(t *testing.T) {
	fe := newFakeEDGAR(t, sampleFilings())
	cfg := testConfig(fe, t.TempDir())
	for _, ua := range []string{"", "  ", "Jane Doe", "jane@example.com"} {
		cfg.UserAgent = ua
		if _, err := Run(context.Background(), cfg); !errors.Is(err, ErrNoUserAgent) {
			t.Errorf("user agent %q: %v", ua, err)
		}
	}
	if n := len(fe.allCounts()); n != 0 {
		t.Errorf("%d paths requested without a user agent", n)
	}

	cfg = testConfig(fe, t.TempDir())
	fe.answerFirst("/Archives/edgar/data/1000001/000100000123000010/0001000001-23-000010-index.htm", fakeStatus{code: 403})
	cfg.Workers = 2
	_, err := Run(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "403 Forbidden") || !strings.Contains(err.Error(), "User-Agent") {
		t.Errorf("after a 403: %v", err)
	}
}

// TestRunLimitAndFilters: -limit, forms and exhibit types.
func TestRunLimitAndFilters(t *testing.T) {
	fe := newFakeEDGAR(t, sampleFilings())
	cfg := testConfig(fe, t.TempDir())
	cfg.Forms = []string{"s-1", "8-K"}
	cfg.Exhibits = []string{"EX-10.1", "EX-21"}
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// S-1: its EX-10.1; 8-K: its EX-10 is not an EX-10.1.
	if sum.Selected != 2 || sum.Exhibits != 1 || sum.ManifestRows != 1 {
		t.Errorf("summary %+v", sum)
	}
	cfg = testConfig(fe, t.TempDir())
	cfg.Limit = 1
	if sum, err = Run(context.Background(), cfg); err != nil || sum.Selected != 1 || sum.Filings != 1 {
		t.Errorf("limit 1: %+v %v", sum, err)
	}
}

// TestRunMissingQuarter skips a quarter EDGAR has no full index for, and
// fails when it has none of them.
func TestRunMissingQuarter(t *testing.T) {
	fe := newFakeEDGAR(t, sampleFilings())
	cfg := testConfig(fe, t.TempDir())
	cfg.Quarters = []Quarter{{2023, 1}, {2023, 2}}
	sum, err := Run(context.Background(), cfg)
	if err != nil || !slices.Equal(sum.MissingQuarters, []Quarter{{2023, 2}}) || sum.Exhibits != 5 {
		t.Errorf("summary %+v, %v", sum, err)
	}
	cfg.Quarters = []Quarter{{2023, 2}}
	if _, err := Run(context.Background(), cfg); !IsNotFound(err) || !strings.Contains(err.Error(), "no full index for 2023Q2") {
		t.Errorf("only a missing quarter: %v", err)
	}
}
