package ingest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/dedup"
)

// SectionRecord is the `_source` of a `clause` or `definition` record: one
// wording of a section, shared by GroupSize contracts. Its _id is its
// GroupID ("en/<slug>#<hex>", DESIGN §4: the group id is also the record
// id, and already carries the "en/" prefix).
type SectionRecord struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	// Type is "clause" or "definition", the index the record goes to.
	Type contract.SectionType `json:"type"`
	// Snippet is the representative text: the snippet most of the
	// contracts sharing the wording have (ties: the first in byte order).
	Snippet string `json:"snippet"`
	GroupID string `json:"group_id"`
	// ClauseTypes are the clause types of the representative section,
	// chosen with Name and Value (the most common of the three together),
	// sorted; definitions have none.
	ClauseTypes []string `json:"clause_type,omitempty"`
	// URL is where the wording can be read in context: the document view
	// of the contract holding it whose ID is first in byte order (so the
	// choice does not depend on input order), at its first section of
	// that wording: "/contracts/<id>#section-<offset>".
	URL string `json:"url,omitempty"`
	// GroupSize is the number of contracts holding the wording.
	GroupSize int `json:"group_size"`
	// WeightRank is dedup.PopularityRank(GroupSize).
	WeightRank float64 `json:"weight_rank"`
}

// CompanyRecord is the `_source` of a `company` record; _id "en/<group_id>".
type CompanyRecord struct {
	// GroupID is the numeric company identifier: the EDGAR CIK where
	// known, else the parser's 12-digit id from the name.
	GroupID string `json:"group_id"`
	// Name is the name most of the company's contracts give it.
	Name string `json:"name"`
	// WeightRank is dedup.PopularityRank(contracts of the company).
	WeightRank float64 `json:"weight_rank"`
}

// CategoryRecord is the `_source` of a `category` record; _id
// "en/<value>".
type CategoryRecord struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	// GroupID is the value, the category's slug.
	GroupID    string  `json:"group_id"`
	WeightRank float64 `json:"weight_rank"`
}

// JurisdictionRecord is the `_source` of a `jurisdiction` record; _id
// "en/<value>".
type JurisdictionRecord struct {
	// GroupID is the value, the jurisdiction's slug.
	GroupID    string  `json:"group_id"`
	Name       string  `json:"name"`
	Value      string  `json:"value"`
	WeightRank float64 `json:"weight_rank"`
}

// derived holds the records built from all contracts, each list in the
// order it is written.
type derived struct {
	clauses, definitions []SectionRecord
	companies            []CompanyRecord
	categories           []CategoryRecord
	jurisdictions        []JurisdictionRecord
}

func (d *derived) counts(contracts int) map[string]int {
	return map[string]int{
		"contract":     contracts,
		"clause":       len(d.clauses),
		"definition":   len(d.definitions),
		"company":      len(d.companies),
		"category":     len(d.categories),
		"jurisdiction": len(d.jurisdictions),
	}
}

// tally counts the contracts behind one derived record and the names (or
// snippets) they give it.
type tally struct {
	contracts int
	last      int // index of the last contract counted, so each counts once
	names     map[string]int
	snippets  map[string]int
	// id and offset locate the wording's representative place (sections
	// only): the smallest contract ID counted and its first section of
	// the wording.
	id     string
	offset int
}

func newTally() *tally { return &tally{last: -1, names: map[string]int{}, snippets: map[string]int{}} }

func (t *tally) add(contract int, name, snippet string) {
	if t.last != contract {
		t.contracts++
		t.last = contract
	}
	t.names[name]++
	if snippet != "" {
		t.snippets[snippet]++
	}
}

// mostCommon returns the key with the highest count; ties go to the key
// first in byte order, so the choice does not depend on input order.
func mostCommon(m map[string]int) string {
	best, n := "", 0
	for k, c := range m {
		if c > n || c == n && k < best {
			best, n = k, c
		}
	}
	return best
}

// derive builds the derived records of the contracts:
//
//   - one clause or definition record per section group id (a wording of a
//     section: its heading's slug and a hash of its text), whose
//     group_size is the number of contracts holding that wording, with the
//     most common name and snippet among them;
//   - one company record per company value, named as most of its
//     contracts name it;
//   - one category and one jurisdiction record per value.
//
// Every record's weight_rank is dedup.PopularityRank of the number of
// contracts behind it. Lists are in byte order of their ids.
func derive(cs []parsedContract) derived {
	sections := map[contract.SectionType]map[string]*tally{contract.Clause: {}, contract.Definition: {}}
	companies, categories, jurisdictions := map[string]*tally{}, map[string]*tally{}, map[string]*tally{}
	count := func(m map[string]*tally, key string, i int, name, snippet string) *tally {
		t := m[key]
		if t == nil {
			t = newTally()
			m[key] = t
		}
		t.add(i, name, snippet)
		return t
	}
	for i, pc := range cs {
		c := pc.c
		for offset, s := range c.Sections {
			byID := sections[s.Type]
			if byID == nil || s.GroupID == "" {
				continue
			}
			t := count(byID, s.GroupID, i, s.Name+"\x00"+s.Value+"\x00"+strings.Join(s.ClauseTypes, ","), s.Snippet)
			if t.id == "" || c.ID < t.id {
				t.id, t.offset = c.ID, offset
			}
		}
		if a := c.Company; a != nil && a.Value != "" {
			count(companies, a.Value, i, a.Name, "")
		}
		if a := c.Category; a != nil && a.Value != "" {
			count(categories, a.Value, i, a.Name, "")
		}
		if a := c.Jurisdiction; a != nil && a.Value != "" {
			count(jurisdictions, a.Value, i, a.Name, "")
		}
	}
	var d derived
	sectionRecords := func(t contract.SectionType) []SectionRecord {
		var out []SectionRecord
		for _, id := range sortedKeys(sections[t]) {
			ta := sections[t][id]
			name, rest, _ := strings.Cut(mostCommon(ta.names), "\x00")
			value, types, _ := strings.Cut(rest, "\x00")
			var clauseTypes []string
			if types != "" {
				clauseTypes = strings.Split(types, ",")
			}
			out = append(out, SectionRecord{
				Name: name, Value: value, Type: t, Snippet: mostCommon(ta.snippets), ClauseTypes: clauseTypes,
				GroupID: id, URL: contract.ViewPath(ta.id) + "#" + contract.SectionAnchor(ta.offset), GroupSize: ta.contracts, WeightRank: dedup.PopularityRank(ta.contracts),
			})
		}
		return out
	}
	d.clauses = sectionRecords(contract.Clause)
	d.definitions = sectionRecords(contract.Definition)
	for _, v := range sortedKeys(companies) {
		t := companies[v]
		d.companies = append(d.companies, CompanyRecord{GroupID: v, Name: mostCommon(t.names), WeightRank: dedup.PopularityRank(t.contracts)})
	}
	for _, v := range sortedKeys(categories) {
		t := categories[v]
		d.categories = append(d.categories, CategoryRecord{Name: mostCommon(t.names), Value: v, GroupID: v, WeightRank: dedup.PopularityRank(t.contracts)})
	}
	for _, v := range sortedKeys(jurisdictions) {
		t := jurisdictions[v]
		d.jurisdictions = append(d.jurisdictions, JurisdictionRecord{GroupID: v, Name: mostCommon(t.names), Value: v, WeightRank: dedup.PopularityRank(t.contracts)})
	}
	return d
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Records returns the derived records, for callers that load them without
// NDJSON.
func (c *Corpus) Records() (clauses, definitions []SectionRecord, companies []CompanyRecord, categories []CategoryRecord, jurisdictions []JurisdictionRecord) {
	d := c.derived
	return d.clauses, d.definitions, d.companies, d.categories, d.jurisdictions
}

// Contracts returns the parsed contracts with their grouping, in output
// order.
func (c *Corpus) Contracts() ([]*contract.Contract, []contract.Grouping) {
	cs := make([]*contract.Contract, len(c.contracts))
	gs := make([]contract.Grouping, len(c.contracts))
	for i, pc := range c.contracts {
		cs[i], gs[i] = pc.c, pc.g
	}
	return cs, gs
}

// TotalRecords is the number of records WriteBulk writes.
func (c *Corpus) TotalRecords() int {
	n := 0
	for _, v := range c.Summary.Records {
		n += v
	}
	return n
}

// WriteBulk writes every record as OpenSearch bulk NDJSON: an action line
// {"index":{"_index":…,"_id":…}} and the source line. Order: contracts in
// path order (documents of a file in file order), then clause, definition,
// company, category and jurisdiction records, each in byte order of their
// ids. The bytes depend only on the corpus. progress, if set, is
// called every thousand records and at the end.
func (c *Corpus) WriteBulk(ctx context.Context, w io.Writer, progress func(Progress)) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	total := c.TotalRecords()
	n := 0
	emit := func(index, id string, src any) error {
		if err := enc.Encode(bulkAction{Index: bulkMeta{Index: index, ID: id}}); err != nil {
			return err
		}
		if err := enc.Encode(src); err != nil {
			return fmt.Errorf("ingest: encode %s %s: %w", index, id, err)
		}
		n++
		if n%1000 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if progress != nil {
				progress(Progress{Phase: "write", Records: n, TotalRecords: total})
			}
		}
		return nil
	}
	for _, pc := range c.contracts {
		if err := emit("contract", pc.c.DocID(), pc.c.Record(pc.g)); err != nil {
			return err
		}
	}
	for _, r := range c.derived.clauses {
		if err := emit("clause", r.GroupID, r); err != nil {
			return err
		}
	}
	for _, r := range c.derived.definitions {
		if err := emit("definition", r.GroupID, r); err != nil {
			return err
		}
	}
	for _, r := range c.derived.companies {
		if err := emit("company", "en/"+r.GroupID, r); err != nil {
			return err
		}
	}
	for _, r := range c.derived.categories {
		if err := emit("category", "en/"+r.GroupID, r); err != nil {
			return err
		}
	}
	for _, r := range c.derived.jurisdictions {
		if err := emit("jurisdiction", "en/"+r.GroupID, r); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if progress != nil {
		progress(Progress{Phase: "write", Records: n, TotalRecords: total})
	}
	return nil
}

type bulkAction struct {
	Index bulkMeta `json:"index"`
}

type bulkMeta struct {
	Index string `json:"_index"`
	ID    string `json:"_id"`
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
