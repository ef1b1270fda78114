// Command ingest publishes a corpus to a search backend. Its input is a
// folder of contract files (.txt, .htm, .html, .pdf through poppler's
// pdftotext, EDGAR full submissions), which it parses into the records of the six indexes
// (internal/ingest, docs/ingest-pipeline.md), or an OpenSearch bulk NDJSON
// file of records made elsewhere. It builds a new generation of the
// embedded engine's index directory:
//
//	ingest -in ./contracts -index-dir ./data/index
//	ingest -in records.ndjson -index-dir ./data/index
//
// loads a new version of the six indexes of an OpenSearch cluster,
// switches the aliases to it in one atomic request and deletes versions
// older than the previous one:
//
//	ingest -in ./contracts -opensearch http://localhost:9200 \
//	    [-opensearch-user U -opensearch-password P -index-prefix PFX]
//
// or writes the records of a folder as bulk NDJSON:
//
//	ingest -in ./contracts -bulk-out records.ndjson
//
// A folder may come with a manifest of metadata (-manifest; by default
// manifest.csv or manifest.jsonl at the top of the folder). Files that
// cannot be read or parsed, and bad bulk lines, are reported and skipped.
// Progress goes to standard error (a bar on a terminal, a line every few
// seconds otherwise), the summary to standard output.
//
// Into the embedded engine, bulk actions behave as OpenSearch's: a repeated _id
// replaces the earlier record (last wins), create refuses an existing _id
// (version_conflict), delete removes a record. The report gives, per
// index, the records published, the segments flushed and merged, and the
// records overwritten or deleted, and the seconds spent (merging included).
//
// The OpenSearch configuration is the gateway's: every OPENSEARCH_*
// variable of the README (CA certificate file, TLS verification, timeout
// grace, bulk batch size, idle connections …), read by the same loader
// (config.LoadOpenSearch). The flags -opensearch, -opensearch-user,
// -opensearch-password, -index-prefix and -opensearch-insecure override
// OPENSEARCH_URLS, OPENSEARCH_USERNAME, OPENSEARCH_PASSWORD,
// OPENSEARCH_INDEX_PREFIX and OPENSEARCH_INSECURE_SKIP_VERIFY; prefer the
// environment for the password, since flags show in the process list.
//
// If the load fails nothing is switched or published and the previous
// version keeps serving. Exit status: 0 published, 1 not published, 2
// usage or configuration error. The logic lives in internal/ingest,
// internal/engine/indexer and internal/backend/opensearch
// (Backend.Ingest); this command is wiring.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/contractsearch/contractsearch/internal/backend/opensearch"
	"github.com/contractsearch/contractsearch/internal/config"
	"github.com/contractsearch/contractsearch/internal/contract/source"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
	"github.com/contractsearch/contractsearch/internal/ingest"
	"github.com/contractsearch/contractsearch/mappings"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// flags are the command line, parsed.
type flags struct {
	in, indexDir, bulkOut        string
	urls, user, password, prefix string
	insecure                     bool
	maxErrors, keep              int
	manifest                     string
	columns                      source.ManifestColumns
	allFiles                     bool
	workers                      int
	maxFileMB                    int
	pdf                          source.PDFOptions
	progress                     string
	seen                         map[string]bool
	getenv                       func(string) string
	stdin                        io.Reader
	stdout, stderr               io.Writer
}

// run is main with its dependencies passed in, for tests.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) int {
	f := &flags{getenv: getenv, stdin: stdin, stdout: stdout, stderr: stderr}
	fs := flag.NewFlagSet("ingest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.in, "in", "", "a folder of contract files (read recursively), one contract file, or a bulk NDJSON file (.ndjson, .json; - for standard input) (required)")
	fs.StringVar(&f.indexDir, "index-dir", "", "build a new generation of the embedded engine's index in this directory (instead of loading OpenSearch)")
	fs.StringVar(&f.bulkOut, "bulk-out", "", "write the records of a folder as bulk NDJSON to this file (- for standard output) instead of loading a backend")
	fs.StringVar(&f.urls, "opensearch", "", "comma-separated OpenSearch URLs (default $OPENSEARCH_URLS)")
	fs.StringVar(&f.user, "opensearch-user", "", "basic-auth user (default $OPENSEARCH_USERNAME)")
	fs.StringVar(&f.password, "opensearch-password", "", "basic-auth password (default $OPENSEARCH_PASSWORD, which is preferable)")
	fs.StringVar(&f.prefix, "index-prefix", "", "prefix of alias and index names (default $OPENSEARCH_INDEX_PREFIX)")
	fs.BoolVar(&f.insecure, "opensearch-insecure", false, "skip TLS certificate verification (default $OPENSEARCH_INSECURE_SKIP_VERIFY)")
	fs.IntVar(&f.maxErrors, "max-errors", 0, "OpenSearch: bad lines plus rejected documents tolerated before the version is not published; -1 for no limit")
	fs.IntVar(&f.keep, "keep", 2, "OpenSearch: versions kept after the switch, the new one included")
	fs.StringVar(&f.manifest, "manifest", "auto", "metadata for a folder's files: a CSV or JSONL `FILE`; auto: manifest.csv or manifest.jsonl at the top of the folder, if present; none: no manifest")
	for _, c := range f.columns.Fields() {
		name := strings.ReplaceAll(c.Key, "_", "-") // -manifest-filing-date-column
		fs.StringVar(c.Column, "manifest-"+name+"-column", "", fmt.Sprintf("manifest `column` of the %s; - for none (default: the first of %s)",
			strings.ReplaceAll(c.Key, "_", " "), strings.Join(c.Defaults, ", ")))
	}
	fs.BoolVar(&f.allFiles, "all-files", false, "with a manifest, read the folder's files it does not list too")
	fs.IntVar(&f.workers, "workers", 0, "files parsed at once (default: every core)")
	fs.IntVar(&f.maxFileMB, "max-file-mb", source.DefaultMaxBytes>>20, "refuse files larger than this many MiB")
	fs.StringVar(&f.pdf.Command, "pdftotext", source.PDFCommand, "the `program` that extracts a PDF's text (poppler-utils' pdftotext: a name on PATH or a path); without it PDFs are refused, each named in the summary")
	fs.DurationVar(&f.pdf.Timeout, "pdf-timeout", source.DefaultPDFTimeout, "refuse a PDF whose text takes longer than this to extract")
	fs.StringVar(&f.progress, "progress", "auto", "progress on standard error: bar, lines, none, or auto (a bar on a terminal, else lines)")
	fs.Usage = func() {
		o := fs.Output()
		fmt.Fprintln(o, "usage: ingest -in DIR|FILE.ndjson -index-dir DIR")
		fmt.Fprintln(o, "       ingest -in DIR|FILE.ndjson -opensearch URL [-opensearch-user U -opensearch-password P -index-prefix PFX]")
		fmt.Fprintln(o, "       ingest -in DIR -bulk-out FILE.ndjson")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if f.in == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "ingest: -in is required and no arguments are accepted")
		fs.Usage()
		return 2
	}
	f.seen = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.seen[fl.Name] = true })
	switch f.progress {
	case "auto", "bar", "lines", "none":
	default:
		fmt.Fprintf(stderr, "ingest: -progress %q: want auto, bar, lines or none\n", f.progress)
		return 2
	}
	targets := 0
	for _, t := range []string{"index-dir", "opensearch", "bulk-out"} {
		if f.seen[t] {
			targets++
		}
	}
	if targets > 1 {
		fmt.Fprintln(stderr, "ingest: -index-dir, -opensearch and -bulk-out are alternatives; give one")
		return 2
	}

	corpus, err := isCorpus(f.in)
	if err != nil {
		fmt.Fprintf(stderr, "ingest: %v\n", err)
		return 2
	}
	if !corpus {
		if f.bulkOut != "" {
			fmt.Fprintln(stderr, "ingest: -bulk-out writes the records of a folder of contracts; -in is already bulk NDJSON")
			return 2
		}
		if f.indexDir != "" {
			return f.buildEmbedded(ctx)
		}
		return f.loadOpenSearch(ctx)
	}
	return f.ingestCorpus(ctx)
}

// isCorpus reports whether in names contract files (a folder, or a file
// source reads) rather than bulk NDJSON.
func isCorpus(in string) (bool, error) {
	if in == "-" {
		return false, nil
	}
	st, err := os.Stat(in)
	if err != nil {
		return false, err
	}
	if st.IsDir() {
		return true, nil
	}
	switch strings.ToLower(filepath.Ext(in)) {
	case ".ndjson", ".json", ".jsonl", ".bulk":
		return false, nil
	}
	if source.Readable(in) {
		return true, nil
	}
	// Anything else is taken as bulk NDJSON, as before folders were read.
	return false, nil
}

// openIn opens the bulk input.
func (f *flags) openIn() (io.Reader, func(), error) {
	if f.in == "-" {
		return f.stdin, func() {}, nil
	}
	file, err := os.Open(f.in)
	if err != nil {
		return nil, nil, err
	}
	return file, func() { file.Close() }, nil
}

// buildEmbedded builds a generation of the embedded engine's index from
// bulk NDJSON.
func (f *flags) buildEmbedded(ctx context.Context) int {
	r, closeIn, err := f.openIn()
	if err != nil {
		fmt.Fprintf(f.stderr, "ingest: %v\n", err)
		return 2
	}
	defer closeIn()
	dir, err := generation.OpenDir(f.indexDir)
	if err != nil {
		fmt.Fprintf(f.stderr, "ingest: %v\n", err)
		return 2
	}
	return f.indexBulk(ctx, dir, r)
}

// indexBulk builds a generation of dir from bulk NDJSON.
func (f *flags) indexBulk(ctx context.Context, dir *generation.Dir, r io.Reader) int {
	rep, err := indexer.Build(ctx, dir, r, indexer.Options{
		OnBad: func(line int, reason string) { fmt.Fprintf(f.stderr, "line %d: %s\n", line, reason) },
	})
	if err != nil {
		fmt.Fprintf(f.stderr, "ingest: nothing published: %v\n", err)
		return 1
	}
	if err := rep.WriteSummary(f.stdout); err != nil {
		fmt.Fprintf(f.stderr, "ingest: write summary: %v\n", err)
	}
	return 0
}

// openSearch makes the OpenSearch backend from the environment, read as
// the gateway reads it (config.LoadOpenSearch), and the flags given, which
// override it. With neither -opensearch nor OPENSEARCH_URLS there is no
// target: the gateway's default URL is not taken as a place to write.
func (f *flags) openSearch() (*opensearch.Backend, error) {
	if !f.seen["opensearch"] && f.getenv("OPENSEARCH_URLS") == "" {
		return nil, errors.New("no target: give -index-dir DIR, -bulk-out FILE, or -opensearch URL (or set OPENSEARCH_URLS)")
	}
	cfg, err := config.LoadOpenSearch(f.getenv)
	if err != nil {
		return nil, err
	}
	if f.seen["opensearch"] {
		cfg.URLs = opensearch.SplitURLs(f.urls)
	}
	if f.seen["opensearch-user"] {
		cfg.Username = f.user
	}
	if f.seen["opensearch-password"] {
		cfg.Password = f.password
	}
	if f.seen["index-prefix"] {
		cfg.IndexPrefix = f.prefix
	}
	if f.seen["opensearch-insecure"] {
		cfg.InsecureSkipVerify = f.insecure
	}
	defs, err := mappings.Load()
	if err != nil {
		return nil, err
	}
	return opensearch.New(cfg, defs)
}

// loadOpenSearch loads bulk NDJSON into a new OpenSearch version.
func (f *flags) loadOpenSearch(ctx context.Context) int {
	backend, err := f.openSearch()
	if err != nil {
		fmt.Fprintf(f.stderr, "ingest: %v\n", err)
		return 2
	}
	defer backend.Close()
	r, closeIn, err := f.openIn()
	if err != nil {
		fmt.Fprintf(f.stderr, "ingest: %v\n", err)
		return 2
	}
	defer closeIn()
	return f.ingestOpenSearch(ctx, backend, r)
}

// ingestOpenSearch publishes bulk NDJSON through backend.
func (f *flags) ingestOpenSearch(ctx context.Context, backend *opensearch.Backend, r io.Reader) int {
	rep, err := backend.Ingest(ctx, r, opensearch.IngestOptions{MaxErrors: f.maxErrors, Keep: f.keep})
	if werr := rep.WriteSummary(f.stdout); werr != nil {
		fmt.Fprintf(f.stderr, "ingest: write summary: %v\n", werr)
	}
	if err != nil {
		fmt.Fprintf(f.stderr, "ingest: %v\n", err)
		return 1
	}
	return 0
}

// ingestCorpus parses a folder (or one contract file) and publishes its
// records to the chosen sink.
func (f *flags) ingestCorpus(ctx context.Context) int {
	start := time.Now()
	opts := ingest.Options{
		OnlyListed:   !f.allFiles,
		Workers:      f.workers,
		MaxFileBytes: int64(f.maxFileMB) << 20,
		PDF:          f.pdf,
	}
	if f.maxFileMB < 1 {
		fmt.Fprintf(f.stderr, "ingest: -max-file-mb %d: want at least 1\n", f.maxFileMB)
		return 2
	}
	if f.pdf.Timeout <= 0 {
		fmt.Fprintf(f.stderr, "ingest: -pdf-timeout %v: want a positive duration\n", f.pdf.Timeout)
		return 2
	}
	if err := f.loadManifest(&opts); err != nil {
		fmt.Fprintf(f.stderr, "ingest: %v\n", err)
		return 2
	}

	// The sink is checked before parsing, so a wrong directory, URL or
	// prefix costs no parsing time.
	var (
		backend *opensearch.Backend
		dir     *generation.Dir
	)
	if f.indexDir != "" {
		d, err := generation.OpenDir(f.indexDir)
		if err != nil {
			fmt.Fprintf(f.stderr, "ingest: %v\n", err)
			return 2
		}
		dir = d
	}
	if f.indexDir == "" && f.bulkOut == "" {
		b, err := f.openSearch()
		if err != nil {
			fmt.Fprintf(f.stderr, "ingest: %v\n", err)
			return 2
		}
		defer b.Close()
		backend = b
	}

	prog := newProgress(f.progress, f.stderr)
	opts.Progress = prog.update
	corpus, err := ingest.Build(ctx, f.in, opts)
	prog.done()
	if err != nil {
		fmt.Fprintf(f.stderr, "ingest: nothing published: %v\n", err)
		return 1
	}
	summaryOut := f.stdout
	if f.bulkOut == "-" {
		summaryOut = f.stderr
	}
	fmt.Fprintf(summaryOut, "ingest %s\n", f.in)
	if err := corpus.Summary.WriteSummary(summaryOut); err != nil {
		fmt.Fprintf(f.stderr, "ingest: write summary: %v\n", err)
	}
	if corpus.Summary.Contracts == 0 {
		fmt.Fprintln(f.stderr, "ingest: nothing published: no contract was read")
		return 1
	}

	write := func(w io.Writer) error { return corpus.WriteBulk(ctx, w, prog.update) }
	code := 0
	switch {
	case f.bulkOut != "":
		if err := writeBulkFile(f.bulkOut, f.stdout, write); err != nil {
			fmt.Fprintf(f.stderr, "ingest: %v\n", err)
			code = 1
		} else if f.bulkOut != "-" {
			fmt.Fprintf(summaryOut, "wrote %s\n", f.bulkOut)
		}
		prog.done()
	case f.indexDir != "":
		code = f.piped(sent(write, prog, "writing segments and publishing the generation"), func(r io.Reader) int { return f.indexBulk(ctx, dir, r) }, prog)
	default:
		code = f.piped(sent(write, prog, "waiting for the last bulk requests, then switching aliases"), func(r io.Reader) int { return f.ingestOpenSearch(ctx, backend, r) }, prog)
	}
	fmt.Fprintf(summaryOut, "total seconds: %.2f\n", time.Since(start).Seconds())
	return code
}

// sent wraps write to say, once every record has gone to the sink, what
// the sink is still doing: building segments can take longer than
// sending the records.
func sent(write func(io.Writer) error, prog *progress, what string) func(io.Writer) error {
	return func(w io.Writer) error {
		err := write(w)
		if err == nil {
			prog.note("ingest: every record sent; " + what + " …")
		}
		return err
	}
}

// loadManifest reads -manifest into opts.
func (f *flags) loadManifest(opts *ingest.Options) error {
	name := f.manifest
	switch name {
	case "none", "":
		return nil
	case "auto":
		name = ""
		if st, err := os.Stat(f.in); err == nil && st.IsDir() {
			for _, cand := range []string{"manifest.csv", "manifest.jsonl"} {
				p := filepath.Join(f.in, cand)
				if _, err := os.Stat(p); err == nil {
					name = p
					break
				}
			}
		}
		if name == "" {
			return nil
		}
	}
	m, err := source.LoadManifest(name, f.columns)
	if err != nil {
		return err // "manifest FILE: …"
	}
	opts.Manifest, opts.ManifestPath = m, name
	return nil
}

// piped runs write and load at once, joined by a pipe: records stream to
// the sink as they are encoded. If either side fails, the other is
// stopped, and the sink publishes nothing.
func (f *flags) piped(write func(io.Writer) error, load func(io.Reader) int, prog *progress) int {
	pr, pw := io.Pipe()
	werr := make(chan error, 1)
	go func() {
		err := write(pw)
		pw.CloseWithError(err) // nil: the reader sees EOF
		werr <- err
	}()
	code := load(pr)
	pr.CloseWithError(errors.New("the sink stopped reading"))
	err := <-werr
	prog.done()
	if err != nil && code == 0 {
		fmt.Fprintf(f.stderr, "ingest: %v\n", err)
		return 1
	}
	return code
}

// writeBulkFile writes through write into path ("-": stdout), atomically:
// a temporary file beside it, renamed when complete.
func writeBulkFile(path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "-" {
		return write(stdout)
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename, a no-op
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
