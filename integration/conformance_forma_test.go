package integration

import (
	"slices"
	"strings"
	"testing"
)

// formABlankOrder is every record in the order of a blank simplified query:
// match_all (1) plus the rank_feature clause (50 · (1 − 16/(w + 16)) for
// weight_rank w), ties in index-name then insertion order. weights holds
// each record's weight_rank (0: none).
var formABlankOrder = []struct {
	id string
	w  float32
}{
	{"contract:en/c05", 240},
	{"company:en/3003141", 112}, {"contract:en/c03", 112}, {"jurisdiction:en/new-york-us", 112},
	{"contract:en/c10", 64}, {"jurisdiction:en/delaware-us", 64},
	{"category:en/license-agreement", 48}, {"clause:en/governing-law#a1", 48}, {"company:en/1001039", 48}, {"contract:en/c01", 48},
	// page 2
	{"contract:en/c12", 32},
	{"category:en/confidentiality-agreement", 24}, {"clause:en/confidentiality#e5", 24}, {"contract:en/c08", 24}, {"jurisdiction:en/england-gb", 24},
	{"category:en/distributor-agreement", 16}, {"clause:en/governing-law#b2", 16}, {"company:en/2002077", 16}, {"contract:en/c02", 16},
	{"definition:en/territory#0a", 16},
	// page 3
	{"contract:en/c11", 12}, {"definition:en/confidential-information#1b", 12}, {"jurisdiction:en/ontario-ca", 12},
	{"category:en/supply-agreement", 8}, {"clause:en/termination#c3", 8}, {"contract:en/c04", 8},
	{"clause:en/royalties#d4", 4}, {"company:en/4004221", 4}, {"contract:en/c07", 4}, {"jurisdiction:en/peoples-republic-of-china-cn", 4},
	// page 4
	{"category:en/merger-agreement", 2}, {"contract:en/c09", 2}, {"definition:en/software#2c", 2},
	{"definition:en/merger-consideration#4e", 1},
	{"category:en/employment-agreement", 0}, {"clause:en/indemnification#f6", 0}, {"company:en/5005999", 0}, {"contract:en/c06", 0},
	{"definition:en/marks#3d", 0}, {"jurisdiction:en/california-us", 0},
}

// wantBlankPage asserts page p (1-based) of a blank simplified query.
func wantBlankPage(t *testing.T, a *answer, p int) {
	t.Helper()
	var ids []string
	var scores []float32
	for _, r := range formABlankOrder[min((p-1)*10, 40):min(p*10, 40)] {
		ids = append(ids, r.id)
		scores = append(scores, formARank(1, r.w))
	}
	wantIDs(t, a, ids...)
	wantScores(t, a, scores...)
}

// weights of the contracts, for Form A scores.
var weights = map[string]float32{"c01": 48, "c02": 16, "c03": 112, "c04": 8, "c05": 240, "c06": 0,
	"c07": 4, "c08": 24, "c09": 2, "c10": 64, "c11": 12, "c12": 32}

// wantFiltered asserts the hits of a simplified query whose q is blank and
// whose other members only filter: contracts, each scoring 1 + its rank.
func wantFiltered(t *testing.T, a *answer, contracts ...string) {
	t.Helper()
	var ids []string
	var scores []float32
	for _, c := range contracts {
		ids = append(ids, "contract:en/"+c)
		scores = append(scores, formARank(1, weights[c]))
	}
	wantTotal(t, a, int64(len(contracts)), "eq")
	wantIDs(t, a, ids...)
	wantScores(t, a, scores...)
}

// Text statistics of the derived indexes, for hand-computed BM25 scores of
// their records (each index is one shard scored with its own statistics).
// Word counts (standard analyzer): clause names 2+2+1+1+1+1, clause
// snippets 13+9+11+5+12+9; company names 2+2+2+1+2; jurisdiction names
// 2+1+1+1+1+4 (People's Republic of China is four words); the contracts'
// jurisdiction.name New York ×3, Ontario ×2, Delaware ×2, England ×2,
// California, Texas, People's Republic of China.
const (
	clauseNameAvg           = 8.0 / 6
	clauseSnippetAvg        = 59.0 / 6
	companyNameAvg          = 9.0 / 5
	jurisdictionNameAvg     = 10.0 / 6
	contractJurisdictionAvg = 18.0 / 12
)

// wantEveryIndexAnswers asserts the _shards of a simplified query with a
// non-blank q: every index maps body, so Form A's term suggester on body
// fails no shard and every index is searched (checkEnvelope already
// refuses a failures member without failed shards).
func wantEveryIndexAnswers(t *testing.T, a *answer) {
	t.Helper()
	wantShards(t, a, 6, 6, 0)
}

// formAMembers: the simplified query's members (spec table "Form A").
func (s *suite) formAMembers(t *testing.T) {
	t.Run("q", func(t *testing.T) {
		a := s.formA(t, `{"q":"royalties"}`)
		// Whole words: c03's "royalty" does not match. c11 and c04 both
		// hold the word in a Royalties section (heading and text), which
		// the best-section signals add to their body's score; c11's
		// shorter body (23 words against 33) and higher rank (12 against
		// 8) put it first. The Royalties clause record has no sections and
		// no body: only its name and snippet score, and it comes last.
		wantTotal(t, a, 3, "eq")
		wantIDs(t, a, "contract:en/c11", "contract:en/c04", "clause:en/royalties#d4")
		wantEveryIndexAnswers(t, a)
		wantJSON(t, a, `[{"key":"contract","doc_count":2},{"key":"clause","doc_count":1}]`, "aggregations", "_index", "buckets")
		wantJSON(t, a, `[{"key":"franchise-agreement","doc_count":1},{"key":"license-agreement","doc_count":1}]`, "aggregations", "category", "buckets")
		wantJSON(t, a, `{"suggestions":[{"text":"royalties","offset":0,"length":9,"options":[]}]}`, "suggest")
		// Text score plus the rank at the text boost (10): above the rank
		// alone.
		sc := a.scores(t)
		if len(sc) == 3 && (sc[0] <= formATextRank(0, 12) || sc[1] <= formATextRank(0, 8)) {
			t.Errorf("scores %v do not add the text score to the rank", sc)
		}
		// The clause's text score comes from the clause index's statistics:
		// royalties is in 1 of its 6 records, in the name (1 word) and the
		// snippet (5 words). One word is every word of q, so both the base
		// query (0.5) and the all-words query (2) match: 2.5 times the
		// BM25, plus 10 · 4/(4 + 16) for its rank 4.
		if len(sc) == 3 {
			near(t, "Royalties clause score", sc[2], (formATextBoost+formAAllWordsBoost)*
				(bm25(6, 1, 1, clauseNameAvg)+bm25(6, 1, 5, clauseSnippetAvg))+float64(saturation(formATextRankBoost, 16, 4)))
		}
	})
	t.Run("q searches name, snippet, body, company.name, jurisdiction.name, category.name", func(t *testing.T) {
		for q, want := range map[string][]string{
			// name (the Marks definition says "trademarks", another word)
			"trademark":  {"contract:en/c04"},
			"restaurant": {"contract:en/c11"}, // snippet and body
			// company.name of contracts, name of the company record
			"umbrella":   {"contract:en/c08", "contract:en/c09", "company:en/5005999"},
			"texas":      {"contract:en/c08"}, // jurisdiction.name only (no Texas record)
			"consulting": {"contract:en/c08"}, // category.name, name, snippet, body
			"franchise":  {"contract:en/c11"}, // name, category.name
		} {
			a := s.formA(t, `{"q":"`+q+`"}`)
			wantIDs(t, a, want...)
			wantEveryIndexAnswers(t, a)
		}
		// The company record has no weight_rank: its score is 2.5 times
		// (base query 0.5 + all-words query 2, q being one word) the BM25
		// of its name (2 words), umbrella being in 1 of the 5 companies.
		a := s.formA(t, `{"q":"umbrella"}`)
		near(t, "Umbrella Health company score", a.f32(t, "hits", "hits", 2, "_score"),
			(formATextBoost+formAAllWordsBoost)*bm25(5, 1, 2, companyNameAvg))
		// url, industry, lawfirm and sections are not searched by q.
		for _, q := range []string{"contracts", "healthcare", "skadden"} {
			wantTotal(t, s.formA(t, `{"q":"`+q+`"}`), 0, "eq")
		}
		// "Schedule 1" is in c04's Marks section only, which q does not
		// search; the Marks definition record holds the same text in its own
		// snippet, which it does.
		a = s.formA(t, `{"q":"schedule"}`)
		wantTotal(t, a, 1, "eq")
		wantIDs(t, a, "definition:en/marks#3d")
	})
	t.Run("q blank matches every document", func(t *testing.T) {
		for _, q := range []string{`{"q":""}`, `{"q":"   "}`, `{}`} {
			a := s.formA(t, q)
			wantTotal(t, a, 40, "eq")
			wantShards(t, a, 6, 6, 0)
			wantBlankPage(t, a, 1)
			wantJSON(t, a, `{"suggestions":[]}`, "suggest")
		}
	})
	t.Run("_index", func(t *testing.T) {
		a := s.formA(t, `{"_index":"clause"}`)
		wantTotal(t, a, 6, "eq")
		wantIDs(t, a, "clause:en/governing-law#a1", "clause:en/confidentiality#e5", "clause:en/governing-law#b2",
			"clause:en/termination#c3", "clause:en/royalties#d4", "clause:en/indemnification#f6")
		wantScores(t, a, formARank(1, 48), formARank(1, 24), formARank(1, 16), formARank(1, 8), formARank(1, 4), 1)
		// _index is a post filter: the _index aggregation counts every index.
		wantJSON(t, a, `[{"key":"contract","doc_count":12},{"key":"category","doc_count":6},{"key":"clause","doc_count":6},`+
			`{"key":"jurisdiction","doc_count":6},{"key":"company","doc_count":5},{"key":"definition","doc_count":5}]`, "aggregations", "_index", "buckets")
	})
	t.Run("_index each index", func(t *testing.T) {
		for ix, n := range map[string]int64{"contract": 12, "clause": 6, "definition": 5, "company": 5, "category": 6, "jurisdiction": 6} {
			a := s.formA(t, `{"_index":"`+ix+`"}`)
			wantTotal(t, a, n, "eq")
			for _, id := range a.ids(t) {
				if !strings.HasPrefix(id, ix+":") {
					t.Errorf("_index %s: hit %s", ix, id)
				}
			}
		}
	})
	t.Run("_index with q: every index answers, suggestions from contract bodies", func(t *testing.T) {
		// Every index maps body, so the suggester on body fails no shard and
		// a text search restricted to clause finds the two Governing Law
		// clauses (governed in their snippets), by rank (48, 16).
		a := s.formA(t, `{"q":"governed","_index":"clause"}`)
		wantTotal(t, a, 2, "eq")
		wantIDs(t, a, "clause:en/governing-law#a1", "clause:en/governing-law#b2")
		wantEveryIndexAnswers(t, a)
		// _index is a post filter: the aggregation still counts the eight
		// contracts whose body says governed.
		wantJSON(t, a, `[{"key":"contract","doc_count":8},{"key":"clause","doc_count":2}]`, "aggregations", "_index", "buckets")
		wantJSON(t, a, `{"suggestions":[{"text":"governed","offset":0,"length":8,"options":[]}]}`, "suggest")
		// A misspelt word is suggested from contract bodies only: freq 8,
		// the clauses' snippets not counted, though the search targets them.
		a = s.formA(t, `{"q":"goverened laws","_index":"clause"}`)
		wantIDs(t, a, "clause:en/governing-law#a1", "clause:en/governing-law#b2")
		wantEveryIndexAnswers(t, a)
		wantJSON(t, a, `{"suggestions":[{"text":"goverened","offset":0,"length":9,"options":[{"text":"governed","score":0.875,"freq":8}]},`+
			`{"text":"laws","offset":10,"length":4,"options":[]}]}`, "suggest")
		a = s.formA(t, `{"q":"governed","_index":"contract"}`)
		wantTotal(t, a, 8, "eq")
		wantEveryIndexAnswers(t, a)
	})
	t.Run("p", func(t *testing.T) {
		for p := 1; p <= 5; p++ {
			a := s.formA(t, `{"p":`+string(rune('0'+p))+`}`)
			wantTotal(t, a, 40, "eq")
			wantBlankPage(t, a, p)
			if got := a.integer(t, "size"); got != 10 {
				t.Errorf("p %d: size %d", p, got)
			}
		}
	})
	t.Run("p as a numeric string", func(t *testing.T) {
		wantBlankPage(t, s.formA(t, `{"p":"2"}`), 2)
	})
	t.Run("clause with text", func(t *testing.T) {
		// Only c01's Governing Law clause holds both words (c05 and c09 say
		// New York in the body, not in a Governing Law section).
		a := s.formA(t, `{"clause":{"Governing Law":"New York"}}`)
		wantTotal(t, a, 1, "eq")
		wantIDs(t, a, "contract:en/c01")
		ih := []any{"hits", "hits", 0, "inner_hits", "clause:Governing Law", "hits"}
		wantTotal(t, &answer{doc: map[string]any{"hits": a.at(t, ih...)}, raw: a.raw}, 1, "eq")
		if off := a.integer(t, append(ih, "hits", 0, "_nested", "offset")...); off != 1 {
			t.Errorf("inner hit offset %d, want 1", off)
		}
		wantJSON(t, a, `{"type":"clause","name":"Governing Law","value":"governing law",`+
			`"snippet":"This Agreement is governed by the laws of the State of New York.","group_id":"en/governing-law#a1"}`,
			append(ih, "hits", 0, "_source")...)
		// The section search is scored: 1 + the inner score + the rank.
		inner := a.f32(t, append(ih, "hits", 0, "_score")...)
		if inner <= 0 || a.f32(t, "hits", "hits", 0, "_score") != float32(float32(1+inner)+saturation(50, 16, 48)) {
			t.Errorf("score %v, inner %v", a.f32(t, "hits", "hits", 0, "_score"), inner)
		}
	})
	t.Run("clause with empty text: the heading must exist", func(t *testing.T) {
		a := s.formA(t, `{"clause":{"Termination":""}}`)
		wantFiltered(t, a, "c05", "c01", "c11")
		for i, off := range []int64{1, 2, 1} {
			p := []any{"hits", "hits", i, "inner_hits", "clause:Termination", "hits", "hits", 0}
			if got := a.integer(t, append(p, "_nested", "offset")...); got != off {
				t.Errorf("hit %d: offset %d, want %d", i, got, off)
			}
			if got := a.f32(t, append(p, "_score")...); got != 0 {
				t.Errorf("hit %d: inner score %v, want 0 (filters only)", i, got)
			}
		}
	})
	t.Run("clause heading matched case-insensitively", func(t *testing.T) {
		a := s.formA(t, `{"clause":{"governing   LAW":""}}`)
		wantFiltered(t, a, "c03", "c10", "c01", "c02", "c04", "c06")
		if !a.has("hits", "hits", 0, "inner_hits", "clause:governing   LAW") {
			t.Errorf("inner hits not named after the heading as written: %s", a.rawAt(t, "hits", "hits", 0))
		}
	})
	t.Run("clause text: every word required", func(t *testing.T) {
		wantTotal(t, s.formA(t, `{"clause":{"Governing Law":"New Delaware"}}`), 0, "eq")
	})
	t.Run("clause several entries all required", func(t *testing.T) {
		a := s.formA(t, `{"clause":{"Termination":"","Governing Law":""}}`)
		wantFiltered(t, a, "c01")
		wantKeys(t, "inner_hits", a.obj(t, "hits", "hits", 0, "inner_hits"), "clause:Termination", "clause:Governing Law")
	})
	t.Run("definition with text", func(t *testing.T) {
		a := s.formA(t, `{"definition":{"Confidential Information":"non-public"}}`)
		wantIDs(t, a, "contract:en/c03")
		p := []any{"hits", "hits", 0, "inner_hits", "definition:Confidential Information", "hits", "hits"}
		if n := len(a.list(t, p...)); n != 1 {
			t.Fatalf("%d inner hits", n)
		}
		if off := a.integer(t, append(p, 0, "_nested", "offset")...); off != 1 {
			t.Errorf("offset %d, want 1", off)
		}
	})
	t.Run("definition with empty text", func(t *testing.T) {
		a := s.formA(t, `{"definition":{"Territory":""}}`)
		wantFiltered(t, a, "c01", "c02")
	})
	t.Run("definition is not clause", func(t *testing.T) {
		// Confidentiality is a clause heading, never a defined term.
		wantTotal(t, s.formA(t, `{"definition":{"Confidentiality":""}}`), 0, "eq")
	})
	t.Run("clause and definition together", func(t *testing.T) {
		a := s.formA(t, `{"clause":{"Confidentiality":""},"definition":{"Confidential Information":""}}`)
		wantFiltered(t, a, "c03", "c12")
	})
	attributes := []struct{ name, query string }{
		{"category", `{"category":{"license-agreement":""}}`},
		{"country", `{"country":{"ca":""}}`},
		{"jurisdiction", `{"jurisdiction":{"delaware-us":""}}`},
		{"industry", `{"industry":{"software":""}}`},
		{"company", `{"company":{"1001039":""}}`},
		{"lawfirm", `{"lawfirm":{"osler":""}}`},
		{"exhibit_id", `{"exhibit_id":{"EX-10.4":""}}`},
		{"filing_id", `{"filing_id":{"HK-2021-0909":""}}`},
		{"filing_type", `{"filing_type":{"10-Q":""}}`},
		{"source", `{"source":{"www.hkexnews.hk":""}}`},
	}
	want := map[string][]string{
		"category": {"c03", "c04"}, "country": {"c02", "c11"}, "jurisdiction": {"c03", "c10"},
		"industry": {"c03", "c10", "c06"}, "company": {"c05", "c01", "c12"}, "lawfirm": {"c02", "c11"},
		"exhibit_id": {"c04"}, "filing_id": {"c07"}, "filing_type": {"c12", "c08", "c02"}, "source": {"c07"},
	}
	for _, at := range attributes {
		t.Run(at.name, func(t *testing.T) {
			wantFiltered(t, s.formA(t, at.query), want[at.name]...)
		})
	}
	t.Run("attribute value is exact", func(t *testing.T) {
		// Keyword match: neither a prefix nor the name.
		for _, q := range []string{`{"category":{"license":""}}`, `{"category":{"License Agreement":""}}`} {
			wantTotal(t, s.formA(t, q), 0, "eq")
		}
	})
	t.Run("attribute value case never matters", func(t *testing.T) {
		// contract.AttributeValue spells a value as ingest does (docs/decisions.md).
		wantFiltered(t, s.formA(t, `{"country":{"CA":""}}`), "c02", "c11")
		wantFiltered(t, s.formA(t, `{"filing_type":{"10-q":""}}`), "c12", "c08", "c02")
		wantFiltered(t, s.formA(t, `{"exhibit_id":{"ex-10.4":""}}`), "c04")
	})
	t.Run("attribute several values all required", func(t *testing.T) {
		wantTotal(t, s.formA(t, `{"category":{"license-agreement":"","distributor-agreement":""}}`), 0, "eq")
	})
	t.Run("several attributes combine as AND", func(t *testing.T) {
		wantFiltered(t, s.formA(t, `{"company":{"3003141":""},"jurisdiction":{"delaware-us":""}}`), "c03", "c10")
		wantFiltered(t, s.formA(t, `{"company":{"3003141":""},"industry":{"software":""},"filing_type":{"8-K":""},"country":{"us":""}}`), "c03", "c10", "c06")
	})
	t.Run("filing_year min and max", func(t *testing.T) {
		wantFiltered(t, s.formA(t, `{"filing_year":{"min":2015,"max":2018}}`), "c03", "c08", "c04")
	})
	t.Run("filing_year min only, as a string", func(t *testing.T) {
		wantFiltered(t, s.formA(t, `{"filing_year":{"min":"2020"}}`), "c10", "c12", "c07")
	})
	t.Run("filing_year max only", func(t *testing.T) {
		wantFiltered(t, s.formA(t, `{"filing_year":{"max":2011}}`), "c05", "c09")
	})
	t.Run("filing_year bounds inclusive", func(t *testing.T) {
		wantFiltered(t, s.formA(t, `{"filing_year":{"min":2012,"max":"2012"}}`), "c01")
		wantFiltered(t, s.formA(t, `{"filing_year":{"min":2010,"max":2010}}`), "c05")
		wantFiltered(t, s.formA(t, `{"filing_year":{"min":2022,"max":2022}}`), "c10")
	})
	t.Run("every member together", func(t *testing.T) {
		a := s.formA(t, `{"q":"governed","_index":"contract","p":1,"clause":{"Governing Law":"Delaware"},"definition":{"Software":""},`+
			`"category":{"license-agreement":""},"country":{"us":""},"jurisdiction":{"delaware-us":""},"industry":{"software":""},`+
			`"company":{"3003141":""},"lawfirm":{"wilson-sonsini":""},"exhibit_id":{"EX-10.3":""},"filing_id":{"0003003141-16-000031":""},`+
			`"filing_type":{"8-K":""},"source":{"www.sec.gov":""},"filing_year":{"min":2016,"max":2016}}`)
		wantIDs(t, a, "contract:en/c03")
		wantKeys(t, "inner_hits", a.obj(t, "hits", "hits", 0, "inner_hits"), "clause:Governing Law", "definition:Software")
	})
}

// qOperators: the text operators inside q (spec table "Text operators
// inside q"), through Form A as the spec presents them.
func (s *suite) qOperators(t *testing.T) {
	t.Run("words separated by spaces", func(t *testing.T) {
		// OR: indemnify (c01, c05, the Indemnification clause's snippet) or
		// royalties (c04, c11, the Royalties clause). No record holds both
		// words, so neither the all-words nor the words-together signals
		// add anything. c05 (rank 240) says indemnify in its
		// Indemnification section, c11 and c04 say royalties in their
		// Royalties sections (heading and text): the best-section signal
		// puts all three above c01, which says indemnify in its body only
		// (its sections are Territory, Governing Law and Termination). The
		// clauses (weight_rank 4 and none) come last.
		a := s.formA(t, `{"q":"indemnify royalties"}`)
		wantTotal(t, a, 6, "eq")
		wantIDs(t, a, "contract:en/c05", "contract:en/c11", "contract:en/c04", "contract:en/c01",
			"clause:en/royalties#d4", "clause:en/indemnification#f6")
		wantEveryIndexAnswers(t, a)
		// The clause records match through the base query only (0.5): the
		// Royalties clause by its name (1 word) and snippet (5 words), plus
		// 10 · 4/(4 + 16) for its rank; the Indemnification clause, which
		// has no weight_rank, by its snippet (9 words). Each word is in 1
		// of the 6 clauses.
		if sc := a.scores(t); len(sc) == 6 {
			near(t, "Royalties clause score", sc[4], formATextBoost*(bm25(6, 1, 1, clauseNameAvg)+bm25(6, 1, 5, clauseSnippetAvg))+
				float64(saturation(formATextRankBoost, 16, 4)))
			near(t, "Indemnification clause score", sc[5], formATextBoost*bm25(6, 1, 9, clauseSnippetAvg))
		}
		wantJSON(t, a, `{"suggestions":[{"text":"indemnify","offset":0,"length":9,"options":[]},{"text":"royalties","offset":10,"length":9,"options":[]}]}`, "suggest")
	})
	t.Run("phrase in double quotes", func(t *testing.T) {
		// c02 is governed by the laws of the Province, c03 of Delaware; the
		// Governing Law clause a1 holds the phrase in its snippet (b2 says
		// Delaware). c01 leads: its Governing Law section holds the phrase,
		// which the section signals add; c05 and c09 say it in their body
		// only (c05's sections are Indemnification and Termination, c09 has
		// none), where its thirteen words weigh less than in a1's short
		// snippet, and c05's rank (240) puts it above c09 (2).
		a := s.formA(t, `{"q":"\"governed by the laws of the State\""}`)
		wantTotal(t, a, 4, "eq")
		wantIDs(t, a, "contract:en/c01", "clause:en/governing-law#a1", "contract:en/c05", "contract:en/c09")
		// a1 has no body and no sections: the base and all-words queries
		// (0.5 + 2) score the phrase in its snippet (13 words), whose idf
		// is the sum of its words' among the 6 clauses: governed, by and
		// laws in 2 (a1, b2), the in 4 (a1, b2, e5, f6) and counted twice,
		// of in 3 (a1, b2, e5), state in 1. Plus 10 · 48/(48 + 16).
		if sc := a.scores(t); len(sc) == 4 {
			phraseIDF := 3*idf(6, 2) + 2*idf(6, 4) + idf(6, 3) + idf(6, 1)
			near(t, "Governing Law clause a1 score", sc[1], (formATextBoost+formAAllWordsBoost)*bm25Freq(phraseIDF, 1, 13, clauseSnippetAvg)+
				float64(saturation(formATextRankBoost, 16, 48)))
		}
		// Words in another order are not the phrase.
		wantTotal(t, s.formA(t, `{"q":"\"the laws governed\""}`), 0, "eq")
	})
	t.Run("+ requires a term", func(t *testing.T) {
		// c03's "non-exclusive license" holds both words; c01 and c02 lack license.
		a := s.formA(t, `{"q":"+exclusive +license"}`)
		wantIDs(t, a, "contract:en/c03", "contract:en/c04")
		a = s.formA(t, `{"q":"indemnify +supply"}`)
		wantIDs(t, a, "contract:en/c05")
	})
	t.Run("+- excludes a term", func(t *testing.T) {
		a := s.formA(t, `{"q":"royalties +-quarterly"}`)
		wantIDs(t, a, "contract:en/c11")
	})
	t.Run("- alone is an OR of the negation", func(t *testing.T) {
		// With default operator or, "-quarterly" is an optional "not
		// quarterly": every record of the six indexes matches (c04 and the
		// Royalties clause, which say quarterly, through royalties). This is
		// why the spec writes exclusion as +-term.
		a := s.formA(t, `{"q":"royalties -quarterly"}`)
		wantTotal(t, a, 40, "eq")
		wantEveryIndexAnswers(t, a)
	})
	t.Run("| with parentheses is OR", func(t *testing.T) {
		// governed, and Delaware or Ontario anywhere (c11 is in Ontario but
		// says nothing of governing law; the Delaware and Ontario
		// jurisdiction records neither). The Governing Law clause b2 is
		// governed by the laws of Delaware; it ranks as c02 (16), with a
		// lower text score.
		a := s.formA(t, `{"q":"+(delaware | ontario) +governed"}`)
		wantTotal(t, a, 4, "eq")
		wantIDs(t, a, "contract:en/c03", "contract:en/c10", "contract:en/c02", "clause:en/governing-law#b2")
		// Without governed the two jurisdiction records match by name.
		// c03, c10 and c02 say Delaware or Ontario in their Governing Law
		// section, which the section signals add; the jurisdiction records
		// and c11 (Ontario in jurisdiction.name only) do not have them.
		a = s.formA(t, `{"q":"+(delaware | ontario)"}`)
		wantTotal(t, a, 7, "eq")
		wantIDs(t, a, "contract:en/c03", "contract:en/c10", "contract:en/c02", "jurisdiction:en/delaware-us",
			"clause:en/governing-law#b2", "contract:en/c11", "jurisdiction:en/ontario-ca")
		// The group is the only required clause, so the all-words query
		// matches wherever the base query does: 2.5 times the BM25 of the
		// one name word (the jurisdiction records: 1 of 6 names hold it;
		// c11: 2 of the 12 contracts' jurisdiction.name say Ontario), plus
		// the rank at boost 10. No record holds both words, so the
		// words-together signals add nothing. c11 (rank 12) edges out
		// ontario-ca (rank 12 too): Ontario weighs a little more in the
		// contracts' jurisdiction.name (2 of 12, 1.5 words on average) than
		// in the jurisdiction records' names (1 of 6, 10/6 words).
		if sc := a.scores(t); len(sc) == 7 {
			b := formATextBoost + formAAllWordsBoost
			near(t, "delaware-us score", sc[3], b*bm25(6, 1, 1, jurisdictionNameAvg)+float64(saturation(formATextRankBoost, 16, 64)))
			near(t, "c11 score", sc[5], b*bm25(12, 2, 1, contractJurisdictionAvg)+float64(saturation(formATextRankBoost, 16, 12)))
			near(t, "ontario-ca score", sc[6], b*bm25(6, 1, 1, jurisdictionNameAvg)+float64(saturation(formATextRankBoost, 16, 12)))
		}
	})
	t.Run("| without parentheses", func(t *testing.T) {
		wantTotal(t, s.formA(t, `{"q":"arbitration | restaurant"}`), 2, "eq")
	})
	t.Run("trailing * is a prefix", func(t *testing.T) {
		// indemnify (c01, c05) and Indemnification (c05); prefix queries score
		// a constant 1 per field, times the clause's boost. q is one term,
		// so the base query (0.5) and the all-words query (2) match alike;
		// a prefix names no word, so there is no words-together signal.
		// c05 says indemnif* in its body, and in its Indemnification
		// section's text and heading: the best section scores 1 + 2 (the
		// heading's field boost) times 2, the section with every word
		// 1 + 1 times 4. c01 says it in its body only (its sections are
		// Territory, Governing Law and Termination). The Indemnification
		// clause matches in two fields (name Indemnification, snippet
		// indemnify) and has no rank.
		a := s.formA(t, `{"q":"indemnif*"}`)
		wantIDs(t, a, "contract:en/c05", "contract:en/c01", "clause:en/indemnification#f6")
		wantScores(t, a, formATextRank(0.5+2+2*3+4*2, 240), formATextRank(0.5+2, 48), formATextRank(2*(0.5+2), 0))
		// Whole words otherwise: "indemnif" alone matches nothing.
		wantTotal(t, s.formA(t, `{"q":"indemnif"}`), 0, "eq")
		// agree* reaches agreement (all 12 contracts, the 6 categories'
		// names, the snippets of clauses a1, b2 and c3) and agrees.
		wantTotal(t, s.formA(t, `{"q":"agree*"}`), 21, "eq")
	})
	t.Run("trailing ~ is fuzzy", func(t *testing.T) {
		// royaltys is one edit from royalty (c03) and two from royalties
		// (c11, c04, the Royalties clause). c11 and c04 hold royalties in a
		// Royalties section (heading and text), which the best-section
		// signals add; c03 says royalty in its body only, and its rank
		// (112) no longer makes up for it at the text boost 10.
		a := s.formA(t, `{"q":"royaltys~"}`)
		wantTotal(t, a, 4, "eq")
		wantIDs(t, a, "contract:en/c11", "contract:en/c04", "contract:en/c03", "clause:en/royalties#d4")
		wantTotal(t, s.formA(t, `{"q":"royaltys"}`), 0, "eq")
		// The suggester proposes both, by score then frequency; frequencies
		// count contract bodies only (the Royalties clause is not one).
		wantJSON(t, a, `{"suggestions":[{"text":"royaltys","offset":0,"length":8,"options":[`+
			`{"text":"royalty","score":0.85714287,"freq":1},{"text":"royalties","score":0.75,"freq":2}]}]}`, "suggest")
	})
	t.Run("phrase ~N is proximity", func(t *testing.T) {
		// "Licensee shall pay" (c03, c04, the Royalties clause's snippet):
		// pay is one position further than in the phrase, so slop 1 is
		// needed.
		wantTotal(t, s.formA(t, `{"q":"\"licensee pay\""}`), 0, "eq")
		// c04 says it in its Royalties section too, which the section
		// signals add; c03 only in its body (no section of c03 says pay),
		// so c04 leads despite its lower rank (8 against 112).
		a := s.formA(t, `{"q":"\"licensee pay\"~1"}`)
		wantTotal(t, a, 3, "eq")
		wantIDs(t, a, "contract:en/c04", "contract:en/c03", "clause:en/royalties#d4")
		// The clause has no body and no sections: the base and all-words
		// queries (0.5 + 2) score the sloppy phrase in its snippet (5
		// words), with frequency 1/(1 + 1) for the one position of slop;
		// licensee and pay are each in 1 of the 6 clauses. Plus
		// 10 · 4/(4 + 16) for its rank.
		if sc := a.scores(t); len(sc) == 3 {
			near(t, "Royalties clause score", sc[2], (formATextBoost+formAAllWordsBoost)*bm25Freq(2*idf(6, 1), 0.5, 5, clauseSnippetAvg)+
				float64(saturation(formATextRankBoost, 16, 4)))
		}
	})
	t.Run("phrase ~N in any order", func(t *testing.T) {
		// Reversed, the same words need slop 3 (2 to transpose, 1 apart).
		wantTotal(t, s.formA(t, `{"q":"\"pay licensee\"~2"}`), 0, "eq")
		// c04 leads as above: its Royalties section holds the words.
		a := s.formA(t, `{"q":"\"pay licensee\"~3"}`)
		wantTotal(t, a, 3, "eq")
		wantIDs(t, a, "contract:en/c04", "contract:en/c03", "clause:en/royalties#d4")
		// The clause as above, with frequency 1/(1 + 3) for a match 3
		// positions long.
		if sc := a.scores(t); len(sc) == 3 {
			near(t, "Royalties clause score", sc[2], (formATextBoost+formAAllWordsBoost)*bm25Freq(2*idf(6, 1), 0.25, 5, clauseSnippetAvg)+
				float64(saturation(formATextRankBoost, 16, 4)))
		}
	})
	t.Run("empty q", func(t *testing.T) {
		a := s.formA(t, `{"q":""}`)
		wantTotal(t, a, 40, "eq")
		wantShards(t, a, 6, 6, 0)
	})
	t.Run("misspelt word: suggestions", func(t *testing.T) {
		// york: the three New York contracts, the New York jurisdiction
		// record (rank 112) and the Governing Law clause a1 (rank 48).
		// goverened matches nothing (no record holds both words, so only
		// the base query scores). c01 leads: its Governing Law section says
		// New York, which the best-section signal adds; c05 (rank 240)
		// and c09 (rank 2) say it in the body and jurisdiction.name only.
		// goverened is one edit from governed, in 8 contract bodies.
		a := s.formA(t, `{"q":"goverened york"}`)
		wantTotal(t, a, 5, "eq")
		wantIDs(t, a, "contract:en/c01", "contract:en/c05", "jurisdiction:en/new-york-us", "clause:en/governing-law#a1", "contract:en/c09")
		wantEveryIndexAnswers(t, a)
		// The records without sections or body: the base query (0.5) on
		// york, in 1 of the 6 jurisdiction names (2 words) and in 1 of the
		// 6 clause snippets (13 words), plus the rank (112, 48) at boost 10.
		if sc := a.scores(t); len(sc) == 5 {
			near(t, "New York jurisdiction score", sc[2], formATextBoost*bm25(6, 1, 2, jurisdictionNameAvg)+float64(saturation(formATextRankBoost, 16, 112)))
			near(t, "Governing Law clause a1 score", sc[3], formATextBoost*bm25(6, 1, 13, clauseSnippetAvg)+float64(saturation(formATextRankBoost, 16, 48)))
		}
		wantJSON(t, a, `{"suggestions":[{"text":"goverened","offset":0,"length":9,"options":[{"text":"governed","score":0.875,"freq":8}]},`+
			`{"text":"york","offset":10,"length":4,"options":[]}]}`, "suggest")
	})
	t.Run("highlight of simplified queries", func(t *testing.T) {
		// The order of "goverened york" above: c01's Governing Law section
		// says New York.
		a := s.formA(t, `{"q":"york"}`)
		wantIDs(t, a, "contract:en/c01", "contract:en/c05", "jurisdiction:en/new-york-us", "clause:en/governing-law#a1", "contract:en/c09")
		// One word: the records without sections or body score 2.5 times
		// its BM25 (base and all-words queries) plus their rank.
		if sc := a.scores(t); len(sc) == 5 {
			b := formATextBoost + formAAllWordsBoost
			near(t, "New York jurisdiction score", sc[2], b*bm25(6, 1, 2, jurisdictionNameAvg)+float64(saturation(formATextRankBoost, 16, 112)))
			near(t, "Governing Law clause a1 score", sc[3], b*bm25(6, 1, 13, clauseSnippetAvg)+float64(saturation(formATextRankBoost, 16, 48)))
		}
		got := highlights(t, a, "jurisdiction.name")
		for _, id := range []string{"en/c05", "en/c01", "en/c09"} {
			if f := got[id]; len(f) != 1 || f[0] != "New <b>York</b>" {
				t.Errorf("%s: jurisdiction.name fragments %q", id, f)
			}
		}
		wantFragments(t, highlights(t, a, "body"), "<b>", "</b>", map[string][]string{
			"en/c05": {"York"}, "en/c01": {"York"}, "en/c09": {"York"}})
		// Form A also highlights name and snippet, which carry the text of
		// the records without a body: the jurisdiction record is
		// highlighted in its name, the clause in its snippet. The
		// contracts' names and snippets do not say york.
		wantKeys(t, "jurisdiction record highlight", a.obj(t, "hits", "hits", 2, "highlight"), "name")
		if got := a.rawAt(t, "hits", "hits", 2, "highlight", "name"); got != `["New <b>York</b>"]` {
			t.Errorf("jurisdiction record: name fragments %s", got)
		}
		wantKeys(t, "clause highlight", a.obj(t, "hits", "hits", 3, "highlight"), "snippet")
		if got := a.rawAt(t, "hits", "hits", 3, "highlight", "snippet"); got != `["This Agreement is governed by the laws of the State of New <b>York</b>."]` {
			t.Errorf("clause: snippet fragments %s", got)
		}
		for _, i := range []int{0, 1, 4} {
			wantKeys(t, "contract highlight", a.obj(t, "hits", "hits", i, "highlight"), "body", "jurisdiction.name")
		}
	})
	t.Run("highlight of clause and definition hits", func(t *testing.T) {
		// Clause and definition records have no body: their hits carry the
		// matched words of their snippet (and name) in <b> tags. governed
		// is in the snippets of the two Governing Law clauses; Schedule in
		// the Marks definition's snippet; Royalties in the Royalties
		// clause's name and snippet; Merger in the Merger Consideration
		// definition's name and snippet.
		for q, want := range map[string]map[string][]string{
			`{"q":"governed","_index":"clause"}`:   {"en/governing-law#a1": {"governed"}, "en/governing-law#b2": {"governed"}},
			`{"q":"schedule"}`:                     {"en/marks#3d": {"Schedule"}},
			`{"q":"royalties","_index":"clause"}`:  {"en/royalties#d4": {"royalties"}},
			`{"q":"merger","_index":"definition"}`: {"en/merger-consideration#4e": {"Merger"}},
		} {
			a := s.formA(t, q)
			got := highlights(t, a, "snippet")
			if len(got) != len(want) {
				t.Errorf("%s: snippet highlights of %d hits, want %d: %v", q, len(got), len(want), got)
			}
			for id, words := range want {
				var tags []string
				for _, f := range got[id] {
					tags = append(tags, tagged(f, "<b>", "</b>")...)
				}
				if !slices.Equal(tags, words) {
					t.Errorf("%s: %s snippet tagged %q in %q, want %q", q, id, tags, got[id], words)
				}
			}
		}
		// The name is highlighted too when it holds the word.
		a := s.formA(t, `{"q":"royalties","_index":"clause"}`)
		wantJSON(t, a, `{"name":["<b>Royalties</b>"],"snippet":["Licensee shall pay <b>royalties</b> quarterly."]}`, "hits", "hits", 0, "highlight")
	})
}
