// Command ingest publishes a corpus to a search backend. It reads an
// OpenSearch bulk NDJSON file and either builds a new generation of the
// embedded engine's index directory:
//
//	ingest -in records.ndjson -index-dir ./data/index
//
// or loads it into a new version of the six indexes of an OpenSearch
// cluster, switches the aliases to it in one atomic request and deletes
// versions older than the previous one:
//
//	ingest -in records.ndjson -opensearch http://localhost:9200 \
//	    [-opensearch-user U -opensearch-password P -index-prefix PFX]
//
// Bad lines are reported with their line numbers and skipped. Into the
// embedded engine, bulk actions behave as OpenSearch's: a repeated _id
// replaces the earlier record (last wins), create refuses an existing _id
// (version_conflict), delete removes a record. The report gives, per
// index, the records published, the segments flushed and merged, and the
// records overwritten or deleted, and the seconds spent (merging included).
//
// Flags left unset fall back to OPENSEARCH_URLS, OPENSEARCH_USERNAME,
// OPENSEARCH_PASSWORD, OPENSEARCH_INDEX_PREFIX and
// OPENSEARCH_INSECURE_SKIP_VERIFY; prefer the environment for the
// password, since flags show in the process list.
//
// If the load fails nothing is switched and the previous version keeps
// serving. Exit status: 0 published, 1 not published, 2 usage or
// configuration error. The logic lives in internal/engine/indexer and
// internal/backend/opensearch (Backend.Ingest); this file is wiring.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"github.com/contractsearch/contractsearch/internal/backend/opensearch"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
	"github.com/contractsearch/contractsearch/mappings"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is main with its dependencies passed in, for tests.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ingest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		in        = fs.String("in", "", "bulk NDJSON file to load, or - for standard input (required)")
		indexDir  = fs.String("index-dir", "", "build a new generation of the embedded engine's index in this directory (instead of loading OpenSearch)")
		urls      = fs.String("opensearch", "", "comma-separated OpenSearch URLs (default $OPENSEARCH_URLS)")
		user      = fs.String("opensearch-user", "", "basic-auth user (default $OPENSEARCH_USERNAME)")
		password  = fs.String("opensearch-password", "", "basic-auth password (default $OPENSEARCH_PASSWORD, which is preferable)")
		prefix    = fs.String("index-prefix", "", "prefix of alias and index names (default $OPENSEARCH_INDEX_PREFIX)")
		insecure  = fs.Bool("opensearch-insecure", false, "skip TLS certificate verification (default $OPENSEARCH_INSECURE_SKIP_VERIFY)")
		maxErrors = fs.Int("max-errors", 0, "bad lines plus rejected documents tolerated before the version is not published; -1 for no limit")
		keep      = fs.Int("keep", 2, "versions kept after the switch, the new one included")
	)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: ingest -in FILE.ndjson -index-dir DIR")
		fmt.Fprintln(fs.Output(), "       ingest -in FILE.ndjson -opensearch URL [-opensearch-user U -opensearch-password P -index-prefix PFX]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *in == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "ingest: -in is required and no arguments are accepted")
		fs.Usage()
		return 2
	}
	seen := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { seen[f.Name] = true })
	if *indexDir != "" {
		if seen["opensearch"] {
			fmt.Fprintln(stderr, "ingest: -index-dir and -opensearch are alternatives; give one")
			return 2
		}
		return buildEmbedded(ctx, *in, *indexDir, stdin, stdout, stderr)
	}
	fromEnv := func(name string, v *string, env string) {
		if !seen[name] {
			*v = getenv(env)
		}
	}
	fromEnv("opensearch", urls, "OPENSEARCH_URLS")
	fromEnv("opensearch-user", user, "OPENSEARCH_USERNAME")
	fromEnv("opensearch-password", password, "OPENSEARCH_PASSWORD")
	fromEnv("index-prefix", prefix, "OPENSEARCH_INDEX_PREFIX")
	if !seen["opensearch-insecure"] {
		if v := getenv("OPENSEARCH_INSECURE_SKIP_VERIFY"); v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				fmt.Fprintf(stderr, "ingest: OPENSEARCH_INSECURE_SKIP_VERIFY=%q: want true or false\n", v)
				return 2
			}
			*insecure = b
		}
	}

	defs, err := mappings.Load()
	if err != nil {
		fmt.Fprintf(stderr, "ingest: %v\n", err)
		return 2
	}
	backend, err := opensearch.New(opensearch.Config{
		URLs:               opensearch.SplitURLs(*urls),
		Username:           *user,
		Password:           *password,
		IndexPrefix:        *prefix,
		InsecureSkipVerify: *insecure,
	}, defs)
	if err != nil {
		fmt.Fprintf(stderr, "ingest: %v\n", err)
		return 2
	}
	defer backend.Close()

	r := stdin
	if *in != "-" {
		f, err := os.Open(*in)
		if err != nil {
			fmt.Fprintf(stderr, "ingest: %v\n", err)
			return 2
		}
		defer f.Close()
		r = f
	}

	rep, err := backend.Ingest(ctx, r, opensearch.IngestOptions{MaxErrors: *maxErrors, Keep: *keep})
	if werr := rep.WriteSummary(stdout); werr != nil {
		fmt.Fprintf(stderr, "ingest: write summary: %v\n", werr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "ingest: %v\n", err)
		return 1
	}
	return 0
}

// buildEmbedded builds a generation of the embedded engine's index.
func buildEmbedded(ctx context.Context, in, indexDir string, stdin io.Reader, stdout, stderr io.Writer) int {
	r := stdin
	if in != "-" {
		f, err := os.Open(in)
		if err != nil {
			fmt.Fprintf(stderr, "ingest: %v\n", err)
			return 2
		}
		defer f.Close()
		r = f
	}
	dir, err := generation.OpenDir(indexDir)
	if err != nil {
		fmt.Fprintf(stderr, "ingest: %v\n", err)
		return 2
	}
	rep, err := indexer.Build(ctx, dir, r, indexer.Options{
		OnBad: func(line int, reason string) { fmt.Fprintf(stderr, "line %d: %s\n", line, reason) },
	})
	if err != nil {
		fmt.Fprintf(stderr, "ingest: nothing published: %v\n", err)
		return 1
	}
	if err := rep.WriteSummary(stdout); err != nil {
		fmt.Fprintf(stderr, "ingest: write summary: %v\n", err)
	}
	return 0
}
