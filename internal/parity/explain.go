package parity

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Explanations are compared as trees: the oracle prints Lucene's
// Explanation.toString ("value = description", two spaces per level), the
// engine's `_explanation` JSON is rendered the same way, and both trees are
// normalised for the documented differences between the oracle (Lucene 8,
// plain IndexSearcher) and OpenSearch 3 (Lucene 10), which the engine
// follows (docs/engine.md, "Explain"):
//
//   - the similarity's class name: [BM25Similarity] (the oracle's searcher)
//     against [PerFieldSimilarity] (OpenSearch's);
//   - the block-join text: Lucene 8 ends "…, best match:", Lucene 10
//     "…, using score mode Avg";
//   - OpenSearch adds the non-nested filter (FieldExistsQuery, Lucene 8's
//     DocValuesFieldExistsQuery) and a nested query's _nested_path filter
//     only when NestedHelper says the query might need them, the oracle
//     always: both filters are removed from both trees;
//   - a terms query: Lucene 8 rewrites up to 16 terms to
//     ConstantScore(f:a f:b), Lucene 10 keeps the TermInSetQuery, f:(a b);
//   - Lucene 8 keeps dis_max disjuncts in hash order, Lucene 10 in the
//     order given (OpenSearch's field order): the details of sums and
//     maxima are compared in description order;
//   - Lucene 8 explains a block join in score mode min with its best
//     child, Lucene 10 with the worst: those children are not compared;
//   - Lucene 8's sigmoid explanation shows the pivot as the exponent's
//     value (fixed in Lucene 10): that node's value is not compared.
//
// Values are compared as the texts Java prints, so equal texts mean
// bit-identical floats.

// ExplainNode is one node of an explanation tree.
type ExplainNode struct {
	Value       string
	Description string
	Details     []*ExplainNode
	// skipDetails: a block join in score mode min, whose child Lucene 8
	// chose as the best (Lucene 10: the worst).
	skipDetails bool
}

// ParseExplanation parses Lucene's Explanation.toString text.
func ParseExplanation(text string) (*ExplainNode, error) {
	root := &ExplainNode{}
	stack := []*ExplainNode{root}
	for n, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		indent := len(line) - len(strings.TrimLeft(line, " "))
		if indent%2 != 0 {
			return nil, fmt.Errorf("explanation line %d: odd indentation", n+1)
		}
		depth := indent / 2
		v, d, ok := strings.Cut(strings.TrimLeft(line, " "), " = ")
		if !ok {
			return nil, fmt.Errorf("explanation line %d: no \" = \"", n+1)
		}
		if depth+1 > len(stack) {
			return nil, fmt.Errorf("explanation line %d: indented too far", n+1)
		}
		stack = stack[:depth+1]
		node := &ExplainNode{Value: v, Description: d}
		parent := stack[depth]
		parent.Details = append(parent.Details, node)
		stack = append(stack, node)
	}
	if len(root.Details) != 1 {
		return nil, fmt.Errorf("explanation: %d roots", len(root.Details))
	}
	return root.Details[0], nil
}

// jsonExplanation is OpenSearch's `_explanation` member.
type jsonExplanation struct {
	Value       json.Number       `json:"value"`
	Description string            `json:"description"`
	Details     []jsonExplanation `json:"details"`
}

// ExplanationText renders an `_explanation` JSON object as Lucene's
// Explanation.toString.
func ExplanationText(raw json.RawMessage) (string, error) {
	var e jsonExplanation
	if err := json.Unmarshal(raw, &e); err != nil {
		return "", err
	}
	var b strings.Builder
	var write func(e *jsonExplanation, depth int)
	write = func(e *jsonExplanation, depth int) {
		b.WriteString(strings.Repeat("  ", depth))
		b.WriteString(e.Value.String())
		b.WriteString(" = ")
		b.WriteString(e.Description)
		b.WriteByte('\n')
		for i := range e.Details {
			write(&e.Details[i], depth+1)
		}
	}
	write(&e, 0)
	return b.String(), nil
}

var (
	blockJoinText = regexp.MustCompile(`^(Score based on \d+ child docs in range from \d+ to \d+)(, best match:|, using score mode \w+)$`)
	nestedPathIn  = regexp.MustCompile(`\(\+(.*) #_nested_path:\w+\)`)
	termSet       = regexp.MustCompile(`^([^ :()]+):\(([^()]*)\)((\^\S+)?)$`)
)

// normalize rewrites a tree for the documented differences (above).
func normalize(n *ExplainNode) *ExplainNode {
	n.Description = strings.ReplaceAll(n.Description, "[BM25Similarity]", "[PerFieldSimilarity]")
	n.Description = strings.ReplaceAll(n.Description, "DocValuesFieldExistsQuery [", "FieldExistsQuery [")
	if m := blockJoinText.FindStringSubmatch(n.Description); m != nil {
		n.Description = m[1]
		n.skipDetails = m[2] == ", using score mode Min"
	}
	n.Description = nestedPathIn.ReplaceAllString(n.Description, "($1)")
	if m := termSet.FindStringSubmatch(n.Description); m != nil && len(n.Details) == 0 {
		terms := strings.Fields(m[2])
		if len(terms) <= 16 {
			for i, t := range terms {
				terms[i] = m[1] + ":" + t
			}
			n.Description = "ConstantScore(" + strings.Join(terms, " ") + ")" + m[3]
		}
	}
	if strings.HasPrefix(n.Description, "a, exponent") {
		n.Value = "*"
	}
	kept := n.Details[:0]
	for _, d := range n.Details {
		if isAddedFilter(d) {
			continue
		}
		kept = append(kept, normalize(d))
	}
	n.Details = kept
	if n.Description == "sum of:" || strings.HasPrefix(n.Description, "max ") {
		// Lucene 8 keeps dis_max disjuncts in a hash multiset (Lucene 10 in
		// order), which also orders the BooleanQuery a tie of 1 becomes.
		sort.SliceStable(n.Details, func(i, j int) bool { return n.Details[i].Description < n.Details[j].Description })
	}
	if n.Description == "sum of:" && len(n.Details) == 1 && n.Details[0].Value == n.Value {
		return n.Details[0]
	}
	return n
}

// isAddedFilter reports whether n is the filter clause of OpenSearch's
// non-nested filter or of a nested query's _nested_path filter.
func isAddedFilter(n *ExplainNode) bool {
	if n.Description != "match on required clause, product of:" || len(n.Details) != 2 {
		return false
	}
	d := n.Details[1].Description
	return strings.HasPrefix(d, "_nested_path:") || strings.HasSuffix(d, "FieldExistsQuery [field=_primary_term]")
}

// diffTrees appends the first differences between two normalised trees.
func diffTrees(path string, g, w *ExplainNode, out []string) []string {
	if len(out) >= 3 {
		return out
	}
	if g.Description != w.Description {
		return append(out, fmt.Sprintf("%s: description engine %q, oracle %q", path, g.Description, w.Description))
	}
	if g.Value != w.Value {
		return append(out, fmt.Sprintf("%s %q: value engine %s, oracle %s", path, g.Description, g.Value, w.Value))
	}
	if g.skipDetails || w.skipDetails {
		return out
	}
	if len(g.Details) != len(w.Details) {
		return append(out, fmt.Sprintf("%s %q: %d details in the engine's, %d in the oracle's", path, g.Description, len(g.Details), len(w.Details)))
	}
	for i := range g.Details {
		out = diffTrees(path+"."+strconv.Itoa(i), g.Details[i], w.Details[i], out)
	}
	return out
}

func countNodes(n *ExplainNode) int {
	c := 1
	for _, d := range n.Details {
		c += countNodes(d)
	}
	return c
}

// ExplainReport summarises an explanation comparison.
type ExplainReport struct {
	Queries, IdenticalQueries int
	Hits, IdenticalHits       int
	Nodes                     int // nodes of the compared (normalised) trees
	// Mismatches maps a query id to its first differences.
	Mismatches map[string][]string
}

// CompareExplanations compares the explanations of the leading top hits
// of every query both sides answered with the same hits.
func CompareExplanations(queries []Query, engine, oracle map[string]*Answer, top int) *ExplainReport {
	r := &ExplainReport{Mismatches: map[string][]string{}}
	for _, q := range queries {
		g, w := engine[q.ID], oracle[q.ID]
		if g == nil || w == nil || g.Error != "" || w.Error != "" {
			continue
		}
		r.Queries++
		var diffs []string
		for i := range min(top, len(g.Hits), len(w.Hits)) {
			gh, wh := &g.Hits[i], &w.Hits[i]
			if gh.Index != wh.Index || gh.ID != wh.ID {
				continue // the hit comparison reports it
			}
			r.Hits++
			gt, errG := ParseExplanation(gh.Explanation)
			wt, errW := ParseExplanation(wh.Explanation)
			if errG != nil || errW != nil {
				diffs = append(diffs, fmt.Sprintf("hit %d %s: unreadable explanation (engine %v, oracle %v)", i, gh.ID, errG, errW))
				continue
			}
			gt, wt = normalize(gt), normalize(wt)
			d := diffTrees("", gt, wt, nil)
			if len(d) == 0 {
				r.IdenticalHits++
				r.Nodes += countNodes(gt)
				continue
			}
			for _, s := range d {
				diffs = append(diffs, fmt.Sprintf("hit %d %s%s", i, gh.ID, s))
			}
		}
		if len(diffs) == 0 {
			r.IdenticalQueries++
		} else {
			r.Mismatches[q.ID] = diffs
		}
	}
	return r
}

// Write prints the report.
func (r *ExplainReport) Write(w io.Writer) error {
	_, err := fmt.Fprintf(w, "explanations: %d/%d queries identical, %d/%d hits identical (%d nodes, values bit-exact)\n",
		r.IdenticalQueries, r.Queries, r.IdenticalHits, r.Hits, r.Nodes)
	if err != nil {
		return err
	}
	ids := make([]string, 0, len(r.Mismatches))
	for id := range r.Mismatches {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if _, err := fmt.Fprintf(w, "  %s:\n", id); err != nil {
			return err
		}
		for _, d := range r.Mismatches[id][:min(4, len(r.Mismatches[id]))] {
			if _, err := fmt.Fprintf(w, "    %s\n", d); err != nil {
				return err
			}
		}
	}
	return nil
}
