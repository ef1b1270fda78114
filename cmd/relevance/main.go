// Command relevance measures how well the API ranks contracts for clause
// searches: the query set of internal/relevance (or -queries FILE) with
// judgments from CUAD's clause labels, answered by Form A and by plain
// BM25, scored with nDCG@10, P@10, Recall@100 and MRR@10 per query, per
// clause type and overall, plus the recall and precision of Form A's
// clause filter. `make relevance` builds the CUAD index and runs it;
// docs/relevance.md explains the method.
//
//	relevance -index-dir DIR [-cuad DIR] [-out FILE]      # in process, through the gateway's parser
//	relevance -url 'http://localhost:8080/api/v1alpha/search?token=…'   # a running gateway
//
// In process, the FORM_A_* variables of the gateway (FORM_A_TEXT_RANK_BOOST …)
// set the Form A expansion.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/caarlos0/env/v11"
	"github.com/contractsearch/contractsearch/internal/backend/embedded"
	"github.com/contractsearch/contractsearch/internal/cuad"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/relevance"
	"github.com/contractsearch/contractsearch/internal/runinfo"
	"github.com/contractsearch/contractsearch/mappings"
)

// filterCategories are the CUAD categories whose clause filter is
// measured, each searched by its own name as a heading.
var filterCategories = []string{
	"Governing Law", "Non-Compete", "Anti-Assignment", "Change Of Control", "Audit Rights",
	"Exclusivity", "Insurance", "Cap On Liability", "License Grant", "Termination For Convenience",
	"Most Favored Nation", "Third Party Beneficiary", "Liquidated Damages", "Source Code Escrow",
}

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "relevance: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("relevance", flag.ContinueOnError)
	cuadDir := fs.String("cuad", filepath.Join("..", "shared", "corpora", "cuad"), "CUAD folder (manifest.csv, master_clauses.csv)")
	indexDir := fs.String("index-dir", "", "embedded index of the CUAD folder, searched in process")
	url := fs.String("url", "", "search endpoint of a running gateway, with its token, instead of -index-dir")
	queriesPath := fs.String("queries", "", "query set (JSONL; default: the committed CUAD set)")
	prefix := fs.String("path-prefix", "contracts/", "folder of the contract files relative to the ingested root")
	out := fs.String("out", "", "results file (default: standard output)")
	weights := fs.String("weights", "", "only measure Form A with its expansion's clauses weighted: \"signal=factor;…\" (signal names as in the report's signals table, \"base query\" for the must clause); with -index-dir")
	search := fs.Bool("search-weights", false, "only search the weights (from -weights) that maximise the tuning half's nDCG@10, logging the held-out half beside each step; with -index-dir")
	top10 := fs.String("top10", "", "also write each query's first ten contracts per system, relevant ones marked, to this file (to read the misses of the tuning half)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if (*indexDir == "") == (*url == "") {
		return fmt.Errorf("give exactly one of -index-dir and -url")
	}
	labels, err := cuad.Load(*cuadDir)
	if err != nil {
		return err
	}
	judgments := relevance.CUADJudgments(labels, *prefix)
	qs, err := loadQueries(*queriesPath)
	if err != nil {
		return err
	}

	var s relevance.Searcher
	var where string
	if *indexDir != "" {
		m, err := mappings.Load()
		if err != nil {
			return err
		}
		// FORM_A_* variables tune the expansion as they tune the
		// gateway, so an operator can measure a setting before using it.
		var opts dsl.FormAOptions
		if err := env.Parse(&opts); err != nil {
			return err
		}
		if err := opts.Validate(); err != nil {
			return err
		}
		p, err := dsl.NewParser(dsl.DefaultLimits(), opts, m)
		if err != nil {
			return err
		}
		b, err := embedded.Open(*indexDir, m, nil)
		if err != nil {
			return err
		}
		defer b.Close()
		s, where = relevance.InProcess{Parser: p, Backend: b}, "index "+*indexDir+" (in process)"
	} else {
		s = relevance.HTTP{URL: *url, Client: &http.Client{Timeout: time.Minute}}
		where = "gateway " + redactToken(*url)
	}

	ctx := context.Background()
	if *weights != "" || *search {
		return runWeights(ctx, s, qs, judgments, *weights, *search, *out, stdout)
	}
	start := time.Now()
	report, err := relevance.Evaluate(ctx, s, qs, judgments, relevance.FormA, relevance.BM25)
	if err != nil {
		return err
	}
	if *top10 != "" {
		if err := writeTop10(*top10, report, judgments); err != nil {
			return err
		}
	}
	if _, ok := s.(relevance.InProcess); ok {
		signals := relevance.Signals()[1:] // the ranking signals, weight_rank last
		systems := []relevance.System{relevance.FormA}
		for _, sig := range signals {
			systems = append(systems, relevance.FormAWithout("without "+sig, sig))
		}
		systems = append(systems, relevance.FormAWithout("base query and weight_rank only", signals[:len(signals)-1]...),
			relevance.FormAWithout("base query only", signals...))
		if report.Ablation, err = relevance.Evaluate(ctx, s, qs, judgments, systems...); err != nil {
			return err
		}
	}
	for _, c := range filterCategories {
		f, err := relevance.MeasureFilter(ctx, s, judgments, c, c, 10*len(labels.Files))
		if err != nil {
			return err
		}
		report.Filters = append(report.Filters, f)
	}
	header := fmt.Sprintf("make relevance: %s, commit %s\n%d queries (%s), judgments from %s/master_clauses.csv (%d contracts)\nsearched: %s; %.1f s",
		time.Now().UTC().Format(time.RFC3339), runinfo.Commit(), len(qs), querySource(*queriesPath), *cuadDir, len(labels.Files), where, time.Since(start).Seconds())

	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	if err := report.Write(w, header); err != nil {
		return err
	}
	if *out != "" {
		// The headline on the terminal; the whole report is in the file.
		for _, split := range []string{relevance.HeldOut, relevance.Tune} {
			for i, sys := range report.Systems {
				sum := report.Summarise(i, func(r relevance.Result) bool { return r.Query.Split == split })
				fmt.Fprintf(stdout, "%-8s %-7s nDCG@10 %.3f  P@10 %.3f  R@100 %.3f  MRR@10 %.3f\n", split, sys, sum.Mean.NDCG10, sum.Mean.P10, sum.Mean.Recall100, sum.Mean.MRR10)
			}
		}
		fmt.Fprintf(stdout, "report: %s\n", *out)
	}
	return nil
}

// runWeights measures a weighting of Form A's expansion, or searches for
// the one the tuning half prefers (docs/relevance.md, "Weights").
func runWeights(ctx context.Context, s relevance.Searcher, qs []relevance.Query, j relevance.Judgments, spec string, search bool, out string, stdout io.Writer) error {
	if _, ok := s.(relevance.InProcess); !ok {
		return fmt.Errorf("-weights and -search-weights need -index-dir")
	}
	w, err := relevance.ParseWeights(spec)
	if err != nil {
		return err
	}
	dst := stdout
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			return err
		}
		defer f.Close()
		dst = io.MultiWriter(stdout, f)
	}
	fmt.Fprintf(dst, "# relevance weights: %s, commit %s, %d queries\n", time.Now().UTC().Format(time.RFC3339), runinfo.Commit(), len(qs))
	if !search {
		m, err := relevance.MeasureWeights(ctx, s, qs, j, w)
		if err != nil {
			return err
		}
		fmt.Fprintf(dst, "%s  (%s)\n", m, w)
		return nil
	}
	_, _, err = relevance.SearchWeights(ctx, s, qs, j, w, []float64{0, 0.25, 0.5, 2, 4}, 2, dst)
	return err
}

// writeTop10 writes, for every query and system, the ten contracts ranked
// first, each marked + when the judgments hold it relevant and - when not.
func writeTop10(path string, r *relevance.Report, j relevance.Judgments) error {
	var b strings.Builder
	for _, res := range r.Results {
		fmt.Fprintf(&b, "%s (%s, %d relevant): %s\n", res.Query.ID, res.Query.Category, res.Relevant, res.Query.Q)
		for i, sys := range r.Systems {
			fmt.Fprintf(&b, "  %-6s", sys)
			for _, id := range res.Top10[i] {
				mark := "-"
				if j[res.Query.Category][id] {
					mark = "+"
				}
				fmt.Fprintf(&b, " %s%s", mark, id)
			}
			b.WriteByte('\n')
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("top ten: %w", err)
	}
	return nil
}

func loadQueries(path string) ([]relevance.Query, error) {
	if path == "" {
		return relevance.CUADQueries()
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return relevance.ReadQueries(f)
}

func querySource(path string) string {
	if path == "" {
		return "internal/relevance/testdata/cuad-queries.jsonl"
	}
	return path
}

// redactToken keeps tokens out of the results file.
func redactToken(u string) string {
	if i := strings.Index(u, "token="); i >= 0 {
		j := strings.IndexByte(u[i:], '&')
		if j < 0 {
			return u[:i] + "token=…"
		}
		return u[:i] + "token=…" + u[i+j:]
	}
	return u
}
