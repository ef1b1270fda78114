// Command eval measures the contract parser against CUAD's labels: it
// parses every contract of the corpus from its text and the manifest's
// metadata fields (as ingest reads them; no label column reaches the
// parser), compares title, category, company (one of the labelled
// parties; also from the text alone) and jurisdiction with the human
// answers in manifest.csv, checks that a governing-law heading yields a
// "governing law" clause, and prints a table; then, for each of CUAD's
// clause categories (master_clauses.csv), how many contracts it labels
// and how many have a clause of the matching clause type. `make eval`
// runs it; docs/ingest.md explains every comparison.
//
//	eval [-cuad DIR] [-show METRIC] [-limit N] [-half dev|check|all]
//
// -show prints the misses of one metric (jurisdiction, title, category,
// company, company-text, heading) to study them, or with
// clausetypes:<slug> (clausetypes:governing-law) the contracts CUAD labels
// with that type but without a clause of it, and those with a clause CUAD
// does not label; -show landing counts, for each category, where its
// labelled passages fall among the parsed clauses (in one of the
// category's type, in another, in none) and lists those in none. -half measures every metric on one half of the
// manifest: the rules are tuned by reading the misses of the dev half
// (rows 0, 2, 4 …) only, and the check half (rows 1, 3, 5 …) tells how far
// they generalise.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/contractsearch/contractsearch/internal/contract/source"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("cuad", filepath.Join("..", "shared", "corpora", "cuad"), "CUAD folder: contracts/ and manifest.csv")
	show := fs.String("show", "", "print the misses of one metric: jurisdiction, title, category, company, company-text, heading, lawfirm, clausetypes:<slug>, or landing (where CUAD's labelled passages fall among the clauses)")
	limit := fs.Int("limit", 0, "evaluate only the first N contracts (0: all)")
	half := fs.String("half", "all", "measure on the manifest's dev half (even rows), check half (odd rows) or all")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if !validHalf(*half) {
		fmt.Fprintf(stderr, "eval: -half %q: want dev, check or all\n", *half)
		return 2
	}
	rows, err := loadManifest(filepath.Join(*dir, "manifest.csv"))
	if err != nil {
		fmt.Fprintf(stderr, "eval: %v\n", err)
		return 2
	}
	if *limit > 0 && *limit < len(rows) {
		rows = rows[:*limit]
	}
	labels, err := loadClauseLabels(*dir, rows)
	if err != nil {
		fmt.Fprintf(stderr, "eval: %v\n", err)
		return 2
	}
	start := time.Now()
	man, err := source.LoadManifest(filepath.Join(*dir, "manifest.csv"), source.ManifestColumns{})
	if err != nil {
		fmt.Fprintf(stderr, "eval: %v\n", err)
		return 2
	}
	res, err := evaluate(filepath.Join(*dir, "contracts"), rows, labels, *half, man)
	if err != nil {
		fmt.Fprintf(stderr, "eval: %v\n", err)
		return 1
	}
	res.elapsed = time.Since(start)
	res.print(stdout)
	res.printClauseTypes(stdout)
	if *show != "" {
		res.printMisses(stdout, *show)
	}
	if !res.allMet() {
		return 1
	}
	return 0
}
