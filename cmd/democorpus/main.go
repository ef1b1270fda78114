// Command democorpus writes the demo corpus: realistic, made-up contracts
// for a fresh clone to index and search.
//
//	go run ./cmd/democorpus -out DIR [-n 300] [-seed 1]
//
// The same -n and -seed always write byte-identical files. DIR must be
// absent or empty.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/contractsearch/contractsearch/internal/democorpus"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "democorpus:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("democorpus", flag.ContinueOnError)
	out := fs.String("out", "", "directory to write the corpus to (absent or empty)")
	n := fs.Int("n", democorpus.DefaultN, "number of contracts")
	seed := fs.Uint64("seed", 1, "random seed; the same seed gives the same files")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		return fmt.Errorf("-out DIR is required")
	}
	if *n < 1 {
		return fmt.Errorf("-n %d: want at least 1 contract", *n)
	}
	c, err := democorpus.Generate(democorpus.Options{N: *n, Seed: *seed})
	if err != nil {
		return err
	}
	if err := c.Write(*out); err != nil {
		return err
	}
	size := 0
	for _, f := range c.Files {
		size += len(f.Data)
	}
	fmt.Printf("wrote %d contracts in %d files (%.1f MB) and %s to %s\n",
		len(c.Contracts), len(c.Files), float64(size)/1e6, democorpus.ManifestName, *out)
	return nil
}
