// Command segtool prints the embedded engine's index in human-readable
// form, for debugging and for checking a build:
//
//	segtool -index-dir DIR                      generations, segments, fields and statistics
//	segtool -index-dir DIR -segment contract-0 -field body -term law
//	                                            one term's postings: doc, freq, positions
//	segtool check -index-dir DIR [-gen N]       verify a whole generation: every file's
//	                                            checksum, every structure; exit status 1
//	                                            when anything is damaged
//
// It reads the newest generation unless -gen is given. Wiring only; the
// formats are read through the engine's packages.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
	"github.com/contractsearch/contractsearch/internal/engine/postings"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/mappings"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "segtool:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	if len(args) > 0 && args[0] == "check" {
		return check(args[1:], out)
	}
	fs := flag.NewFlagSet("segtool", flag.ContinueOnError)
	var (
		indexDir = fs.String("index-dir", "", "index directory (required)")
		gen      = fs.Uint64("gen", 0, "generation to read (default: the newest)")
		seg      = fs.String("segment", "", "segment to inspect (e.g. contract-0)")
		field    = fs.String("field", "", "field of -term")
		term     = fs.String("term", "", "print this term's postings (with -segment and -field)")
		limit    = fs.Int("limit", 20, "documents printed per term")
	)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *indexDir == "" {
		return errors.New("-index-dir is required")
	}
	dir, g, err := openGeneration(*indexDir, *gen)
	if err != nil {
		return err
	}
	defer g.Release()
	meta, err := indexer.ParseMeta(g.Meta)
	if err != nil {
		return err
	}
	if *term != "" {
		if *seg == "" || *field == "" {
			return errors.New("-term needs -segment and -field")
		}
		return printTerm(out, g, *seg, *field, *term, *limit)
	}
	all, _ := dir.Generations()
	fmt.Fprintf(out, "generation %d of %v in %s, %d files\n", g.N, all, *indexDir, len(g.Files()))
	for _, name := range mappings.Names() {
		for _, prefix := range meta.Segments[name] {
			if *seg != "" && prefix != *seg {
				continue
			}
			s, err := segment.Open(prefix, g.File)
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "\nsegment %s: %d documents, %d records, %d nested\n", prefix, s.MaxDoc, len(s.Roots()), int(s.MaxDoc)-len(s.Roots()))
			fmt.Fprintf(out, "  %-22s %-7s %9s %12s %9s\n", "field", "kind", "docs", "sumTTF", "terms")
			for _, fname := range s.Fields() {
				f := s.Field(fname)
				kind := "text"
				if f.Kind == segment.Keyword {
					kind = "keyword"
				}
				fmt.Fprintf(out, "  %-22s %-7s %9d %12d %9d\n", fname, kind, f.DocCount, f.SumTotalTermFreq, f.NumTerms)
			}
		}
	}
	return nil
}

// check verifies a whole generation (indexer.Check) and says what it
// found.
func check(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("segtool check", flag.ContinueOnError)
	indexDir := fs.String("index-dir", "", "index directory (required)")
	gen := fs.Uint64("gen", 0, "generation to check (default: the newest)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *indexDir == "" {
		return errors.New("check: -index-dir is required")
	}
	_, g, err := openGeneration(*indexDir, *gen)
	if err != nil {
		return fmt.Errorf("check: %w", err)
	}
	defer g.Release()
	var size int
	for _, name := range g.Files() {
		b, _ := g.File(name)
		size += len(b)
	}
	if err := indexer.Check(context.Background(), g); err != nil {
		return fmt.Errorf("check: generation %d is damaged:\n%w", g.N, err)
	}
	fmt.Fprintf(out, "generation %d: %d files, %d bytes: every checksum and structure verified\n", g.N, len(g.Files()), size)
	return nil
}

// openGeneration opens the index directory and its generation n, or its
// newest when n is 0; the caller releases the generation.
func openGeneration(indexDir string, n uint64) (*generation.Dir, *generation.Generation, error) {
	dir, err := generation.OpenDir(indexDir)
	if err != nil {
		return nil, nil, err
	}
	if n == 0 {
		if n, err = dir.Latest(); err != nil {
			return nil, nil, err
		}
	}
	g, err := dir.Open(n)
	return dir, g, err
}

func printTerm(out io.Writer, g *generation.Generation, prefix, field, term string, limit int) error {
	s, err := segment.Open(prefix, g.File)
	if err != nil {
		return err
	}
	f := s.Field(field)
	if f == nil {
		return fmt.Errorf("segment %s has no field %s (fields: %s)", prefix, field, strings.Join(s.Fields(), ", "))
	}
	info, ok, err := f.Terms.Get([]byte(term))
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("term %q not in %s.%s", term, prefix, field)
	}
	d := encoding.NewDecbuf(info.Meta)
	m := postings.DecodeTermMeta(&d, f.IndexOptions())
	if err := d.Err(); err != nil {
		return err
	}
	fmt.Fprintf(out, "%s %s:%q docFreq %d totalTermFreq %d\n", prefix, field, term, m.DocFreq, m.TotalTermFreq)
	it := f.Postings.Postings(m, nil)
	for i := 0; i < limit && it.Next(); i++ {
		doc := it.DocID()
		root, _ := s.Parent(doc)
		id, _ := s.ID(root)
		fmt.Fprintf(out, "  doc %d (record %s) freq %d", doc, id, it.Freq())
		if f.Kind == segment.Text {
			var pos []string
			for p, ok := it.NextPosition(); ok; p, ok = it.NextPosition() {
				pos = append(pos, fmt.Sprint(p))
			}
			fmt.Fprintf(out, " positions [%s] norm %d", strings.Join(pos, " "), f.Norms[doc])
		}
		fmt.Fprintln(out)
	}
	return it.Err()
}
