package relevance

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/contractsearch/contractsearch/internal/dsl"
)

// BaseQuery names the must clause of Form A's expansion (the base
// simple_query_string) among the keys of Weights; the should clauses are
// named by dsl.SignalName.
const BaseQuery = "base query"

// Weights multiply the clauses of Form A's expansion by name: a factor of
// 1 (or a name left out) keeps the clause as the parser built it, 0 drops
// a signal. They let the evaluation measure a weighting before anyone
// changes the parser's constants.
type Weights map[string]float64

// Signals are the names Weights may hold: the base query, then each ranking
// signal of the expansion, weight_rank last (cmd/relevance leaves the
// others out together for its "base query and weight_rank only" row).
func Signals() []string {
	return []string{BaseQuery, dsl.SignalSection, dsl.SignalSectionAll, dsl.SignalSectionPhrase,
		dsl.SignalAllWords, dsl.SignalClauseType, dsl.SignalClauseWords, dsl.SignalRank}
}

// ParseWeights reads "name=factor;name=factor" (names as Signals gives
// them; they hold spaces and commas, hence the semicolons).
func ParseWeights(s string) (Weights, error) {
	w := Weights{}
	for part := range strings.SplitSeq(s, ";") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		i := strings.LastIndexByte(part, '=')
		if i < 0 {
			return nil, fmt.Errorf("weights: %q is not name=factor", part)
		}
		name := strings.TrimSpace(part[:i])
		if !slices.Contains(Signals(), name) {
			return nil, fmt.Errorf("weights: unknown signal %q (one of %s)", name, strings.Join(Signals(), "; "))
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(part[i+1:]), 64)
		if err != nil || !(f >= 0 && f <= 1e6) {
			return nil, fmt.Errorf("weights: factor of %q must be a number from 0 to 1e6, not %q", name, part[i+1:])
		}
		if name == BaseQuery && f == 0 {
			return nil, fmt.Errorf("weights: the base query decides what matches and cannot be dropped")
		}
		w[name] = f
	}
	return w, nil
}

// String writes the weights as ParseWeights reads them, in Signals' order,
// factors of 1 left out.
func (w Weights) String() string {
	var parts []string
	for _, n := range Signals() {
		if f, ok := w[n]; ok && f != 1 {
			parts = append(parts, n+"="+strconv.FormatFloat(f, 'g', -1, 64))
		}
	}
	if len(parts) == 0 {
		return "as built"
	}
	return strings.Join(parts, ";")
}

// factor is the weight of name: 1 unless set.
func (w Weights) factor(name string) float64 {
	if f, ok := w[name]; ok {
		return f
	}
	return 1
}

// Apply multiplies the expansion's clauses in place: a clause weighted f
// becomes a bool with it as its one must clause and boost f (its score
// times f), a signal weighted 0 is removed.
func (w Weights) Apply(sr *dsl.SearchRequest) {
	b, ok := sr.Query.(*dsl.BoolQuery)
	if !ok {
		return
	}
	nb := *b
	scaled := func(c dsl.Query, f float64) dsl.Query {
		if f == 1 {
			return c
		}
		return &dsl.BoolQuery{Must: []dsl.Query{c}, Boost: &f}
	}
	nb.Must = make([]dsl.Query, 0, len(b.Must))
	for _, c := range b.Must {
		nb.Must = append(nb.Must, scaled(c, w.factor(BaseQuery)))
	}
	nb.Should = make([]dsl.Query, 0, len(b.Should))
	for _, c := range b.Should {
		if f := w.factor(dsl.SignalName(c)); f != 0 {
			nb.Should = append(nb.Should, scaled(c, f))
		}
	}
	sr.Query = &nb
}

// FormAWeighted is Form A with its expansion weighted by w.
func FormAWeighted(name string, w Weights) System {
	return FormAEdited(name, w.Apply)
}

// SplitMeans are a ranking's mean nDCG@10 and P@10 on each half of the
// query set.
type SplitMeans struct {
	TuneNDCG, TuneP10, HeldNDCG, HeldP10 float64
}

func (m SplitMeans) String() string {
	return fmt.Sprintf("tuning %.3f / %.3f, held-out %.3f / %.3f", m.TuneNDCG, m.TuneP10, m.HeldNDCG, m.HeldP10)
}

// MeasureWeights evaluates Form A weighted by w on every query.
func MeasureWeights(ctx context.Context, s Searcher, qs []Query, j Judgments, w Weights) (SplitMeans, error) {
	r, err := Evaluate(ctx, s, qs, j, FormAWeighted("weighted", w))
	if err != nil {
		return SplitMeans{}, err
	}
	t := r.Summarise(0, inSplit(Tune)).Mean
	h := r.Summarise(0, inSplit(HeldOut)).Mean
	return SplitMeans{TuneNDCG: t.NDCG10, TuneP10: t.P10, HeldNDCG: h.NDCG10, HeldP10: h.P10}, nil
}

// SearchWeights looks for the weighting that maximises the tuning half's
// nDCG@10: coordinate ascent from w over the given factors (each tried as
// a multiple of a signal's current weight), passes times. It logs every
// improvement with the held-out half's means beside it, which it never
// uses to choose: the log shows whether what the tuning half rewards
// holds on queries it has not seen.
func SearchWeights(ctx context.Context, s Searcher, qs []Query, j Judgments, w Weights, factors []float64, passes int, log io.Writer) (Weights, SplitMeans, error) {
	cur := Weights{}
	for k, v := range w {
		cur[k] = v
	}
	best, err := MeasureWeights(ctx, s, qs, j, cur)
	if err != nil {
		return nil, SplitMeans{}, err
	}
	fmt.Fprintf(log, "start   %s  (%s)\n", best, cur)
	for pass := range passes {
		for _, name := range Signals() {
			base := cur.factor(name)
			for _, f := range factors {
				v := base * f
				if v == base || (v == 0 && name == BaseQuery) {
					continue
				}
				cur[name] = v
				m, err := MeasureWeights(ctx, s, qs, j, cur)
				if err != nil {
					return nil, SplitMeans{}, err
				}
				if m.TuneNDCG > best.TuneNDCG+1e-9 {
					best, base = m, v
					fmt.Fprintf(log, "better  %s  (%s)\n", best, cur)
				}
				cur[name] = base
			}
		}
		fmt.Fprintf(log, "pass %d  %s  (%s)\n", pass+1, best, cur)
	}
	return cur, best, nil
}
