package edgar

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/google/renameio/v2"
	"golang.org/x/time/rate"
)

// DefaultBaseURL is EDGAR's host.
const DefaultBaseURL = "https://www.sec.gov"

// Defaults of Config.
var (
	DefaultForms    = []string{"10-K", "10-Q", "8-K"}
	DefaultExhibits = []string{"EX-10"}
)

// Size limits of what is read: a quarter's form.idx is tens of MB.
const (
	maxIndexBytes    = 512 << 20
	maxPageBytes     = 16 << 20
	maxExhibitBytes  = 64 << 20
	maxReportedLines = 10
)

// Config says what to fetch, from where, and where to put it.
type Config struct {
	// BaseURL is EDGAR's host (DefaultBaseURL when empty), or a mirror.
	BaseURL string
	// UserAgent must name the user and give a contact email
	// (CheckUserAgent).
	UserAgent string
	// Quarters are the full indexes read.
	Quarters []Quarter
	// Forms are the form types whose filings are read, compared without
	// case ("10-K" does not take "10-K/A"); DefaultForms when empty.
	Forms []string
	// Exhibits are the exhibit types fetched (source.ExhibitOfType: "EX-10"
	// takes EX-10.1); DefaultExhibits when empty.
	Exhibits []string
	// Out is the output folder: exhibits, manifest.csv and state.
	Out string
	// Workers is the number of filings fetched at once (default 2); all
	// share one rate limiter.
	Workers int
	// Limit, when positive, stops after that many filings of the
	// selection (the same ones on every run).
	Limit int

	// Limiter paces every request; nil means MaxRate a second, burst 1.
	Limiter *rate.Limiter
	// Retry is the retry policy; the zero value means DefaultRetry.
	Retry Retry
	// HTTPClient sends the requests; nil means one with a 2-minute timeout.
	HTTPClient *http.Client
	// Progress, if set, is called when a quarter's selection is known and
	// after each filing, from one goroutine at a time.
	Progress func(Progress)

	// sleep, if set, replaces the client's waits between retries: tests
	// record them instead of waiting.
	sleep func(ctx context.Context, d time.Duration) error
}

// Progress is how far a run has come.
type Progress struct {
	// Filings of TotalFilings of the selection are done (in this run or
	// an earlier one).
	Filings, TotalFilings int
	// Exhibits written in this run.
	Exhibits int
	// Requests sent in this run.
	Requests int64
}

// Summary says what a run did.
type Summary struct {
	// Selected counts the filings of the wanted forms in the quarters
	// read (within Limit); Resumed those an earlier run had done.
	Selected, Resumed int
	// IndexKinds says which full-index file each quarter was read from;
	// MissingQuarters lists the quarters EDGAR has no full index for (not yet,
	// or a mistake), skipped.
	IndexKinds      map[Quarter]IndexKind
	MissingQuarters []Quarter
	// BadLines counts the full-index lines left out; BadLineSamples gives
	// the first of them.
	BadLines       int
	BadLineSamples []string
	// Filings done in this run; NoIndex those of them with neither an
	// index page nor a folder listing.
	Filings, NoIndex int
	// Exhibits written, Kept (already on disk from a stopped run) and
	// Missing (EDGAR answered 404).
	Exhibits, Kept, Missing int
	// Failed are filings left for the next run, with the reason.
	Failed []string
	// Requests sent, Retries among them.
	Requests, Retries int64
	// ManifestRows is the number of rows of the manifest written.
	ManifestRows int
}

// Run fetches the wanted exhibits of the filings of cfg.Forms listed in
// the full indexes of cfg.Quarters into cfg.Out and writes its manifest.
// It resumes an earlier run into the same folder. When ctx is cancelled
// it stops, writes the manifest of what is done and returns ctx's cause;
// a filing that fails is reported in Summary.Failed and done by the next
// run; a 403 stops the run (EDGAR refuses this client).
func Run(ctx context.Context, cfg Config) (Summary, error) {
	sum := Summary{IndexKinds: map[Quarter]IndexKind{}}
	if err := CheckUserAgent(cfg.UserAgent); err != nil {
		return sum, err
	}
	if len(cfg.Quarters) == 0 {
		return sum, errors.New("edgar: no quarter to read")
	}
	if cfg.Out == "" {
		return sum, errors.New("edgar: no output folder")
	}
	base, err := baseURL(cfg.BaseURL)
	if err != nil {
		return sum, err
	}
	forms := normalized(cfg.Forms, DefaultForms)
	exhibits := normalized(cfg.Exhibits, DefaultExhibits)
	filter := strings.Join(exhibits, ",")
	workers := cfg.Workers
	if workers <= 0 {
		workers = 2
	}
	r := &runner{
		cfg: cfg, base: base, exhibits: exhibits, filter: filter,
		c:   newClient(strings.TrimSpace(cfg.UserAgent), cfg.Limiter, cfg.Retry, cfg.HTTPClient),
		sum: &sum,
	}
	if cfg.sleep != nil {
		r.c.sleep = cfg.sleep
	}
	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		return sum, fmt.Errorf("edgar: output folder: %w", err)
	}
	if r.j, err = openJournal(cfg.Out); err != nil {
		return sum, fmt.Errorf("edgar: state: %w", err)
	}
	defer r.j.close()

	runErr := r.run(ctx, forms, workers)
	sum.Requests, sum.Retries = r.c.requests.Load(), r.c.retries.Load()
	n, err := r.j.writeManifest(cfg.Out, base.Host)
	sum.ManifestRows = n
	return sum, errors.Join(runErr, err)
}

func baseURL(s string) (*url.URL, error) {
	if s == "" {
		s = DefaultBaseURL
	}
	u, err := url.Parse(strings.TrimRight(s, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("edgar: base URL %q is not an http(s) URL", s)
	}
	return u, nil
}

// normalized upper-cases and trims a list, or gives def when it is empty.
func normalized(xs, def []string) []string {
	var out []string
	for _, x := range xs {
		if x = strings.ToUpper(strings.TrimSpace(x)); x != "" {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return def
	}
	return out
}

type runner struct {
	cfg      Config
	base     *url.URL
	exhibits []string
	filter   string
	c        *client
	j        *journal

	mu   sync.Mutex // guards sum and prog
	sum  *Summary
	prog Progress
}

func (r *runner) run(ctx context.Context, forms []string, workers int) error {
	want := map[string]bool{}
	for _, f := range forms {
		want[f] = true
	}
	var selected []Filing
	seen := map[string]bool{}
	for _, q := range r.cfg.Quarters {
		filings, err := r.fullIndex(ctx, q)
		if IsNotFound(err) && ctx.Err() == nil {
			r.sum.MissingQuarters = append(r.sum.MissingQuarters, q)
			if len(r.sum.MissingQuarters) == len(r.cfg.Quarters) {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		for _, f := range filings {
			if want[strings.ToUpper(f.FormType)] && !seen[f.Accession] {
				seen[f.Accession] = true // a filing with several filers is listed once per filer
				selected = append(selected, f)
			}
		}
	}
	if r.cfg.Limit > 0 && len(selected) > r.cfg.Limit {
		selected = selected[:r.cfg.Limit]
	}
	var todo []Filing
	for _, f := range selected {
		if !r.j.done(f.Accession, r.filter) {
			todo = append(todo, f)
		}
	}
	r.mu.Lock()
	r.sum.Selected, r.sum.Resumed = len(selected), len(selected)-len(todo)
	r.prog = Progress{Filings: r.sum.Resumed, TotalFilings: len(selected)}
	r.report()
	r.mu.Unlock()

	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	jobs := make(chan Filing)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for f := range jobs {
				if ctx.Err() != nil {
					continue // drain: the run is stopping
				}
				if err := r.filing(ctx, f); err != nil {
					var se *StatusError
					if errors.As(err, &se) && se.Code == http.StatusForbidden {
						cancel(err)
					}
				}
			}
		})
	}
feed:
	for _, f := range todo {
		select {
		case jobs <- f:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	return context.Cause(ctx)
}

// fullIndex reads quarter q's full index, from the state folder when an
// earlier run fetched it: form.idx, else company.idx, else master.idx.
func (r *runner) fullIndex(ctx context.Context, q Quarter) ([]Filing, error) {
	var lastErr error
	for _, kind := range []IndexKind{FormIndex, CompanyIndex, MasterIndex} {
		cached := filepath.Join(r.cfg.Out, stateDir, "full-index", fmt.Sprint(q.Year), fmt.Sprintf("QTR%d", q.Q), string(kind))
		data, err := os.ReadFile(cached)
		if errors.Is(err, fs.ErrNotExist) {
			data, err = r.c.get(ctx, r.base.JoinPath("Archives", q.dir(), string(kind)).String(), maxIndexBytes)
			if IsNotFound(err) {
				lastErr = err
				continue
			}
			if err == nil {
				if err = os.MkdirAll(filepath.Dir(cached), 0o755); err == nil {
					err = renameio.WriteFile(cached, data, 0o644)
				}
			}
		}
		if err != nil {
			return nil, fmt.Errorf("edgar: full index of %s: %w", q, err)
		}
		filings, bad, err := ParseFullIndex(kind, data)
		if err != nil {
			return nil, fmt.Errorf("edgar: full index of %s: %w", q, err)
		}
		r.mu.Lock()
		r.sum.IndexKinds[q] = kind
		r.sum.BadLines += len(bad)
		for _, b := range bad {
			if len(r.sum.BadLineSamples) < maxReportedLines {
				r.sum.BadLineSamples = append(r.sum.BadLineSamples, fmt.Sprintf("%s %s %s", q, kind, b))
			}
		}
		r.mu.Unlock()
		return filings, nil
	}
	return nil, fmt.Errorf("edgar: no full index for %s: %w", q, lastErr)
}

// filing fetches one filing's wanted exhibits and journals it.
func (r *runner) filing(ctx context.Context, f Filing) error {
	e, written, kept, err := r.fetchFiling(ctx, f)
	if err == nil {
		err = r.j.add(e)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sum.Exhibits += written
	r.sum.Kept += kept
	r.prog.Exhibits += written
	if err != nil {
		if ctx.Err() == nil {
			r.sum.Failed = append(r.sum.Failed, fmt.Sprintf("%s (%s, %s): %v", f.Accession, f.Company, f.FormType, err))
		}
		return err
	}
	r.sum.Filings++
	if e.Index == "none" {
		r.sum.NoIndex++
	}
	for _, x := range e.Exhibits {
		if x.Missing {
			r.sum.Missing++
		}
	}
	r.prog.Filings++
	r.report()
	return nil
}

// report calls the progress hook; r.mu is held.
func (r *runner) report() {
	if r.cfg.Progress != nil {
		r.prog.Requests = r.c.requests.Load()
		r.cfg.Progress(r.prog)
	}
}

func (r *runner) fetchFiling(ctx context.Context, f Filing) (e entry, written, kept int, err error) {
	e = entry{Accession: f.Accession, Filter: r.filter, CIK: f.CIK, Company: f.Company, FormType: f.FormType, FilingDate: f.DateFiled}
	idx, how, err := r.filingIndex(ctx, f)
	if err != nil {
		return e, 0, 0, err
	}
	e.Index, e.SIC = how, idx.SIC
	dir := path.Join(f.CIK, f.Accession)
	used := map[string]bool{}
	for _, d := range idx.Wanted(r.exhibits) {
		name := safeName(d.Name)
		if name == "" || used[name] {
			name = seqName(d.Seq)
		}
		used[name] = true
		x := exhibit{File: path.Join(dir, name), Type: strings.ToUpper(d.Type), Guessed: d.TypeGuessed, Seq: d.Seq, Description: d.Description, URL: d.URL}
		local := filepath.Join(r.cfg.Out, filepath.FromSlash(x.File))
		if _, err := os.Stat(local); err == nil {
			kept++ // written by a run that stopped before journaling its filing
			e.Exhibits = append(e.Exhibits, x)
			continue
		}
		body, err := r.c.get(ctx, d.URL, maxExhibitBytes)
		if IsNotFound(err) {
			x.File, x.Missing = "", true
			e.Exhibits = append(e.Exhibits, x)
			continue
		}
		if err != nil {
			return e, written, kept, err
		}
		if err := os.MkdirAll(filepath.Dir(local), 0o755); err != nil {
			return e, written, kept, err
		}
		if err := renameio.WriteFile(local, body, 0o644); err != nil {
			return e, written, kept, err
		}
		written++
		e.Exhibits = append(e.Exhibits, x)
	}
	return e, written, kept, nil
}

// filingIndex lists a filing's documents from its index page, else from
// its folder's index.json; how says which ("none": neither exists).
func (r *runner) filingIndex(ctx context.Context, f Filing) (idx FilingIndex, how string, err error) {
	folder := r.base.JoinPath("Archives", f.folder()) // no trailing slash
	page := folder.JoinPath(f.Accession + "-index.htm")
	data, err := r.c.get(ctx, page.String(), maxPageBytes)
	switch {
	case err == nil:
		idx, err = ParseIndexPage(data, page, f.CIK)
		if err == nil && len(idx.Documents) > 0 {
			return idx, "page", nil
		}
	case !IsNotFound(err):
		return idx, "", err
	}
	list := folder.JoinPath("index.json")
	data, err = r.c.get(ctx, list.String(), maxPageBytes)
	if IsNotFound(err) {
		return FilingIndex{}, "none", nil
	}
	if err != nil {
		return idx, "", err
	}
	idx, err = ParseDirectory(data, folder.JoinPath("/"), r.exhibits)
	if err != nil {
		return idx, "", err
	}
	return idx, "json", nil
}
