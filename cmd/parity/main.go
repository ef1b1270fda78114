// Command parity checks the embedded engine against the Lucene oracle on a
// query set (see internal/parity and `make parity`):
//
//	parity prepare [-queries Q.jsonl] -out oracle-queries.jsonl
//	parity run     [-queries Q.jsonl] [-explain] -index-dir DIR -out engine.jsonl
//	parity compare [-queries Q.jsonl] [-explain] -engine engine.jsonl -oracle oracle.jsonl [-report FILE]
//
// Without -queries the built-in query set (parity.QuerySet) is used.
// prepare writes what the oracle runs (the DSL the gateway forwards); run
// answers the set with the engine; compare prints the report and exits 1
// when any query differs.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/contractsearch/contractsearch/internal/backend/embedded"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/parity"
	"github.com/contractsearch/contractsearch/mappings"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "parity:", err)
		os.Exit(1)
	}
}

var errDiffers = errors.New("the engine's answers differ from the oracle's")

func run(args []string) error {
	if len(args) == 0 {
		return errors.New("usage: parity prepare|run|compare [flags]")
	}
	fs := flag.NewFlagSet("parity "+args[0], flag.ContinueOnError)
	queriesPath := fs.String("queries", "", "query set (JSONL: id, kind, body); the built-in set when empty")
	out := fs.String("out", "", "output file")
	indexDir := fs.String("index-dir", "", "engine index directory (run)")
	enginePath := fs.String("engine", "", "engine answers (compare)")
	oraclePath := fs.String("oracle", "", "oracle answers (compare)")
	report := fs.String("report", "", "write the report here too (compare)")
	top := fs.Int("top", 10, "leading hits that must agree")
	tol := fs.Float64("tolerance", 1e-4, "largest relative score difference accepted")
	explain := fs.Bool("explain", false, "run: ask for explanations; compare: compare them too (the oracle run with --explain)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	queries := parity.QuerySet()
	if *queriesPath != "" {
		qf, err := os.Open(*queriesPath)
		if err != nil {
			return err
		}
		queries, err = parity.ReadQueries(qf)
		qf.Close()
		if err != nil {
			return err
		}
	}
	m, err := mappings.Load()
	if err != nil {
		return err
	}
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), m)
	if err != nil {
		return err
	}
	switch args[0] {
	case "prepare":
		return writeFile(*out, func(w io.Writer) error {
			rejected, err := parity.WriteOracleQueries(w, p, queries)
			for id, why := range rejected {
				fmt.Fprintf(os.Stderr, "query %s rejected by the parser: %s\n", id, why)
			}
			return err
		})
	case "run":
		b, err := embedded.Open(*indexDir, m, nil)
		if err != nil {
			return err
		}
		defer b.Close()
		return writeFile(*out, func(w io.Writer) error {
			enc := json.NewEncoder(w)
			for _, q := range queries {
				runner := parity.Run
				if *explain {
					runner = parity.RunExplain
				}
				a, err := runner(context.Background(), p, b, q)
				if err != nil {
					fmt.Fprintln(os.Stderr, err)
					continue
				}
				if err := enc.Encode(a); err != nil {
					return err
				}
			}
			return nil
		})
	case "compare":
		engine, err := readAnswers(*enginePath)
		if err != nil {
			return err
		}
		oracle, err := readAnswers(*oraclePath)
		if err != nil {
			return err
		}
		rejected, err := parity.WriteOracleQueries(io.Discard, p, queries)
		if err != nil {
			return err
		}
		r := parity.CompareAll(queries, engine, oracle, rejected, parity.Options{Top: *top, Tolerance: *tol})
		if err := r.Write(os.Stdout); err != nil {
			return err
		}
		var er *parity.ExplainReport
		if *explain {
			er = parity.CompareExplanations(queries, engine, oracle, *top)
			if err := er.Write(os.Stdout); err != nil {
				return err
			}
		}
		if *report != "" {
			if err := writeFile(*report, func(w io.Writer) error {
				if err := r.Write(w); err != nil || er == nil {
					return err
				}
				return er.Write(w)
			}); err != nil {
				return err
			}
		}
		if r.Identical != r.Queries {
			return errDiffers
		}
		return nil
	}
	return fmt.Errorf("unknown subcommand %q: want prepare, run or compare", args[0])
}

func readAnswers(path string) (map[string]*parity.Answer, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parity.ReadAnswers(f)
}

// writeFile writes through fn to path, or to stdout when path is empty.
func writeFile(path string, fn func(io.Writer) error) error {
	if path == "" {
		return fn(os.Stdout)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := fn(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
