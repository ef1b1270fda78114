package opensearch

import (
	"context"
	"encoding/pem"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/mappings"
)

func TestNewValidatesConfig(t *testing.T) {
	set, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		cfg     Config
		set     *mappings.Set
		wantErr string // substring; "" means valid
	}{
		{name: "minimal", cfg: Config{URLs: []string{"http://localhost:9200"}}},
		{name: "full", cfg: Config{URLs: []string{"https://a:9200", "https://b:9200/"}, Username: "u", Password: "p",
			IndexPrefix: "prod.cs_", TimeoutGrace: time.Second, BulkBatchBytes: 1 << 20}},
		{name: "no URL", cfg: Config{}, wantErr: "URLs (OPENSEARCH_URLS): at least one cluster URL is required"},
		{name: "bad scheme", cfg: Config{URLs: []string{"ftp://x"}}, wantErr: `URLs[0] (OPENSEARCH_URLS) "ftp://x": scheme must be http or https`},
		{name: "no host", cfg: Config{URLs: []string{"http://"}}, wantErr: "host is missing"},
		{name: "credentials in URL", cfg: Config{URLs: []string{"http://u:p@x:9200"}}, wantErr: "credentials belong in Username and Password"},
		{name: "password alone", cfg: Config{URLs: []string{"http://x"}, Password: "p"}, wantErr: "Password (OPENSEARCH_PASSWORD) is set but Username (OPENSEARCH_USERNAME) is empty"},
		{name: "upper-case prefix", cfg: Config{URLs: []string{"http://x"}, IndexPrefix: "CS_"}, wantErr: `IndexPrefix (OPENSEARCH_INDEX_PREFIX) "CS_"`},
		{name: "prefix with colon", cfg: Config{URLs: []string{"http://x"}, IndexPrefix: "remote:cs"}, wantErr: `IndexPrefix (OPENSEARCH_INDEX_PREFIX) "remote:cs"`},
		{name: "prefix starting with underscore", cfg: Config{URLs: []string{"http://x"}, IndexPrefix: "_cs"}, wantErr: `IndexPrefix (OPENSEARCH_INDEX_PREFIX) "_cs"`},
		{name: "negative grace", cfg: Config{URLs: []string{"http://x"}, TimeoutGrace: -time.Second}, wantErr: "TimeoutGrace (OPENSEARCH_TIMEOUT_GRACE) -1s: must not be negative"},
		{name: "huge batch", cfg: Config{URLs: []string{"http://x"}, BulkBatchBytes: 200 << 20}, wantErr: "BulkBatchBytes (OPENSEARCH_BULK_BATCH_BYTES) 209715200"},
		{name: "missing CA file", cfg: Config{URLs: []string{"https://x"}, CACertFile: "/nonexistent/ca.pem"}, wantErr: "CACertFile (OPENSEARCH_CA_CERT_FILE)"},
		{name: "no mappings", cfg: Config{URLs: []string{"http://x"}}, set: &mappings.Set{}, wantErr: `mappings: index "category" has no definition`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := set
			if tt.set != nil {
				s = tt.set
			}
			verr := tt.cfg.Validate()
			b, err := New(tt.cfg, s)
			if tt.wantErr == "" {
				if verr != nil {
					t.Errorf("Validate() = %v", verr)
				}
				if err != nil {
					t.Fatalf("New() = %v", err)
				}
				b.Close()
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("New() error = %v, want it to contain %q", err, tt.wantErr)
			}
			// Validate checks the values alone: not the mappings, nor the
			// CA file, which New reads.
			if valuesOnly := tt.set == nil && tt.cfg.CACertFile == ""; valuesOnly != (verr != nil) {
				t.Errorf("Validate() = %v", verr)
			}
		})
	}
}

func TestNewAppliesDefaults(t *testing.T) {
	b := newTestBackend(t, "http://localhost:9200", nil)
	if b.grace != DefaultTimeoutGrace || b.batchBytes != DefaultBulkBatchBytes {
		t.Errorf("grace %v, batch %d", b.grace, b.batchBytes)
	}
}

func TestNames(t *testing.T) {
	b := newTestBackend(t, "http://localhost:9200", nil)
	if got := NewVersion(time.Date(2026, 11, 22, 11, 15, 0, 0, time.FixedZone("CET", 3600))); got != testVersion {
		t.Errorf("NewVersion = %q, want %q (UTC)", got, testVersion)
	}
	for _, v := range []string{"20261122t101500z", "20000101t000000z"} {
		if err := ValidVersion(v); err != nil {
			t.Errorf("ValidVersion(%q) = %v", v, err)
		}
	}
	for _, v := range []string{"", "20261122T101500Z", "20261122t101500", "20261322t101500z", "2026-11-22", "20261122t101500z-x"} {
		if ValidVersion(v) == nil {
			t.Errorf("ValidVersion(%q) accepted", v)
		}
	}
	if got := b.AliasName("contract"); got != "cs_contract" {
		t.Errorf("AliasName = %q", got)
	}
	if got := b.ConcreteName("contract", testVersion); got != "cs_contract-"+testVersion {
		t.Errorf("ConcreteName = %q", got)
	}
	for concrete, want := range map[string]string{
		"cs_contract-" + testVersion:    "contract",
		"cs_jurisdiction-anything":      "jurisdiction",
		"cs_contract":                   "contract",
		"cs_contracts-x":                "cs_contracts-x",
		"other_contract-" + testVersion: "other_contract-" + testVersion,
		"cs_":                           "cs_",
	} {
		if got := b.logicalName(concrete); got != want {
			t.Errorf("logicalName(%q) = %q, want %q", concrete, got, want)
		}
	}
	if l, v, ok := b.parseConcrete("cs_clause-" + testVersion); !ok || l != "clause" || v != testVersion {
		t.Errorf("parseConcrete = %q %q %v", l, v, ok)
	}
	if _, _, ok := b.parseConcrete("cs_clause-backup"); ok {
		t.Error("parseConcrete accepted a non-version")
	}
	if got := SplitURLs(" http://a:9200, ,http://b:9200 "); len(got) != 2 || got[0] != "http://a:9200" || got[1] != "http://b:9200" {
		t.Errorf("SplitURLs = %q", got)
	}
}

// TestTLSConfig checks that OPENSEARCH_CA_CERT_FILE and
// OPENSEARCH_INSECURE_SKIP_VERIFY reach the connection to a cluster with a
// certificate the system does not trust.
func TestTLSConfig(t *testing.T) {
	set, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{}`)
	}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake
	srv.StartTLS()
	defer srv.Close()
	ca := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		cfg       Config
		wantReady bool
	}{
		{"system pool: refused", Config{URLs: []string{srv.URL}}, false},
		{"CA file", Config{URLs: []string{srv.URL}, CACertFile: ca}, true},
		{"verification skipped", Config{URLs: []string{srv.URL}, InsecureSkipVerify: true}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := New(tt.cfg, set)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			err = b.Ready(context.Background())
			if (err == nil) != tt.wantReady {
				t.Errorf("Ready() = %v, want ready %v", err, tt.wantReady)
			}
		})
	}
}
