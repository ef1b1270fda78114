package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract/jurisdiction"
)

// row is one contract of the manifest with the answers the evaluation
// reads. Only the evaluation reads them; the parser sees the text alone.
type row struct {
	file         string
	category     string // the CUAD folder, e.g. "Co_Branding"
	documentName string
	parties      string
	governingLaw string
}

func loadManifest(path string) ([]row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open the CUAD manifest (is ../shared/corpora/cuad present? -cuad sets it): %w", err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if len(recs) < 2 {
		return nil, fmt.Errorf("%s: no rows", path)
	}
	col := make(map[string]int)
	for i, h := range recs[0] {
		col[h] = i
	}
	for _, need := range []string{"txt_file", "category", "document_name", "parties", "governing_law"} {
		if _, ok := col[need]; !ok {
			return nil, fmt.Errorf("%s: no column %q", path, need)
		}
	}
	rows := make([]row, 0, len(recs)-1)
	for _, r := range recs[1:] {
		rows = append(rows, row{
			file:         r[col["txt_file"]],
			category:     r[col["category"]],
			documentName: r[col["document_name"]],
			parties:      r[col["parties"]],
			governingLaw: r[col["governing_law"]],
		})
	}
	return rows, nil
}

// folderCategories maps CUAD's folders to the taxonomy's slugs. The
// "Joint Venture _ Filing" folder holds joint venture agreements and
// Schedule 13D joint filing agreements, so either type is its answer.
var folderCategories = map[string][]string{
	"Affiliate Agreement":     {"affiliate-agreement"},
	"Affiliate_Agreements":    {"affiliate-agreement"},
	"Agency Agreements":       {"agency-agreement"},
	"Co_Branding":             {"co-branding-agreement"},
	"Collaboration":           {"collaboration-agreement"},
	"Consulting Agreements":   {"consulting-agreement"},
	"Development":             {"development-agreement"},
	"Distributor":             {"distributor-agreement"},
	"Endorsement":             {"endorsement-agreement"},
	"Endorsement Agreement":   {"endorsement-agreement"},
	"Franchise":               {"franchise-agreement"},
	"Hosting":                 {"hosting-agreement"},
	"IP":                      {"intellectual-property-agreement"},
	"Joint Venture":           {"joint-venture-agreement"},
	"Joint Venture _ Filing":  {"joint-venture-agreement", "joint-filing-agreement"},
	"License_Agreements":      {"license-agreement"},
	"Maintenance":             {"maintenance-agreement"},
	"Manufacturing":           {"manufacturing-agreement"},
	"Marketing":               {"marketing-agreement"},
	"Non_Compete_Non_Solicit": {"non-compete-agreement"},
	"Outsourcing":             {"outsourcing-agreement"},
	"Promotion":               {"promotion-agreement"},
	"Reseller":                {"reseller-agreement"},
	"Service":                 {"service-agreement"},
	"Sponsorship":             {"sponsorship-agreement"},
	"Strategic Alliance":      {"strategic-alliance-agreement"},
	"Supply":                  {"supply-agreement"},
	"Transportation":          {"transportation-agreement"},
}

// lawValues turns a governing-law answer into jurisdiction values: each
// ";"-separated part gives its regions, or its country when it names no
// region of that country ("Ontario, Canada" → ontario-ca; "England; Wales"
// → england-gb). An answer naming no place ("[* * *]") gives none and the
// contract is left out of the jurisdiction metric.
func lawValues(answer string) []string {
	var out []string
	for part := range strings.SplitSeq(answer, ";") {
		ms := jurisdiction.FindAll(part)
		regionOf := make(map[string]bool)
		for _, m := range ms {
			if m.Place.Region {
				regionOf[m.Place.Country] = true
			}
		}
		for _, m := range ms {
			if m.Place.Region || !regionOf[m.Place.Country] {
				out = append(out, m.Place.Value)
			}
		}
	}
	return out
}

// firstParty is the first party of a parties answer (labelledParties).
func firstParty(answer string) string {
	first, _, _ := strings.Cut(answer, ";")
	return cleanParty(first)
}

// labelledParties are the parties of a parties answer, ";"-separated,
// each without its defined names (cleanParty); the empty ones left out.
func labelledParties(answer string) []string {
	var out []string
	for part := range strings.SplitSeq(answer, ";") {
		if p := cleanParty(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// cleanParty is one party of a parties answer without its defined names:
// `Birch First Global Investments Inc. ("Company")` → "Birch First Global
// Investments Inc.". A defined name is a parenthesis holding a quoted
// term, a quoted term alone (`Excite, Inc."Excite"`), or a parenthesis of
// at most two words at the end (`Geno Auriemma (Auriemma)`). An opening
// parenthesis the label left unclosed (`(Dragon Systems, Inc.`) goes.
func cleanParty(first string) string {
	first = strings.TrimSpace(first)
	if strings.HasPrefix(first, "(") && strings.Count(first, "(") > strings.Count(first, ")") {
		first = strings.TrimSpace(first[1:])
	}
	if strings.HasSuffix(first, ")") {
		if i := strings.LastIndexByte(first, '('); i > 0 && strings.Count(first[i:], " ") <= 1 && !strings.ContainsAny(first[i:], "\"“”") {
			first = strings.TrimSpace(first[:i])
		}
	}
	for _, q := range [][2]string{{"\"", "\""}, {"“", "”"}} {
		if i := strings.Index(first, q[0]); i > 0 && !strings.Contains(first[:i], "(") {
			if j := strings.Index(first[i+len(q[0]):], q[1]); j >= 0 && i+len(q[0])+j+len(q[1]) == len(first) {
				first = strings.TrimSpace(first[:i])
			}
		}
	}
	// drop the parentheses that hold a quoted defined name
	for {
		i := strings.LastIndexByte(first, '(')
		if i < 0 {
			break
		}
		j := strings.IndexByte(first[i:], ')')
		inner := first[i:]
		if j >= 0 {
			inner = first[i : i+j]
		}
		if !strings.ContainsAny(inner, "\"“”'") {
			break
		}
		if j >= 0 {
			first = first[:i] + first[i+j+1:]
		} else {
			first = first[:i]
		}
	}
	return strings.TrimSpace(first)
}
