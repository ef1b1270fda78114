package ingest

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/parse"
	"github.com/contractsearch/contractsearch/internal/contract/source"
	"github.com/contractsearch/contractsearch/internal/dedup"
)

// Options configure Build. The zero value reads every file source.Walk
// lists, on every core, without a manifest.
type Options struct {
	// Manifest, if not nil, gives metadata by file path (it wins over what
	// a file says about itself).
	Manifest *source.Manifest
	// ManifestPath is the manifest's file, left out of the corpus when it
	// lies inside the input folder.
	ManifestPath string
	// OnlyListed leaves out the files the manifest does not list.
	OnlyListed bool
	// Workers is the number of files read and parsed at once; 0 means
	// GOMAXPROCS. Output does not depend on it.
	Workers int
	// MaxFileBytes refuses larger files unread, and PDFs whose text is
	// larger; 0 means source.DefaultMaxBytes.
	MaxFileBytes int64
	// PDF configures PDF text extraction (pdftotext from PATH by
	// default).
	PDF source.PDFOptions
	// Dedup are the near-duplicate grouping's parameters; nil means
	// dedup.DefaultParams().
	Dedup *dedup.Params
	// Progress, if set, is called after each file is parsed and after
	// each thousand records are written, from one goroutine at a time.
	Progress func(Progress)

	// read reads a file; nil means source.ReadFileContext. Tests set it
	// to a reader with a bug.
	read readFunc
}

// readFunc is source.ReadFileContext's signature.
type readFunc func(ctx context.Context, path, name string, opts source.Options) ([]source.Document, error)

// Progress is how far a run has come.
type Progress struct {
	// Phase is "parse" (reading and parsing files) or "write" (writing
	// records).
	Phase string
	// Files of TotalFiles have been parsed, Bytes of TotalBytes read.
	Files, TotalFiles int
	Bytes, TotalBytes int64
	// Contracts parsed and files Skipped so far.
	Contracts, Skipped int
	// Records of TotalRecords written (phase "write").
	Records, TotalRecords int
}

// Skipped is a file, or a document of a file, left out, and why.
type Skipped struct {
	// Path is relative to the input root; "#n" follows it for the n-th
	// document (from 0) of a file holding several.
	Path   string
	Reason string
}

// Summary says what a run read and built.
type Summary struct {
	// Files is the number of files read (source.Walk listed them and
	// they were not too large to read); Bytes their size. Ignored counts
	// files left out before reading, by reason, and IgnoredFiles names
	// those the walk left out (source.Walked.IgnoredFiles: not hidden
	// ones, nor those a manifest does not list).
	Files        int
	Bytes        int64
	Ignored      map[string]int
	IgnoredFiles []source.IgnoredFile
	// Encodings counts the files read into contracts by the encoding
	// they were read in (source.Document.Encoding): "utf-8",
	// "windows-1252 (assumed)" …
	Encodings map[string]int
	// Contracts is the number of contracts parsed.
	Contracts int
	// Skipped lists the files and documents refused, in path order.
	Skipped []Skipped
	// Groups is the number of near-duplicate groups of two contracts or
	// more, and Grouped the contracts in them.
	Groups, Grouped int
	// Records counts the records of each index.
	Records map[string]int
	// Manifest is the manifest used, or nil.
	Manifest *source.Manifest
	// ParseTime is the time reading, parsing and grouping took.
	ParseTime time.Duration
}

// Corpus is a parsed corpus: its contracts, grouped, and its derived
// records, ready to be written.
type Corpus struct {
	Summary   Summary
	contracts []parsedContract
	derived   derived
}

// parsedContract is one contract with what grouping says about it.
type parsedContract struct {
	c     *contract.Contract
	words int
	sig   dedup.Signature
	g     contract.Grouping
}

// fileResult is what a worker made of one file.
type fileResult struct {
	contracts []parsedContract
	skipped   []Skipped
	read      bool   // the file was read (it counts in Summary.Files)
	encoding  string // how its text was read, when it was
}

// Build reads the corpus at root (a folder, read recursively, or one
// file), parses every contract and groups them. A file that cannot be read
// or parsed is reported in Summary.Skipped and left out; Build fails only
// when root cannot be walked, the grouping parameters are invalid or ctx
// ends.
func Build(ctx context.Context, root string, opts Options) (*Corpus, error) {
	start := time.Now()
	if opts.read == nil {
		opts.read = source.ReadFileContext
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.MaxFileBytes <= 0 {
		opts.MaxFileBytes = source.DefaultMaxBytes
	}
	params := dedup.DefaultParams()
	if opts.Dedup != nil {
		params = *opts.Dedup
	}
	hasher, err := dedup.NewHasher(params)
	if err != nil {
		return nil, fmt.Errorf("ingest: %w", err)
	}
	w, err := source.Walk(root, opts.ManifestPath)
	if err != nil {
		return nil, fmt.Errorf("ingest: %w", err)
	}
	files := w.Files
	if opts.OnlyListed && opts.Manifest != nil {
		files = files[:0:0]
		for _, f := range w.Files {
			if opts.Manifest.Lists(f.Rel) {
				files = append(files, f)
			} else {
				w.Ignored["not in the manifest"]++
			}
		}
	}

	var total int64
	for _, f := range files {
		total += f.Size
	}
	results := make([]fileResult, len(files))
	var (
		mu   sync.Mutex
		prog = Progress{Phase: "parse", TotalFiles: len(files), TotalBytes: total}
	)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range min(opts.Workers, max(len(files), 1)) {
		wg.Go(func() {
			for i := range jobs {
				r := readFile(ctx, files[i], opts, hasher)
				results[i] = r
				if opts.Progress != nil {
					mu.Lock()
					prog.Files++
					prog.Bytes += files[i].Size
					prog.Contracts += len(r.contracts)
					prog.Skipped += len(r.skipped)
					opts.Progress(prog)
					mu.Unlock()
				}
			}
		})
	}
	for i := range files {
		if ctx.Err() != nil {
			break
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("ingest: %w", err)
	}

	c := &Corpus{Summary: Summary{Ignored: w.Ignored, IgnoredFiles: w.IgnoredFiles, Encodings: map[string]int{}, Manifest: opts.Manifest}}
	builder, _ := dedup.NewBuilder(params) // params were validated above
	for i, r := range results {
		if r.read {
			c.Summary.Files++
			c.Summary.Bytes += files[i].Size
		}
		if r.encoding != "" {
			c.Summary.Encodings[r.encoding]++
		}
		c.Summary.Skipped = append(c.Summary.Skipped, r.skipped...)
		for _, pc := range r.contracts {
			if err := builder.AddSignature(pc.c.ID, pc.sig); err != nil {
				c.Summary.Skipped = append(c.Summary.Skipped, Skipped{Path: pc.c.ID, Reason: err.Error()})
				continue
			}
			c.contracts = append(c.contracts, pc)
		}
	}
	groups := builder.Groups()
	sizes := map[string]int{}
	for i := range c.contracts {
		pc := &c.contracts[i]
		g := groups[pc.c.ID]
		pc.sig = nil
		pc.g = contract.Grouping{GroupID: g.ID, GroupSize: g.Size, WeightRank: dedup.WeightRank(rankInput(pc, g.Size))}
		if g.Size > 1 {
			sizes[g.ID] = g.Size
		}
	}
	c.Summary.Contracts = len(c.contracts)
	c.Summary.Groups = len(sizes)
	for _, n := range sizes {
		c.Summary.Grouped += n
	}
	c.derived = derive(c.contracts)
	c.Summary.Records = c.derived.counts(len(c.contracts))
	c.Summary.ParseTime = time.Since(start)
	return c, nil
}

// rankInput is what WeightRank looks at for a contract.
func rankInput(pc *parsedContract, groupSize int) dedup.RankInput {
	c := pc.c
	in := dedup.RankInput{Words: pc.words, GroupSize: groupSize}
	for _, s := range c.Sections {
		if s.Type == contract.Definition {
			in.Definitions++
		} else {
			in.Sections++
		}
	}
	for _, found := range []bool{c.Name != "", c.Category != nil, c.Company != nil, c.Jurisdiction != nil, c.FilingDate != "", c.Industry != nil} {
		if found {
			in.Attributes++
		}
	}
	return in
}

// readFile reads and parses one file. It never fails: what goes wrong is
// a Skipped entry.
func readFile(ctx context.Context, f source.File, opts Options, hasher *dedup.Hasher) (res fileResult) {
	skip := func(doc int, format string, args ...any) {
		p := f.Rel
		if doc >= 0 {
			p = fmt.Sprintf("%s#%d", f.Rel, doc)
		}
		res.skipped = append(res.skipped, Skipped{Path: p, Reason: fmt.Sprintf(format, args...)})
	}
	docs, err := safeRead(ctx, opts.read, f, source.Options{MaxBytes: opts.MaxFileBytes, Manifest: opts.Manifest, PDF: opts.PDF})
	var (
		refused *source.RefusedError
		ioErr   *fs.PathError
	)
	switch {
	case err == nil:
		res.read = true
		if len(docs) > 0 {
			res.encoding = docs[0].Encoding
		}
	case errors.As(err, &refused):
		res.read = refused.Reason != source.ErrTooLarge // refused unread
		skip(-1, "%s", refused.Cause())
		return res
	case errors.As(err, &ioErr):
		skip(-1, "cannot read: %v", ioErr.Err) // the path is the report's
		return res
	default:
		res.read = true
		skip(-1, "%v", err)
		return res
	}
	for i, d := range docs {
		docIdx := -1
		if len(docs) > 1 {
			docIdx = i
		}
		c, err := safeParse(d.Text, d.Meta)
		if err != nil {
			skip(docIdx, "%v", err)
			continue
		}
		words := countWords(c.Body)
		if words == 0 {
			skip(docIdx, "no text after cleaning")
			continue
		}
		if err := parse.CheckAgreement(c); err != nil {
			skip(docIdx, "%v", err) // a web page, an article: never indexed silently
			continue
		}
		if c.Name == "" {
			c.Name = fallbackTitle(d.Meta)
		}
		res.contracts = append(res.contracts, parsedContract{c: c, words: words, sig: hasher.Sign(c.Body)})
	}
	return res
}

// safeRead runs read, turning a panic into an error: a reader bug shown
// by one file costs that file, not the run.
func safeRead(ctx context.Context, read readFunc, f source.File, opts source.Options) (docs []source.Document, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("reader failed: %v", v)
		}
	}()
	return read(ctx, f.Path, f.Rel, opts)
}

// safeParse runs the parser, turning a panic into an error: a parser bug
// shown by one file costs that file, not the run. The stack goes to
// standard error, since the report has one line per file.
func safeParse(text string, meta contract.Meta) (c *contract.Contract, err error) {
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(os.Stderr, "ingest: parser panic on %s#%d: %v\n%s", meta.Path, meta.DocIndex, v, debug.Stack())
			err = fmt.Errorf("parser failed: %v", v)
		}
	}()
	return parse.Parse(text, meta), nil
}

// fallbackTitle names a contract whose title the parser could not find:
// its exhibit description, else its file name without extension.
func fallbackTitle(m contract.Meta) string {
	if m.Description != "" {
		return m.Description
	}
	base := path.Base(m.Path)
	return strings.TrimSuffix(base, path.Ext(base))
}

// countWords counts runs of letters and digits, as dedup.Hasher does.
func countWords(s string) int {
	n, in := 0, false
	for _, r := range s {
		w := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r > 0x7f && isLetterOrDigit(r)
		if w && !in {
			n++
		}
		in = w
	}
	return n
}
