package democorpus

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// ManifestName is the manifest's file name in the corpus directory.
const ManifestName = "manifest.csv"

// manifestHeader names the manifest's columns; ingest maps them with its
// -manifest flags.
var manifestHeader = []string{
	"id", "file", "format", "exhibit", "sequence",
	"title", "category", "category_name", "company", "cik", "industry", "industry_name", "sic",
	"filing_date", "form_type", "accession", "source",
	"jurisdiction", "jurisdiction_value", "country", "country_code",
	"parties", "agreement_date", "lawfirm", "duplicate_of", "variant",
}

// Manifest returns the manifest: a CSV file with a header and one row per
// contract, in ID order.
func (c *Corpus) Manifest() []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write(manifestHeader) // writes to a bytes.Buffer cannot fail
	for _, k := range c.Contracts {
		seq := ""
		if k.Sequence > 0 {
			seq = strconv.Itoa(k.Sequence)
		}
		_ = w.Write([]string{
			k.ID, k.File, k.Format, k.Exhibit, seq,
			k.Title, k.Category, k.CategoryName, k.Company, k.CIK, k.Industry, k.IndustryName, k.SIC,
			k.FilingDate, k.FormType, k.Accession, k.Source,
			k.Jurisdiction, k.JurisdictionValue, k.Country, k.CountryCode,
			k.Parties, k.AgreementDate, k.Lawfirm, k.DuplicateOf, k.Variant,
		})
	}
	w.Flush()
	return buf.Bytes()
}

// Write writes the corpus's files and manifest under dir, which must be
// absent or empty: writing over an older corpus could leave its files
// behind and silently mix two corpora.
func (c *Corpus) Write(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
	case err != nil:
		return fmt.Errorf("democorpus: reading output directory: %w", err)
	case len(entries) > 0:
		return fmt.Errorf("democorpus: output directory %s is not empty", dir)
	}
	for _, f := range c.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("democorpus: %w", err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return fmt.Errorf("democorpus: %w", err)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("democorpus: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestName), c.Manifest(), 0o644); err != nil {
		return fmt.Errorf("democorpus: %w", err)
	}
	return nil
}
