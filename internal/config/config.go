// Package config owns the gateway's configuration: the environment
// variables it reads (the doc comments on the fields below, and on
// opensearch.Config for the OPENSEARCH_* variables, are the reference; the
// README's table repeats them), their defaults, and their validation, done
// once at start-up with messages that name the variable. LoadOpenSearch is
// the one loader of the OpenSearch configuration, for the gateway and for
// cmd/ingest.
package config

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/caarlos0/env/v11"

	"github.com/contractsearch/contractsearch/internal/backend/opensearch"
	"github.com/contractsearch/contractsearch/internal/dsl"
)

// Backend names accepted by SEARCH_BACKEND.
const (
	BackendEmbedded   = "embedded"
	BackendOpenSearch = "opensearch"
)

// Config is the gateway's configuration.
type Config struct {
	// ListenAddr is the address the HTTP server listens on.
	ListenAddr string `env:"LISTEN_ADDR" envDefault:":8080"`
	// APITokens are the accepted API tokens, comma-separated.
	APITokens []string `env:"API_TOKENS" envSeparator:","`
	// APITokensFile names a file with one token per line (blank lines and
	// lines starting with # are ignored); its tokens add to APITokens.
	APITokensFile string `env:"API_TOKENS_FILE"`
	// DevMode allows starting without tokens: one is generated and printed.
	DevMode bool `env:"DEV_MODE" envDefault:"false"`

	// SearchBackend is "embedded" (the default) or "opensearch".
	SearchBackend string `env:"SEARCH_BACKEND" envDefault:"embedded"`
	// OpenSearch configures the cluster when SearchBackend is
	// "opensearch": the OPENSEARCH_* variables of opensearch.Config, read
	// by LoadOpenSearch (and validated only for that backend).
	OpenSearch opensearch.Config `env:"-"`
	// IndexDir is the embedded engine's index directory.
	IndexDir string `env:"INDEX_DIR" envDefault:"./data/index"`
	// IndexPollInterval is how often the embedded engine looks for a newer
	// generation in IndexDir (SIGHUP makes it look at once).
	IndexPollInterval time.Duration `env:"INDEX_POLL_INTERVAL" envDefault:"10s"`

	// MaxBodyBytes bounds a request body.
	MaxBodyBytes int64 `env:"MAX_BODY_BYTES" envDefault:"1048576"`
	// MaxResponseBytes bounds a search response (16 MiB by default, at
	// least 64 KiB): a request whose answer would be larger gets 400
	// illegal_argument_exception naming MAX_RESPONSE_BYTES, so that one
	// small request (size 100, whole documents highlighted) cannot make
	// the gateway build and send tens of megabytes.
	MaxResponseBytes int64 `env:"MAX_RESPONSE_BYTES" envDefault:"16777216"`
	// Limits bound what a request may ask for.
	Limits dsl.Limits
	// FormA tunes the simplified-query expansion.
	FormA dsl.FormAOptions

	// RateLimit is the sustained requests per second allowed per token;
	// 0 disables rate limiting.
	RateLimit float64 `env:"RATE_LIMIT_RPS" envDefault:"50"`
	// RateBurst is the token bucket's size per token.
	RateBurst int `env:"RATE_LIMIT_BURST" envDefault:"100"`
	// AuthFailureLimit is how many failed authentications (401) a client
	// address may have per AuthFailureInterval; past them every request
	// from it gets 429 until its allowance refills, whatever its token.
	// 0 disables the limit.
	AuthFailureLimit int `env:"AUTH_FAILURE_LIMIT" envDefault:"10"`
	// AuthFailureInterval is the interval AuthFailureLimit counts over.
	AuthFailureInterval time.Duration `env:"AUTH_FAILURE_INTERVAL" envDefault:"1m"`
	// TrustedProxies are the networks (CIDR, comma-separated, e.g.
	// 10.0.0.0/8) of the proxies in front of the gateway, whose
	// X-Forwarded-For names the client address used by the failed
	// authentication limit and the log. Unset, the client address is the
	// connection's peer: behind a proxy, set it, or every client shares
	// the proxy's failed authentication allowance.
	TrustedProxies []string `env:"TRUSTED_PROXIES" envSeparator:","`
	// CORSAllowedOrigins are the origins (scheme://host[:port],
	// comma-separated, e.g. https://app.example.com) whose scripts may
	// call the API from a browser; "*" allows every origin. Unset (the
	// default), CORS is off: only pages the gateway serves itself, such as
	// its search page, can call it from a browser.
	CORSAllowedOrigins []string `env:"CORS_ALLOWED_ORIGINS" envSeparator:","`

	// ShutdownDrain is how long, after SIGTERM, /readyz answers 503 while
	// requests are still served, so load balancers stop sending traffic
	// before the listener closes; a second signal ends it early. 0 skips
	// it. ShutdownTimeout follows it.
	ShutdownDrain time.Duration `env:"SHUTDOWN_DRAIN" envDefault:"5s"`
	// ShutdownTimeout bounds how long in-flight requests may take to finish
	// once the listener is closed, after ShutdownDrain.
	ShutdownTimeout time.Duration `env:"SHUTDOWN_TIMEOUT" envDefault:"20s"`
	// LogLevel is debug, info, warn or error.
	LogLevel string `env:"LOG_LEVEL" envDefault:"info"`
}

// Load reads the configuration from the environment (and the tokens file)
// and validates it. With no token and DevMode on, it generates one and
// reports it in generated.
func Load() (cfg Config, generated string, err error) {
	return load(os.Getenv)
}

// LoadFrom is Load with an explicit environment, for tests.
func LoadFrom(environ map[string]string) (Config, string, error) {
	return load(func(k string) string { return environ[k] })
}

// LoadOpenSearch reads the OPENSEARCH_* variables (the env tags of
// opensearch.Config) through getenv, applying their defaults; an empty
// value counts as unset. It is the one reader of the OpenSearch
// configuration: Load uses it for the gateway, cmd/ingest for its flags'
// defaults. It checks that each value parses; opensearch.Config.Validate
// (or opensearch.New) checks the values.
func LoadOpenSearch(getenv func(string) string) (opensearch.Config, error) {
	var cfg opensearch.Config
	if err := parse(&cfg, getenv); err != nil {
		return cfg, err
	}
	// The list is split as the -opensearch flag of cmd/ingest is: blanks
	// and the spaces around entries are dropped.
	cfg.URLs = opensearch.SplitURLs(strings.Join(cfg.URLs, ","))
	return cfg, nil
}

// parse fills the struct v points to from the variables its env tags
// name, read through getenv.
func parse(v any, getenv func(string) string) error {
	params, err := env.GetFieldParams(v)
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	environ := make(map[string]string, len(params))
	for _, p := range params {
		if val := getenv(p.Key); val != "" {
			environ[p.Key] = val
		}
	}
	if err := env.ParseWithOptions(v, env.Options{Environment: environ}); err != nil {
		return parseError(err, reflect.TypeOf(v).Elem())
	}
	return nil
}

func load(getenv func(string) string) (Config, string, error) {
	var cfg Config
	if err := parse(&cfg, getenv); err != nil {
		return cfg, "", err
	}
	osCfg, err := LoadOpenSearch(getenv)
	if err != nil {
		return cfg, "", err
	}
	cfg.OpenSearch = osCfg
	if cfg.APITokensFile != "" {
		toks, err := readTokens(cfg.APITokensFile)
		if err != nil {
			return cfg, "", err
		}
		cfg.APITokens = append(cfg.APITokens, toks...)
	}
	cfg.APITokens = cleanTokens(cfg.APITokens)
	var generated string
	if len(cfg.APITokens) == 0 {
		if !cfg.DevMode {
			return cfg, "", errors.New("config: no API token configured: set API_TOKENS (comma-separated) or API_TOKENS_FILE (one per line), or DEV_MODE=true to generate one")
		}
		generated = newToken()
		cfg.APITokens = []string{generated}
	}
	return cfg, generated, cfg.Validate()
}

// Validate checks values the environment parser cannot.
func (c *Config) Validate() error {
	switch c.SearchBackend {
	case BackendEmbedded, BackendOpenSearch:
	default:
		return fmt.Errorf("config: SEARCH_BACKEND must be %q or %q, got %q", BackendEmbedded, BackendOpenSearch, c.SearchBackend)
	}
	if c.SearchBackend == BackendOpenSearch {
		if err := c.OpenSearch.Validate(); err != nil {
			return fmt.Errorf("config: %w", err)
		}
	}
	if c.MaxBodyBytes < 1024 {
		return fmt.Errorf("config: MAX_BODY_BYTES must be at least 1024, got %d", c.MaxBodyBytes)
	}
	if c.MaxResponseBytes < 64<<10 {
		return fmt.Errorf("config: MAX_RESPONSE_BYTES must be at least 65536, got %d", c.MaxResponseBytes)
	}
	if err := c.Limits.Validate(); err != nil {
		return fmt.Errorf("config: %w", err)
	}
	if err := c.FormA.Validate(); err != nil {
		return fmt.Errorf("config: %w", err)
	}
	if c.RateLimit < 0 {
		return fmt.Errorf("config: RATE_LIMIT_RPS must not be negative, got %g", c.RateLimit)
	}
	if c.RateLimit > 0 && c.RateBurst < 1 {
		return fmt.Errorf("config: RATE_LIMIT_BURST must be at least 1, got %d", c.RateBurst)
	}
	if c.IndexPollInterval <= 0 {
		return fmt.Errorf("config: INDEX_POLL_INTERVAL must be positive, got %s", c.IndexPollInterval)
	}
	if c.AuthFailureLimit < 0 {
		return fmt.Errorf("config: AUTH_FAILURE_LIMIT must not be negative, got %d", c.AuthFailureLimit)
	}
	if c.AuthFailureInterval <= 0 {
		return fmt.Errorf("config: AUTH_FAILURE_INTERVAL must be positive, got %s", c.AuthFailureInterval)
	}
	if _, err := c.TrustedProxyNets(); err != nil {
		return err
	}
	if _, err := c.CORSOrigins(); err != nil {
		return err
	}
	if c.ShutdownDrain < 0 {
		return fmt.Errorf("config: SHUTDOWN_DRAIN must not be negative, got %s", c.ShutdownDrain)
	}
	if c.ShutdownTimeout <= 0 {
		return fmt.Errorf("config: SHUTDOWN_TIMEOUT must be positive, got %s", c.ShutdownTimeout)
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf("config: LOG_LEVEL must be debug, info, warn or error, got %q", c.LogLevel)
	}
	return nil
}

// TrustedProxyNets parses TrustedProxies.
func (c *Config) TrustedProxyNets() ([]*net.IPNet, error) {
	var out []*net.IPNet
	for _, s := range c.TrustedProxies {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		_, n, err := net.ParseCIDR(s)
		if err != nil {
			return nil, fmt.Errorf("config: TRUSTED_PROXIES entry %q must be a network in CIDR notation (e.g. 10.0.0.0/8 or 192.0.2.1/32)", s)
		}
		out = append(out, n)
	}
	return out, nil
}

// CORSOrigins checks CORSAllowedOrigins and returns them as browsers send
// them in Origin: lower case, without a trailing slash; blank entries are
// dropped.
func (c *Config) CORSOrigins() ([]string, error) {
	var out []string
	for _, s := range c.CORSAllowedOrigins {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if s == "*" {
			out = append(out, s)
			continue
		}
		o, err := origin(s)
		if err != nil {
			return nil, fmt.Errorf("config: CORS_ALLOWED_ORIGINS entry %q %v: give scheme://host[:port], such as https://app.example.com, or * for any origin", s, err)
		}
		out = append(out, o)
	}
	return out, nil
}

// origin normalises a web origin (scheme://host[:port]), or says what is
// wrong with it.
func origin(s string) (string, error) {
	u, err := url.Parse(strings.TrimSuffix(s, "/"))
	switch {
	case err != nil:
		return "", errors.New("is not an address")
	case u.Scheme != "http" && u.Scheme != "https":
		return "", errors.New("must start with http:// or https://")
	case u.Host == "" || u.Hostname() == "" || strings.Contains(u.Host, "*"):
		return "", errors.New("has no host")
	case u.User != nil || u.Path != "" || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || u.Opaque != "":
		return "", errors.New("must be an origin only, without user, path, query or fragment")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return "", errors.New("has a bad port")
		}
	}
	return strings.ToLower(u.Scheme + "://" + u.Host), nil
}

// parseError rewrites the environment parser's errors, which name Go
// fields of t, into messages that name the variable and the type it
// needs.
func parseError(err error, t reflect.Type) error {
	var agg env.AggregateError
	if !errors.As(err, &agg) {
		return fmt.Errorf("config: %w", err)
	}
	var msgs []string
	for _, e := range agg.Errors {
		var pe env.ParseError
		if errors.As(e, &pe) {
			msgs = append(msgs, fmt.Sprintf("%s must be a valid %s", envKey(t, pe.Name), pe.Type))
			continue
		}
		msgs = append(msgs, e.Error())
	}
	return errors.New("config: " + strings.Join(msgs, "; "))
}

// envKey finds the env tag of the field named name in t or its nested
// structs, falling back to the field name.
func envKey(t reflect.Type, name string) string {
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Name == name {
			if k := f.Tag.Get("env"); k != "" {
				return k
			}
		}
		if f.Type.Kind() == reflect.Struct && f.Type != reflect.TypeOf(time.Duration(0)) {
			if k := envKey(f.Type, name); k != name {
				return k
			}
		}
	}
	return name
}

func readTokens(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("config: API_TOKENS_FILE: %w", err)
	}
	defer f.Close()
	var toks []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		toks = append(toks, line)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("config: API_TOKENS_FILE %s: %w", path, err)
	}
	return toks, nil
}

// cleanTokens trims tokens and drops empty ones and duplicates.
func cleanTokens(in []string) []string {
	seen := make(map[string]bool, len(in))
	var out []string
	for _, t := range in {
		t = strings.TrimSpace(t)
		if t == "" || seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, t)
	}
	return out
}

func newToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b) // crypto/rand.Read never fails on supported platforms
	return "dev-" + hex.EncodeToString(b)
}
