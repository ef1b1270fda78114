package relevance

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Summary is the mean of one system's scores over a set of queries, with
// how many distinct contracts fill their top-10 places (a ranking that
// puts the same heavy contracts first everywhere has few).
type Summary struct {
	Queries  int
	Mean     Scores
	Distinct int
}

// Summarise averages system i's scores over the results keep accepts.
func (r *Report) Summarise(i int, keep func(Result) bool) Summary {
	var ss []Scores
	distinct := map[string]bool{}
	for _, res := range r.Results {
		if !keep(res) {
			continue
		}
		ss = append(ss, res.Scores[i])
		for _, id := range res.Top10[i] {
			distinct[id] = true
		}
	}
	return Summary{Queries: len(ss), Mean: mean(ss), Distinct: len(distinct)}
}

// inSplit keeps the results of one split ("" keeps all).
func inSplit(split string) func(Result) bool {
	return func(r Result) bool { return split == "" || r.Query.Split == split }
}

// Write prints the report: overall per split, per clause type, per query,
// and the clause filter's recall and precision.
func (r *Report) Write(w io.Writer, header string) error {
	bw := bufio.NewWriter(w)
	p := func(format string, a ...any) { fmt.Fprintf(bw, format, a...) }
	for _, line := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
		p("# %s\n", line)
	}

	p("\n## Overall (means over queries; distinct = contracts filling the top-10 places)\n\n")
	r.writeOverall(p)
	if r.Ablation != nil {
		p("\n## Signals: Form A with one ranking signal left out (docs/relevance.md)\n\n")
		r.Ablation.writeOverall(p)
	}

	var cats []string
	for _, res := range r.Results {
		if !slices.Contains(cats, res.Query.Category) {
			cats = append(cats, res.Query.Category)
		}
	}
	p("\n## Per clause type: nDCG@10 (P@10) of each system, held-out and tuning queries\n\n")
	p("%-36s %4s", "clause type", "rel")
	for _, split := range []string{HeldOut, Tune} {
		for _, sys := range r.Systems {
			p(" %16s", split+" "+sys)
		}
	}
	p("\n")
	for _, c := range cats {
		n := 0
		for _, res := range r.Results {
			if res.Query.Category == c {
				n = res.Relevant
				break
			}
		}
		p("%-36s %4d", c, n)
		for _, split := range []string{HeldOut, Tune} {
			for i := range r.Systems {
				s := r.Summarise(i, func(res Result) bool { return res.Query.Category == c && res.Query.Split == split })
				p(" %8.3f (%.2f)", s.Mean.NDCG10, s.Mean.P10)
			}
		}
		p("\n")
	}

	p("\n## Per query: nDCG@10 P@10 R@100 MRR@10 of each system\n\n")
	p("%-52s %4s", "query", "rel")
	for _, sys := range r.Systems {
		p(" | %-27s", sys)
	}
	p(" | q\n")
	for _, res := range r.Results {
		p("%-52s %4d", res.Query.ID, res.Relevant)
		for _, s := range res.Scores {
			p(" | %6.3f %4.2f %6.3f %6.3f ", s.NDCG10, s.P10, s.Recall100, s.MRR10)
		}
		p(" | %s\n", res.Query.Q)
	}

	if len(r.Filters) > 0 {
		p("\n## Form A clause filter {\"q\":\"\",\"clause\":{\"<heading>\":\"\"},\"_index\":\"contract\"} against CUAD's labels (contracts)\n\n")
		p("%-36s %-36s %8s %8s %7s %7s %9s\n", "category", "heading", "labelled", "returned", "correct", "recall", "precision")
		for _, f := range r.Filters {
			p("%-36s %-36s %8d %8d %7d %7.3f %9.3f\n", f.Category, f.Heading, f.Labelled, f.Returned, f.Correct, f.Recall(), f.Precision())
		}
	}
	return bw.Flush()
}

// writeOverall prints the means per split and system.
func (r *Report) writeOverall(p func(string, ...any)) {
	p("%-8s %-40s %7s %8s %6s %7s %7s %8s\n", "split", "system", "queries", "nDCG@10", "P@10", "R@100", "MRR@10", "distinct")
	for _, split := range []string{HeldOut, Tune, ""} {
		name := split
		if name == "" {
			name = "all"
		}
		for i, sys := range r.Systems {
			s := r.Summarise(i, inSplit(split))
			if s.Queries == 0 {
				continue
			}
			p("%-8s %-40s %7d %8.3f %6.3f %7.3f %7.3f %8d\n", name, sys, s.Queries, s.Mean.NDCG10, s.Mean.P10, s.Mean.Recall100, s.Mean.MRR10, s.Distinct)
		}
	}
	for _, style := range []string{"plain", "operators"} {
		for i, sys := range r.Systems {
			s := r.Summarise(i, func(res Result) bool { return res.Query.Split == HeldOut && res.Query.Style == style })
			if s.Queries > 0 {
				p("%-8s %-40s %7d %8.3f %6.3f %7.3f %7.3f %8d   (held-out, %s queries only)\n", "heldout", sys, s.Queries, s.Mean.NDCG10, s.Mean.P10, s.Mean.Recall100, s.Mean.MRR10, s.Distinct, style)
			}
		}
	}
}
