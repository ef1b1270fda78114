package main

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// Where CUAD's labelled passages land in the parsed contract: in a clause
// typed with the passage's category, in another clause, or in none —
// before the first clause, after the last, between two, in a contract
// without clauses — or nowhere in the body the parser kept (`-show
// landing`). A passage in no clause can be found by neither the clause
// filter nor the best-section signal, whatever the text rules say.
const (
	landTyped = iota
	landOther
	landBefore
	landAfter
	landBetween
	landNoClause
	landNotFound
	landKinds
)

var landNames = [landKinds]string{"in a clause of its type", "in another clause", "before the first clause", "after the last clause", "between clauses", "in a contract without clauses", "not found in the body"}

// landingMetric counts a category's passages by where they land.
type landingMetric struct {
	category
	n [landKinds]int
}

// addLanding finds where each of file's labelled passages lands in c.
func (r *results) addLanding(labels *clauseLabels, file string, c *contract.Contract) {
	if r.landing == nil {
		for _, cat := range labels.categories {
			r.landing = append(r.landing, &landingMetric{category: cat})
		}
	}
	clauses := c.Clauses()
	norm, at := alnumFold(c.Body)
	for _, m := range r.landing {
		for _, passage := range labels.cuad.Excerpts(m.column, file) {
			off := locate(norm, at, passage)
			kind := landKind(clauses, off, m.slug)
			m.n[kind]++
			if kind >= landBefore && kind <= landNoClause {
				r.unsectioned = append(r.unsectioned, fmt.Sprintf("%s | %s | %s\n    %q", m.column, landNames[kind], file, prefixRunes(passage, 160)))
			}
		}
	}
}

// landKind says where offset off of the body lies among the clauses.
func landKind(clauses []contract.Section, off int, slug string) int {
	if off < 0 {
		return landNotFound
	}
	if len(clauses) == 0 {
		return landNoClause
	}
	in, before, after := false, false, false
	for _, s := range clauses {
		switch {
		case s.Start <= off && off < s.End:
			for _, t := range s.ClauseTypes {
				if t == slug {
					return landTyped
				}
			}
			in = true
		case s.End <= off:
			before = true
		default:
			after = true
		}
	}
	switch {
	case in:
		return landOther
	case !before:
		return landBefore
	case !after:
		return landAfter
	}
	return landBetween
}

// alnumFold returns the letters and digits of s lower-cased, and for each
// the byte offset in s where it comes from: CUAD's passages differ from
// the cleaned body in spaces, line breaks and punctuation only.
func alnumFold(s string) (string, []int) {
	var b strings.Builder
	at := make([]int, 0, len(s))
	for i, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n := b.Len()
			b.WriteRune(unicode.ToLower(r))
			for range b.Len() - n {
				at = append(at, i)
			}
		}
	}
	return b.String(), at
}

// locate returns the body offset where passage starts, found by its first
// 60 folded bytes, else by 60 from its middle (a passage CUAD joined from
// two places), or -1.
func locate(norm string, at []int, passage string) int {
	p, _ := alnumFold(passage)
	if len(p) < 10 {
		return -1
	}
	for _, probe := range []string{prefixBytes(p, 60), prefixBytes(p[len(p)/2:], 60)} {
		if i := strings.Index(norm, probe); i >= 0 {
			return at[i]
		}
	}
	return -1
}

func prefixBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func prefixRunes(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// printLanding prints, for -show landing, the passages of each category
// by where they land, then those in no clause.
func (r *results) printLanding(w io.Writer) {
	fmt.Fprintf(w, "\nwhere CUAD's labelled passages land (%s half): passages of each category, by the clause they fall in\n\n", r.half)
	fmt.Fprintf(w, "| %-36s |", "CUAD category")
	for _, n := range landNames {
		fmt.Fprintf(w, " %s |", n)
	}
	fmt.Fprintln(w)
	var total [landKinds]int
	for _, m := range r.landing {
		fmt.Fprintf(w, "| %-36s |", m.column)
		for k, n := range m.n {
			fmt.Fprintf(w, " %*d |", len(landNames[k]), n)
			total[k] += n
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "| %-36s |", "all")
	for k, n := range total {
		fmt.Fprintf(w, " %*d |", len(landNames[k]), n)
	}
	fmt.Fprintf(w, "\n\n%d passages in no clause:\n", len(r.unsectioned))
	for _, s := range r.unsectioned {
		fmt.Fprintf(w, "- %s\n", s)
	}
}
