// Package cuad reads the labels of the CUAD v1 corpus (the Contract
// Understanding Atticus Dataset, The Atticus Project, CC BY 4.0): which of
// its 41 clause categories a human found in each contract. The relevance
// evaluation turns them into judgments and the parser evaluation into
// expected clause types; nothing that builds an index may read them.
package cuad

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// Labels are CUAD's clause labels joined to the contract text files.
type Labels struct {
	// Files are the contracts' text files, relative to contracts/, in
	// manifest order.
	Files []string
	// Categories are the clause categories in master_clauses.csv's column
	// order ("Document Name", …, "Third Party Beneficiary").
	Categories []string
	// has maps a category to the files a human found that clause in.
	has map[string]map[string]bool
	// excerpts maps a category and a file to the passages the human
	// marked, as master_clauses.csv quotes them.
	excerpts map[string]map[string][]string
}

// Excerpts returns the passages CUAD marks as category in file: the
// clause text its annotators highlighted, one string a passage.
func (l *Labels) Excerpts(category, file string) []string { return l.excerpts[category][file] }

// Has reports whether CUAD labels category in file.
func (l *Labels) Has(category, file string) bool { return l.has[category][file] }

// With returns the files labelled with category, in manifest order.
func (l *Labels) With(category string) []string {
	var out []string
	for _, f := range l.Files {
		if l.has[category][f] {
			out = append(out, f)
		}
	}
	return out
}

// Load reads manifest.csv and master_clauses.csv of the CUAD folder dir.
// master_clauses.csv names each contract by its PDF file; the manifest
// pairs PDF and text files. The names differ in case, extension and in
// characters the corpus replaced ("&" → "_", a stray quote, é in NFD), so
// both are compared by joinKey, and a label file that still matches no
// manifest row is matched by a unique prefix, else reported.
func Load(dir string) (*Labels, error) {
	manifest, err := readCSV(filepath.Join(dir, "manifest.csv"))
	if err != nil {
		return nil, err
	}
	master, err := readCSV(filepath.Join(dir, "master_clauses.csv"))
	if err != nil {
		return nil, err
	}
	mcol, err := columns(manifest[0], "txt_file", "pdf_file")
	if err != nil {
		return nil, fmt.Errorf("manifest.csv: %w", err)
	}
	l := &Labels{has: map[string]map[string]bool{}, excerpts: map[string]map[string][]string{}}
	byKey := map[string]string{}
	for _, r := range manifest[1:] {
		txt := r[mcol["txt_file"]]
		l.Files = append(l.Files, txt)
		byKey[joinKey(r[mcol["pdf_file"]])] = txt
	}
	head := master[0]
	if len(head) == 0 || head[0] != "Filename" {
		return nil, errors.New("master_clauses.csv: the first column is not Filename")
	}
	var cats []int
	for i, h := range head {
		if i > 0 && !strings.HasSuffix(strings.TrimSpace(h), "Answer") {
			cats = append(cats, i)
			l.Categories = append(l.Categories, strings.TrimSpace(h))
		}
	}
	for line, r := range master[1:] {
		txt, err := match(byKey, r[0])
		if err != nil {
			return nil, fmt.Errorf("master_clauses.csv line %d: %w", line+2, err)
		}
		for _, i := range cats {
			if i >= len(r) || !labelled(r[i]) {
				continue
			}
			c := strings.TrimSpace(head[i])
			if l.has[c] == nil {
				l.has[c] = map[string]bool{}
				l.excerpts[c] = map[string][]string{}
			}
			l.has[c][txt] = true
			l.excerpts[c][txt] = append(l.excerpts[c][txt], ParseExcerpts(r[i])...)
		}
	}
	return l, nil
}

// labelled reports whether a category cell holds clause text: CUAD writes
// "[]" (or nothing) where the clause is absent.
func labelled(cell string) bool {
	c := strings.TrimSpace(cell)
	return c != "" && c != "[]"
}

// ParseExcerpts reads a category cell of master_clauses.csv: a list of
// quoted passages as Python prints one (`['Licensee shall …', "Company's
// …"]`, backslash escapes inside). A cell that is not such a list is one
// passage; an unterminated string is kept up to the cell's end.
func ParseExcerpts(cell string) []string {
	c := strings.TrimSpace(cell)
	if !strings.HasPrefix(c, "[") || !strings.HasSuffix(c, "]") {
		if c == "" {
			return nil
		}
		return []string{c}
	}
	var out []string
	for i := 1; i < len(c)-1; i++ {
		q := c[i]
		if q != '\'' && q != '"' {
			continue // ", " between passages
		}
		var b strings.Builder
		j := i + 1
		for ; j < len(c)-1 && c[j] != q; j++ {
			if c[j] == '\\' && j+1 < len(c)-1 {
				j++
				switch c[j] {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				default:
					b.WriteByte(c[j])
				}
				continue
			}
			b.WriteByte(c[j])
		}
		out = append(out, b.String())
		i = j
	}
	return out
}

func match(byKey map[string]string, pdf string) (string, error) {
	k := joinKey(pdf)
	if txt, ok := byKey[k]; ok {
		return txt, nil
	}
	var found []string
	for mk, txt := range byKey {
		if strings.HasPrefix(mk, k) || strings.HasPrefix(k, mk) {
			found = append(found, txt)
		}
	}
	if len(found) != 1 {
		return "", fmt.Errorf("%q matches %d manifest rows", pdf, len(found))
	}
	return found[0], nil
}

// joinKey is a file name without folder and extension, decomposed (NFD),
// with only ASCII letters and digits kept, lower-cased.
func joinKey(name string) string {
	name = strings.Trim(strings.TrimSpace(name), "'")
	base := path.Base(strings.ReplaceAll(name, `\`, "/"))
	base = strings.TrimSuffix(base, path.Ext(base))
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(base)) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func readCSV(p string) ([][]string, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("open CUAD labels (is ../shared/corpora/cuad present?): %w", err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	var rows [][]string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", p, err)
		}
		rows = append(rows, rec)
	}
	if len(rows) < 2 {
		return nil, fmt.Errorf("%s: no rows", p)
	}
	return rows, nil
}

func columns(head []string, names ...string) (map[string]int, error) {
	col := map[string]int{}
	for i, h := range head {
		col[strings.TrimSpace(h)] = i
	}
	for _, n := range names {
		if _, ok := col[n]; !ok {
			return nil, fmt.Errorf("no column %q", n)
		}
	}
	return col, nil
}
