package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

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
			wantErr:  []string{`IndexPrefix "CS"`},
		},
		{
			name:     "no cluster URL",
			args:     func(string) []string { return []string{"-in", file} },
			wantCode: 2,
			wantErr:  []string{"URLs: at least one cluster URL is required"},
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
