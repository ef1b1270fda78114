package config

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/caarlos0/env/v11"

	"github.com/contractsearch/contractsearch/internal/backend/opensearch"
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
			if c.ShutdownDrain != 5*time.Second || c.ShutdownTimeout != 20*time.Second || c.AuthFailureLimit != 10 ||
				c.AuthFailureInterval != time.Minute || len(c.TrustedProxies) != 0 {
				t.Errorf("lifecycle: %+v", c)
			}
			if want := (opensearch.Config{URLs: []string{"http://localhost:9200"}}); !reflect.DeepEqual(c.OpenSearch, want) {
				t.Errorf("OpenSearch %+v, want %+v", c.OpenSearch, want)
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
		{name: "bad OpenSearch URL", env: map[string]string{"API_TOKENS": "t", "SEARCH_BACKEND": "opensearch", "OPENSEARCH_URLS": "localhost:9200"}, wantErr: `URLs[0] (OPENSEARCH_URLS) "localhost:9200": scheme must be http or https`},
		{name: "OpenSearch variables are checked only for that backend", env: map[string]string{"API_TOKENS": "t", "OPENSEARCH_URLS": "localhost:9200"},
			check: func(t *testing.T, c Config, _ string) {
				if c.SearchBackend != BackendEmbedded || c.OpenSearch.URLs[0] != "localhost:9200" {
					t.Errorf("%+v", c)
				}
			}},
		{name: "unparsable OpenSearch variable", env: map[string]string{"API_TOKENS": "t", "OPENSEARCH_INSECURE_SKIP_VERIFY": "maybe"},
			wantErr: "config: OPENSEARCH_INSECURE_SKIP_VERIFY must be a valid bool"},
		{name: "password without user", env: map[string]string{"API_TOKENS": "t", "SEARCH_BACKEND": "opensearch", "OPENSEARCH_PASSWORD": "p"},
			wantErr: "Password (OPENSEARCH_PASSWORD) is set but Username (OPENSEARCH_USERNAME) is empty"},
		{name: "drain and auth failure limit", env: map[string]string{"API_TOKENS": "t", "SHUTDOWN_DRAIN": "0s", "AUTH_FAILURE_LIMIT": "0",
			"TRUSTED_PROXIES": "10.0.0.0/8, 2001:db8::/32,"},
			check: func(t *testing.T, c Config, _ string) {
				nets, err := c.TrustedProxyNets()
				if c.ShutdownDrain != 0 || c.AuthFailureLimit != 0 || err != nil || len(nets) != 2 || nets[1].String() != "2001:db8::/32" {
					t.Errorf("drain %v, auth failures %d, proxies %v %v", c.ShutdownDrain, c.AuthFailureLimit, nets, err)
				}
			}},
		{name: "negative drain", env: map[string]string{"API_TOKENS": "t", "SHUTDOWN_DRAIN": "-1s"}, wantErr: "SHUTDOWN_DRAIN must not be negative, got -1s"},
		{name: "negative auth failure limit", env: map[string]string{"API_TOKENS": "t", "AUTH_FAILURE_LIMIT": "-1"}, wantErr: "AUTH_FAILURE_LIMIT must not be negative"},
		{name: "zero auth failure interval", env: map[string]string{"API_TOKENS": "t", "AUTH_FAILURE_INTERVAL": "0s"}, wantErr: "AUTH_FAILURE_INTERVAL must be positive"},
		{name: "bad trusted proxy", env: map[string]string{"API_TOKENS": "t", "TRUSTED_PROXIES": "10.0.0.1"}, wantErr: `TRUSTED_PROXIES entry "10.0.0.1" must be a network in CIDR notation`},
		{name: "CORS off by default", env: map[string]string{"API_TOKENS": "t"}, check: func(t *testing.T, c Config, _ string) {
			if o, err := c.CORSOrigins(); len(o) != 0 || err != nil {
				t.Errorf("CORS origins %q, %v", o, err)
			}
		}},
		{name: "CORS origins, normalised", env: map[string]string{"API_TOKENS": "t",
			"CORS_ALLOWED_ORIGINS": " https://App.Example.com/ ,, http://localhost:3000,http://[::1]:8080,*"},
			check: func(t *testing.T, c Config, _ string) {
				o, err := c.CORSOrigins()
				if want := []string{"https://app.example.com", "http://localhost:3000", "http://[::1]:8080", "*"}; err != nil || !reflect.DeepEqual(o, want) {
					t.Errorf("CORS origins %q, %v; want %q", o, err, want)
				}
			}},
		{name: "CORS origin without scheme", env: map[string]string{"API_TOKENS": "t", "CORS_ALLOWED_ORIGINS": "app.example.com"},
			wantErr: `CORS_ALLOWED_ORIGINS entry "app.example.com" must start with http:// or https://`},
		{name: "CORS origin with a path", env: map[string]string{"API_TOKENS": "t", "CORS_ALLOWED_ORIGINS": "https://a.example/app"},
			wantErr: `CORS_ALLOWED_ORIGINS entry "https://a.example/app" must be an origin only`},
		{name: "CORS origin with a wildcard host", env: map[string]string{"API_TOKENS": "t", "CORS_ALLOWED_ORIGINS": "https://*.example.com"},
			wantErr: `CORS_ALLOWED_ORIGINS entry "https://*.example.com" has no host`},
		{name: "CORS origin with a bad port", env: map[string]string{"API_TOKENS": "t", "CORS_ALLOWED_ORIGINS": "http://a.example:99999"},
			wantErr: `CORS_ALLOWED_ORIGINS entry "http://a.example:99999" has a bad port`},
		{name: "CORS origin with a user", env: map[string]string{"API_TOKENS": "t", "CORS_ALLOWED_ORIGINS": "https://u@a.example"},
			wantErr: "must be an origin only"},
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

// TestLoadOpenSearch sets every OPENSEARCH_* variable and checks that each
// reaches the configuration, the same through the gateway's Load and
// through LoadOpenSearch, which cmd/ingest uses.
func TestLoadOpenSearch(t *testing.T) {
	environ := map[string]string{
		"OPENSEARCH_URLS":                    " https://a:9200, ,https://b:9200 ",
		"OPENSEARCH_USERNAME":                "user",
		"OPENSEARCH_PASSWORD":                "pw",
		"OPENSEARCH_INDEX_PREFIX":            "cs_",
		"OPENSEARCH_INSECURE_SKIP_VERIFY":    "true",
		"OPENSEARCH_CA_CERT_FILE":            "/etc/ca.pem",
		"OPENSEARCH_TIMEOUT_GRACE":           "3s",
		"OPENSEARCH_BULK_BATCH_BYTES":        "1048576",
		"OPENSEARCH_MAX_IDLE_CONNS_PER_HOST": "8",
	}
	want := opensearch.Config{
		URLs: []string{"https://a:9200", "https://b:9200"}, Username: "user", Password: "pw", IndexPrefix: "cs_",
		InsecureSkipVerify: true, CACertFile: "/etc/ca.pem", TimeoutGrace: 3 * time.Second, BulkBatchBytes: 1 << 20,
		MaxIdleConnsPerHost: 8,
	}
	params, err := env.GetFieldParams(&opensearch.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(params) != len(environ) {
		t.Fatalf("opensearch.Config has %d variables, the test sets %d: add the new one here", len(params), len(environ))
	}
	got, err := LoadOpenSearch(func(k string) string { return environ[k] })
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("LoadOpenSearch = %+v, %v\nwant %+v", got, err, want)
	}
	environ["API_TOKENS"], environ["SEARCH_BACKEND"] = "t", "opensearch"
	c, _, err := LoadFrom(environ)
	if err != nil || !reflect.DeepEqual(c.OpenSearch, want) {
		t.Errorf("Load: OpenSearch = %+v, %v\nwant %+v", c.OpenSearch, err, want)
	}
}

// TestREADMEListsEveryVariable checks that the README's configuration
// table names every variable the gateway reads, and no other.
func TestREADMEListsEveryVariable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	// The gateway's table is the first after the heading, up to a blank line.
	_, section, _ := strings.Cut(string(readme), "\n## Configuration\n")
	_, table, _ := strings.Cut(section, "\n| Variable |")
	table, _, _ = strings.Cut(table, "\n\n")
	documented := map[string]bool{}
	row := regexp.MustCompile("(?m)^\\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) \\|")
	for _, m := range row.FindAllStringSubmatch(table, -1) {
		for _, v := range strings.Split(m[1], ", ") {
			documented[strings.Trim(v, "`")] = true
		}
	}
	for _, v := range []any{&Config{}, &opensearch.Config{}} {
		params, err := env.GetFieldParams(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range params {
			if !documented[p.Key] {
				t.Errorf("%s is not in the README's table", p.Key)
			}
			delete(documented, p.Key)
		}
	}
	for v := range documented {
		t.Errorf("the README documents %s, which nothing reads", v)
	}
}

// FuzzCORSOrigins checks the CORS_ALLOWED_ORIGINS reader on any value:
// no panic, and every origin it accepts is already in the form it returns,
// the form browsers send in Origin, so reading it again changes nothing.
func FuzzCORSOrigins(f *testing.F) {
	for _, s := range []string{"https://app.example.com", " HTTP://Localhost:3000/ ,*", "http://[::1]:8080", "https://a.example/x", "ftp://a", "https://u@a", "http://a:0", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		c := Config{CORSAllowedOrigins: strings.Split(value, ",")}
		got, err := c.CORSOrigins()
		if err != nil {
			if !strings.Contains(err.Error(), "CORS_ALLOWED_ORIGINS") {
				t.Errorf("error %q does not name the variable", err)
			}
			return
		}
		again, err := (&Config{CORSAllowedOrigins: got}).CORSOrigins()
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Errorf("%q read as %q, then as %q (%v)", value, got, again, err)
		}
		for _, o := range got {
			if o != "*" && (o != strings.ToLower(o) || strings.HasSuffix(o, "/") || !strings.Contains(o, "://")) {
				t.Errorf("%q gave origin %q", value, o)
			}
		}
	})
}
