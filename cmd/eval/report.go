package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/parse"
	"github.com/contractsearch/contractsearch/internal/contract/source"
)

// metric is one comparison: how many contracts it applies to, how many
// the parser got right, its target, and the misses for -show.
type metric struct {
	name, compares string
	target         float64
	total, correct int
	misses         []string
}

func (m *metric) add(ok bool, miss string) {
	m.total++
	if ok {
		m.correct++
	} else {
		m.misses = append(m.misses, miss)
	}
}

func (m *metric) rate() float64 {
	if m.total == 0 {
		return 0
	}
	return float64(m.correct) / float64(m.total)
}

type results struct {
	metrics          []*metric
	files, bytes     int
	unreadable       []string
	elapsed, parsing time.Duration
	// companyTypo counts first parties that match only with the typo
	// tolerance; companyStrict those equal without it and without
	// dropping qualifiers from the label.
	companyTypo, companyStrict int
	// titleStrict counts titles equal to the label without the typo
	// tolerance.
	titleStrict int
	// lawFirm compares `lawfirm` with the hand judgments.
	lawFirm lawFirmMetric
	// refused lists the contracts parse.CheckAgreement reads as no
	// agreement, which ingest would refuse: every CUAD file is one.
	refused []string
	// clauseTypes compares clause types with CUAD's categories, in
	// master_clauses.csv column order.
	clauseTypes []*clauseTypeMetric
	// half is the manifest half the clause types were measured on.
	half string
	// landing counts where each category's labelled passages land, and
	// unsectioned lists those in no clause (landing.go).
	landing     []*landingMetric
	unsectioned []string
}

// evaluate parses the contracts of rows in half (see inHalf) and compares
// them with their labels. The parser is given what ingest would give it:
// the file's text and the metadata of man (the filer's name, form, date;
// no label column), or none when man is nil.
func evaluate(dir string, rows []row, labels *clauseLabels, half string, man *source.Manifest) (*results, error) {
	jur := &metric{name: "jurisdiction", compares: "jurisdiction.value ∈ governing_law answer", target: 0.95}
	title := &metric{name: "title", compares: "name = document_name (normalised)", target: 0.90}
	cat := &metric{name: "category", compares: "category.value = manifest category", target: 0.85}
	comp := &metric{name: "company", compares: "company.name ∈ labelled parties (normalised)", target: 0.92}
	compText := &metric{name: "company-text", compares: "the same, from the text alone (no manifest)", target: 0.92}
	head := &metric{name: "heading", compares: "Governing Law heading → clause \"governing law\"", target: 0.90}
	res := &results{metrics: []*metric{jur, title, cat, comp, compText, head}, half: half}
	firms, err := loadLawFirms(lawFirmJudgments)
	if err != nil {
		return nil, err
	}
	if labels != nil {
		for _, c := range labels.categories {
			res.clauseTypes = append(res.clauseTypes, &clauseTypeMetric{category: c})
		}
	}
	for i, r := range rows {
		if !inHalf(i, half) {
			continue
		}
		// The parser sees what ingest would: the file's text through the
		// reader and the manifest's metadata fields, which no label column
		// reaches (source.ManifestColumns).
		docs, err := source.ReadFile(filepath.Join(dir, r.file), r.file, source.Options{Manifest: man})
		if err != nil || len(docs) == 0 {
			res.unreadable = append(res.unreadable, fmt.Sprintf("%s: %v", r.file, err))
			continue
		}
		raw := []byte(docs[0].Text)
		res.files++
		res.bytes += len(raw)
		t0 := time.Now()
		c := parse.Parse(docs[0].Text, docs[0].Meta)
		res.parsing += time.Since(t0)
		if err := parse.CheckAgreement(c); err != nil {
			res.refused = append(res.refused, fmt.Sprintf("%s: %v", r.file, err))
		}

		if want := lawValues(r.governingLaw); len(want) > 0 {
			got := ""
			if c.Jurisdiction != nil {
				got = c.Jurisdiction.Value
			}
			jur.add(contains(want, got), fmt.Sprintf("%s\n    want %v (%q), got %q", r.file, want, r.governingLaw, got))
		}
		if strings.TrimSpace(r.documentName) != "" {
			a, b := parse.NormTitle(c.Name), parse.NormTitle(r.documentName)
			if a == b {
				res.titleStrict++
			}
			title.add(a == b || typoMatch(a, b), fmt.Sprintf("%s\n    want %q\n    got  %q", r.file, collapse(r.documentName), c.Name))
		}
		if want, ok := folderCategories[r.category]; ok {
			got := ""
			if c.Category != nil {
				got = c.Category.Value
			}
			cat.add(contains(want, got), fmt.Sprintf("%s\n    want %v, got %q (title %q)", r.file, want, got, c.Name))
		}
		if want := labelledParties(r.parties); len(want) > 0 {
			got := ""
			if c.Company != nil {
				got = c.Company.Name
			}
			ok, strict, typo := matchParty(got, want)
			if strict {
				res.companyStrict++
			}
			if typo {
				res.companyTypo++
			}
			comp.add(ok, fmt.Sprintf("%s\n    want one of %q\n    got  %q (parties %s)", r.file, want, got, partyList(c.Parties)))
			gotText := ""
			if a := parse.Company(c.Parties, c.Body, contract.Meta{}); a != nil {
				gotText = a.Name
			}
			okText, _, _ := matchParty(gotText, want)
			compText.add(okText, fmt.Sprintf("%s\n    want one of %q\n    got  %q (parties %s)", r.file, want, gotText, partyList(c.Parties)))
		}
		if c.LawFirm != nil {
			res.lawFirm.named++
		}
		if want, ok := firms[r.file]; ok {
			res.lawFirm.add(r.file, want, c.LawFirm)
		}
		if h := findLawHeading(raw); h != "" {
			found := false
			for _, s := range c.Clauses() {
				if s.Value == "governing law" {
					found = true
					break
				}
			}
			head.add(found, fmt.Sprintf("%s\n    heading: %q\n    clauses: %s", r.file, h, clauseNames(c)))
		}
		if labels != nil && inHalf(i, half) {
			if l, ok := labels.byFile[r.file]; ok {
				res.addClauseTypes(r.file, l, c)
				res.addLanding(labels, r.file, c)
			}
		}
	}
	return res, nil
}

// matchParty compares a company name with the labelled parties: ok when
// it equals one of them normalised (normCompany), or does with the typo
// tolerance (typo); strict when it equals one without dropping qualifiers.
func matchParty(got string, want []string) (ok, strict, typo bool) {
	a := normCompany(got)
	if a == "" {
		return false, false, false
	}
	for _, w := range want {
		if sa := normCompanyStrict(got); sa == normCompanyStrict(w) {
			strict = true
		}
		if a == normCompany(w) {
			ok = true
		}
	}
	if !ok {
		for _, w := range want {
			if typoMatch(a, normCompany(w)) {
				return true, strict, true
			}
		}
	}
	return ok, strict, false
}

// partyList shows the parties found, with kind and defined term, for the
// misses.
func partyList(ps []contract.Party) string {
	var out []string
	for _, p := range ps {
		s := p.Name + " [" + string(p.Kind)
		if p.Term != "" {
			s += ", " + p.Term
		}
		out = append(out, s+"]")
	}
	return "{" + strings.Join(out, "; ") + "}"
}

func clauseNames(c *contract.Contract) string {
	var names []string
	for _, s := range c.Clauses() {
		names = append(names, s.Value)
	}
	return strings.Join(names, " | ")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

func (r *results) print(w io.Writer) {
	fmt.Fprintf(w, "CUAD v1 (The Atticus Project, CC BY 4.0), %s: %d contracts, %.1f MB, parsed in %.2fs (%.1f MB/s on one core)\n\n",
		halfName(r.half), r.files, float64(r.bytes)/1e6, r.parsing.Seconds(), float64(r.bytes)/1e6/r.parsing.Seconds())
	fmt.Fprintf(w, "| %-12s | %-50s | %6s | %9s | %7s | %s |\n", "metric", "comparison", "target", "correct", "rate", "met")
	fmt.Fprintf(w, "|%s|%s|%s|%s|%s|%s|\n", strings.Repeat("-", 14), strings.Repeat("-", 52), strings.Repeat("-", 8), strings.Repeat("-", 11), strings.Repeat("-", 9), strings.Repeat("-", 5))
	for _, m := range r.metrics {
		met := "yes"
		if m.rate() < m.target {
			met = "NO"
		}
		fmt.Fprintf(w, "| %-12s | %-50s | %5.0f%% | %4d/%4d | %6.1f%% | %-3s |\n", m.name, m.compares, m.target*100, m.correct, m.total, m.rate()*100, met)
	}
	for _, m := range r.metrics {
		if m.name == "title" {
			fmt.Fprintf(w, "\ntitle: %d of the %d matches needed the typo tolerance (a label cut short, \"AGREEMEN\", or run on, \"AGREEMENT, d\");\n", m.correct-r.titleStrict, m.correct)
			fmt.Fprintf(w, "       without it: %d/%d (%.1f%%)\n", r.titleStrict, m.total, 100*float64(r.titleStrict)/float64(max(m.total, 1)))
		}
		if m.name == "company" {
			fmt.Fprintf(w, "\ncompany: the organisation party the filer is (manifest company, matched by its letters), else the first organisation party;\n")
			fmt.Fprintf(w, "         %d of the %d matches needed the typo tolerance (edit distance ≤ 2 and ≤ 1 per 6 characters);\n", r.companyTypo, m.correct)
			fmt.Fprintf(w, "         without it and without dropping qualifiers (\"and its Affiliates\", \"d/b/a …\") from labels: %d/%d (%.1f%%)\n",
				r.companyStrict, m.total, 100*float64(r.companyStrict)/float64(max(m.total, 1)))
		}
	}
	r.lawFirm.print(w, r.files)
	fmt.Fprintf(w, "\nrefused as not a contract (parse.CheckAgreement, as ingest refuses them): %d of %d\n", len(r.refused), r.files)
	for _, s := range r.refused {
		fmt.Fprintf(w, "  %s\n", s)
	}
	for _, u := range r.unreadable {
		fmt.Fprintf(w, "unreadable: %s\n", u)
	}
}

func (r *results) printMisses(w io.Writer, name string) {
	if slug, ok := strings.CutPrefix(name, "clausetypes:"); ok {
		r.printClauseTypeMisses(w, slug)
		return
	}
	if name == "landing" {
		r.printLanding(w)
		return
	}
	if name == "lawfirm" {
		fmt.Fprintf(w, "\n%d misses of lawfirm:\n", len(r.lawFirm.misses))
		for _, s := range r.lawFirm.misses {
			fmt.Fprintf(w, "- %s\n", s)
		}
		return
	}
	for _, m := range r.metrics {
		if m.name != name {
			continue
		}
		fmt.Fprintf(w, "\n%d misses of %s:\n", len(m.misses), name)
		for _, s := range m.misses {
			fmt.Fprintf(w, "- %s\n", s)
		}
	}
}

// allMet reports whether the parser metrics meet their targets. The
// clause-type targets are reported in their table but do not fail the
// run: three of the five are not met yet (docs/ingest.md).
func (r *results) allMet() bool {
	if len(r.refused) > 0 {
		return false
	}
	for _, m := range r.metrics {
		if m.rate() < m.target {
			return false
		}
	}

	return true
}

// halfName says which contracts a run measured.
func halfName(half string) string {
	switch half {
	case halfDev:
		return "dev half (even manifest rows)"
	case halfCheck:
		return "check half (odd manifest rows)"
	}
	return "all rows"
}
