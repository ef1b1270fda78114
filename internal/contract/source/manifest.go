package source

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// A manifest is a CSV file (with a header row) or a JSONL file (one object
// per line) with one row per contract file, or per document of an EDGAR
// submission. It lives here, beside the readers, because it is what is
// known about an input file before parsing, as an EDGAR header is, and is
// found by what the readers see: the file's path, the document's EDGAR
// <SEQUENCE> and exhibit type. Read applies it (Options.Manifest); the
// ingest pipeline also asks it which files it lists, and cmd/ingest maps
// its columns with flags (ManifestColumns.Fields). Its columns are mapped to metadata fields by name; every
// column not mapped is ignored. Only metadata is read — company name and
// identifier, filing date, form type, accession number, exhibit type, SIC
// code and title, source host, URL — never what a parser should find by
// itself (title, category, parties, governing law …): Meta has no field
// for them, so a manifest cannot leak labels into parsing.

// ManifestColumns names one manifest column per metadata field. The zero
// value of a field means "find it": the first of the field's default names
// present in the manifest (ManifestField.Defaults); NoColumn means "do not
// read this field". Names compare case-insensitively.
type ManifestColumns struct {
	// Path is the file the row describes, relative to the input folder or
	// to any folder beneath it (CUAD names files relative to contracts/);
	// a bare file name matches when no other row has it. Default names:
	// file, path, txt_file, filename.
	Path string
	// Sequence is the EDGAR <SEQUENCE> of the document the row describes,
	// for submissions holding several; rows without one describe every
	// document of the file. Default: sequence, seq.
	Sequence string
	// Company is the filer's name. Default: company, company_name, filer.
	Company string
	// CIK is the numeric company identifier. Default: cik, company_id.
	CIK string
	// FilingDate is YYYY-MM-DD, YYYYMMDD or M/D/YYYY. Default: filing_date,
	// date_filed, filed.
	FilingDate string
	// FormType is the form filed ("10-Q"). Default: form_type, filing_type, form.
	FormType string
	// Accession is the accession number, the filing_id. Default: accession,
	// accession_number, filing_id, edgar_doc_id.
	Accession string
	// Exhibit is the exhibit type ("EX-10.1"). Default: exhibit, exhibit_id,
	// exhibit_type.
	Exhibit string
	// SIC is the Standard Industrial Classification code. Default: sic, sic_code.
	SIC string
	// Industry is the SIC title. Default: industry_name, sic_name.
	Industry string
	// Source is the host the filing came from. Default: source, source_host.
	Source string
	// URL addresses the original document. Default: url, source_url.
	URL string
}

// NoColumn, as a ManifestColumns field, turns the field off.
const NoColumn = "-"

// ManifestField is one field of ManifestColumns.
type ManifestField struct {
	// Key names the field: path, sequence, company, cik, filing_date,
	// form_type, accession, exhibit, sic, industry, source, url.
	Key string
	// Column points at the field's column name in ManifestColumns.
	Column *string
	// Defaults are the names tried, in order, when the column is left
	// empty.
	Defaults []string
}

// Fields lists the fields of c in a fixed order, each with its default
// column names: cmd/ingest makes its -manifest-*-column flags from them.
func (c *ManifestColumns) Fields() []ManifestField {
	return []ManifestField{
		{"path", &c.Path, []string{"file", "path", "txt_file", "filename"}},
		{"sequence", &c.Sequence, []string{"sequence", "seq"}},
		{"company", &c.Company, []string{"company", "company_name", "filer"}},
		{"cik", &c.CIK, []string{"cik", "company_id"}},
		{"filing_date", &c.FilingDate, []string{"filing_date", "date_filed", "filed"}},
		{"form_type", &c.FormType, []string{"form_type", "filing_type", "form"}},
		{"accession", &c.Accession, []string{"accession", "accession_number", "filing_id", "edgar_doc_id"}},
		{"exhibit", &c.Exhibit, []string{"exhibit", "exhibit_id", "exhibit_type"}},
		{"sic", &c.SIC, []string{"sic", "sic_code"}},
		{"industry", &c.Industry, []string{"industry_name", "sic_name"}},
		{"source", &c.Source, []string{"source", "source_host"}},
		{"url", &c.URL, []string{"url", "source_url"}},
	}
}

// String lists the fields that have a column: "path=file company=company".
func (c ManifestColumns) String() string {
	var parts []string
	for _, f := range c.Fields() {
		if *f.Column != "" {
			parts = append(parts, f.Key+"="+*f.Column)
		}
	}
	return strings.Join(parts, " ")
}

// Manifest is a parsed manifest: the metadata of each row, found by path.
type Manifest struct {
	// Source names the file, for messages.
	Source string
	// Resolved is ManifestColumns as applied: each field's column, or ""
	// when the manifest has none.
	Resolved ManifestColumns
	// Rows counts the rows read; Warnings the rows or values left out, each
	// with its line and reason.
	Rows     int
	Warnings []string

	byPath map[string][]manifestRow // cleaned path → rows, in file order
	byBase map[string]string        // base name → path, "" when ambiguous
}

type manifestRow struct {
	seq  int
	meta contract.Meta
}

// LoadManifest opens the manifest file name and parses it (ParseManifest).
func LoadManifest(name string, cols ManifestColumns) (*Manifest, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("manifest %s: %w", name, unwrapPath(err))
	}
	defer f.Close()
	return ParseManifest(name, f, cols)
}

// unwrapPath drops an *fs.PathError's path, which the message gives
// already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// ParseManifest reads a manifest: JSONL when name ends in .jsonl, .ndjson
// or .json or the first non-blank byte is '{', else CSV. cols maps the
// columns. An unreadable manifest (malformed CSV or JSON, no path column)
// is an error naming the line; a row without a path or with a bad value
// is a warning, and the rest of the manifest is used.
func ParseManifest(name string, r io.Reader, cols ManifestColumns) (*Manifest, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("manifest %s: %w", name, err)
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("manifest %s: not valid UTF-8 (first bad byte at offset %d)", name, invalidAt(data))
	}
	m := &Manifest{Source: name, byPath: map[string][]manifestRow{}, byBase: map[string]string{}}
	ext := strings.ToLower(path.Ext(name))
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if ext == ".jsonl" || ext == ".ndjson" || ext == ".json" || len(trimmed) > 0 && trimmed[0] == '{' {
		err = m.readJSONL(data, cols)
	} else {
		err = m.readCSV(data, cols)
	}
	if err != nil {
		return nil, fmt.Errorf("manifest %s: %w", name, err)
	}
	return m, nil
}

// resolve maps each Columns field to an index in header, or -1.
func (m *Manifest) resolve(header []string, cols ManifestColumns) (map[string]int, error) {
	pos := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(h))
		if _, dup := pos[h]; !dup {
			pos[h] = i
		}
	}
	out := map[string]int{}
	for _, f := range cols.Fields() {
		want := strings.ToLower(strings.TrimSpace(*f.Column))
		out[f.Key] = -1
		switch want {
		case NoColumn:
		case "":
			for _, cand := range f.Defaults {
				if i, ok := pos[cand]; ok {
					out[f.Key] = i
					break
				}
			}
		default:
			i, ok := pos[want]
			if !ok {
				return nil, fmt.Errorf("no column %q (for %s); columns are %s", *f.Column, f.Key, strings.Join(header, ", "))
			}
			out[f.Key] = i
		}
	}
	if out["path"] < 0 {
		return nil, fmt.Errorf("no path column: name it with -manifest-path-column (tried %s; columns are %s)",
			strings.Join(cols.Fields()[0].Defaults, ", "), strings.Join(header, ", "))
	}
	for _, f := range m.Resolved.Fields() {
		if i := out[f.Key]; i >= 0 {
			*f.Column = header[i]
		}
	}
	return out, nil
}

func (m *Manifest) readCSV(data []byte, cols ManifestColumns) error {
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = false
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return errors.New("empty: no header row")
	}
	if err != nil {
		return err
	}
	idx, err := m.resolve(header, cols)
	if err != nil {
		return err
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		line, _ := cr.FieldPos(0)
		get := func(key string) string {
			if i := idx[key]; i >= 0 && i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		m.add(line, get)
	}
}

func (m *Manifest) readJSONL(data []byte, cols ManifestColumns) error {
	// Columns are the keys of every object; resolve them over their union,
	// in order of first appearance.
	type row struct {
		line int
		obj  map[string]string
	}
	var rows []row
	var header []string
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), len(data)+1)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(line, &raw); err != nil {
			return fmt.Errorf("line %d: not a JSON object: %v", n, err)
		}
		obj := make(map[string]string, len(raw))
		keys := make([]string, 0, len(raw))
		for k := range raw {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			lk := strings.ToLower(strings.TrimSpace(k))
			if !seen[lk] {
				seen[lk] = true
				header = append(header, lk)
			}
			if v, ok := jsonScalar(raw[k]); ok {
				if _, dup := obj[lk]; !dup {
					obj[lk] = v
				}
			}
		}
		rows = append(rows, row{n, obj})
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if len(rows) == 0 {
		return errors.New("empty: no rows")
	}
	idx, err := m.resolve(header, cols)
	if err != nil {
		return err
	}
	for _, r := range rows {
		m.add(r.line, func(key string) string {
			if i := idx[key]; i >= 0 {
				return strings.TrimSpace(r.obj[header[i]])
			}
			return ""
		})
	}
	return nil
}

// jsonScalar returns a JSON string or number as text.
func jsonScalar(raw json.RawMessage) (string, bool) {
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return "", false
	}
	switch v := v.(type) {
	case string:
		return v, true
	case json.Number:
		return v.String(), true
	}
	return "", false
}

// add records one row, read through get.
func (m *Manifest) add(line int, get func(key string) string) {
	m.Rows++
	warn := func(format string, args ...any) {
		m.Warnings = append(m.Warnings, fmt.Sprintf("line %d: ", line)+fmt.Sprintf(format, args...))
	}
	p := cleanManifestPath(get("path"))
	if p == "" {
		warn("no file path; row ignored")
		return
	}
	seq := 0
	if s := get("sequence"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			warn("sequence %q is not a positive number; row ignored", s)
			return
		}
		seq = n
	}
	for _, r := range m.byPath[p] {
		if r.seq == seq {
			warn("second row for %s (sequence %d); row ignored", p, seq)
			return
		}
	}
	meta := contract.Meta{
		CompanyName:  humanName(get("company")),
		FilingType:   get("form_type"),
		FilingID:     get("accession"),
		ExhibitID:    get("exhibit"),
		IndustryName: get("industry"),
		Source:       get("source"),
		URL:          get("url"),
	}
	if s := get("cik"); s != "" {
		if allDigits(s) && len(s) <= 12 {
			meta.CompanyID = strings.TrimLeft(s, "0")
		} else {
			warn("cik %q is not a number of at most 12 digits; left out", s)
		}
	}
	if s := get("sic"); s != "" {
		// "7372", or as EDGAR headers write it, "SERVICES-PREPACKAGED
		// SOFTWARE [7372]"
		if name, code := splitSIC(s); code != "" && len(code) <= 4 {
			meta.SIC = code
			if meta.IndustryName == "" {
				meta.IndustryName = name
			}
		} else {
			warn("sic %q is not a number of at most 4 digits; left out", s)
		}
	}
	if s := get("filing_date"); s != "" {
		if d := NormalizeDate(s); d != "" {
			meta.FilingDate = d
		} else {
			warn("filing date %q is not YYYY-MM-DD, YYYYMMDD, M/D/YYYY or M/D/YY; left out", s)
		}
	}
	if len(m.byPath[p]) == 0 {
		base := path.Base(p)
		if prev, ok := m.byBase[base]; ok && prev != p {
			m.byBase[base] = ""
		} else {
			m.byBase[base] = p
		}
	}
	m.byPath[p] = append(m.byPath[p], manifestRow{seq: seq, meta: meta})
}

// cleanManifestPath normalises a path as written in a manifest: slashes,
// no "./", no leading "/" or volume.
func cleanManifestPath(p string) string {
	if p == "" {
		return ""
	}
	p = filepath.ToSlash(p)
	p = strings.ReplaceAll(p, `\`, "/")
	p = path.Clean("/" + p)[1:]
	if p == "" || p == "." {
		return ""
	}
	return p
}

// NormalizeDate returns a date as YYYY-MM-DD, the mappings' date format,
// or "" when s is none of "2006-01-02", "20060102", "1/2/2006", "1/2/06"
// (two-digit years from 50 are 19xx) or an RFC 3339 time, or its year is
// not between 1900 and 2999.
func NormalizeDate(s string) string {
	s = strings.TrimSpace(s)
	for _, layout := range []string{"2006-01-02", "20060102", "1/2/2006", time.RFC3339, "1/2/06"} {
		t, err := time.Parse(layout, s)
		if err != nil {
			continue
		}
		if layout == "1/2/06" && t.Year() >= 2050 {
			t = t.AddDate(-100, 0, 0)
		}
		if t.Year() < 1900 || t.Year() > 2999 {
			return ""
		}
		return t.Format("2006-01-02")
	}
	return ""
}

// humanName splits a name written without spaces at its case changes, as
// CUAD's file-name-derived filer names are: "CybergyHoldingsInc" →
// "Cybergy Holdings Inc". Names with spaces are kept as written.
func humanName(s string) string {
	if s == "" || strings.ContainsAny(s, " \t") {
		return s
	}
	var b strings.Builder
	var prev rune
	for i, r := range s {
		if i > 0 && unicode.IsUpper(r) && unicode.IsLower(prev) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// Lookup returns the metadata the manifest gives for a document of the
// file at rel (slash-separated, relative to the input root), and whether
// the manifest lists the file. seq is the document's EDGAR <SEQUENCE> (0
// when unknown or the file is one document) and exhibit its exhibit type
// (as the file says, "" when unknown).
//
// The file's rows are found by rel, then by rel without its leading
// folders one by one, then by the bare file name when only one file has
// it. Among them, the row with the document's sequence wins, then the
// only row with its exhibit type, then the row without a sequence (it
// describes the whole file), then the file's only row if it has just one.
// A file listed only for other documents is listed, but this document
// gets no metadata.
func (m *Manifest) Lookup(rel string, seq int, exhibit string) (contract.Meta, bool) {
	if m == nil {
		return contract.Meta{}, false
	}
	rows, ok := m.rowsOf(rel)
	if !ok {
		return contract.Meta{}, false
	}
	if seq > 0 {
		for _, r := range rows {
			if r.seq == seq {
				return r.meta, true
			}
		}
	}
	if exhibit != "" {
		var match *manifestRow
		n := 0
		for i := range rows {
			if strings.EqualFold(rows[i].meta.ExhibitID, exhibit) {
				match = &rows[i]
				n++
			}
		}
		if n == 1 {
			return match.meta, true
		}
	}
	for _, r := range rows {
		if r.seq == 0 {
			return r.meta, true
		}
	}
	if len(rows) == 1 && (seq == 0 || exhibit == "") {
		return rows[0].meta, true
	}
	return contract.Meta{}, true
}

// Lists reports whether the manifest has a row for the file at rel.
func (m *Manifest) Lists(rel string) bool {
	if m == nil {
		return false
	}
	_, ok := m.rowsOf(rel)
	return ok
}

func (m *Manifest) rowsOf(rel string) ([]manifestRow, bool) {
	p := cleanManifestPath(rel)
	for q := p; q != ""; {
		if rows, ok := m.byPath[q]; ok {
			return rows, true
		}
		_, rest, found := strings.Cut(q, "/")
		if !found {
			break
		}
		q = rest
	}
	if full := m.byBase[path.Base(p)]; full != "" {
		return m.byPath[full], true
	}
	return nil, false
}

// mergeMeta returns base with every non-empty field of over written over
// it: the manifest wins over what a file says about itself, since whoever
// wrote the manifest chose its values. A URL the file's header gave (an
// EDGAR archive address) goes when the manifest names another source host
// and no URL: it would point somewhere the manifest says the file did not
// come from.
func mergeMeta(base, over contract.Meta) contract.Meta {
	if over.Source != "" && over.Source != base.Source && over.URL == "" {
		base.URL = ""
	}
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&base.CompanyName, over.CompanyName)
	set(&base.CompanyID, over.CompanyID)
	set(&base.FilingDate, over.FilingDate)
	set(&base.FilingType, over.FilingType)
	set(&base.FilingID, over.FilingID)
	set(&base.ExhibitID, over.ExhibitID)
	set(&base.SIC, over.SIC)
	set(&base.IndustryName, over.IndustryName)
	set(&base.Source, over.Source)
	set(&base.URL, over.URL)
	return base
}
