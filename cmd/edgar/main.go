// Command edgar fetches material contracts from the SEC's EDGAR archive
// into a folder that cmd/ingest reads: for the quarters given, it reads
// EDGAR's full index, keeps the filings of the wanted forms (default
// 10-K, 10-Q, 8-K), reads each filing's index and fetches its exhibits of
// the wanted types (default EX-10, material contracts), and writes them
// under OUT/<cik>/<accession>/ with OUT/manifest.csv giving each one's
// CIK, company, SIC code, form type, filing date, accession number,
// exhibit type and source URL (internal/edgar, docs/edgar.md):
//
//	edgar -user-agent "Jane Doe jane@example.com" -quarters 2023 -out ./data/edgar
//	ingest -in ./data/edgar -index-dir ./data/index
//
// It keeps to the SEC's fair-access rules: it refuses to start without a
// User-Agent naming the user with a contact email, sends at most 10
// requests a second, and backs off on 429 and 503. Interrupted (Ctrl-C),
// it stops cleanly; run again with the same flags, it resumes without
// fetching again what it has. Progress goes to standard error, the
// summary to standard output. Exit status: 0 done, 1 failed or
// interrupted, 2 usage.
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
	"slices"
	"strings"
	"syscall"

	"golang.org/x/time/rate"

	"github.com/contractsearch/contractsearch/internal/edgar"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop() // a second Ctrl-C ends the process at once
	}()
	os.Exit(run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("edgar", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		userAgent = fs.String("user-agent", getenv("EDGAR_USER_AGENT"), "who you are, for the SEC: your name or company and a contact email, \"Jane Doe jane@example.com\" (default $EDGAR_USER_AGENT; required)")
		quarters  = fs.String("quarters", "", "quarters of EDGAR's full index to read: 2023 (its four quarters), 2023Q2, 2022Q3..2023Q2, or a comma-separated list (required)")
		forms     = fs.String("forms", strings.Join(edgar.DefaultForms, ","), "comma-separated form types whose filings are read (exact: 10-K does not take 10-K/A)")
		exhibits  = fs.String("exhibits", strings.Join(edgar.DefaultExhibits, ","), "comma-separated exhibit types fetched; EX-10 takes EX-10.1, EX-10.2(a) … (not EX-101)")
		out       = fs.String("out", "./data/edgar", "output `folder`: exhibits, manifest.csv, and the .edgar state that lets a run resume")
		base      = fs.String("base-url", edgar.DefaultBaseURL, "EDGAR's address (a mirror, or a test server)")
		workers   = fs.Int("workers", 2, "filings fetched at once (all share the request rate)")
		limit     = fs.Int("limit", 0, "stop after this many filings of the selection (0: all); the same filings on every run")
		perSecond = fs.Float64("rate", edgar.MaxRate, "requests a second, at most 10 (the SEC's limit)")
		progress  = fs.String("progress", "auto", "progress on standard error: bar, lines, none, or auto (a bar on a terminal, else lines)")
	)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: edgar -user-agent \"NAME EMAIL\" -quarters 2023 [-out DIR] [flags]\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "edgar: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return usage("unexpected argument %q", fs.Arg(0))
	}
	if err := edgar.CheckUserAgent(*userAgent); err != nil {
		return usage("%v", err)
	}
	if *quarters == "" {
		return usage("-quarters is required: a year (2023), a quarter (2023Q2) or a range (2022Q3..2023Q2)")
	}
	qs, err := edgar.ParseQuarters(*quarters)
	if err != nil {
		return usage("-quarters: %v", err)
	}
	if *perSecond <= 0 || *perSecond > edgar.MaxRate {
		return usage("-rate %v: give a number of requests a second above 0 and at most %d (the SEC's fair-access limit)", *perSecond, edgar.MaxRate)
	}
	if *workers < 1 || *workers > 16 {
		return usage("-workers %d: give 1 to 16", *workers)
	}
	if *limit < 0 {
		return usage("-limit %d: give 0 (all) or more", *limit)
	}
	if !slices.Contains([]string{"auto", "bar", "lines", "none"}, *progress) {
		return usage("-progress %q: give bar, lines, none or auto", *progress)
	}

	prog := newProgress(*progress, stderr)
	cfg := edgar.Config{
		BaseURL:   *base,
		UserAgent: *userAgent,
		Quarters:  qs,
		Forms:     split(*forms),
		Exhibits:  split(*exhibits),
		Out:       *out,
		Workers:   *workers,
		Limit:     *limit,
		Limiter:   rate.NewLimiter(rate.Limit(*perSecond), 1),
		Progress:  prog.update,
	}
	sum, err := edgar.Run(ctx, cfg)
	prog.done()
	report(stdout, cfg, qs, sum)
	switch {
	case ctx.Err() != nil:
		fmt.Fprintln(stderr, "edgar: interrupted; run the same command again to resume where it stopped")
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "edgar: %v\n", err)
		return 1
	case len(sum.Failed) > 0:
		fmt.Fprintf(stderr, "edgar: %d filings failed; run the same command again to retry them\n", len(sum.Failed))
		return 1
	}
	return 0
}

func split(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// report prints the summary.
func report(w io.Writer, cfg edgar.Config, qs []edgar.Quarter, s edgar.Summary) {
	forms := cfg.Forms
	if len(forms) == 0 {
		forms = edgar.DefaultForms
	}
	exhibits := cfg.Exhibits
	if len(exhibits) == 0 {
		exhibits = edgar.DefaultExhibits
	}
	fmt.Fprintf(w, "edgar %s..%s, forms %s, exhibits %s → %s\n", qs[0], qs[len(qs)-1], strings.Join(forms, ","), strings.Join(exhibits, ","), cfg.Out)
	var kinds []string
	for _, q := range qs {
		if k, ok := s.IndexKinds[q]; ok {
			kinds = append(kinds, q.String()+" "+string(k))
		}
	}
	if len(kinds) > 0 {
		fmt.Fprintf(w, "full index: %s\n", strings.Join(kinds, ", "))
	}
	if len(s.MissingQuarters) > 0 {
		var missing []string
		for _, q := range s.MissingQuarters {
			missing = append(missing, q.String())
		}
		fmt.Fprintf(w, "no full index on EDGAR (skipped): %s\n", strings.Join(missing, ", "))
	}
	if s.BadLines > 0 {
		fmt.Fprintf(w, "full-index lines skipped: %d\n", s.BadLines)
		for _, l := range s.BadLineSamples {
			fmt.Fprintf(w, "  %s\n", l)
		}
		if n := s.BadLines - len(s.BadLineSamples); n > 0 {
			fmt.Fprintf(w, "  … and %d more\n", n)
		}
	}
	fmt.Fprintf(w, "filings: %d selected, %d done by an earlier run, %d done now", s.Selected, s.Resumed, s.Filings)
	if s.NoIndex > 0 {
		fmt.Fprintf(w, " (%d with no index on EDGAR)", s.NoIndex)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "exhibits: %d written, %d kept from an interrupted run, %d missing on EDGAR (404)\n", s.Exhibits, s.Kept, s.Missing)
	if len(s.Failed) > 0 {
		fmt.Fprintf(w, "failed, left for the next run: %d\n", len(s.Failed))
		for i, f := range s.Failed {
			if i == 20 {
				fmt.Fprintf(w, "  … and %d more\n", len(s.Failed)-i)
				break
			}
			fmt.Fprintf(w, "  %s\n", f)
		}
	}
	fmt.Fprintf(w, "requests: %d (%d retries)\n", s.Requests, s.Retries)
	manifest := filepath.Join(cfg.Out, edgar.ManifestName)
	fmt.Fprintf(w, "manifest: %s, %d exhibits\n", manifest, s.ManifestRows)
	if s.ManifestRows > 0 {
		fmt.Fprintf(w, "next: go run ./cmd/ingest -in %s -index-dir ./data/index\n", cfg.Out)
	}
}
