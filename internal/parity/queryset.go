package parity

import (
	"encoding/json"
	"fmt"
	"strings"
)

// The query set is built from words and phrases every contract corpus has
// (the demo corpus, CUAD, a corpus not in the repository), so it finds
// hits anywhere, and covers every clause, operator and option of the API.
var (
	setWords = []string{"agreement", "party", "termination", "notice", "law", "confidential", "payment",
		"license", "breach", "warranty", "liability", "assignment", "insurance", "territory", "exclusive",
		"royalty", "audit", "arbitration", "court", "amendment", "waiver", "affiliate", "delivery", "taxes"}
	setPhrases = []string{"governing law", "confidential information", "intellectual property", "force majeure",
		"written notice", "entire agreement", "sole discretion", "effective date", "third party",
		"prior written consent", "laws of the state", "in accordance with"}
	setTypos    = []string{"agreemnt", "termnation", "liabilty", "confidental", "warrenty", "arbitraton", "licence", "notise"}
	setPrefixes = []string{"licen", "indemn", "terminat", "confiden", "assign", "warrant", "arbitra", "exclusiv"}
	setHeadings = []string{"Governing Law", "Confidentiality", "Termination", "Indemnification", "Notices",
		"Assignment", "Insurance", "Force Majeure", "Entire Agreement", "Term"}
	setDefined = []string{"Affiliate", "Agreement", "Confidential Information", "Effective Date", "Products", "Territory"}
	setIndexes = []string{"contract", "clause", "definition", "company", "category", "jurisdiction"}
)

// obj is a JSON object literal; keys are encoded in sorted order, which
// does not change a query's meaning.
type obj = map[string]any

// QuerySet returns the parity query set: at least 300 queries, each kind of
// clause, operator and option, in a fixed order.
func QuerySet() []Query {
	var qs []Query
	add := func(kind string, body obj) {
		raw, err := json.Marshal(body)
		if err != nil {
			panic(err) // literal maps of strings and numbers always encode
		}
		qs = append(qs, Query{ID: fmt.Sprintf("%s-%03d", kind, countKind(qs, kind)+1), Kind: kind, Body: raw})
	}
	formA(add)
	simpleQueryString(add)
	phrases(add)
	terms(add)
	ranges(add)
	bools(add)
	nested(add)
	rankFeatures(add)
	shaping(add)
	return qs
}

func countKind(qs []Query, kind string) int {
	n := 0
	for _, q := range qs {
		if q.Kind == kind {
			n++
		}
	}
	return n
}

func pick[T any](xs []T, i int) T { return xs[i%len(xs)] }

func sqs(query string, fields ...string) obj {
	m := obj{"query": query}
	if len(fields) > 0 {
		m["fields"] = fields
	}
	return obj{"simple_query_string": m}
}

func formA(add func(string, obj)) {
	qs := []string{"", "agreement", "governing law", `"governing law"`, "+confidential +information",
		"license +-exclusive", "(royalty | audit) +payment", "licen*", "agreemnt~", `"written notice"~3`,
		`"notice written"~2`, "indemn* +liability", "+(termination | breach) notice", `"force majeure" | insurance`,
		"territory exclusive license", "+law +state +-court", "confidental~ information", "a", "the agreement",
		`"entire agreement" +amendment`, "arbitra* | court", "assignment~1 consent", `"third party"~1 +-warranty`,
		"(((license)))", "+-termination", "payment | taxes | delivery"}
	for i, q := range qs {
		add("forma-q", obj{"query": obj{"q": q}})
		switch i % 4 {
		case 1:
			add("forma-q", obj{"query": obj{"q": q, "_index": pick(setIndexes, i)}})
		case 2:
			add("forma-q", obj{"query": obj{"q": q, "p": 2}})
		}
	}
	// The text ranking's signals (internal/dsl/rank.go): hyphenated words
	// as phrases, proximity of the words, the best section, the all-words
	// bonus, a q too long for the signals, and repeated words.
	for _, q := range []string{"non-compete", "non-disparagement +-employee", "most favored nation",
		`"change of control" | assignment~`, "third-party beneficiary", "unlimited license", "limitation of liability",
		"+audit* +records", `"right of first"~2 refusal`, "agreement agreement agreement agreement agreement agreement agreement",
		"payment notice license breach warranty liability assignment insurance territory exclusive royalty audit arbitration court amendment waiver affiliate"} {
		add("forma-rank", obj{"query": obj{"q": q, "_index": "contract"}})
		add("forma-rank", obj{"query": obj{"q": q}})
	}
	for i, h := range setHeadings {
		add("forma-section", obj{"query": obj{"q": "", "clause": obj{h: ""}}})
		add("forma-section", obj{"query": obj{"q": pick(setWords, i), "clause": obj{h: pick(setWords, i+3)}}})
	}
	for i, d := range setDefined {
		add("forma-section", obj{"query": obj{"q": "", "definition": obj{d: ""}}})
		add("forma-section", obj{"query": obj{"q": "", "definition": obj{d: pick(setWords, i+5)}, "_index": "contract"}})
	}
	add("forma-section", obj{"query": obj{"q": "license", "clause": obj{"Governing Law": "new york", "Termination": ""}}})
	add("forma-attr", obj{"query": obj{"q": "agreement", "filing_year": obj{"min": 2000, "max": 2010}}})
	add("forma-attr", obj{"query": obj{"q": "", "filing_year": obj{"min": "2005", "max": "2005"}}})
	add("forma-attr", obj{"query": obj{"q": "license", "filing_year": obj{"min": 1990}}})
	add("forma-attr", obj{"query": obj{"q": "supply", "country": obj{"us": ""}}})
	add("forma-attr", obj{"query": obj{"q": "", "jurisdiction": obj{"new-york-us": ""}, "_index": "contract"}})
	add("forma-attr", obj{"query": obj{"q": "agreement", "category": obj{"license-agreement": ""}}})
	add("forma-attr", obj{"query": obj{"q": "services", "filing_type": obj{"10-K": ""}, "source": obj{"www.sec.gov": ""}}})
}

func simpleQueryString(add func(string, obj)) {
	fieldSets := [][]string{{"body"}, {"name^2", "body"}, {"name", "snippet", "body"}, {"company.name"},
		{"jurisdiction.name", "category.name"}, nil, {"name^3", "snippet^0.5"}, {"body", "sections.snippet"}}
	texts := []string{"governing law", `"governing law"`, "licen* royalty", "agreemnt~2", "termnation~1 notice",
		"+confidential -information", "(audit | records) +payment", `"written notice"~2`, "exclusive territory",
		"indemn* | warrant*", "+law +(delaware | york)", "insurance -\"third party\""}
	i := 0
	for _, t := range texts {
		for k := 0; k < 3; k++ {
			add("sqs", obj{"query": sqs(t, fieldSets[(i+k*3)%len(fieldSets)]...)})
		}
		i++
	}
	for i, t := range texts[:8] {
		q := sqs(t, "name", "body")
		q["simple_query_string"].(obj)["default_operator"] = "and"
		add("sqs-option", obj{"query": q})
		q = sqs(t, "body")
		q["simple_query_string"].(obj)["minimum_should_match"] = pick([]string{"2", "75%", "-1", "1<50%"}, i)
		add("sqs-option", obj{"query": q})
	}
	flags := []string{"NONE", "AND|OR", "PHRASE", "PREFIX|FUZZY", "NOT", "WHITESPACE|PRECEDENCE", "SLOP", "ESCAPE", "ALL", "OR|PHRASE|SLOP"}
	for i, f := range flags {
		q := sqs(pick(texts, i+3), "body", "name")
		q["simple_query_string"].(obj)["flags"] = f
		add("sqs-flags", obj{"query": q})
	}
	for _, t := range []string{"5", "agreement 3", "2010-01-01", "license"} {
		q := sqs(t, "body", "group_size", "filing_date")
		q["simple_query_string"].(obj)["lenient"] = true
		add("sqs-lenient", obj{"query": q})
	}
	for _, t := range setTypos {
		add("fuzzy", obj{"query": sqs(t+"~", "body")})
	}
	for _, p := range setPrefixes {
		add("prefix", obj{"query": sqs(p+"*", "name", "body")})
	}
}

func phrases(add func(string, obj)) {
	for i, p := range setPhrases {
		field := pick([]string{"body", "name", "snippet"}, i)
		add("match_phrase", obj{"query": obj{"match_phrase": obj{field: obj{"query": p}}}})
		if i%2 == 0 {
			add("match_phrase", obj{"query": obj{"match_phrase": obj{"body": obj{"query": p, "slop": 1 + i%3}}}})
		}
	}
	add("match_phrase", obj{"query": obj{"match_phrase": obj{"body": obj{"query": "notice written", "slop": 2}}}})
	add("match_phrase", obj{"query": obj{"match_phrase": obj{"body": obj{"query": "law governing the", "slop": 3}}}})
	add("match_phrase", obj{"query": obj{"match_phrase": obj{"name.raw": obj{"query": "LICENSE AGREEMENT"}}}})
	add("match_phrase", obj{"query": obj{"match_phrase": obj{"body": obj{"query": "...", "slop": 0}}}})
}

func terms(add func(string, obj)) {
	for _, ix := range setIndexes {
		add("term", obj{"query": obj{"term": obj{"_index": ix}}})
	}
	add("term", obj{"query": obj{"terms": obj{"_index": []string{"clause", "definition"}}}})
	add("term", obj{"query": obj{"term": obj{"type": "clause"}}})
	add("term", obj{"query": obj{"terms": obj{"type": []string{"clause", "definition"}}}})
	add("term", obj{"query": obj{"term": obj{"name": "agreement"}}})
	add("term", obj{"query": obj{"term": obj{"name": "Agreement"}}})
	add("term", obj{"query": obj{"term": obj{"value": "governing law"}}})
	add("term", obj{"query": obj{"term": obj{"country.value": "us"}}})
	add("term", obj{"query": obj{"term": obj{"group_size": "1"}}})
	add("term", obj{"query": obj{"terms": obj{"group_size": []string{"1", "2", "3"}}}})
	add("term", obj{"query": obj{"term": obj{"name.raw": obj{"value": "Governing Law", "boost": 2.5}}}})
	add("term", obj{"query": obj{"bool": obj{"filter": []any{obj{"term": obj{"_index": "contract"}}}, "must": []any{sqs("license", "body")}}}})
}

func ranges(add func(string, obj)) {
	add("range", obj{"query": obj{"range": obj{"filing_date": obj{"gte": "2005-01-01", "lte": "2010-12-31"}}}})
	add("range", obj{"query": obj{"range": obj{"filing_date": obj{"gt": "2008"}}}})
	add("range", obj{"query": obj{"range": obj{"filing_date": obj{"lt": "2000-06-30T00:00:00Z"}}}})
	add("range", obj{"query": obj{"range": obj{"group_size": obj{"gte": 2}}}})
	add("range", obj{"query": obj{"range": obj{"group_size": obj{"gt": 1, "lte": 5, "boost": 3}}}})
	add("range", obj{"query": obj{"bool": obj{"must": []any{sqs("license", "body"), obj{"range": obj{"filing_date": obj{"gte": "2010-01-01"}}}}}}})
	add("range", obj{"query": obj{"bool": obj{"must": []any{obj{"range": obj{"group_size": obj{"gte": 1}}}}}}})
	add("range", obj{"query": obj{"bool": obj{"must_not": []any{obj{"range": obj{"filing_date": obj{"lt": "2005-01-01"}}}}}}})
	add("range", obj{"query": obj{"bool": obj{"should": []any{sqs("royalty", "body"), obj{"range": obj{"group_size": obj{"gte": 2}}}}}}})
	add("range", obj{"query": obj{"bool": obj{"must": []any{obj{"term": obj{"group_size": 1}}, sqs("agreement", "name")}}}})
}

func bools(add func(string, obj)) {
	w := func(i int) obj { return sqs(pick(setWords, i), "body") }
	p := func(i int) obj { return obj{"match_phrase": obj{"body": obj{"query": pick(setPhrases, i)}}} }
	for i := 0; i < 8; i++ {
		add("bool", obj{"query": obj{"bool": obj{"must": []any{w(i), w(i + 7)}}}})
		add("bool", obj{"query": obj{"bool": obj{"should": []any{w(i), p(i), w(i + 11)}}}})
		add("bool", obj{"query": obj{"bool": obj{"must": []any{w(i)}, "should": []any{p(i + 1), w(i + 5)}}}})
		add("bool", obj{"query": obj{"bool": obj{"must": []any{w(i)}, "must_not": []any{w(i + 2)}, "filter": []any{obj{"term": obj{"_index": "contract"}}}}}})
	}
	msms := []any{1, 2, 3, -1, "2", "50%", "-30%", "75%", "2<50%", "1<-1"}
	for i, m := range msms {
		add("bool-msm", obj{"query": obj{"bool": obj{"should": []any{w(i), w(i + 1), w(i + 2), p(i)}, "minimum_should_match": m}}})
	}
	add("bool-msm", obj{"query": obj{"bool": obj{"must": []any{w(0)}, "should": []any{w(1), w(2)}, "minimum_should_match": 1}}})
	add("bool", obj{"query": obj{"bool": obj{"must_not": []any{w(3)}}}})
	add("bool", obj{"query": obj{"bool": obj{"must_not": []any{obj{"match_all": obj{}}}}}})
	add("bool", obj{"query": obj{"bool": obj{"filter": []any{w(4)}}}})
	add("bool", obj{"query": obj{"bool": obj{"filter": []any{w(4)}, "should": []any{w(5)}}}})
	add("bool", obj{"query": obj{"bool": obj{"must": []any{obj{"bool": obj{"should": []any{w(1), w(2)}, "boost": 2}}, obj{"bool": obj{"must_not": []any{w(9)}}}}}}})
	add("bool", obj{"query": obj{"bool": obj{"should": []any{obj{"match_all": obj{"boost": 0.5}}, w(6)}}}})
	add("bool", obj{"query": obj{"match_all": obj{}}})
	add("bool", obj{"query": obj{"bool": obj{"must": []any{sqs("agreement", "name^4", "body"), obj{"bool": obj{"should": []any{p(0), p(1)}, "minimum_should_match": 1, "boost": 1.5}}}}}})
}

func nestedQ(inner obj, extra obj) obj {
	n := obj{"path": "sections", "query": inner}
	for k, v := range extra {
		n[k] = v
	}
	return obj{"nested": n}
}

func nested(add func(string, obj)) {
	modes := []string{"avg", "max", "min", "sum", "none"}
	for i, h := range setHeadings {
		inner := obj{"match_phrase": obj{"sections.name": obj{"query": strings.ToLower(h)}}}
		add("nested", obj{"query": nestedQ(inner, obj{"score_mode": pick(modes, i), "inner_hits": obj{}})})
	}
	for i, wd := range setWords[:10] {
		inner := sqs(wd, "sections.snippet", "sections.name")
		add("nested", obj{"query": nestedQ(inner, obj{"score_mode": pick(modes, i+2), "inner_hits": obj{"size": 1 + i%4, "from": i % 2}})})
	}
	add("nested", obj{"query": nestedQ(obj{"match_all": obj{}}, obj{"inner_hits": obj{"name": "all"}})})
	add("nested", obj{"query": nestedQ(obj{"term": obj{"sections.type": "definition"}}, obj{"ignore_unmapped": true, "inner_hits": obj{"size": 5}})})
	add("nested", obj{"query": nestedQ(obj{"bool": obj{"must": []any{obj{"term": obj{"sections.type": "clause"}}, sqs("law", "sections.name")}}}, obj{"inner_hits": obj{"name": "clause:law"}})})
	add("nested", obj{"query": obj{"bool": obj{"should": []any{
		nestedQ(sqs("confidential", "sections.snippet"), obj{"inner_hits": obj{"name": "a"}}),
		nestedQ(sqs("termination", "sections.snippet"), obj{"inner_hits": obj{"name": "b"}, "score_mode": "max"}),
	}}}})
	add("nested", obj{"query": obj{"bool": obj{"must": []any{sqs("license", "body")}, "filter": []any{nestedQ(obj{"term": obj{"sections.type": "clause"}}, obj{"ignore_unmapped": true})}}}})
	add("nested", obj{"query": obj{"bool": obj{"must_not": []any{nestedQ(sqs("arbitration", "sections.snippet"), obj{"ignore_unmapped": true, "inner_hits": obj{}})}, "must": []any{sqs("agreement", "name")}}}})
	add("nested", obj{"query": nestedQ(sqs("notice", "sections.snippet"), obj{"boost": 2, "score_mode": "sum", "ignore_unmapped": true})})
	add("nested", obj{"query": nestedQ(sqs("notice", "sections.snippet"), nil)})
}

func rankFeatures(add func(string, obj)) {
	fns := []obj{{"saturation": obj{"pivot": 16}}, {"saturation": obj{}}, {"log": obj{"scaling_factor": 2}},
		{"sigmoid": obj{"pivot": 8, "exponent": 0.6}}, {"linear": obj{}}, {}}
	for i, f := range fns {
		rf := obj{"field": "weight_rank"}
		for k, v := range f {
			rf[k] = v
		}
		add("rank_feature", obj{"query": obj{"rank_feature": rf}})
		rf2 := obj{"field": "weight_rank", "boost": 50}
		for k, v := range f {
			rf2[k] = v
		}
		add("rank_feature", obj{"query": obj{"bool": obj{"should": []any{obj{"match_all": obj{}}, obj{"rank_feature": rf2}}, "must": []any{sqs(pick(setWords, i), "body", "name")}}}})
	}
}

func shaping(add func(string, obj)) {
	q := func(i int) obj { return sqs(pick(setWords, i), "name", "body") }
	for i := 0; i < 6; i++ {
		add("aggs", obj{"query": q(i), "size": 3, "aggs": obj{"idx": obj{"terms": obj{"field": "_index"}}}})
		add("aggs", obj{"query": q(i + 3), "size": 0, "aggs": obj{
			"types": obj{"terms": obj{"field": "type", "size": 1 + i}},
			"cats":  obj{"terms": obj{"field": "category.value", "size": 3}},
		}})
	}
	add("aggs", obj{"query": obj{"match_all": obj{}}, "aggs": obj{"v": obj{"terms": obj{"field": "value", "size": 2}}, "n": obj{"terms": obj{"field": "name.raw", "size": 5}}}})
	add("aggs", obj{"query": obj{"match_all": obj{}}, "aggs": obj{"g": obj{"terms": obj{"field": "group_id", "size": 50}}}})
	for i, ix := range setIndexes {
		add("post_filter", obj{"query": q(i), "post_filter": obj{"term": obj{"_index": ix}}, "aggs": obj{"idx": obj{"terms": obj{"field": "_index"}}}})
	}
	add("post_filter", obj{"query": q(1), "post_filter": obj{"terms": obj{"_index": []string{"clause", "definition"}}}})
	add("post_filter", obj{"query": q(2), "post_filter": obj{"bool": obj{"must_not": []any{obj{"term": obj{"_index": "contract"}}}}}})
	for i, fs := range [][2]int{{0, 1}, {5, 5}, {10, 20}, {95, 5}, {0, 0}, {40, 60}} {
		add("paging", obj{"query": q(i), "from": fs[0], "size": fs[1]})
	}
	for i, t := range []any{true, false, 5, 100, 10000} {
		add("total", obj{"query": q(i), "track_total_hits": t, "size": 2})
	}
	add("total", obj{"query": obj{"match_all": obj{}}, "size": 1})
	add("source", obj{"query": q(7), "_source": []string{"name", "category.*"}, "size": 3})
	add("source", obj{"query": q(8), "_source": false, "size": 3})
	add("source", obj{"query": q(9), "timeout": "15000ms", "explain": false, "profile": false,
		"highlight": obj{"fields": obj{"body": obj{}}, "order": "score", "pre_tags": []string{"<b>"}, "post_tags": []string{"</b>"}}})
}
