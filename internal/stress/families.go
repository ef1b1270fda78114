// Package stress owns the hostile-request suite of `make stress`: the
// families of hostile search bodies (deep nesting, operator and fuzzy
// storms, repeated-word sloppy phrases, floods of terms, aggregations and
// highlights, huge pages, giant and malformed bodies), the statuses each
// may be answered with, the bound on each reply's time, running them
// against a gateway process while its peak resident memory is read, and
// the results file.
package stress

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"time"
)

// Body is one hostile request body and what may be answered to it.
type Body struct {
	// Name says what the body tries, unique in the suite.
	Name string
	// Data is the request body as sent, byte for byte.
	Data []byte
	// Timeout is the body's `timeout` member, which bounds its reply
	// (plus Slack); zero when the body has none (Form A, or an invalid
	// one), and the server's own budget bounds it.
	Timeout time.Duration
	// Allowed are the statuses that may answer it. A status outside them
	// is a failure; a 5xx always is.
	Allowed []int
}

// Family is a kind of attack with its bodies.
type Family struct {
	Name, Doc string
	Bodies    []Body
}

// Statuses a hostile body may get: an answer (200, timed out or not), a
// refusal of the request (400), of its size (413), or of its rate (429,
// the server shedding load).
var (
	answerOrRefusal = []int{http.StatusOK, http.StatusBadRequest, http.StatusTooManyRequests}
	refusal         = []int{http.StatusBadRequest, http.StatusTooManyRequests}
	tooLarge        = []int{http.StatusRequestEntityTooLarge, http.StatusTooManyRequests}
	answer          = []int{http.StatusOK, http.StatusTooManyRequests}
)

// Families returns the suite, in the order it runs. The bodies are the
// same on every call (random ones come from fixed seeds).
func Families() []Family {
	fams := []Family{
		deepNesting(),
		deepJSON(),
		operatorStorms(),
		sloppyPhrases(),
		fuzzyStorms(),
		prefixStorms(),
		hugeTerms(),
		aggregationFloods(),
		oversizedHighlights(),
		hugePages(),
		giantStrings(),
		wrongTypes(),
		invalidUTF8(),
		duplicateKeys(),
		formAStorms(),
		timeouts(),
		unseen(),
	}
	// Whatever it holds, a body larger than MAX_BODY_BYTES is refused
	// for its size.
	for _, f := range fams {
		for i := range f.Bodies {
			if len(f.Bodies[i].Data) > MaxBodyBytes {
				f.Bodies[i].Allowed = tooLarge
			}
		}
	}
	return fams
}

// MaxBodyBytes is the gateway's default MAX_BODY_BYTES, which the suite
// runs with.
const MaxBodyBytes = 1 << 20

// mustJSON encodes v; the suite's values always encode.
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

type obj = map[string]any

// formB is a structured body with query q, timeout t and the members of
// extra.
func formB(q any, t time.Duration, extra obj) []byte {
	m := obj{"query": q}
	if t > 0 {
		m["timeout"] = fmt.Sprintf("%dms", t.Milliseconds())
	}
	for k, v := range extra {
		m[k] = v
	}
	return mustJSON(m)
}

// formA is a simplified body.
func formA(q obj) []byte { return mustJSON(obj{"query": q}) }

func sqs(query string, fields ...string) obj {
	if len(fields) == 0 {
		fields = []string{"name", "snippet", "body"}
	}
	return obj{"simple_query_string": obj{"query": query, "fields": fields}}
}

func repeat(word string, n int, sep string) string {
	return strings.TrimSuffix(strings.Repeat(word+sep, n), sep)
}

// words is a vocabulary of contract words for generated storms.
var words = strings.Fields("agreement party parties shall company section notice term license product services " +
	"confidential information termination governing law indemnification warranty payment delivery supplier " +
	"customer territory exclusive royalty assignment insurance liability damages breach audit renewal")

const heavy = 300 * time.Millisecond // the timeout of bodies whose query is costly

func deepNesting() Family {
	f := Family{Name: "deep-nesting", Doc: "bool in bool, nested in nested, must_not chains, beyond MAX_DEPTH (20) and up to 2000 levels"}
	// Written as text: encoding/json takes seconds over 2000 levels of maps.
	const leaf = `{"term":{"body":"agreement"}}`
	wraps := []struct{ name, open, close string }{
		{"bool-must", `{"bool":{"must":[`, `]}}`},
		{"bool-should", `{"bool":{"should":[{"match_all":{}},`, `]}}`},
		{"bool-must-not", `{"bool":{"must_not":[`, `]}}`},
		{"nested", `{"nested":{"path":"sections","query":`, `}}`},
	}
	for _, w := range wraps {
		for _, d := range []int{5, 19, 20, 21, 100, 2000} {
			allowed := answerOrRefusal
			if d > 21 {
				allowed = refusal
			}
			q := strings.Repeat(w.open, d) + leaf + strings.Repeat(w.close, d)
			f.Bodies = append(f.Bodies, Body{Name: fmt.Sprintf("%s x%d", w.name, d),
				Data: []byte(`{"query":` + q + `,"timeout":"300ms"}`), Timeout: heavy, Allowed: allowed})
		}
	}
	// A wide tree: 8 levels of 3 should clauses each (3^8 = 6561 leaves).
	var wide func(int) any
	wide = func(d int) any {
		if d == 0 {
			return obj{"term": obj{"body": "party"}}
		}
		return obj{"bool": obj{"should": []any{wide(d - 1), wide(d - 1), wide(d - 1)}}}
	}
	f.Bodies = append(f.Bodies, Body{Name: "bool tree 3^8", Data: formB(wide(8), heavy, nil), Timeout: heavy, Allowed: refusal})
	return f
}

func deepJSON() Family {
	f := Family{Name: "deep-json", Doc: "JSON nested 10^3 to 4·10^5 levels deep (arrays, objects) where a query or a value is expected"}
	for _, d := range []int{1000, 100_000, 400_000} {
		f.Bodies = append(f.Bodies,
			Body{Name: fmt.Sprintf("arrays x%d as query", d), Data: []byte(`{"query":` + strings.Repeat("[", d) + strings.Repeat("]", d) + `}`), Allowed: refusal},
			Body{Name: fmt.Sprintf("objects x%d as query", d), Data: []byte(`{"query":` + strings.Repeat(`{"a":`, d) + "1" + strings.Repeat("}", d) + `}`), Allowed: refusal},
			Body{Name: fmt.Sprintf("arrays x%d unclosed", d), Data: []byte(`{"query":` + strings.Repeat("[", d)), Allowed: refusal},
		)
	}
	f.Bodies = append(f.Bodies,
		Body{Name: "arrays x1000 as size", Data: []byte(`{"query":{"match_all":{}},"size":` + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + `}`), Allowed: refusal},
		Body{Name: "objects x1000 in highlight", Data: []byte(`{"query":{"match_all":{}},"highlight":{"fields":{"body":` + strings.Repeat(`{"a":`, 1000) + "1" + strings.Repeat("}", 1000) + `}}}`), Allowed: refusal},
	)
	return f
}

func operatorStorms() Family {
	f := Family{Name: "operator-storms", Doc: "q and simple_query_string made of operators: nested groups, +/-/| runs, quotes, escapes, random operator soup"}
	storms := map[string]string{
		"parens 1000":      strings.Repeat("(", 1000) + "agreement" + strings.Repeat(")", 1000),
		"unbalanced 2000":  strings.Repeat("(", 2000),
		"plus-minus 2000":  strings.Repeat("+-", 1000) + "party",
		"pipes 2000":       strings.Repeat("| ", 1000) + "party",
		"quotes 2001":      strings.Repeat(`"`, 2001),
		"tildes 2000":      "party" + strings.Repeat("~", 2000),
		"stars 2000":       "a" + strings.Repeat("*", 2000),
		"escapes 2000":     strings.Repeat(`\`, 2000),
		"or chain 600":     repeat("party", 600, " | "),
		"and chain 600":    repeat("+party", 600, " "),
		"not chain 600":    repeat("+-party", 600, " "),
		"groups 400":       repeat("(+a | -b)", 400, " "),
		"slop chain 500":   repeat(`"a b"~9`, 500, " "),
		"too long 5000":    strings.Repeat("a ", 2500),
		"mixed storm 4000": strings.Repeat(`+(-"|~*\`, 500),
	}
	names := sortedKeys(storms)
	for _, name := range names {
		q := storms[name]
		f.Bodies = append(f.Bodies,
			Body{Name: "form A " + name, Data: formA(obj{"q": q}), Allowed: answerOrRefusal},
			Body{Name: "sqs " + name, Data: formB(sqs(q), heavy, nil), Timeout: heavy, Allowed: answerOrRefusal},
		)
	}
	r := rand.New(rand.NewPCG(10, 1))
	const ops = `+-|()"~*\ `
	for i := range 10 {
		var sb strings.Builder
		for sb.Len() < 1000+r.IntN(3000) {
			if r.IntN(3) == 0 {
				sb.WriteString(words[r.IntN(len(words))])
			} else {
				sb.WriteByte(ops[r.IntN(len(ops))])
			}
		}
		body := formA(obj{"q": sb.String()})
		if i%2 == 1 {
			body = formB(obj{"simple_query_string": obj{"query": sb.String(), "fields": []string{"body", "sections.snippet"}, "flags": "ALL"}}, heavy, nil)
		}
		timeout := time.Duration(0)
		if i%2 == 1 {
			timeout = heavy
		}
		f.Bodies = append(f.Bodies, Body{Name: fmt.Sprintf("random soup %d", i), Data: body, Timeout: timeout, Allowed: answerOrRefusal})
	}
	return f
}

func sloppyPhrases() Family {
	f := Family{Name: "sloppy-phrases", Doc: "one word repeated 50-800 times as a phrase with slop 10/100, in match_phrase, simple_query_string and Form A, highlighted"}
	for _, n := range []int{50, 200, 800} {
		for _, slop := range []int{10, 100} {
			the := repeat("the", n, " ")
			f.Bodies = append(f.Bodies,
				Body{Name: fmt.Sprintf("match_phrase the x%d ~%d", n, slop),
					Data:    formB(obj{"match_phrase": obj{"body": obj{"query": the, "slop": slop}}}, heavy, obj{"highlight": obj{"fields": obj{"body": obj{}}}}),
					Timeout: heavy, Allowed: answerOrRefusal},
				Body{Name: fmt.Sprintf("form A \"the x%d\"~%d", n, slop),
					Data: formA(obj{"q": fmt.Sprintf(`"%s"~%d`, the, slop)}), Allowed: answerOrRefusal},
				Body{Name: fmt.Sprintf("sqs \"the x%d\"~%d", n, slop),
					Data:    formB(sqs(fmt.Sprintf(`"%s"~%d`, the, slop), "body", "sections.snippet"), heavy, nil),
					Timeout: heavy, Allowed: answerOrRefusal},
			)
		}
	}
	// The phrase a cheap clause lets through to the fetch phase: hits come
	// at once, highlighting the phrase over whole contracts is the cost.
	for _, slop := range []int{10, 100} {
		q := obj{"bool": obj{"should": []any{
			obj{"match_phrase": obj{"body": obj{"query": repeat("the", 20, " "), "slop": slop}}},
			obj{"term": obj{"body": "agreement"}},
		}}}
		f.Bodies = append(f.Bodies, Body{Name: fmt.Sprintf("highlighted the x20 ~%d beside a term", slop),
			Data: formB(q, time.Second, obj{"size": 10, "_source": []string{"name"}, "post_filter": obj{"term": obj{"_index": "contract"}},
				"highlight": obj{"fields": obj{"body": obj{}}}}),
			Timeout: time.Second, Allowed: answer})
	}
	return f
}

func fuzzyStorms() Family {
	f := Family{Name: "fuzzy-storms", Doc: "a~ b~ … and word~2 × hundreds, in Form A, simple_query_string and clause texts"}
	letters := func(n int) string {
		var sb strings.Builder
		for i := range n {
			if i > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "%c%c~", 'a'+i%26, 'a'+(i/26)%26)
		}
		return sb.String()
	}
	wordsFuzzy := func(n int, suffix string) string {
		var sb strings.Builder
		for i := range n {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(words[i%len(words)] + suffix)
		}
		return sb.String()
	}
	for _, n := range []int{50, 300, 1300} {
		q := letters(n)
		f.Bodies = append(f.Bodies,
			Body{Name: fmt.Sprintf("form A letters~ x%d", n), Data: formA(obj{"q": q}), Allowed: answerOrRefusal},
			Body{Name: fmt.Sprintf("sqs letters~ x%d", n), Data: formB(sqs(q), heavy, nil), Timeout: heavy, Allowed: answerOrRefusal},
		)
	}
	for _, n := range []int{20, 100, 400} {
		q := wordsFuzzy(n, "~2")
		f.Bodies = append(f.Bodies,
			Body{Name: fmt.Sprintf("form A word~2 x%d", n), Data: formA(obj{"q": q}), Allowed: answerOrRefusal},
			Body{Name: fmt.Sprintf("sqs word~2 x%d highlighted", n), Data: formB(sqs(q, "body", "sections.snippet"), heavy,
				obj{"size": 100, "highlight": obj{"fields": obj{"body": obj{}, "sections.snippet": obj{}}}}), Timeout: heavy, Allowed: answerOrRefusal},
		)
	}
	// One long fuzzy term, and fuzzy with the largest edit distance on
	// every field.
	f.Bodies = append(f.Bodies,
		Body{Name: "sqs 255-letter word~2", Data: formB(sqs(strings.Repeat("a", 255)+"~2"), heavy, nil), Timeout: heavy, Allowed: answerOrRefusal},
		Body{Name: "sqs word~2 x200 on every field", Data: formB(sqs(wordsFuzzy(200, "~2"), "name", "snippet", "body", "company.name",
			"jurisdiction.name", "category.name", "sections.snippet"), heavy, nil), Timeout: heavy, Allowed: answerOrRefusal},
	)
	return f
}

func prefixStorms() Family {
	f := Family{Name: "prefix-storms", Doc: "a* b* …, one-letter prefixes × hundreds, prefixes on every field, highlighted"}
	letters := func(n int) string {
		var sb strings.Builder
		for i := range n {
			if i > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "%c*", 'a'+i%26)
		}
		return sb.String()
	}
	for _, n := range []int{26, 260, 1300} {
		q := letters(n)
		f.Bodies = append(f.Bodies,
			Body{Name: fmt.Sprintf("form A a* x%d", n), Data: formA(obj{"q": q}), Allowed: answerOrRefusal},
			Body{Name: fmt.Sprintf("sqs a* x%d", n), Data: formB(sqs(q), heavy, nil), Timeout: heavy, Allowed: answerOrRefusal},
			Body{Name: fmt.Sprintf("sqs a* x%d highlighted whole, size 100", n), Data: formB(sqs(q, "body", "sections.snippet"), heavy,
				obj{"size": 100, "highlight": obj{"number_of_fragments": 0, "fields": obj{"body": obj{}, "sections.snippet": obj{}}}}),
				Timeout: heavy, Allowed: answerOrRefusal},
		)
	}
	f.Bodies = append(f.Bodies,
		Body{Name: "form A lone *", Data: formA(obj{"q": "*"}), Allowed: answerOrRefusal},
		Body{Name: "sqs * on every field", Data: formB(sqs("*", "name", "snippet", "body", "company.name", "jurisdiction.name", "category.name", "sections.snippet"), heavy, nil), Timeout: heavy, Allowed: answerOrRefusal},
		Body{Name: "nested sqs t* x500", Data: formB(obj{"nested": obj{"path": "sections", "query": sqs(repeat("t*", 500, " "), "sections.snippet"),
			"inner_hits": obj{"size": 100, "highlight": obj{"fields": obj{"sections.snippet": obj{}}}}}}, heavy, nil), Timeout: heavy, Allowed: answerOrRefusal},
	)
	return f
}

func hugeTerms() Family {
	f := Family{Name: "huge-terms", Doc: "terms queries of 1,000 to 60,000 values, on keyword, text and _index fields, and many terms clauses"}
	values := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%s-%d", words[i%len(words)], i)
		}
		return out
	}
	for _, n := range []int{1000, 10_000, 60_000} {
		for _, field := range []string{"group_id", "body", "sections.value"} {
			f.Bodies = append(f.Bodies, Body{Name: fmt.Sprintf("terms %s x%d", field, n), Data: formB(obj{"terms": obj{field: values(n)}}, heavy, nil), Timeout: heavy, Allowed: answerOrRefusal})
		}
	}
	clauses := make([]any, 1100)
	for i := range clauses {
		clauses[i] = obj{"terms": obj{"body": values(20)}}
	}
	f.Bodies = append(f.Bodies,
		Body{Name: "post_filter terms _index x10000", Data: formB(obj{"match_all": obj{}}, heavy, obj{"post_filter": obj{"terms": obj{"_index": values(10_000)}}}), Timeout: heavy, Allowed: answerOrRefusal},
		Body{Name: "1100 terms clauses of 20", Data: formB(obj{"bool": obj{"should": clauses}}, heavy, nil), Timeout: heavy, Allowed: refusal},
	)
	return f
}

func aggregationFloods() Family {
	f := Family{Name: "aggregation-floods", Doc: "20 to 1,000 terms aggregations, huge sizes, text fields, aggregations beside heavy queries"}
	aggs := func(n, size int, field string) obj {
		m := obj{}
		for i := range n {
			m[fmt.Sprintf("a%d", i)] = obj{"terms": obj{"field": field, "size": size}}
		}
		return m
	}
	for _, n := range []int{20, 21, 100, 1000} {
		allowed := answerOrRefusal
		if n > 20 {
			allowed = refusal
		}
		f.Bodies = append(f.Bodies, Body{Name: fmt.Sprintf("%d aggs on group_id", n), Data: formB(obj{"match_all": obj{}}, heavy, obj{"aggs": aggs(n, 100, "group_id")}), Timeout: heavy, Allowed: allowed})
	}
	for _, size := range []int{100, 101, 1 << 30} {
		f.Bodies = append(f.Bodies, Body{Name: fmt.Sprintf("agg size %d", size), Data: formB(obj{"match_all": obj{}}, heavy, obj{"aggs": aggs(1, size, "sections.value")}), Timeout: heavy, Allowed: answerOrRefusal})
	}
	f.Bodies = append(f.Bodies,
		Body{Name: "agg on text field body", Data: formB(obj{"match_all": obj{}}, heavy, obj{"aggs": aggs(1, 10, "body")}), Timeout: heavy, Allowed: answerOrRefusal},
		Body{Name: "20 aggs on every keyword field beside a prefix storm", Data: formB(sqs(repeat("s*", 200, " ")), heavy, obj{"size": 100, "aggs": obj{
			"a": obj{"terms": obj{"field": "group_id", "size": 100}}, "b": obj{"terms": obj{"field": "sections.value", "size": 100}},
			"c": obj{"terms": obj{"field": "category.value", "size": 100}}, "d": obj{"terms": obj{"field": "_index", "size": 100}},
			"e": obj{"terms": obj{"field": "name.raw", "size": 100}}, "f": obj{"terms": obj{"field": "sections.group_id", "size": 100}},
		}}), Timeout: heavy, Allowed: answerOrRefusal},
		Body{Name: "aggs nested in aggs", Data: formB(obj{"match_all": obj{}}, heavy, obj{"aggs": obj{"a": obj{"terms": obj{"field": "group_id"}, "aggs": aggs(20, 100, "group_id")}}}), Timeout: heavy, Allowed: refusal},
	)
	return f
}

func oversizedHighlights() Family {
	f := Family{Name: "oversized-highlights", Doc: "number_of_fragments 0 on every field at size 100, tiny fragments × many, long tags, inner hits highlighted"}
	every := obj{}
	for _, field := range []string{"name", "snippet", "body", "company.name", "jurisdiction.name", "category.name", "sections.snippet", "sections.name.raw"} {
		every[field] = obj{}
	}
	queries := []struct {
		name string
		q    any
	}{
		{"common words", sqs("the of and to a in or shall", "name", "snippet", "body", "sections.snippet")},
		{"match_all", obj{"match_all": obj{}}},
		{"t*", sqs("t*", "body", "sections.snippet")},
	}
	for _, q := range queries {
		for _, t := range []time.Duration{100 * time.Millisecond, time.Second} {
			f.Bodies = append(f.Bodies,
				Body{Name: fmt.Sprintf("%s, whole values of every field, size 100, %s", q.name, t),
					Data:    formB(q.q, t, obj{"size": 100, "highlight": obj{"number_of_fragments": 0, "fields": every}}),
					Timeout: t, Allowed: answerOrRefusal},
				Body{Name: fmt.Sprintf("%s, 10000 fragments of 1, size 100, %s", q.name, t),
					Data: formB(q.q, t, obj{"size": 100, "_source": false, "highlight": obj{"number_of_fragments": 10000, "fragment_size": 1,
						"fields": obj{"body": obj{}, "sections.snippet": obj{}}}}),
					Timeout: t, Allowed: answerOrRefusal},
			)
		}
	}
	long := strings.Repeat("<b>", 3000)
	f.Bodies = append(f.Bodies,
		Body{Name: "9 KB tags, every fragment", Data: formB(sqs("the shall", "body"), heavy, obj{"size": 100, "highlight": obj{"pre_tags": []string{long}, "post_tags": []string{long},
			"number_of_fragments": 0, "fields": obj{"body": obj{}}}}), Timeout: heavy, Allowed: answerOrRefusal},
		Body{Name: "inner hits highlighted whole, size 100", Data: formB(obj{"nested": obj{"path": "sections", "query": sqs("the", "sections.snippet"),
			"inner_hits": obj{"size": 100, "highlight": obj{"number_of_fragments": 0, "fields": obj{"sections.snippet": obj{}}}}}}, heavy, obj{"size": 100}),
			Timeout: heavy, Allowed: answerOrRefusal},
	)
	return f
}

func hugePages() Family {
	f := Family{Name: "huge-pages", Doc: "size and from at, beyond and far beyond their limits, negative, fractional; Form A pages"}
	pages := []struct {
		name    string
		members obj
		allowed []int
	}{
		{"size 100", obj{"size": 100}, answerOrRefusal},
		{"size 101", obj{"size": 101}, refusal},
		{"size 1e6", obj{"size": 1_000_000}, refusal},
		{"size 2^63", obj{"size": json.Number("9223372036854775808")}, refusal},
		{"size -1", obj{"size": -1}, refusal},
		{"size 1.5", obj{"size": 1.5}, refusal},
		{"from 9900 size 100", obj{"from": 9900, "size": 100}, answerOrRefusal},
		{"from 9901 size 100", obj{"from": 9901, "size": 100}, refusal},
		{"from 1e9", obj{"from": 1_000_000_000}, refusal},
		{"from -5", obj{"from": -5}, refusal},
		{"from 1e30", obj{"from": json.Number("1e30")}, refusal},
		{"track_total_hits 2^40", obj{"track_total_hits": 1 << 40}, answerOrRefusal},
	}
	for _, p := range pages {
		f.Bodies = append(f.Bodies, Body{Name: p.name, Data: formB(obj{"match_all": obj{}}, heavy, p.members), Timeout: heavy, Allowed: p.allowed})
	}
	for _, p := range []any{1000, 1_000_000_000, -1, 0, "999999999999999999999", 2.5} {
		f.Bodies = append(f.Bodies, Body{Name: fmt.Sprintf("form A p %v", p), Data: formA(obj{"q": "agreement", "p": p}), Allowed: answerOrRefusal})
	}
	return f
}

func giantStrings() Family {
	f := Family{Name: "giant-strings", Doc: "values and keys of 100 KB to 900 KB, bodies of exactly MAX_BODY_BYTES and beyond"}
	big := func(n int) string { return strings.Repeat("x", n) }
	f.Bodies = append(f.Bodies,
		Body{Name: "term value 900 KB", Data: formB(obj{"term": obj{"group_id": big(900_000)}}, heavy, nil), Timeout: heavy, Allowed: answerOrRefusal},
		Body{Name: "match_phrase 900 KB of words", Data: formB(obj{"match_phrase": obj{"body": repeat("agreement", 90_000, " ")}}, heavy, nil), Timeout: heavy, Allowed: answerOrRefusal},
		// An unmapped field matches nothing, as on OpenSearch.
		Body{Name: "field name 100 KB", Data: formB(obj{"term": obj{big(100_000): "x"}}, heavy, nil), Timeout: heavy, Allowed: answerOrRefusal},
		Body{Name: "member name 500 KB", Data: []byte(`{"query":{"match_all":{}},"` + big(500_000) + `":1}`), Allowed: refusal},
		Body{Name: "form A q 900 KB", Data: formA(obj{"q": big(900_000)}), Allowed: refusal},
		Body{Name: "form A clause heading 500 KB", Data: formA(obj{"clause": obj{big(500_000): "x"}}), Allowed: answerOrRefusal},
		Body{Name: "whitespace padding to 1 MiB", Data: []byte(`{"query":{"match_all":{}}` + strings.Repeat(" ", 1<<20-27) + `}`), Allowed: answerOrRefusal},
		Body{Name: "body 1 MiB + 1", Data: []byte(`{"query":{"match_all":{}}` + strings.Repeat(" ", 1<<20-25) + `}`), Allowed: tooLarge},
		Body{Name: "body 6 MiB", Data: []byte(`{"query":{"term":{"body":"` + big(6<<20) + `"}}}`), Allowed: tooLarge},
		Body{Name: "timeout string 100 KB", Data: []byte(`{"query":{"match_all":{}},"timeout":"` + strings.Repeat("9", 100_000) + `ms"}`), Allowed: refusal},
	)
	return f
}

func wrongTypes() Family {
	f := Family{Name: "wrong-types", Doc: "every member given the wrong JSON kind, nulls, empty bodies, non-objects"}
	raw := []string{
		``, `null`, `[]`, `"query"`, `42`, `{}`, `{"query":null}`, `{"query":[]}`, `{"query":"agreement"}`, `{"query":42}`,
		`{"query":{"bool":{"must":{}}}}`, `{"query":{"bool":{"must":[null]}}}`, `{"query":{"bool":[]}}`,
		`{"query":{"match_all":{}},"size":"10"}`, `{"query":{"match_all":{}},"size":true}`, `{"query":{"match_all":{}},"from":{}}`,
		`{"query":{"match_all":{}},"timeout":100}`, `{"query":{"match_all":{}},"highlight":[]}`, `{"query":{"match_all":{}},"aggs":"x"}`,
		`{"query":{"match_all":{}},"_source":7}`, `{"query":{"terms":{"body":"x"}}}`, `{"query":{"term":{"body":["x"]}}}`,
		`{"query":{"simple_query_string":{"query":["x"]}}}`, `{"query":{"match_phrase":{"body":{"query":"a b","slop":"x"}}}}`,
		`{"query":{"nested":{"path":7,"query":{"match_all":{}}}}}`, `{"query":{"q":7}}`, `{"query":{"q":"x","p":"two"}}`,
		`{"query":{"clause":["Governing Law"]}}`, `{"query":{"filing_year":{"min":{}}}}`, `{"query":{"q":"x","_index":["contract"]}}`,
	}
	// OpenSearch answers these two: an empty body is match_all, a number
	// may be given as a string.
	answered := map[string]bool{`{}`: true, `{"query":{"match_all":{}},"size":"10"}`: true}
	for _, r := range raw {
		name := r
		if name == "" {
			name = "(empty)"
		}
		allowed := refusal
		if answered[r] {
			allowed = answerOrRefusal
		}
		f.Bodies = append(f.Bodies, Body{Name: name, Data: []byte(r), Allowed: allowed})
	}
	return f
}

func invalidUTF8() Family {
	f := Family{Name: "invalid-utf8", Doc: "bytes that are not UTF-8 in values, keys and q; lone surrogates; NUL and control bytes"}
	cases := map[string]string{
		"0xff in term":            "{\"query\":{\"term\":{\"body\":\"agr\xffement\"}}}",
		"0xc0 0x80 overlong NUL":  "{\"query\":{\"term\":{\"body\":\"a\xc0\x80b\"}}}",
		"truncated sequence":      "{\"query\":{\"q\":\"licen\xe2\x82\"}}",
		"0xfe in key":             "{\"query\":{\"term\":{\"bo\xfedy\":\"x\"}}}",
		"surrogate bytes":         "{\"query\":{\"q\":\"\xed\xa0\x80\"}}",
		"escaped lone surrogate":  `{"query":{"q":"\ud800 agreement"}}`,
		"escaped reversed pair":   `{"query":{"simple_query_string":{"query":"\udc00\ud800","fields":["body"]}}}`,
		"raw NUL in string":       "{\"query\":{\"q\":\"a\x00b\"}}",
		"escaped NUL":             `{"query":{"match_phrase":{"body":"a\u0000b"}}}`,
		"control bytes":           "{\"query\":{\"q\":\"\x01\x02\x1b[31m\"}}",
		"latin-1 body":            "{\"query\":{\"q\":\"r\xe9siliation\"}}",
		"0xff outside strings":    "{\"query\":\xff{\"match_all\":{}}}",
		"BOM then body":           "\xef\xbb\xbf{\"query\":{\"match_all\":{}}}",
		"UTF-16 body":             "\xff\xfe{\x00}\x00",
		"invalid bytes in fuzzy":  "{\"query\":{\"q\":\"\xff\xfe~2 \xc3~\"}}",
		"invalid bytes in prefix": "{\"query\":{\"simple_query_string\":{\"query\":\"\xf0\x9f*\",\"fields\":[\"body\"]}}}",
	}
	for _, name := range sortedKeys(cases) {
		f.Bodies = append(f.Bodies, Body{Name: name, Data: []byte(cases[name]), Allowed: answerOrRefusal})
	}
	return f
}

func duplicateKeys() Family {
	f := Family{Name: "duplicate-keys", Doc: "the same member twice at every level, and thousands of times"}
	raw := []string{
		`{"query":{"match_all":{}},"query":{"term":{"body":"x"}}}`,
		`{"query":{"match_all":{}},"size":1,"size":100000}`,
		`{"query":{"bool":{"must":[],"must":[{"match_all":{}}]}}}`,
		`{"query":{"term":{"body":"a","body":"b"}}}`,
		`{"query":{"q":"a","q":"b"}}`,
		`{"query":{"q":"a","clause":{"Governing Law":"x","Governing Law":"y"}}}`,
		`{"query":{"match_all":{}},"highlight":{"fields":{"body":{},"body":{}}}}`,
		`{"query":{"match_all":{}},"aggs":{"a":{"terms":{"field":"group_id"}},"a":{"terms":{"field":"group_id"}}}}`,
		`{"query":{"match_all":{}},"timeout":"10ms","timeout":"15000ms"}`,
		`{"query":{"match_all":{}}` + strings.Repeat(`,"size":1`, 50_000) + `}`,
	}
	for i, r := range raw {
		name := r
		if len(name) > 80 {
			name = fmt.Sprintf("size x50000 (%d)", i)
		}
		f.Bodies = append(f.Bodies, Body{Name: name, Data: []byte(r), Allowed: refusal})
	}
	return f
}

func formAStorms() Family {
	f := Family{Name: "form-a-storms", Doc: "clause and definition maps of 20 to 5,000 entries, heading variants of word~2 texts, every attribute at once"}
	entries := func(n int, text func(i int) string) obj {
		m := obj{}
		for i := range n {
			m[fmt.Sprintf("%s %d", words[i%len(words)], i)] = text(i)
		}
		return m
	}
	empty := func(int) string { return "" }
	fuzzy := func(int) string {
		var sb strings.Builder
		for j := range 478 {
			if j > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(words[j%len(words)] + "~2")
		}
		return sb.String()
	}
	short := func(i int) string { return words[i%len(words)] + " " + words[(i+7)%len(words)] }
	for _, n := range []int{20, 200, 5000} {
		f.Bodies = append(f.Bodies,
			Body{Name: fmt.Sprintf("clause x%d headings only", n), Data: formA(obj{"clause": entries(n, empty)}), Allowed: answerOrRefusal},
			Body{Name: fmt.Sprintf("definition x%d with texts", n), Data: formA(obj{"q": "agreement", "definition": entries(n, short)}), Allowed: answerOrRefusal},
		)
	}
	heavyText := fuzzy(0)
	variants := obj{}
	for _, h := range []string{"Governing Law", "governing law", "GOVERNING LAW", "Governing Laws", "Governing  Law", "Law", "Termination",
		"Term", "Confidentiality", "Indemnification", "Notices", "Assignment", "Insurance", "Warranty", "Payment", "Audit", "Renewal",
		"Exclusivity", "Royalty", "Liability"} {
		variants[h] = heavyText
	}
	f.Bodies = append(f.Bodies,
		Body{Name: "clause x20 heading variants of 478 word~2", Data: formA(obj{"clause": variants}), Allowed: answerOrRefusal},
		Body{Name: "definition x1 of 478 word~2", Data: formA(obj{"definition": obj{"Confidential Information": heavyText}}), Allowed: answerOrRefusal},
		Body{Name: "clause x50 of \"the x50\"~100", Data: formA(obj{"clause": entries(50, func(int) string { return `"` + repeat("the", 50, " ") + `"~100` })}), Allowed: answerOrRefusal},
		Body{Name: "every attribute, 200 values each", Data: formA(obj{"q": "agreement",
			"category": entries(200, empty), "country": entries(200, empty), "jurisdiction": entries(200, empty), "industry": entries(200, empty),
			"company": entries(200, empty), "lawfirm": entries(200, empty), "exhibit_id": entries(200, empty), "filing_id": entries(200, empty),
			"filing_type": entries(200, empty), "source": entries(200, empty), "filing_year": obj{"min": "0", "max": "999999999"}}), Allowed: answerOrRefusal},
	)
	return f
}

func timeouts() Family {
	f := Family{Name: "timeouts", Doc: "timeout values at and beyond their limits, on a costly query"}
	q := sqs(repeat("t*", 300, " ")+" "+repeat("agreement~2", 50, " "), "body", "sections.snippet")
	for _, t := range []string{"0ms", "1ms", "1nanos", "-1ms", "99999999h", "1e3ms", "15001ms", "1d", "", " ", "NaNms", "1.5s"} {
		f.Bodies = append(f.Bodies, Body{Name: fmt.Sprintf("timeout %q", t),
			Data: mustJSON(obj{"query": q, "timeout": t, "size": 100, "highlight": obj{"fields": obj{"body": obj{}}}}), Allowed: answerOrRefusal})
	}
	return f
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// ConcurrentBodies are the concurrency family's: slow are eight costly
// bodies sent at once, each from its own client (repeated-word sloppy
// phrases, fuzzy and prefix storms, operator soup, whole highlighted
// values at size 100: the time of each is its deadline's, the memory of
// the last two the response limit's); normal are ordinary searches sent
// meanwhile, which must still be answered in their time.
func ConcurrentBodies() (slow, normal []Body) {
	pick := map[string]bool{
		"sloppy-phrases/match_phrase the x200 ~10":                                     true,
		`sloppy-phrases/form A "the x800"~100`:                                         true,
		"fuzzy-storms/sqs word~2 x100 highlighted":                                     true,
		"fuzzy-storms/form A word~2 x100":                                              true,
		"prefix-storms/sqs a* x260":                                                    true,
		"operator-storms/random soup 2":                                                true,
		"oversized-highlights/common words, whole values of every field, size 100, 1s": true,
	}
	for _, f := range Families() {
		for _, b := range f.Bodies {
			if pick[f.Name+"/"+b.Name] {
				slow = append(slow, b)
			}
		}
	}
	// Eight in all: the whole highlighted values twice.
	slow = append(slow, slow[len(slow)-1])
	second := time.Second
	normal = []Body{
		{Name: "form A governing law", Data: formA(obj{"q": "governing law"}), Allowed: answer},
		{Name: "sqs termination, 1s", Data: formB(sqs("termination for convenience", "name", "body"), second, obj{"size": 10}),
			Timeout: second, Allowed: answer},
		{Name: "clause Governing Law", Data: formA(obj{"q": "agreement", "clause": obj{"Governing Law": "New York"}}), Allowed: answer},
	}
	return slow, normal
}
