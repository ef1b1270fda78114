package embedded

import (
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/mappings"
)

// checkTranslation translates q for every index, as a query and as a post
// filter, and fails unless each result is a query Describe can render or a
// *ShardError naming the index.
func checkTranslation(t *testing.T, ms *mappings.Set, q dsl.Query, what string) {
	t.Helper()
	for _, name := range mappings.Names() {
		for _, tr := range []*Translator{NewTranslator(ms.Index(name), nil), NewTranslator(ms.Index(name), oracleSingleValued(name))} {
			for _, translate := range []func(dsl.Query) (search.Query, error){tr.Query, tr.Filter} {
				out, err := translate(q)
				if err != nil {
					var se *ShardError
					if !errors.As(err, &se) || se.Index != name || se.Type == "" || se.Reason == "" {
						t.Fatalf("%s [%s]: error %#v is not a complete *ShardError", what, name, err)
					}
					continue
				}
				if out == nil {
					t.Fatalf("%s [%s]: translation %#v", what, name, out)
				}
				if d := search.Describe(out); strings.Contains(d, "<nil>") || strings.Contains(d, "<unknown") {
					t.Fatalf("%s [%s]: incomplete query %s", what, name, d)
				}
			}
		}
	}
}

// FuzzTranslate feeds request bodies through the gateway's parser and the
// translation: bodies the parser accepts must translate, on every index,
// to a query or a shard failure, never a panic or an untyped error. The
// corpus is the golden cases and the oracle query set.
func FuzzTranslate(f *testing.F) {
	for _, c := range readGolden(f, "testdata/translate.golden") {
		f.Add([]byte(c.input))
	}
	if data, err := os.ReadFile("testdata/oracle_queries.jsonl"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if i := strings.Index(line, `"body":`); i >= 0 {
				f.Add([]byte(strings.TrimSuffix(line[i+len(`"body":`):], "}")))
			}
		}
	}
	ms, p := testSetup(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		parsed, err := p.Parse(body)
		if err != nil {
			return
		}
		checkTranslation(t, ms, parsed.Search.Query, string(body))
		if parsed.Search.PostFilter != nil {
			checkTranslation(t, ms, parsed.Search.PostFilter, string(body))
		}
	})
}

// TestTranslateRandomDSL builds random DSL trees directly, past the
// parser's validation (odd minimum_should_match specs, flags, formats,
// boosts, paths), and checks that the translation never panics and fails
// only with a *ShardError.
func TestTranslateRandomDSL(t *testing.T) {
	ms, _ := testSetup(t)
	n := 3000
	if testing.Short() {
		n = 300
	}
	rng := rand.New(rand.NewPCG(7, 11))
	g := &dslGen{rng: rng}
	for i := range n {
		q := g.query(0)
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("tree %d: panic %v\n%s", i, r, dsl.AppendQueryJSON(nil, q, dsl.EncodeOptions{}))
				}
			}()
			checkTranslation(t, ms, q, string(dsl.AppendQueryJSON(nil, q, dsl.EncodeOptions{})))
		}()
	}
}

// dslGen makes random DSL trees.
type dslGen struct{ rng *rand.Rand }

var (
	genFields = []string{"body", "name", "name.raw", "snippet", "value", "type", "group_id", "group_size", "filing_date",
		"weight_rank", "url", "sections.snippet", "sections.type", "sections.name.raw", "sections.value", "_id", "_index",
		"nope", "category.value", "*", "*name", "sections.*", "na*e", "**", "_*"}
	genStrings = []string{"", " ", "law", "Governing Law", "5", "5.5", "-1", "2010-01-01", "2010", "abc", "3000000000", "NaN",
		"1e400", "*", "c*", "contract", "now-1d", "2010-02-30", "foo-bar U.S.A", "!!!", "\x00\xff", "é", "1262304000000", "-0"}
	genNumbers = []string{"5", "-0", "1e3", "2.5", "-2.5", "1e400", "3000000000", "2147483647", "-2147483648", "0.1"}
	genMSM     = []string{"", "1", "2", "-1", "0", "75%", "-25%", "3<90%", "2<-25% 9<-3", "50.5%", "x", "3<", "2<50%  9<1",
		"%", "<", "<<", "2147483648", "-100%", " 2 ", "2 < 50%"}
	genFlags   = []string{"", "ALL", "NONE", "AND|OR", "PHRASE|SLOP", "FUZZY|PREFIX|WHITESPACE", "bogus", "|"}
	genFormats = []string{"", "yyyy", "yyyy-MM", "epoch_millis", "epoch_second", "strict_date_optional_time", "basic_date",
		"yyyy-MM-dd||epoch_millis", "yyyy-qq", "MMM", "'x'", "dd.MM.yyyy", "date_optional_time"}
	genBoosts = []float64{0, 1, 2.5, 1e-40, 1e39, 0.5}
	genWords  = []string{"law", "Gov", "a", "foo-bar", "U.S.A", "!!!", "\"", "+", "-", "|", "(", ")", "*", "~", "~1", "~5",
		"\\", " ", "  ", "\t", "é", "\"new york\"~2", "licen*"}
)

func (g *dslGen) pick(list []string) string { return list[g.rng.IntN(len(list))] }

func (g *dslGen) boost() *float64 {
	if g.rng.IntN(3) > 0 {
		return nil
	}
	b := genBoosts[g.rng.IntN(len(genBoosts))]
	return &b
}

func (g *dslGen) scalar() dsl.Scalar {
	switch g.rng.IntN(4) {
	case 0:
		return dsl.Scalar{Text: g.pick(genNumbers), Kind: 'n'}
	case 1:
		return dsl.Scalar{Text: []string{"true", "false"}[g.rng.IntN(2)], Kind: 'b'}
	}
	return dsl.Scalar{Text: g.pick(genStrings), Kind: 's'}
}

func (g *dslGen) bound() *dsl.Scalar {
	if g.rng.IntN(2) == 0 {
		return nil
	}
	s := g.scalar()
	if s.Kind == 'b' {
		s.Kind = 's'
	}
	return &s
}

func (g *dslGen) queries(depth int) []dsl.Query {
	if g.rng.IntN(4) == 0 {
		return nil
	}
	out := []dsl.Query{}
	for range g.rng.IntN(4) {
		out = append(out, g.query(depth+1))
	}
	return out
}

func (g *dslGen) query(depth int) dsl.Query {
	kind := g.rng.IntN(10)
	if depth >= 4 && kind == 0 {
		kind = 1
	}
	switch kind {
	case 0:
		return &dsl.BoolQuery{Must: g.queries(depth), Should: g.queries(depth), Filter: g.queries(depth),
			MustNot: g.queries(depth), MinimumShouldMatch: g.pick(genMSM), Boost: g.boost()}
	case 1:
		return &dsl.MatchAllQuery{Boost: g.boost()}
	case 2:
		var slop *int
		if g.rng.IntN(2) == 0 {
			s := g.rng.IntN(4)
			slop = &s
		}
		return &dsl.MatchPhraseQuery{Field: g.pick(genFields), Query: g.pick(genStrings), Slop: slop, Boost: g.boost()}
	case 3:
		var text strings.Builder
		for range g.rng.IntN(8) {
			text.WriteString(g.pick(genWords))
			if g.rng.IntN(2) == 0 {
				text.WriteByte(' ')
			}
		}
		var fields []string
		for range g.rng.IntN(4) {
			f := g.pick(genFields)
			if g.rng.IntN(3) == 0 {
				f += []string{"^2", "^0", "^0.5", "^1e-50"}[g.rng.IntN(4)]
			}
			fields = append(fields, f)
		}
		var lenient *bool
		if g.rng.IntN(2) == 0 {
			l := g.rng.IntN(2) == 0
			lenient = &l
		}
		return &dsl.SimpleQueryStringQuery{Query: text.String(), Fields: fields, DefaultOperator: []string{"", "or", "and"}[g.rng.IntN(3)],
			Flags: g.pick(genFlags), Lenient: lenient, MinimumShouldMatch: g.pick(genMSM), Boost: g.boost()}
	case 4:
		return &dsl.TermQuery{Field: g.pick(genFields), Value: g.scalar(), Boost: g.boost()}
	case 5:
		var values []dsl.Scalar
		for range g.rng.IntN(4) {
			values = append(values, g.scalar())
		}
		return &dsl.TermsQuery{Field: g.pick(genFields), Values: values, Boost: g.boost()}
	case 6:
		return &dsl.RangeQuery{Field: g.pick(genFields), GTE: g.bound(), GT: g.bound(), LTE: g.bound(), LT: g.bound(),
			Format: g.pick(genFormats), Boost: g.boost()}
	case 7:
		var ih *dsl.InnerHits
		if g.rng.IntN(2) == 0 {
			ih = &dsl.InnerHits{Name: []string{"", "a", "b"}[g.rng.IntN(3)]}
		}
		ignore := g.rng.IntN(2) == 0
		return &dsl.NestedQuery{Path: []string{"sections", "sections", "x"}[g.rng.IntN(3)], Query: g.query(depth + 1),
			ScoreMode: []string{"", "avg", "sum", "max", "min", "none"}[g.rng.IntN(6)], IgnoreUnmapped: &ignore, InnerHits: ih, Boost: g.boost()}
	case 8:
		q := &dsl.RankFeatureQuery{Field: []string{"weight_rank", "body", "nope"}[g.rng.IntN(3)], Boost: g.boost()}
		switch g.rng.IntN(5) {
		case 0:
			p := 16.0
			q.Saturation = &dsl.Saturation{Pivot: &p}
		case 1:
			q.Log = &dsl.LogFunction{ScalingFactor: 4}
		case 2:
			q.Sigmoid = &dsl.Sigmoid{Pivot: 7, Exponent: 0.6}
		case 3:
			q.Linear = true
		}
		return q
	}
	return &dsl.TermQuery{Field: "_index", Value: dsl.Scalar{Text: g.pick([]string{"contract", "c*", "**", "*x*", ""}), Kind: 's'}}
}
