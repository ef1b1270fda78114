package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/clausetype"
	"github.com/contractsearch/contractsearch/internal/cuad"
)

// clauseLabels holds, per contract file, the clause types CUAD's
// annotators found in it: the slugs (through clausetype.OfHeading of the
// column name) of the master_clauses.csv categories whose text column is
// neither empty nor "[]".
type clauseLabels struct {
	// categories maps each category column to its slug, in column order.
	categories []category
	// byFile maps a manifest txt_file to its labelled slugs.
	byFile map[string]map[string]bool
	// cuad holds the labelled passages themselves.
	cuad *cuad.Labels
}

type category struct{ column, slug string }

// Categories that are contract metadata rather than clauses: a section
// cannot be "the parties" or "the document name", so they are not
// measured.
var metadataCategories = map[string]bool{"Document Name": true, "Parties": true, "Agreement Date": true}

// loadClauseLabels reads CUAD's labels (internal/cuad joins
// master_clauses.csv to the manifest's text files) and keeps, for each of
// rows, the clause types of its labelled categories.
func loadClauseLabels(dir string, rows []row) (*clauseLabels, error) {
	l, err := cuad.Load(dir)
	if err != nil {
		return nil, err
	}
	cl := &clauseLabels{byFile: make(map[string]map[string]bool), cuad: l}
	for _, h := range l.Categories {
		if metadataCategories[h] {
			continue
		}
		slug, ok := clausetype.OfHeading(h)
		if !ok {
			return nil, fmt.Errorf("CUAD category %q has no clause type", h)
		}
		cl.categories = append(cl.categories, category{column: h, slug: slug})
	}
	for _, r := range rows {
		labels := make(map[string]bool)
		for _, c := range cl.categories {
			if l.Has(c.column, r.file) {
				labels[c.slug] = true
			}
		}
		cl.byFile[r.file] = labels
	}
	return cl, nil
}

// clauseTypeMetric counts, for one clause type, the contracts CUAD labels
// with it and those the parser gives a clause of that type.
type clauseTypeMetric struct {
	category
	labelled, predicted, both int
	// misses are labelled contracts without the type; extras are
	// contracts with the type CUAD does not label.
	misses, extras []string
}

func (m *clauseTypeMetric) recall() float64    { return ratio(m.both, m.labelled) }
func (m *clauseTypeMetric) precision() float64 { return ratio(m.both, m.predicted) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// targetTypes are the types the text rules are written for, with the
// recall and precision they must reach.
var targetTypes = map[string]bool{
	"governing-law": true, "non-compete": true, "anti-assignment": true, "change-of-control": true, "audit-rights": true,
}

const (
	targetRecall    = 0.90
	targetPrecision = 0.95
)

// The halves of the manifest for the clause types: rules are written by
// reading the misses and false hits of the dev half only, so the check
// half measures them on contracts their author has not read.
const (
	halfDev   = "dev"
	halfCheck = "check"
	halfAll   = "all"
)

func validHalf(h string) bool { return h == halfDev || h == halfCheck || h == halfAll }

// inHalf reports whether manifest row i (0-based, manifest order) is in
// half: dev holds the even rows, check the odd ones.
func inHalf(i int, half string) bool {
	switch half {
	case halfDev:
		return i%2 == 0
	case halfCheck:
		return i%2 == 1
	}
	return true
}

// addClauseTypes compares a parsed contract's clause types with its labels.
func (r *results) addClauseTypes(file string, labels map[string]bool, c *contract.Contract) {
	got := make(map[string][]string)
	for _, s := range c.Clauses() {
		for _, t := range s.ClauseTypes {
			got[t] = append(got[t], s.Name)
		}
	}
	for _, m := range r.clauseTypes {
		l, p := labels[m.slug], len(got[m.slug]) > 0
		if l {
			m.labelled++
		}
		if p {
			m.predicted++
		}
		switch {
		case l && p:
			m.both++
		case l:
			m.misses = append(m.misses, fmt.Sprintf("%s\n    clauses: %s", file, clauseNames(c)))
		case p:
			m.extras = append(m.extras, fmt.Sprintf("%s\n    typed %s: %s", file, m.slug, strings.Join(got[m.slug], " | ")))
		}
	}
}

func (r *results) printClauseTypes(w io.Writer) {
	if len(r.clauseTypes) == 0 {
		return
	}
	fmt.Fprintf(w, "\nclause types (%s half of the manifest): contracts CUAD labels with a category / contracts with a clause of its type (clausetype.Classify);\n", r.half)
	fmt.Fprintf(w, "targets (marked *): recall ≥ %.0f%% at precision ≥ %.0f%%\n\n", targetRecall*100, targetPrecision*100)
	fmt.Fprintf(w, "| %-36s | %-34s | %8s | %9s | %4s | %6s | %9s | %s |\n", "CUAD category", "clause_type", "labelled", "predicted", "both", "recall", "precision", "met")
	fmt.Fprintf(w, "|%s|%s|%s|%s|%s|%s|%s|%s|\n", strings.Repeat("-", 38), strings.Repeat("-", 36), strings.Repeat("-", 10), strings.Repeat("-", 11), strings.Repeat("-", 6), strings.Repeat("-", 8), strings.Repeat("-", 11), strings.Repeat("-", 5))
	for _, m := range r.clauseTypes {
		met := ""
		if targetTypes[m.slug] {
			met = "yes"
			if !m.met() {
				met = "NO"
			}
		}
		slug := m.slug
		if targetTypes[slug] {
			slug += " *"
		}
		fmt.Fprintf(w, "| %-36s | %-34s | %8d | %9d | %4d | %5.1f%% | %8.1f%% | %-3s |\n", m.column, slug, m.labelled, m.predicted, m.both, m.recall()*100, m.precision()*100, met)
	}
}

func (m *clauseTypeMetric) met() bool {
	return m.recall() >= targetRecall && m.precision() >= targetPrecision
}

// printClauseTypeMisses prints the labelled contracts without the type
// and the typed contracts without the label, for -show clausetypes:<slug>.
func (r *results) printClauseTypeMisses(w io.Writer, slug string) {
	for _, m := range r.clauseTypes {
		if m.slug != slug {
			continue
		}
		sort.Strings(m.misses)
		sort.Strings(m.extras)
		fmt.Fprintf(w, "\n%d contracts CUAD labels %q without a %s clause:\n", len(m.misses), m.column, slug)
		for _, s := range m.misses {
			fmt.Fprintf(w, "- %s\n", s)
		}
		fmt.Fprintf(w, "\n%d contracts with a %s clause CUAD does not label %q:\n", len(m.extras), slug, m.column)
		for _, s := range m.extras {
			fmt.Fprintf(w, "- %s\n", s)
		}
	}
}
