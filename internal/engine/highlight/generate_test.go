package highlight

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
)

// generateCases rebuilds testdata/golden/{texts,cases}.jsonl: hand-made
// cases for the edges (sentence boundaries, tags, HTML, separators,
// multi-valued and keyword fields, no_match_size), then queries drawn from
// the words of CUAD excerpts of every length, with the options varied.
func generateCases(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(cuadDir, "contracts", "*.txt"))
	if len(files) == 0 {
		t.Skipf("CUAD corpus not found at %s", cuadDir)
	}
	slices.Sort(files)
	// $HIGHLIGHT_SCALE (default 1) multiplies the number of excerpts and
	// adds whole contracts, for comparisons larger than the committed set.
	scale, _ := strconv.Atoi(os.Getenv("HIGHLIGHT_SCALE"))
	scale = max(scale, 1)
	g := &caseGen{rng: rand.New(rand.NewPCG(5, uint64(2025+scale)))}
	g.handMade()
	lengths := []struct {
		n        int
		min, max int
	}{{12, 5, 80}, {40, 80, 400}, {50, 400, 2500}, {14, 2500, 9000}, {2, 40000, 60000}}
	if scale > 1 {
		lengths = append(lengths, struct{ n, min, max int }{2, 1 << 30, 1 << 30})
	}
	k := 0
	for _, l := range lengths {
		for range l.n * scale {
			data, err := os.ReadFile(files[(k*37)%len(files)])
			if err != nil {
				t.Fatal(err)
			}
			k++
			text := g.excerpt(string(data), l.min, l.max)
			id := g.addText(text)
			queries := 3
			if l.min >= 40000 {
				queries = 6
			}
			for range queries {
				g.cuadCase(id, text)
			}
		}
	}
	// Multi-valued fields of CUAD excerpts.
	for range 12 {
		var ids []string
		var all strings.Builder
		for range 2 + g.rng.IntN(4) {
			data, _ := os.ReadFile(files[g.rng.IntN(len(files))])
			text := g.excerpt(string(data), 20, 600)
			ids = append(ids, g.addText(text))
			all.WriteString(text + " ")
		}
		for range 2 {
			c := g.cuadCase("", all.String())
			c.Texts = ids
		}
	}
	// Random texts over an awkward alphabet: sentence and word breaks,
	// separators, spaces, surrogate pairs and emoji in every combination.
	for range 25 * scale {
		text := g.randomText()
		id := g.addText(text)
		for range 2 {
			g.cuadCase(id, text)
		}
	}
	writeJSONL(t, filepath.Join(goldenDir, "texts.jsonl"), g.texts)
	writeJSONL(t, filepath.Join(goldenDir, "cases.jsonl"), g.cases)
}

type caseGen struct {
	rng   *rand.Rand
	texts []goldenText
	cases []*goldenCase
}

func (g *caseGen) addText(s string) string {
	id := fmt.Sprintf("t%03d", len(g.texts)+1)
	g.texts = append(g.texts, goldenText{ID: id, Text: s})
	return id
}

func (g *caseGen) add(c *goldenCase) *goldenCase {
	c.ID = fmt.Sprintf("c%03d", len(g.cases)+1)
	if c.Field == "" {
		c.Field = "body"
	}
	g.cases = append(g.cases, c)
	return c
}

// excerpt cuts a piece of min..max bytes from text, starting at a line.
func (g *caseGen) excerpt(text string, lo, hi int) string {
	n := lo + g.rng.IntN(hi-lo+1)
	if n >= len(text) {
		return text
	}
	start := g.rng.IntN(len(text) - n)
	if i := strings.IndexByte(text[start:], '\n'); i >= 0 && start+i+1 < len(text)-lo {
		start += i + 1
	}
	end := min(start+n, len(text))
	for end < len(text) && !utf8.RuneStart(text[end]) {
		end++
	}
	return text[start:end]
}

type tok struct {
	term       string
	pos        int
	start, end int
}

func tokensOf(s string) []tok {
	var ts []tok
	analysis.NewStandard(255).Analyze(s, func(t analysis.Token) {
		ts = append(ts, tok{string(t.Term), t.Position, t.Start, t.End})
	})
	return ts
}

func q(kind string, args map[string]any) map[string]any { return map[string]any{kind: args} }

func term(field, t string) map[string]any {
	return q("term", map[string]any{"field": field, "term": t})
}

func raw(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func ip(n int) *int                       { return &n }
func sp(s string) *string                 { return &s }
func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

// options varies the options of a generated case: mostly OpenSearch's
// defaults with the API's tags, often other sizes, counts and orders.
func (g *caseGen) options(c *goldenCase) {
	r := g.rng
	c.FragmentSize = ip(pick(r, 100, 100, 100, 100, 18, 50, 80, 150, 200, 300, 1000))
	if r.IntN(10) == 0 {
		c.FragmentSize = ip(0)
	}
	c.NumberOfFragments = ip(pick(r, 5, 5, 5, 1, 2, 3, 10, 0))
	c.Order = pick(r, "score", "score", "none")
	switch r.IntN(8) {
	case 0:
		c.Pre, c.Post = sp("<em>"), sp("</em>")
	case 1:
		c.Pre, c.Post = sp("[["), sp("]]")
	default:
		c.Pre, c.Post = sp("<b>"), sp("</b>")
	}
}

// cuadCase adds a case whose query is drawn from text's own words.
func (g *caseGen) cuadCase(textID, text string) *goldenCase {
	r := g.rng
	ts := tokensOf(text)
	c := &goldenCase{}
	if textID != "" {
		c.Texts = []string{textID}
	}
	g.options(c)
	if len(ts) == 0 {
		c.Query, c.Note = raw(term("body", "agreement")), "no tokens"
		return g.add(c)
	}
	words := func() tok {
		// Prefer words of 4+ letters, but not always.
		for range 8 {
			t := ts[r.IntN(len(ts))]
			if len(t.term) >= 4 || r.IntN(4) == 0 {
				return t
			}
		}
		return ts[r.IntN(len(ts))]
	}
	switch kind := r.IntN(20); kind {
	case 0, 1, 2:
		c.Query, c.Note = raw(term("body", words().term)), "term"
	case 3:
		c.Query, c.Note = raw(q("bool", map[string]any{"should": []any{term("body", words().term), term("body", words().term), term("body", "zzzabsent")}})), "bool should terms"
	case 4, 5:
		i := r.IntN(len(ts))
		n := min(2+r.IntN(3), len(ts)-i)
		var ph []string
		for _, t := range ts[i : i+n] {
			ph = append(ph, t.term)
		}
		c.Query, c.Note = raw(q("phrase", map[string]any{"field": "body", "terms": ph})), "exact phrase"
	case 6:
		i := r.IntN(len(ts))
		d := 1 + r.IntN(4)
		j := min(i+d, len(ts)-1)
		a, b := ts[i].term, ts[j].term
		if r.IntN(3) == 0 {
			a, b = b, a
		}
		c.Query, c.Note = raw(q("phrase", map[string]any{"field": "body", "terms": []string{a, b}, "slop": max(1, d-1+r.IntN(3))})), "sloppy phrase"
	case 7:
		t := words().term
		n := min(len(t), 2+r.IntN(4))
		c.Query, c.Note = raw(q("prefix", map[string]any{"field": "body", "prefix": t[:n]})), "prefix"
	case 8, 9:
		t := []rune(words().term)
		if len(t) > 2 {
			i := r.IntN(len(t) - 1)
			switch r.IntN(3) {
			case 0:
				t = slices.Delete(t, i, i+1)
			case 1:
				t[i] = 'x'
			default:
				t[i], t[i+1] = t[i+1], t[i]
			}
		}
		c.Query, c.Note = raw(q("fuzzy", map[string]any{"field": "body", "term": string(t), "max_edits": 1 + r.IntN(2),
			"prefix_length": pick(r, 0, 0, 1, 2), "transpositions": r.IntN(4) != 0})), "fuzzy"
	case 10:
		c.Query, c.Note = raw(q("terms", map[string]any{"field": "body", "terms": []string{words().term, words().term, words().term}})), "terms"
	case 11:
		c.Query, c.Note = raw(q("bool", map[string]any{
			"must":     []any{term("body", words().term)},
			"filter":   []any{term("body", words().term)},
			"must_not": []any{term("body", words().term)},
		})), "must, filter and must_not"
	case 12:
		c.Query, c.Note = raw(q("dismax", map[string]any{"tie": 1.0, "disjuncts": []any{term("body", words().term), term("name", words().term), term("snippet", words().term)}})), "dismax across fields"
	case 13:
		c.Query, c.Note = raw(q("bool", map[string]any{"must": []any{term("name", words().term)}})), "other field only"
	case 14:
		i := r.IntN(len(ts))
		n := min(2, len(ts)-i)
		var ph []string
		for _, t := range ts[i : i+n] {
			ph = append(ph, t.term)
		}
		c.Query, c.Note = raw(q("bool", map[string]any{"should": []any{
			q("phrase", map[string]any{"field": "body", "terms": ph}),
			term("body", ph[0]),
			q("terms", map[string]any{"field": "body", "terms": []string{words().term}}),
		}})), "phrase with a term of it and a one-term terms query"
	case 15:
		c.Query, c.Note = raw(q("constant", map[string]any{"query": q("bool", map[string]any{"should": []any{
			q("prefix", map[string]any{"field": "body", "prefix": words().term[:1]}),
			term("body", words().term),
		}})})), "constant score, short prefix"
	case 16:
		t := words().term
		c.Query, c.Note = raw(q("bool", map[string]any{"should": []any{
			q("fuzzy", map[string]any{"field": "body", "term": t, "max_edits": 2}),
			q("prefix", map[string]any{"field": "body", "prefix": t[:min(len(t), 3)]}),
			term("body", t),
		}})), "overlapping fuzzy, prefix and term"
	case 17:
		var ph []string
		for range 3 {
			ph = append(ph, words().term)
		}
		c.Query, c.Note = raw(q("phrase", map[string]any{"field": "body", "terms": ph, "slop": 3 + r.IntN(8)})), "sloppy phrase of three words"
	case 18:
		c.Query, c.Note = raw(q("match_all", map[string]any{})), "match_all"
	default:
		i := r.IntN(len(ts))
		var ph []string
		for _, t := range ts[i:min(i+2, len(ts))] {
			ph = append(ph, t.term)
		}
		c.Query, c.Note = raw(q("bool", map[string]any{
			"must":   []any{q("phrase", map[string]any{"field": "body", "terms": ph})},
			"should": []any{q("prefix", map[string]any{"field": "body", "prefix": words().term[:1]})},
		})), "phrase and a one-letter prefix"
	}
	return g.add(c)
}

// handMade adds the cases written by hand.
func (g *caseGen) handMade() {
	sentences := "This Agreement is made by Mr. Smith of the U.S. Army, Inc. He agrees to the terms. " +
		"See Section 5.2 and Sec. 3(a) hereof. The fee is $1,000,000.00 (one million dollars), i.e. payable " +
		"on Jan. 1, 2020. \"Confidential Information\" means any information. “Affiliate” means an entity. " +
		"No. 5 of the U.K. schedule applies! Does it? Yes... it does. e.g. the agreement ends."
	sid := g.addText(sentences)
	for _, w := range []string{"agreement", "agrees", "section", "fee", "confidential", "affiliate", "schedule", "does", "ends", "u.s", "1,000,000.00", "5.2"} {
		for _, fs := range []int{100, 30, 0} {
			g.add(&goldenCase{Note: "sentence boundaries", Texts: []string{sid}, Query: raw(term("body", w)),
				FragmentSize: ip(fs), Pre: sp("<b>"), Post: sp("</b>")})
		}
	}
	html := "<p>The <b>Agreement</b> &amp; its Schedules</p> are <i>binding</i>. Terms &lt;defined&gt; herein: <a href=\"x\">see agreement</a>."
	for _, w := range []string{"agreement", "amp", "b", "defined", "href"} {
		g.add(&goldenCase{Note: "HTML kept as stored", Values: []string{html}, Query: raw(term("body", w)), Pre: sp("<b>"), Post: sp("</b>")})
	}
	tags := [][2]string{{"<b>", "</b>"}, {"<em>", "</em>"}, {"", ""}, {" [", "] "}, {"<<", ">>"}}
	for _, tg := range tags {
		g.add(&goldenCase{Note: "tags", Values: []string{"  Agreement agreement AGREEMENT, agreement.  "}, Query: raw(term("body", "agreement")),
			Pre: sp(tg[0]), Post: sp(tg[1])})
	}
	multi := []string{"First value about the agreement.", "Second value without it.", "", "Third agreement value; the agreement ends.", "agreement"}
	for _, n := range []int{5, 1, 2, 0} {
		for _, order := range []string{"score", "none"} {
			g.add(&goldenCase{Note: "multi-valued", Values: multi, Query: raw(term("body", "agreement")), NumberOfFragments: ip(n), Order: order, Pre: sp("<b>"), Post: sp("</b>")})
		}
	}
	g.add(&goldenCase{Note: "phrase across values", Values: []string{"the new", "york office"}, Query: raw(q("phrase", map[string]any{"field": "body", "terms": []string{"new", "york"}}))})
	g.add(&goldenCase{Note: "sloppy phrase across values", Values: []string{"the new", "york office"}, Query: raw(q("phrase", map[string]any{"field": "body", "terms": []string{"new", "york"}, "slop": 150}))})
	odd := []string{
		"Agreement",
		"a",
		"",
		"   ",
		"\tagreement\n",
		"agreement\u2029Next paragraph about the agreement.\u2029",
		"one\x00agreement\x00two agreement",
		"The\u00a0agreement\u00a0applies.\u3000Agreement ends.",
		"Emoji 👍🏽 agreement 😀 and 𝐀𝐠𝐫𝐞𝐞𝐦𝐞𝐧𝐭 and 𝒶 agreement.",
		"Le contrat d’agrément est signé à Genève. Agreement’s terms. L'agreement.",
		strings.Repeat("agreement ", 40),
		strings.Repeat("word ", 60) + "agreement " + strings.Repeat("word ", 60),
		strings.Repeat("x", 300) + " agreement",
	}
	for _, v := range odd {
		for _, fs := range []int{100, 20} {
			g.add(&goldenCase{Note: "odd values", Values: []string{v}, Query: raw(term("body", "agreement")), FragmentSize: ip(fs), Pre: sp("<b>"), Post: sp("</b>")})
		}
	}
	for _, v := range []string{"Governing Law", "governing law", "Governing Law ", "Notices"} {
		for _, qu := range []map[string]any{
			term("sections.name.raw", "Governing Law"),
			q("prefix", map[string]any{"field": "sections.name.raw", "prefix": "Gov"}),
			q("fuzzy", map[string]any{"field": "sections.name.raw", "term": "Governing Lav", "max_edits": 1}),
			q("terms", map[string]any{"field": "sections.name.raw", "terms": []string{"Notices", "Governing Law"}}),
		} {
			g.add(&goldenCase{Note: "keyword field", Field: "sections.name.raw", Keyword: true, Values: []string{v}, Query: raw(qu), Pre: sp("<b>"), Post: sp("</b>")})
		}
	}
	kw := []string{"Notices", "Governing Law", "Term", "Notices", "Assignment", "Governing Law", "Notices"}
	for _, n := range []int{5, 2, 0} {
		g.add(&goldenCase{Note: "multi-valued keyword", Field: "sections.name.raw", Keyword: true, Values: kw, NumberOfFragments: ip(n), Order: "score",
			Query: raw(q("bool", map[string]any{"should": []any{term("sections.name.raw", "Notices"), q("prefix", map[string]any{"field": "sections.name.raw", "prefix": "Gov"})}}))})
	}
	for _, vs := range [][]string{{"", "Notices"}, {"Notices", ""}, {""}, {"a", "", "b"}, {"", ""}} {
		for _, n := range []int{5, 0} {
			for _, qu := range []map[string]any{
				term("sections.name.raw", ""),
				q("prefix", map[string]any{"field": "sections.name.raw", "prefix": ""}),
				q("fuzzy", map[string]any{"field": "sections.name.raw", "term": "ab", "max_edits": 2}),
			} {
				g.add(&goldenCase{Note: "empty keyword values", Field: "sections.name.raw", Keyword: true, Values: vs, NumberOfFragments: ip(n), Query: raw(qu), Pre: sp("<b>"), Post: sp("</b>")})
			}
		}
	}
	g.add(&goldenCase{Note: "nested inner query", Field: "sections.snippet", Values: []string{"The Licensee shall indemnify the Licensor. The Licensor may terminate."},
		Query: raw(q("nested", map[string]any{"path": "sections", "query": q("bool", map[string]any{"must": []any{term("sections.snippet", "licensor"), term("sections.type", "clause")}})}))})
	rep := "agreement agreement agreement. The agreement, the other agreement and the the agreement of the parties."
	for _, qu := range []map[string]any{
		q("fuzzy", map[string]any{"field": "body", "term": "b", "max_edits": 2, "prefix_length": 1}),
		q("fuzzy", map[string]any{"field": "body", "term": "agreement", "max_edits": 0}),
		q("fuzzy", map[string]any{"field": "body", "term": "agremeent", "max_edits": 1, "transpositions": false}),
		q("fuzzy", map[string]any{"field": "body", "term": "agremeent", "max_edits": 1}),
		q("bool", map[string]any{"should": []any{
			q("phrase", map[string]any{"field": "body", "terms": []string{"the", "agreement"}}),
			q("fuzzy", map[string]any{"field": "body", "term": "other", "max_edits": 0}),
			q("terms", map[string]any{"field": "body", "terms": []string{"parties"}}),
		}}),
		q("phrase", map[string]any{"field": "body", "terms": []string{"agreement", "agreement"}}),
		q("phrase", map[string]any{"field": "body", "terms": []string{"the", "the"}, "slop": 3}),
		q("phrase", map[string]any{"field": "body", "terms": []string{"agreement", "the"}, "slop": 2}),
		q("phrase", map[string]any{"field": "body", "terms": []string{"parties", "agreement", "the"}, "slop": 4}),
		q("phrase", map[string]any{"field": "body", "terms": []string{"agreement"}}),
		q("bool", map[string]any{"should": []any{
			q("prefix", map[string]any{"field": "body", "prefix": "agree"}),
			q("prefix", map[string]any{"field": "body", "prefix": "agree"}),
		}}),
	} {
		for _, fs := range []int{100, 40} {
			g.add(&goldenCase{Note: "fuzzy, repeated and one-term phrases", Values: []string{rep, sentences}, Query: raw(qu),
				FragmentSize: ip(fs), Order: "score", Pre: sp("<b>"), Post: sp("</b>")})
		}
	}
	accents := "Värde Partners, L.P. and VÄRDE INVESTMENT PARTNERS signed the Agrément with Ørsted A/S in Zürich."
	for _, qu := range []map[string]any{
		q("terms", map[string]any{"field": "body", "terms": []string{"värde", "partners", "ørsted"}}),
		q("terms", map[string]any{"field": "body", "terms": []string{"zürich"}}),
		q("prefix", map[string]any{"field": "body", "prefix": "vä"}),
		q("fuzzy", map[string]any{"field": "body", "term": "agrement", "max_edits": 1}),
		term("body", "agrément"),
	} {
		g.add(&goldenCase{Note: "non-ASCII terms", Values: []string{accents}, Query: raw(qu), Pre: sp("<b>"), Post: sp("</b>")})
	}
	long := strings.Repeat("The parties agree that nothing herein shall limit the rights of either party. ", 30)
	for _, n := range []int{0, 20, 150} {
		g.add(&goldenCase{Note: "no_match_size", Values: []string{long}, Query: raw(term("body", "zzz")), NoMatchSize: n})
		g.add(&goldenCase{Note: "no_match_size, no query terms", Values: []string{"", long}, Query: raw(term("name", "zzz")), NoMatchSize: n})
	}
}

var awkward = []string{
	"agreement", "Agreement", "AGREEMENT", "Inc", "U.S", "Mr", "a", "the", "The", "5.2", "1,000", "§", "$", "%",
	". ", ".", "! ", "? ", "... ", "\"", "'", "“", "”", "(", ")", "[", "\n", "\n\n", "\t", "\r\n", " ", " ", " ",
	"\u2029", "\u2028", "\u00a0", "\x00", "👍🏽", "😀", "𝐀", "é", "ß", "—", "-", ":", ";", ",", "e.g.", "Sec.", "i.e.",
	"x", "Zürich", "日本", "\u3002", "\u200b", "_",
}

// randomText strings awkward pieces together, mostly separated by spaces.
func (g *caseGen) randomText() string {
	var b strings.Builder
	for range 3 + g.rng.IntN(120) {
		b.WriteString(awkward[g.rng.IntN(len(awkward))])
		if g.rng.IntN(3) > 0 {
			b.WriteByte(' ')
		}
	}
	return b.String()
}
