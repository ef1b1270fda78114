package parse

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/category"
	"github.com/contractsearch/contractsearch/internal/contract/clean"
	"github.com/contractsearch/contractsearch/internal/contract/sic"
)

// maxOpeningBytes bounds the contract's snippet.
const maxOpeningBytes = 400

// Parse turns the raw text of one contract and its metadata into a
// Contract. The metadata's company, filing and industry fields win over
// anything read from the text.
func Parse(raw string, meta contract.Meta) *contract.Contract {
	body, spans := buildBody(clean.Text(raw))
	c := &contract.Contract{Body: body}
	pre := findPreamble(body, spans)
	defs := findDefinitions(body, spans)
	c.Parties = findParties(body, spans, pre, defs)
	c.Name = collapse(completeAmendment(dropPartyPrefix(findTitle(body, spans, pre, meta.Description), c.Parties), body, spans, pre))
	c.Snippet = openingPassage(body, spans, pre)
	clauses, termsEnd := findClauses(body, spans, pre, c.Name)
	c.Sections = slices.Concat(clauses, defs) // sorted below: clauses stays as it is
	slices.SortStableFunc(c.Sections, func(a, b contract.Section) int { return a.Start - b.Start })
	// An exhibit's governing-law clause is a form's (a sublicense, a
	// guaranty to be signed later), not the contract's: only the clauses
	// before the signatures give a place their heading's weight.
	own := clauses
	if k := slices.IndexFunc(clauses, func(s contract.Section) bool { return s.Start >= termsEnd }); k >= 0 {
		own = clauses[:k]
	}
	if place, ok := governingLaw(body, own); ok {
		c.Jurisdiction = place.Attr()
		c.Country = place.CountryAttr()
	}
	c.Category = classify(c.Name, body, spans, pre)
	c.LawFirm = findLawFirm(body)
	applyMeta(c, meta)
	return c
}

// classify finds the category from the title, else from the preamble's
// name for the document, else from the first "… Agreement" the text
// refers to ("Amendment No. 1 … to that certain Wireless Content License
// Agreement").
func classify(title, body string, spans []span, pre preamble) *contract.Attr {
	if a, ok := category.Classify(title); ok {
		return a
	}
	if pre.para >= 0 {
		p := body[spans[pre.para].start:spans[pre.para].end][pre.at:]
		if a, ok := category.Classify(selfName(p)); ok {
			return a
		}
		if a, ok := category.Classify(referencedAgreement(prefix(p, 1500))); ok {
			return a
		}
	}
	return nil
}

// referencedAgreement returns the capitalised words before the first
// "Agreement" in s: "that certain Wireless Content License Agreement" →
// "Wireless Content License Agreement".
func referencedAgreement(s string) string {
	i := strings.Index(s, "Agreement")
	if i < 0 {
		i = strings.Index(s, "AGREEMENT")
	}
	if i < 0 {
		return ""
	}
	words := strings.Fields(s[:i])
	j := len(words)
	for j > 0 && (isUpperStart(words[j-1]) || minorWords[words[j-1]] && j < len(words)) && len(words)-j < 8 {
		j--
	}
	return strings.Join(words[j:], " ") + " Agreement"
}

// openingPassage is the snippet: the preamble, or the first paragraph of
// some length after the title, cut at a word.
func openingPassage(body string, spans []span, pre preamble) string {
	if pre.para >= 0 {
		p := body[spans[pre.para].start:spans[pre.para].end][pre.at:]
		return cut(p, maxOpeningBytes)
	}
	for _, sp := range spans {
		if p := body[sp.start:sp.end]; len(p) >= 100 {
			return cut(p, maxOpeningBytes)
		}
	}
	if len(spans) > 0 {
		return cut(body[spans[0].start:spans[0].end], maxOpeningBytes)
	}
	return ""
}

// applyMeta copies what is known from outside the text and derives the
// company, industry, id and URL.
func applyMeta(c *contract.Contract, m contract.Meta) {
	c.FilingDate = m.FilingDate
	c.FilingType = m.FilingType
	c.FilingID = m.FilingID
	c.ExhibitID = m.ExhibitID
	c.Source = m.Source
	c.Company = Company(c.Parties, c.Body, m)
	c.Industry = industry(m)
	c.ID = ContractID(m, c.Body)
	c.URL = m.URL
	if c.URL == "" {
		c.URL = contract.ViewPath(c.ID)
	}
}

// industry is the SIC code's major group (package sic), so that one code
// gives one industry whatever the source; the source's SIC title, only
// when it gives no code the table knows.
func industry(m contract.Meta) *contract.Attr {
	if ind, ok := sic.Lookup(m.SIC); ok {
		return ind.Attr()
	}
	name := strings.TrimSpace(m.IndustryName)
	if name == "" {
		return nil
	}
	if isCaps(name) {
		name = titleCase(strings.ToLower(name))
	}
	return &contract.Attr{Name: name, Value: contract.Slug(name)}
}

// ContractID is a contract's record id: a hash of the file path (relative to
// the ingested root) and the document's index in it, or of the body when the
// path is unknown. It is exported for tools that join records to files,
// such as the relevance evaluation's CUAD judgments.
func ContractID(m contract.Meta, body string) string {
	h := fnv.New64a()
	if m.Path != "" {
		fmt.Fprintf(h, "%s#%d", m.Path, m.DocIndex)
	} else {
		h.Write([]byte(body))
	}
	return fmt.Sprintf("%016x", h.Sum64())
}
