package dsl

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/simplequery"
)

func TestQuoteHyphenated(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"non-compete", `"non-compete"`},
		{"non-disparagement +-employee", `"non-disparagement" +-employee`},
		{"+-non-compete", `+-"non-compete"`},
		{"(third-party | first-party) beneficiary", `("third-party" | "first-party") beneficiary`},
		{`"non-compete clause" non-compete`, `"non-compete clause" "non-compete"`},
		{"non-comp* non-compete~ non-compete~1", "non-comp* non-compete~ non-compete~1"},
		{"-x --y a- -b a--b", "-x --y a- -b a--b"},
		{`non\-compete x-y`, `non\-compete "x-y"`},
		{"pre-2010 café-bar", `"pre-2010" "café-bar"`},
		{"a-b-c", `"a-b-c"`},
		{`"unbalanced a-b`, `"unbalanced a-b`},
		{"", ""},
	} {
		if got := quoteHyphenated(tc.in); got != tc.want {
			t.Errorf("quoteHyphenated(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzQuoteHyphenated states the rewrite's invariants: it is idempotent,
// it only adds quote characters, and the query keeps its number of terms
// and phrases (a hyphenated term becomes one phrase).
func FuzzQuoteHyphenated(f *testing.F) {
	for _, q := range []string{"non-compete", `a "b-c" d-e`, `x\"-y a-b`, "+-a-b (c-d|e)", `"`, `a-b"c-d`, "é-é"} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		if !utf8.ValidString(q) {
			t.Skip()
		}
		got := quoteHyphenated(q)
		if again := quoteHyphenated(got); again != got {
			t.Fatalf("not idempotent: %q → %q → %q", q, got, again)
		}
		if strings.ReplaceAll(got, `"`, "") != strings.ReplaceAll(q, `"`, "") {
			t.Fatalf("%q → %q changes more than quotes", q, got)
		}
		before := simplequery.Parse(q, simplequery.All, simplequery.Should).Leaves()
		after := simplequery.Parse(got, simplequery.All, simplequery.Should).Leaves()
		if before != after {
			t.Fatalf("%q (%d leaves) → %q (%d leaves)", q, before, got, after)
		}
	})
}

func TestQueryWords(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"governing law", []string{"governing", "law"}},
		{`"governed by" +Laws -court +-state`, []string{"governed", "by", "laws"}},
		{"licen* confidental~ audit", []string{"audit"}},
		{"the the the the", []string{"the"}},
		{"a b c d e f g h", []string{"a", "b", "c", "d", "e", "f"}},
		{`"non-compete" clause`, []string{"non-compete", "clause"}},
		{"", nil},
	} {
		if got := queryWords(parseQ(tc.q), maxPhraseWords); !slices.Equal(got, tc.want) {
			t.Errorf("queryWords(%q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

// parseQ parses q as Form A does.
func parseQ(q string) *simplequery.Node {
	return simplequery.Parse(q, simplequery.All, simplequery.Should)
}

func TestQueryClauseTypes(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"governing law", []string{"governing-law"}},
		{`"non-compete"`, []string{"non-compete"}},
		{"change of control audit rights", []string{"audit-rights", "change-of-control"}},
		{"+-insurance", nil},
		{"+solicit* +customers", []string{"no-solicit-of-customers"}},
		{"+disparag* -solicit*", []string{"non-disparagement"}},
		{"+exclusiv*", []string{"exclusivity"}},
		{"xyzzy plugh", nil},
		// Names side by side: each is asked for, as well as what their
		// words state.
		{"insurance audit rights", []string{"audit-rights", "insurance"}},
		// Clause wording: the type it states, not the names its words
		// make in passing (termination; confidentiality).
		{"termination upon acquisition of control by a competitor", []string{"change-of-control"}},
		{"unlimited liability for breach of confidentiality", []string{"uncapped-liability"}},
		{"prices shall not be increased during the term", []string{"price-restrictions"}},
		// Excluded words state nothing.
		{`termination -"change of control"`, []string{"effect-of-termination", "termination"}},
	} {
		tree := parseQ(tc.q)
		if got := namedTypes(tree, queryWords(tree, maxPhraseWords)); !slices.Equal(got, tc.want) {
			t.Errorf("clause types of %q = %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestClauseTypeSignals checks how the clause types q names are scored:
// the sections of CUAD's clause types summed, the best section of a
// boilerplate type taken alone, and q's words in the best section of any.
func TestClauseTypeSignals(t *testing.T) {
	p := testParser(t)
	for _, tc := range []struct {
		q    string
		want []string // score mode, boost, types and inner hits of each clause-type signal
	}{
		{"change of control audit rights", []string{"sum 32 [audit-rights change-of-control] clause:Audit Rights, Change Of Control", "max 4 [audit-rights change-of-control]"}},
		{`termination -"change of control"`, []string{"max 16 [effect-of-termination termination] clause:Effect of Termination, Termination", "max 4 [effect-of-termination termination]"}},
		{"most favourable customer pricing", []string{"sum 32 [most-favored-nation] clause:Most Favored Nation", "max 16 [payment] clause:Payment", "max 4 [most-favored-nation payment]"}},
		{"xyzzy plugh", nil},
	} {
		body, err := json.Marshal(map[string]any{"query": map[string]any{"q": tc.q}})
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := p.Parse(body)
		if err != nil {
			t.Fatalf("%q: %v", tc.q, err)
		}
		var got []string
		for _, c := range parsed.Search.Query.(*BoolQuery).Should {
			if n := SignalName(c); n != SignalClauseType && n != SignalClauseWords {
				continue
			}
			nq := c.(*NestedQuery)
			var types []string
			for _, v := range nq.Query.(*BoolQuery).Filter[0].(*TermsQuery).Values {
				types = append(types, v.Text)
			}
			desc := fmt.Sprintf("%s %g %v", nq.ScoreMode, *nq.Boost, types)
			if nq.InnerHits != nil {
				desc += " " + nq.InnerHits.Name
			}
			got = append(got, desc)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("clause-type signals of %q = %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestClauseTypeMatches checks which q lets a section of a clause type it
// names match on its own: a CUAD clause type, and only when q neither
// requires nor excludes words.
func TestClauseTypeMatches(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want []string // the types a typed section matches by, nil for the words alone
	}{
		{"non-compete", []string{"non-compete"}},
		{"change of control audit rights", []string{"audit-rights", "change-of-control"}},
		{"most favourable customer pricing", []string{"most-favored-nation"}}, // not payment: boilerplate
		{"+non-compete", nil},
		{"non-compete -delaware", nil},
		{`"change of control" +termination`, nil},
		{"payment", nil},
		{"xyzzy plugh", nil},
	} {
		text, must, _, _ := textQuery(tc.q)
		var got []string
		if must != text {
			b := must.(*BoolQuery)
			if len(b.Should) != 2 || b.Should[0] != text {
				t.Fatalf("%q: must is %#v", tc.q, must)
			}
			nq := b.Should[1].(*NestedQuery)
			if nq.ScoreMode != "none" {
				t.Errorf("%q: the typed section scores (score_mode %q)", tc.q, nq.ScoreMode)
			}
			for _, v := range nq.Query.(*BoolQuery).Filter[0].(*TermsQuery).Values {
				got = append(got, v.Text)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: typed sections match by %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestSignalNames checks that every should clause of an expanded text
// query has a name, and that the names are the documented ones.
func TestSignalNames(t *testing.T) {
	p := testParser(t)
	parsed, err := p.Parse([]byte(`{"query":{"q":"change of control termination"}}`))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range parsed.Search.Query.(*BoolQuery).Should {
		n := SignalName(c)
		if n == "" {
			t.Errorf("should clause %s has no signal name", c.Kind())
		}
		names = append(names, n)
	}
	want := []string{SignalSection, SignalSectionAll, SignalAllWords, SignalClauseType, SignalClauseWords, SignalSectionPhrase, SignalRank}
	if !slices.Equal(names, want) {
		t.Errorf("signals %q, want %q", names, want)
	}
}

// TestTextQueryBounds: a q with more terms than maxSignalLeaves gets the
// base query only, and the clause cost counts the clause and every term
// per field (TestFormACostsItsExpansion checks every cost against the
// structured body's).
func TestTextQueryBounds(t *testing.T) {
	long := strings.Repeat("word ", maxSignalLeaves+1)
	_, _, should, cost := textQuery(long)
	if len(should) != 0 {
		t.Errorf("%d signals for a q of %d terms", len(should), maxSignalLeaves+1)
	}
	if want := 1 + (maxSignalLeaves+1)*len(FormATextFields); cost != want {
		t.Errorf("cost %d, want %d", cost, want)
	}
	_, _, should, _ = textQuery("word")
	for _, c := range should {
		if SignalName(c) == SignalSectionPhrase {
			t.Errorf("a one-word q has a proximity signal")
		}
	}
}

// TestTypedSectionsInnerHits checks the inner hits a request gets: the
// typed sections of the clause types q names, under "clause:<Name>",
// unless a clause entry of the request already takes that name.
func TestTypedSectionsInnerHits(t *testing.T) {
	p := testParser(t)
	for _, tc := range []struct {
		query string
		want  []string
	}{
		{`{"q":"non-compete"}`, []string{"clause:Non-Compete"}},
		{`{"q":"+non-compete"}`, []string{"clause:Non-Compete"}},
		{`{"q":"non-compete","clause":{"Non-Compete":""}}`, []string{"clause:Non-Compete"}},
		{`{"q":"non-compete","clause":{"Noncompetition":"solicit"}}`, []string{"clause:Noncompetition", "clause:Non-Compete"}},
		{`{"q":"non-compete","definition":{"Non-Compete":""}}`, []string{"definition:Non-Compete", "clause:Non-Compete"}},
		{`{"q":"xyzzy","clause":{"Governing Law":""}}`, []string{"clause:Governing Law"}},
		{`{"q":"xyzzy plugh"}`, nil},
	} {
		parsed, err := p.Parse([]byte(`{"query":` + tc.query + `}`))
		if err != nil {
			t.Fatalf("%s: %v", tc.query, err)
		}
		var got []string
		walk(parsed.Search.Query, func(q Query) {
			if n, ok := q.(*NestedQuery); ok && n.InnerHits != nil {
				got = append(got, n.InnerHits.Name)
			}
		})
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: inner hits %q, want %q", tc.query, got, tc.want)
		}
	}
}
