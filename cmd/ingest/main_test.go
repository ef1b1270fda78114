package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/backend/opensearch/opensearchtest"
	"github.com/contractsearch/contractsearch/mappings"
)

const records = `{"index":{"_index":"contract","_id":"en/1"}}
{"name":"Supply Agreement","body":"governed by the laws of New York"}
{"index":{"_index":"jurisdiction","_id":"en/new-york-us"}}
{"group_id":"new-york-us","name":"New York"}
{"index":{"_index":"nowhere","_id":"en/9"}}
{"name":"lost"}
`

func writeFile(t *testing.T, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "records.ndjson")
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// aliasTargets maps each alias to the index holding it.
func aliasTargets(c *opensearchtest.Cluster) map[string]string {
	out := map[string]string{}
	for index, aliases := range c.Aliases() {
		for _, a := range aliases {
			out[a] = index
		}
	}
	return out
}

func TestRun(t *testing.T) {
	file := writeFile(t, records)
	tests := []struct {
		name        string
		args        func(url string) []string
		env         func(url string) map[string]string
		stdin       string
		wantCode    int
		wantOut     []string
		wantErr     []string
		wantAliases bool
	}{
		{
			name: "flags; one bad line allowed",
			args: func(url string) []string {
				return []string{"-in", file, "-opensearch", url, "-index-prefix", "cs_", "-max-errors", "1"}
			},
			wantCode: 0, wantAliases: true,
			wantOut: []string{
				": published (aliases switched)", "lines read: 6", "documents loaded: 2", "  contract     1", "  jurisdiction 1",
				"bad lines: 1, rejected documents: 0", `  line 5: "index" action: unknown index "nowhere"`, "seconds: ",
			},
		},
		{
			name: "environment as defaults, standard input",
			args: func(string) []string { return []string{"-in", "-", "-max-errors", "-1"} },
			env: func(url string) map[string]string {
				return map[string]string{"OPENSEARCH_URLS": url, "OPENSEARCH_INDEX_PREFIX": "cs_"}
			},
			stdin:    records,
			wantCode: 0, wantAliases: true,
			wantOut: []string{": published (aliases switched)", "documents loaded: 2"},
		},
		{
			name:     "a bad line over the limit: not published",
			args:     func(url string) []string { return []string{"-in", file, "-opensearch", url, "-index-prefix", "cs_"} },
			wantCode: 1,
			wantOut:  []string{": NOT published; the previous version keeps serving", "bad lines: 1"},
			wantErr:  []string{"1 lines or documents rejected, more than the 0 allowed"},
		},
		{
			name:     "missing -in",
			args:     func(url string) []string { return []string{"-opensearch", url} },
			wantCode: 2,
			wantErr:  []string{"-in is required", "usage: ingest"},
		},
		{
			name:     "invalid prefix",
			args:     func(url string) []string { return []string{"-in", file, "-opensearch", url, "-index-prefix", "CS"} },
			wantCode: 2,
			wantErr:  []string{`IndexPrefix (OPENSEARCH_INDEX_PREFIX) "CS"`},
		},
		{
			name:     "no target",
			args:     func(string) []string { return []string{"-in", file} },
			wantCode: 2,
			wantErr:  []string{"no target: give -index-dir DIR, -bulk-out FILE, or -opensearch URL (or set OPENSEARCH_URLS)"},
		},
		{
			name: "flags override the environment",
			args: func(url string) []string {
				return []string{"-in", file, "-opensearch", url, "-index-prefix", "cs_", "-max-errors", "1"}
			},
			env: func(string) map[string]string {
				return map[string]string{"OPENSEARCH_URLS": "http://127.0.0.1:1", "OPENSEARCH_INDEX_PREFIX": "NOT VALID"}
			},
			wantCode: 0, wantAliases: true,
			wantOut: []string{": published (aliases switched)"},
		},
		{
			name: "every OpenSearch variable is read: CA file",
			args: func(url string) []string { return []string{"-in", file, "-opensearch", url} },
			env: func(string) map[string]string {
				return map[string]string{"OPENSEARCH_CA_CERT_FILE": "/nonexistent/ca.pem"}
			},
			wantCode: 2,
			wantErr:  []string{"CACertFile (OPENSEARCH_CA_CERT_FILE): open /nonexistent/ca.pem"},
		},
		{
			name: "every OpenSearch variable is read: bulk batch size",
			args: func(url string) []string { return []string{"-in", file, "-opensearch", url} },
			env: func(string) map[string]string {
				return map[string]string{"OPENSEARCH_BULK_BATCH_BYTES": "-1"}
			},
			wantCode: 2,
			wantErr:  []string{"BulkBatchBytes (OPENSEARCH_BULK_BATCH_BYTES) -1"},
		},
		{
			name: "a variable that does not parse",
			args: func(url string) []string { return []string{"-in", file, "-opensearch", url} },
			env: func(string) map[string]string {
				return map[string]string{"OPENSEARCH_INSECURE_SKIP_VERIFY": "maybe"}
			},
			wantCode: 2,
			wantErr:  []string{"config: OPENSEARCH_INSECURE_SKIP_VERIFY must be a valid bool"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := opensearchtest.New(t)
			env := map[string]string{}
			if tt.env != nil {
				env = tt.env(c.URL)
			}
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), tt.args(c.URL), func(k string) string { return env[k] },
				strings.NewReader(tt.stdin), &stdout, &stderr)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.wantCode, stdout.String(), stderr.String())
			}
			for _, s := range tt.wantOut {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout.String())
				}
			}
			for _, s := range tt.wantErr {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
				}
			}
			got := aliasTargets(c)
			if !tt.wantAliases {
				if len(got) != 0 {
					t.Errorf("aliases were switched: %v", got)
				}
				if idx := c.Aliases(); len(idx) != 0 {
					t.Errorf("indexes left behind: %v", idx)
				}
				return
			}
			if len(got) != len(mappings.Names()) {
				t.Fatalf("aliases = %v, want all six", got)
			}
			version := strings.TrimPrefix(got["cs_contract"], "cs_contract-")
			want := map[string]string{}
			for _, n := range mappings.Names() {
				want["cs_"+n] = "cs_" + n + "-" + version
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("aliases = %v, want %v", got, want)
			}
			if c.Docs("cs_contract-"+version) != 1 || c.Docs("cs_jurisdiction-"+version) != 1 {
				t.Errorf("documents not loaded")
			}
		})
	}
}

func TestRunIndexDir(t *testing.T) {
	dir := t.TempDir()
	in := "{\"index\":{\"_index\":\"company\",\"_id\":\"en/c/1\"}}\n{\"group_id\":\"1\",\"name\":\"Acme Corp\"}\nnot json\n"
	var stdout, stderr strings.Builder
	code := run(context.Background(), []string{"-in", "-", "-index-dir", dir}, func(string) string { return "" },
		strings.NewReader(in), &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "published generation 1") || !strings.Contains(stdout.String(), "company              1 records") {
		t.Errorf("summary: %s", stdout.String())
	}
	if !strings.Contains(stderr.String(), "line 3: not a JSON object") {
		t.Errorf("bad line not reported: %s", stderr.String())
	}
	code = run(context.Background(), []string{"-in", "-", "-index-dir", dir, "-opensearch", "http://x:9200"}, func(string) string { return "" },
		strings.NewReader(in), &stdout, &stderr)
	if code != 2 {
		t.Errorf("both targets: exit %d", code)
	}
}

// corpusDir writes a small folder of contracts: two good ones, a bad one
// and a manifest.
func corpusDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"a/supply.txt": "SUPPLY AGREEMENT\n\nThis Supply Agreement (the \"Agreement\") is made on June 2, 2015 between Cedar Ltd. (\"Seller\") and Dune LLC (\"Buyer\").\n\n1. Supply. Seller shall sell the goods Buyer orders.\n\n2. Governing Law. This Agreement is governed by the laws of the State of New York.\n",
		"b/license.htm": "<html><body><p>LICENSE AGREEMENT</p><p>This License Agreement is entered into by and between Elm Corp. (&#8220;Licensor&#8221;) and Fir Inc. (&#8220;Licensee&#8221;).</p>" +
			"<p>1. Grant. Licensor grants Licensee a licence to the software.</p><p>2. Governing Law. This Agreement shall be governed by the laws of the Province of Ontario.</p></body></html>",
		"b/broken.txt": "\x00\x01binary",
		"manifest.csv": "file,company,cik,filing_date,title\na/supply.txt,Cedar Ltd.,0000123,2015-06-03,NOT A LABEL TO READ\nb/license.htm,Elm Corp.,456,20160101,\nb/broken.txt,X,,,\n",
	}
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

func TestRunCorpus(t *testing.T) {
	dir := corpusDir(t)
	out := filepath.Join(t.TempDir(), "records.ndjson")
	idx := t.TempDir()
	summary := []string{
		"ingest " + dir, "files read: 3", "contracts: 2, in 0 near-duplicate groups", "skipped: 1",
		"  b/broken.txt: binary file (NUL byte at offset 0)", "manifest: " + filepath.Join(dir, "manifest.csv") + ", 3 rows, 0 warnings",
		"  contract             2", "  jurisdiction         2", "parse seconds: ", "total seconds: ",
	}
	tests := []struct {
		name     string
		args     func(url string) []string
		wantCode int
		wantOut  []string
		wantErr  []string
		check    func(t *testing.T, c *opensearchtest.Cluster)
	}{
		{
			name:    "bulk file",
			args:    func(string) []string { return []string{"-in", dir, "-bulk-out", out, "-progress", "lines"} },
			wantOut: append(summary, "wrote "+out),
			wantErr: []string{"ingest: parsed 3/3 files", "ingest: wrote "},
			check: func(t *testing.T, _ *opensearchtest.Cluster) {
				data, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range []string{`"_index":"contract"`, `"company":{"name":"Cedar Ltd.","value":"123"}`, `"filing_date":"2016-01-01"`, `"_id":"en/ontario-ca"`} {
					if !bytes.Contains(data, []byte(s)) {
						t.Errorf("bulk file lacks %s", s)
					}
				}
				if bytes.Contains(data, []byte("NOT A LABEL")) {
					t.Error("a manifest label column reached the records")
				}
			},
		},
		{
			name:    "embedded index",
			args:    func(string) []string { return []string{"-in", dir, "-index-dir", idx, "-progress", "none"} },
			wantOut: append(summary, "published generation 1", "  contract             2 records  1 segment(s)"),
		},
		{
			name: "OpenSearch",
			args: func(url string) []string {
				return []string{"-in", dir, "-opensearch", url, "-index-prefix", "cs_", "-progress", "none"}
			},
			wantOut: append(summary, ": published (aliases switched)", "  contract     2", "bad lines: 0, rejected documents: 0"),
			check: func(t *testing.T, c *opensearchtest.Cluster) {
				got := aliasTargets(c)
				if len(got) != 6 || c.Docs(got["cs_contract"]) != 2 || c.Docs(got["cs_jurisdiction"]) != 2 {
					t.Errorf("aliases %v", got)
				}
			},
		},
		{
			name: "no manifest, every file",
			args: func(string) []string {
				return []string{"-in", dir, "-bulk-out", "-", "-manifest", "none", "-progress", "none"}
			},
			wantOut: []string{`{"index":{"_index":"contract","_id":"en/`},
			wantErr: []string{"files read: 3", "files ignored: 1 (no reader for .csv: 1)", "contracts: 2"},
		},
		{
			name: "a manifest column that is not there",
			args: func(string) []string {
				return []string{"-in", dir, "-bulk-out", out, "-manifest-company-column", "filer_name"}
			},
			wantCode: 2,
			wantErr:  []string{`no column "filer_name" (for company); columns are file, company, cik, filing_date, title`},
		},
		{
			name:     "nothing to read",
			args:     func(string) []string { return []string{"-in", filepath.Join(dir, "b", "broken.txt"), "-bulk-out", out} },
			wantCode: 1,
			wantErr:  []string{"nothing published: no contract was read"},
		},
		{
			name:     "-bulk-out of bulk input",
			args:     func(string) []string { return []string{"-in", writeFile(t, records), "-bulk-out", out} },
			wantCode: 2,
			wantErr:  []string{"-in is already bulk NDJSON"},
		},
		{
			name:     "two targets",
			args:     func(string) []string { return []string{"-in", dir, "-bulk-out", out, "-index-dir", idx} },
			wantCode: 2,
			wantErr:  []string{"-index-dir, -opensearch and -bulk-out are alternatives"},
		},
		{
			name:     "bad -progress",
			args:     func(string) []string { return []string{"-in", dir, "-bulk-out", out, "-progress", "fancy"} },
			wantCode: 2,
			wantErr:  []string{`-progress "fancy": want auto, bar, lines or none`},
		},
		{
			name:     "bad -pdf-timeout",
			args:     func(string) []string { return []string{"-in", dir, "-bulk-out", out, "-pdf-timeout", "0s"} },
			wantCode: 2,
			wantErr:  []string{"-pdf-timeout 0s: want a positive duration"},
		},
		{
			name:     "missing input",
			args:     func(string) []string { return []string{"-in", filepath.Join(dir, "nope"), "-bulk-out", out} },
			wantCode: 2,
			wantErr:  []string{"no such file or directory"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := opensearchtest.New(t)
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), tt.args(c.URL), func(string) string { return "" }, strings.NewReader(""), &stdout, &stderr)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.wantCode, stdout.String(), stderr.String())
			}
			for _, s := range tt.wantOut {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout.String())
				}
			}
			for _, s := range tt.wantErr {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
				}
			}
			if tt.check != nil && code == 0 {
				tt.check(t, c)
			}
		})
	}
}

// TestRunCorpusSinkFails: a sink that cannot work is found before any
// parsing, and nothing is published.
func TestRunCorpusSinkFails(t *testing.T) {
	dir := corpusDir(t)
	idx := filepath.Join(t.TempDir(), "index")
	// A file where the index directory should be: OpenDir fails.
	if err := os.WriteFile(idx, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"-in", dir, "-index-dir", idx, "-progress", "none"}, func(string) string { return "" },
		strings.NewReader(""), &stdout, &stderr)
	if code != 2 || strings.Contains(stdout.String(), "files read") {
		t.Errorf("exit %d with an index directory that is a file\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
}

// TestPiped: a failing writer makes the sink's read fail (nothing is
// published), and a sink that stops reading unblocks the writer.
func TestPiped(t *testing.T) {
	var stderr bytes.Buffer
	f := &flags{stderr: &stderr}
	prog := newProgress("none", &stderr)
	boom := errors.New("disk on fire")
	write := func(w io.Writer) error {
		if _, err := io.WriteString(w, "first line\n"); err != nil {
			return err
		}
		return boom
	}
	var readErr error
	code := f.piped(write, func(r io.Reader) int {
		_, readErr = io.ReadAll(r)
		if readErr != nil {
			return 1
		}
		return 0
	}, prog)
	if code != 1 || !errors.Is(readErr, boom) {
		t.Errorf("failing writer: exit %d, sink read error %v", code, readErr)
	}

	endless := func(w io.Writer) error {
		for {
			if _, err := io.WriteString(w, "record\n"); err != nil {
				return err
			}
		}
	}
	done := make(chan int)
	go func() { done <- f.piped(endless, func(io.Reader) int { return 1 }, prog) }()
	select {
	case code := <-done:
		if code != 1 {
			t.Errorf("sink that stopped: exit %d", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the writer stayed blocked after the sink stopped")
	}
}
