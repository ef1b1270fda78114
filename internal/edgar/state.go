package edgar

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/google/renameio/v2"
)

// The output folder holds, besides the exhibits and the manifest, a
// hidden folder of state (ingest's walk skips hidden files):
//
//	.edgar/full-index/<year>/QTR<n>/<kind>   the full indexes read, as fetched
//	.edgar/journal.jsonl                     one line per filing done
//
// Every file is written whole or not at all (a temporary file renamed),
// and a journal line is appended only once its filing's exhibits are on
// disk, so a run stopped at any point resumes where it stopped: full
// indexes are read from disk, filings in the journal are not fetched
// again, and exhibits already on disk are kept. A torn last journal line
// (a crash while appending) is ignored and its filing done again.
const (
	stateDir    = ".edgar"
	journalName = "journal.jsonl"
	// ManifestName is the manifest the run writes at the top of the
	// output folder, where cmd/ingest looks for one.
	ManifestName = "manifest.csv"
)

// entry is one journal line: a filing done, with the filter it was done
// for and the exhibits it gave.
type entry struct {
	Accession  string `json:"accession"`
	Filter     string `json:"filter"`
	CIK        string `json:"cik"`
	Company    string `json:"company"`
	FormType   string `json:"form_type"`
	FilingDate string `json:"filing_date"`
	SIC        string `json:"sic,omitempty"`
	// Index says how the documents were listed: "page" (the filing index
	// page), "json" (the folder's index.json, types guessed) or "none"
	// (neither exists).
	Index    string    `json:"index"`
	Exhibits []exhibit `json:"exhibits,omitempty"`
}

// exhibit is one wanted document of a filing.
type exhibit struct {
	// File is the exhibit's path in the output folder, slash-separated;
	// empty when it is missing.
	File        string `json:"file,omitempty"`
	Type        string `json:"type"`
	Guessed     bool   `json:"guessed,omitempty"`
	Seq         int    `json:"seq,omitempty"`
	Description string `json:"description,omitempty"`
	URL         string `json:"url"`
	// Missing says EDGAR answered 404 for it.
	Missing bool `json:"missing,omitempty"`
}

// journal is the record of filings done, loaded from and appended to
// .edgar/journal.jsonl.
type journal struct {
	mu      sync.Mutex
	f       *os.File
	entries map[string]entry // key: accession + " " + filter
	order   []string         // keys in first-seen order
}

func journalKey(accession, filter string) string { return accession + " " + filter }

// openJournal loads the journal in dir's state folder and opens it for
// appending.
func openJournal(dir string) (*journal, error) {
	p := filepath.Join(dir, stateDir, journalName)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return nil, err
	}
	j := &journal{entries: map[string]entry{}}
	data, err := os.ReadFile(p)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for sc.Scan() {
		var e entry
		if json.Unmarshal(sc.Bytes(), &e) != nil || e.Accession == "" {
			continue // a torn line: that filing is done again
		}
		j.put(e)
	}
	if j.f, err = os.OpenFile(p, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err != nil {
		return nil, err
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		// After a torn line, start the next one on a line of its own.
		if _, err := j.f.Write([]byte{'\n'}); err != nil {
			j.f.Close()
			return nil, err
		}
	}
	return j, nil
}

func (j *journal) put(e entry) {
	k := journalKey(e.Accession, e.Filter)
	if _, ok := j.entries[k]; !ok {
		j.order = append(j.order, k)
	}
	j.entries[k] = e
}

func (j *journal) done(accession, filter string) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	_, ok := j.entries[journalKey(accession, filter)]
	return ok
}

// add appends e to the journal, synced, so it survives a crash.
func (j *journal) add(e entry) error {
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, err := j.f.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	j.put(e)
	return nil
}

func (j *journal) close() error { return j.f.Close() }

// manifestHeader names the manifest's columns. They are the default
// names of internal/contract/source's manifest fields (file → path, cik,
// company, sic, form_type, filing_date, accession, exhibit, source,
// source_url → url), so cmd/ingest reads them without flags; description
// is for people, ingest ignores it.
var manifestHeader = []string{"file", "cik", "company", "sic", "form_type", "filing_date", "accession", "exhibit", "description", "source", "source_url"}

// writeManifest writes the manifest of every exhibit on disk the journal
// records, sorted by file, atomically. source is the host the filings
// came from. It returns the number of rows.
func (j *journal) writeManifest(dir, source string) (int, error) {
	j.mu.Lock()
	var rows [][]string
	seen := map[string]bool{}
	for _, k := range j.order {
		e := j.entries[k]
		for _, x := range e.Exhibits {
			if x.Missing || x.File == "" || seen[x.File] {
				continue
			}
			seen[x.File] = true
			rows = append(rows, []string{x.File, e.CIK, e.Company, e.SIC, e.FormType, e.FilingDate, e.Accession, x.Type, x.Description, source, x.URL})
		}
	}
	j.mu.Unlock()
	slices.SortFunc(rows, func(a, b []string) int { return strings.Compare(a[0], b[0]) })
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write(manifestHeader) // writes to a bytes.Buffer cannot fail
	_ = w.WriteAll(rows)
	if err := renameio.WriteFile(filepath.Join(dir, ManifestName), buf.Bytes(), 0o644); err != nil {
		return 0, fmt.Errorf("manifest: %w", err)
	}
	return len(rows), nil
}

// safeName makes a document name from EDGAR safe as a file name: its
// base, with characters other than letters, digits, '.', '-' and '_'
// replaced by '_'; "" when nothing usable is left.
func safeName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	b := []byte(name)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_') {
			b[i] = '_'
		}
	}
	name = string(b)
	if len(name) > 120 {
		name = name[len(name)-120:] // keep the extension
	}
	name = strings.TrimLeft(name, ".") // no hidden files: ingest would skip them
	if name == "" || strings.Trim(name, "_") == "" {
		return ""
	}
	return name
}

// seqName names a document with no usable name by its sequence.
func seqName(seq int) string { return "document-" + strconv.Itoa(seq) + ".htm" }
