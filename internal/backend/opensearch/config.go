package opensearch

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/opensearch-project/opensearch-go/v4"
	"github.com/opensearch-project/opensearch-go/v4/opensearchapi"

	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/bulk"
	"github.com/contractsearch/contractsearch/mappings"
)

// Defaults applied by New to zero Config fields.
const (
	// DefaultTimeoutGrace is added to a search's own timeout to get the
	// deadline of the whole call: OpenSearch stops collecting at the timeout
	// and answers timed_out: true, which needs a moment to travel back.
	DefaultTimeoutGrace = 2 * time.Second
	// DefaultBulkBatchBytes is the size at which LoadBulk sends a batch: large
	// enough to amortise a round trip, small enough to stay far below
	// OpenSearch's http.max_content_length (100mb) and its heap limits.
	DefaultBulkBatchBytes = 5 << 20
	// maxBulkBatchBytes is OpenSearch's default http.max_content_length.
	maxBulkBatchBytes = 100 << 20
	// defaultSearchTimeout applies if a request arrives without a timeout,
	// which validation never produces; it matches the API's default.
	defaultSearchTimeout = 15 * time.Second
)

// Config configures the backend. It is validated once, by New. The env
// tags name the environment variables both commands read it from, through
// one loader (config.LoadOpenSearch); the README's table repeats them.
type Config struct {
	// URLs are the cluster's HTTP endpoints, comma-separated in the
	// environment. At least one is required; each must be an absolute http
	// or https URL without credentials, query or fragment.
	URLs []string `env:"OPENSEARCH_URLS" envSeparator:"," envDefault:"http://localhost:9200"`
	// Username and Password are sent as HTTP basic authentication when
	// Username is set. A Password without a Username is rejected.
	Username string `env:"OPENSEARCH_USERNAME"`
	Password string `env:"OPENSEARCH_PASSWORD"`
	// IndexPrefix is prepended to every alias and concrete index name, so
	// several deployments can share a cluster. It may be empty; otherwise it
	// must start with a lower-case letter or digit and contain only
	// lower-case letters, digits, '_', '-' and '.'.
	IndexPrefix string `env:"OPENSEARCH_INDEX_PREFIX"`
	// InsecureSkipVerify disables TLS certificate verification (local
	// clusters with self-signed certificates only).
	InsecureSkipVerify bool `env:"OPENSEARCH_INSECURE_SKIP_VERIFY"`
	// CACertFile is a PEM file of certificate authorities trusted for the
	// cluster's TLS certificate, in place of the system pool.
	CACertFile string `env:"OPENSEARCH_CA_CERT_FILE"`
	// TimeoutGrace is added to each search's timeout to bound the whole
	// call (0: DefaultTimeoutGrace; must not be negative).
	TimeoutGrace time.Duration `env:"OPENSEARCH_TIMEOUT_GRACE"`
	// BulkBatchBytes is the request size at which LoadBulk sends a batch
	// (0: DefaultBulkBatchBytes; at most 100 MiB).
	BulkBatchBytes int `env:"OPENSEARCH_BULK_BATCH_BYTES"`
	// MaxIdleConnsPerHost bounds the idle keep-alive connections kept per
	// node (0: 64, far above net/http's 2, which would make a busy gateway
	// open a new connection for most searches).
	MaxIdleConnsPerHost int `env:"OPENSEARCH_MAX_IDLE_CONNS_PER_HOST"`
}

// Backend is a backend.Backend served by an OpenSearch cluster. It is safe
// for concurrent use and holds no mutable state besides the client's
// connection pool.
type Backend struct {
	client     *opensearchapi.Client
	mappings   *mappings.Set
	prefix     string
	grace      time.Duration
	batchBytes int
	maxLine    int // longest bulk line LoadBulk accepts (bulk.DefaultMaxLine)
}

var _ backend.Backend = (*Backend)(nil)

// New validates cfg and returns a backend for the cluster it names. It does
// not contact the cluster; Ready does. set provides the index definitions
// CreateIndexes sends and must hold all six logical indexes.
func New(cfg Config, set *mappings.Set) (*Backend, error) {
	if err := validate(&cfg, set); err != nil {
		return nil, err
	}
	tr, err := httpTransport(cfg)
	if err != nil {
		return nil, err
	}
	noDiscovery := false
	client, err := opensearchapi.NewClient(opensearchapi.Config{Client: opensearch.Config{
		Addresses: cfg.URLs,
		Username:  cfg.Username,
		Password:  cfg.Password,
		Transport: tr,
		// Retries are ours (Backend.call): exactly one, only for connection
		// failures, and never for an answer the cluster gave — the client's
		// default would also retry 502/503/504 up to three times, which
		// multiplies load on a struggling cluster and hides its answer.
		DisableRetry: true,
		// The node list is the configured one; discovery would otherwise be
		// switched on by the OPENSEARCH_GO_ROUTER environment variable.
		DiscoverNodesOnStart: &noDiscovery,
	}})
	if err != nil {
		return nil, fmt.Errorf("opensearch: create client: %w", err)
	}
	return &Backend{
		client:     client,
		mappings:   set,
		prefix:     cfg.IndexPrefix,
		grace:      cfg.TimeoutGrace,
		batchBytes: cfg.BulkBatchBytes,
		maxLine:    bulk.DefaultMaxLine,
	}, nil
}

// Close releases the client's idle connections and background work.
func (b *Backend) Close() error {
	if err := b.client.Close(); err != nil {
		return fmt.Errorf("opensearch: close client: %w", err)
	}
	return nil
}

// Validate checks the configuration's values, without reading files or
// contacting the cluster; messages name the field and its variable. New
// calls it; configuration loaders call it at start-up.
func (c Config) Validate() error {
	if err := errors.Join(c.problems()...); err != nil {
		return fmt.Errorf("opensearch: invalid config: %w", err)
	}
	return nil
}

func (c Config) problems() []error {
	var errs []error
	if len(c.URLs) == 0 {
		errs = append(errs, errors.New("URLs (OPENSEARCH_URLS): at least one cluster URL is required (e.g. http://localhost:9200)"))
	}
	for i, raw := range c.URLs {
		if err := validateURL(raw); err != nil {
			errs = append(errs, fmt.Errorf("URLs[%d] (OPENSEARCH_URLS) %q: %w", i, raw, err))
		}
	}
	if c.Password != "" && c.Username == "" {
		errs = append(errs, errors.New("field Password (OPENSEARCH_PASSWORD) is set but Username (OPENSEARCH_USERNAME) is empty"))
	}
	if err := validatePrefix(c.IndexPrefix); err != nil {
		errs = append(errs, fmt.Errorf("IndexPrefix (OPENSEARCH_INDEX_PREFIX) %q: %w", c.IndexPrefix, err))
	}
	if c.TimeoutGrace < 0 {
		errs = append(errs, fmt.Errorf("TimeoutGrace (OPENSEARCH_TIMEOUT_GRACE) %v: must not be negative", c.TimeoutGrace))
	}
	if c.BulkBatchBytes < 0 || c.BulkBatchBytes > maxBulkBatchBytes {
		errs = append(errs, fmt.Errorf("BulkBatchBytes (OPENSEARCH_BULK_BATCH_BYTES) %d: must be between 1 and %d", c.BulkBatchBytes, maxBulkBatchBytes))
	}
	if c.MaxIdleConnsPerHost < 0 {
		errs = append(errs, fmt.Errorf("MaxIdleConnsPerHost (OPENSEARCH_MAX_IDLE_CONNS_PER_HOST) %d: must not be negative", c.MaxIdleConnsPerHost))
	}
	return errs
}

// validate checks cfg and set, then fills cfg's defaults.
func validate(cfg *Config, set *mappings.Set) error {
	errs := cfg.problems()
	if set == nil {
		errs = append(errs, errors.New("mappings: no mapping set given"))
	} else {
		for _, name := range mappings.Names() {
			if set.Index(name) == nil {
				errs = append(errs, fmt.Errorf("mappings: index %q has no definition", name))
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("opensearch: invalid config: %w", err)
	}
	if cfg.TimeoutGrace == 0 {
		cfg.TimeoutGrace = DefaultTimeoutGrace
	}
	if cfg.BulkBatchBytes == 0 {
		cfg.BulkBatchBytes = DefaultBulkBatchBytes
	}
	if cfg.MaxIdleConnsPerHost == 0 {
		cfg.MaxIdleConnsPerHost = 64
	}
	return nil
}

func validateURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return errors.New("scheme must be http or https")
	case u.Host == "":
		return errors.New("host is missing")
	case u.User != nil:
		return errors.New("credentials belong in Username and Password, not in the URL")
	case u.RawQuery != "" || u.Fragment != "":
		return errors.New("query and fragment are not allowed")
	}
	return nil
}

// validatePrefix accepts what keeps every derived name a valid OpenSearch
// index name: lower case (OpenSearch rejects upper case), no characters
// it forbids (\ / * ? " < > | space , #), no ':' (the remote-cluster
// separator, which would also change how a term on _index is read), and
// no leading '-', '_', '+' or '.' (forbidden, or hidden-index territory).
func validatePrefix(p string) error {
	if len(p) > 100 {
		return errors.New("longer than 100 bytes")
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case (c == '_' || c == '-' || c == '.') && i > 0:
		default:
			return errors.New("must start with a lower-case letter or digit and contain only a-z, 0-9, '_', '-', '.'")
		}
	}
	return nil
}

func httpTransport(cfg Config) (*http.Transport, error) {
	tlsCfg := &tls.Config{MinVersion: tls.VersionTLS12, InsecureSkipVerify: cfg.InsecureSkipVerify} //nolint:gosec // opt-in, documented as local use only
	if cfg.CACertFile != "" {
		pem, err := os.ReadFile(cfg.CACertFile)
		if err != nil {
			return nil, fmt.Errorf("opensearch: invalid config: CACertFile (OPENSEARCH_CA_CERT_FILE): %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("opensearch: invalid config: CACertFile (OPENSEARCH_CA_CERT_FILE) %q: no PEM certificate found", cfg.CACertFile)
		}
		tlsCfg.RootCAs = pool
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.TLSClientConfig = tlsCfg
	tr.MaxIdleConnsPerHost = cfg.MaxIdleConnsPerHost
	// A dial that hangs (a black-holed address) fails after 5s and counts as
	// a connection error, so the one retry still fits in a search's budget.
	tr.DialContext = (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	return tr, nil
}

// SplitURLs splits a comma-separated URL list (the OPENSEARCH_URLS form),
// dropping blanks and surrounding spaces.
func SplitURLs(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
