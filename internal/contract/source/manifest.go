package source

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// ManifestColumns name, for each metadata field, the manifest column (CSV
// header or JSON member) that holds it; "" leaves the field unset. Only
// metadata is mapped: a manifest's answer columns (a labelled title,
// category or governing law) have no field here, so they can never reach
// the parser.
type ManifestColumns struct {
	// File is the contract's path relative to the input root, or its base
	// name; required.
	File        string
	CompanyName string
	// CompanyID is a numeric company identifier such as the EDGAR CIK.
	CompanyID  string
	FilingDate string
	FilingType string
	FilingID   string
	ExhibitID  string
	SIC        string
	Industry   string
	Source     string
	URL        string
}

// DefaultColumns is the manifest layout ingest assumes when no column is
// named.
var DefaultColumns = ManifestColumns{
	File: "file", CompanyName: "company", CompanyID: "cik", FilingDate: "filing_date",
	FilingType: "form_type", FilingID: "accession", ExhibitID: "exhibit", SIC: "sic",
	Industry: "industry", Source: "source", URL: "url",
}

// Manifest is metadata for contract files, looked up by path.
type Manifest struct {
	byPath map[string]contract.Meta
	byBase map[string]contract.Meta // base names that occur once
}

// Len is the number of files the manifest describes.
func (m *Manifest) Len() int { return len(m.byPath) }

// LoadManifest reads a CSV (.csv) or JSON Lines (.jsonl, .ndjson) manifest.
func LoadManifest(file string, cols ManifestColumns) (*Manifest, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	defer f.Close()
	format := "csv"
	switch strings.ToLower(filepath.Ext(file)) {
	case ".jsonl", ".ndjson", ".json":
		format = "jsonl"
	}
	m, err := ParseManifest(f, format, cols)
	if err != nil {
		return nil, fmt.Errorf("manifest %s: %w", file, err)
	}
	return m, nil
}

// ParseManifest reads a manifest in format "csv" (a header row, then one
// row per file) or "jsonl" (one JSON object per line; numbers are read as
// their decimal text).
func ParseManifest(r io.Reader, format string, cols ManifestColumns) (*Manifest, error) {
	if cols.File == "" {
		return nil, errors.New("the file column is required")
	}
	m := &Manifest{byPath: make(map[string]contract.Meta), byBase: make(map[string]contract.Meta)}
	bases := make(map[string]int)
	add := func(get func(col string) string) {
		file := filepath.ToSlash(strings.TrimSpace(get(cols.File)))
		if file == "" {
			return
		}
		meta := contract.Meta{
			CompanyName: get(cols.CompanyName),
			CompanyID:   strings.TrimLeft(get(cols.CompanyID), "0"),
			FilingDate:  NormalizeDate(get(cols.FilingDate)),
			FilingType:  get(cols.FilingType),
			FilingID:    get(cols.FilingID),
			ExhibitID:   get(cols.ExhibitID),
			Source:      get(cols.Source),
			URL:         get(cols.URL),
		}
		if !allDigits(meta.CompanyID) {
			meta.CompanyID = ""
		}
		meta.IndustryName, meta.SIC = splitSIC(get(cols.SIC))
		if ind := get(cols.Industry); ind != "" {
			meta.IndustryName = ind
		}
		m.byPath[file] = meta
		b := path.Base(file)
		bases[b]++
		m.byBase[b] = meta
	}
	switch format {
	case "csv":
		cr := csv.NewReader(r)
		cr.FieldsPerRecord = -1
		head, err := cr.Read()
		if err != nil {
			return nil, fmt.Errorf("header row: %w", err)
		}
		idx := make(map[string]int, len(head))
		for i, h := range head {
			idx[strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))] = i
		}
		if err := checkColumns(cols, func(c string) bool { _, ok := idx[c]; return ok }, head); err != nil {
			return nil, err
		}
		for line := 2; ; line++ {
			rec, err := cr.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, fmt.Errorf("row %d: %w", line, err)
			}
			add(func(col string) string {
				i, ok := idx[col]
				if col == "" || !ok || i >= len(rec) {
					return ""
				}
				return strings.TrimSpace(rec[i])
			})
		}
	case "jsonl":
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		for line := 1; sc.Scan(); line++ {
			t := strings.TrimSpace(sc.Text())
			if t == "" {
				continue
			}
			var obj map[string]any
			if err := json.Unmarshal([]byte(t), &obj); err != nil {
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
			add(func(col string) string {
				if col == "" {
					return ""
				}
				switch v := obj[col].(type) {
				case string:
					return strings.TrimSpace(v)
				case float64:
					return strconv.FormatFloat(v, 'f', -1, 64)
				}
				return ""
			})
		}
		if err := sc.Err(); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown manifest format %q (want csv or jsonl)", format)
	}
	for b, n := range bases {
		if n > 1 {
			delete(m.byBase, b)
		}
	}
	return m, nil
}

// checkColumns reports named columns the CSV header lacks.
func checkColumns(cols ManifestColumns, has func(string) bool, head []string) error {
	var missing []string
	for _, c := range []string{cols.File, cols.CompanyName, cols.CompanyID, cols.FilingDate, cols.FilingType,
		cols.FilingID, cols.ExhibitID, cols.SIC, cols.Industry, cols.Source, cols.URL} {
		if c != "" && !has(c) {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("no column %s (the header has %s)", strings.Join(missing, ", "), strings.Join(head, ", "))
	}
	return nil
}

// apply fills meta from the manifest row of path (by path, else by base
// name). Manifest values win over the file's own (an EDGAR header), since
// whoever wrote the manifest chose them.
func (m *Manifest) apply(p string, meta *contract.Meta) {
	row, ok := m.byPath[p]
	if !ok {
		row, ok = m.byBase[path.Base(p)]
	}
	if !ok {
		return
	}
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&meta.CompanyName, row.CompanyName)
	set(&meta.CompanyID, row.CompanyID)
	set(&meta.FilingDate, row.FilingDate)
	set(&meta.FilingType, row.FilingType)
	set(&meta.FilingID, row.FilingID)
	set(&meta.ExhibitID, row.ExhibitID)
	set(&meta.SIC, row.SIC)
	set(&meta.IndustryName, row.IndustryName)
	set(&meta.Source, row.Source)
	set(&meta.URL, row.URL)
}

// NormalizeDate returns a date as YYYY-MM-DD, or "" when s is none of
// "2006-01-02", "20060102", "1/2/2006" or "1/2/06" (two-digit years from
// 50 are 19xx).
func NormalizeDate(s string) string {
	s = strings.TrimSpace(s)
	for _, layout := range []string{"2006-01-02", "20060102", "1/2/2006", "01/02/2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format("2006-01-02")
		}
	}
	if t, err := time.Parse("1/2/06", s); err == nil {
		if t.Year() >= 2050 {
			t = t.AddDate(-100, 0, 0)
		}
		return t.Format("2006-01-02")
	}
	return ""
}
