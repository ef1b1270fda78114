package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	tokFile := filepath.Join(dir, "tokens")
	if err := os.WriteFile(tokFile, []byte("# comment\n\nfile-token\n  second  \ntok-a\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		env     map[string]string
		wantErr string
		check   func(t *testing.T, c Config, generated string)
	}{
		{name: "defaults", env: map[string]string{"API_TOKENS": "tok-a"}, check: func(t *testing.T, c Config, g string) {
			if c.ListenAddr != ":8080" || c.SearchBackend != "embedded" || c.MaxBodyBytes != 1<<20 || g != "" {
				t.Errorf("defaults: %+v", c)
			}
			if c.Limits.MaxSize != 100 || c.Limits.MaxWindow != 10000 || c.Limits.MaxAggSize != 100 || c.Limits.MaxClauses != 1024 ||
				c.Limits.MaxDepth != 20 || c.Limits.MaxQueryBytes != 4096 || c.Limits.MaxTimeout != 15*time.Second {
				t.Errorf("limits: %+v", c.Limits)
			}
			if c.FormA.RankBoost != 50 || c.FormA.RankPivot != 16 || c.RateLimit != 50 || c.RateBurst != 100 {
				t.Errorf("form A / rate: %+v %v %v", c.FormA, c.RateLimit, c.RateBurst)
			}
		}},
		{name: "tokens from list and file, trimmed and deduplicated", env: map[string]string{"API_TOKENS": " tok-a ,tok-b,,", "API_TOKENS_FILE": tokFile},
			check: func(t *testing.T, c Config, _ string) {
				if got := strings.Join(c.APITokens, ","); got != "tok-a,tok-b,file-token,second" {
					t.Errorf("tokens %q", got)
				}
			}},
		{name: "no token refuses to start", env: map[string]string{}, wantErr: "no API token configured: set API_TOKENS"},
		{name: "blank tokens count as none", env: map[string]string{"API_TOKENS": " , "}, wantErr: "no API token configured"},
		{name: "dev mode generates a token", env: map[string]string{"DEV_MODE": "true"}, check: func(t *testing.T, c Config, g string) {
			if !strings.HasPrefix(g, "dev-") || len(g) != 52 || len(c.APITokens) != 1 || c.APITokens[0] != g {
				t.Errorf("generated %q tokens %v", g, c.APITokens)
			}
		}},
		{name: "missing tokens file", env: map[string]string{"API_TOKENS_FILE": filepath.Join(dir, "nope")}, wantErr: "API_TOKENS_FILE"},
		{name: "limits from the environment", env: map[string]string{"API_TOKENS": "t", "MAX_SIZE": "50", "MAX_TIMEOUT": "5s", "MAX_CLAUSES": "200"},
			check: func(t *testing.T, c Config, _ string) {
				if c.Limits.MaxSize != 50 || c.Limits.MaxTimeout != 5*time.Second || c.Limits.MaxClauses != 200 {
					t.Errorf("limits %+v", c.Limits)
				}
			}},
		{name: "bad backend", env: map[string]string{"API_TOKENS": "t", "SEARCH_BACKEND": "solr"}, wantErr: `SEARCH_BACKEND must be "embedded" or "opensearch", got "solr"`},
		{name: "bad OpenSearch URL", env: map[string]string{"API_TOKENS": "t", "SEARCH_BACKEND": "opensearch", "OPENSEARCH_URLS": "localhost:9200"}, wantErr: `OPENSEARCH_URLS entry "localhost:9200" must start with http:// or https://`},
		{name: "bad limit", env: map[string]string{"API_TOKENS": "t", "MAX_SIZE": "0"}, wantErr: "MAX_SIZE must be at least 1, got 0"},
		{name: "window below size", env: map[string]string{"API_TOKENS": "t", "MAX_RESULT_WINDOW": "10"}, wantErr: "MAX_RESULT_WINDOW (10) must be at least MAX_SIZE (100)"},
		{name: "unparsable number", env: map[string]string{"API_TOKENS": "t", "MAX_SIZE": "lots"}, wantErr: "config: MAX_SIZE must be a valid int"},
		{name: "negative rate", env: map[string]string{"API_TOKENS": "t", "RATE_LIMIT_RPS": "-1"}, wantErr: "RATE_LIMIT_RPS must not be negative"},
		{name: "rate limit off", env: map[string]string{"API_TOKENS": "t", "RATE_LIMIT_RPS": "0", "RATE_LIMIT_BURST": "0"}, check: func(t *testing.T, c Config, _ string) {
			if c.RateLimit != 0 {
				t.Errorf("rate %v", c.RateLimit)
			}
		}},
		{name: "bad log level", env: map[string]string{"API_TOKENS": "t", "LOG_LEVEL": "loud"}, wantErr: "LOG_LEVEL must be debug, info, warn or error"},
		{name: "bad pivot", env: map[string]string{"API_TOKENS": "t", "FORM_A_RANK_PIVOT": "0"}, wantErr: "FORM_A_RANK_PIVOT must be positive"},
		{name: "tiny body limit", env: map[string]string{"API_TOKENS": "t", "MAX_BODY_BYTES": "10"}, wantErr: "MAX_BODY_BYTES must be at least 1024"},
		{name: "response and aggregation limits", env: map[string]string{"API_TOKENS": "t"}, check: func(t *testing.T, c Config, _ string) {
			if c.MaxResponseBytes != 16<<20 || c.Limits.MaxAggregations != 20 {
				t.Errorf("MAX_RESPONSE_BYTES %d, MAX_AGGREGATIONS %d", c.MaxResponseBytes, c.Limits.MaxAggregations)
			}
		}},
		{name: "tiny response limit", env: map[string]string{"API_TOKENS": "t", "MAX_RESPONSE_BYTES": "1000"}, wantErr: "MAX_RESPONSE_BYTES must be at least 65536, got 1000"},
		{name: "one aggregation", env: map[string]string{"API_TOKENS": "t", "MAX_AGGREGATIONS": "1"}, wantErr: "MAX_AGGREGATIONS must be at least 2, got 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, g, err := LoadFrom(tt.env)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want it to contain %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, c, g)
		})
	}
}
