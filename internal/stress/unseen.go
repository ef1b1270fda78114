package stress

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// unseen is the family of bodies written for issue 10's check by someone
// who had not read the rest of the suite, kept so that they stay answered:
// repeated-word phrases mixed in bool and nested clauses, prefix and fuzzy
// storms over several fields, explain and profile over a fuzzy storm,
// inner hits many times over, tags and fragments that multiply a
// highlight, and members and queries the API does not have (scripts,
// sorts, regexps).
func unseen() Family {
	f := Family{Name: "unseen", Doc: "a checker's own bodies: mixed sloppy phrases, storms over several fields, explain/profile, inner hits × 10, tag and fragment floods, scripts and unknown members"}
	r := rand.New(rand.NewPCG(20, 1))
	randomWords := func(n, k int) []string {
		out := make([]string, n)
		for i := range out {
			b := make([]byte, k)
			for j := range b {
				b[j] = byte('a' + r.IntN(26))
			}
			out[i] = string(b)
		}
		return out
	}
	fuzzy := func(ws []string) string { return strings.Join(ws, "~2 ") + "~2" }
	nestedAll := func(name string) obj {
		return obj{"nested": obj{"path": "sections", "query": obj{"match_all": obj{}}, "inner_hits": obj{"name": name, "size": 100}}}
	}
	var tenPhrases, tenNested []any
	for i, w := range []string{"the", "of", "and", "to", "shall", "any", "or", "in", "such", "party"} {
		tenPhrases = append(tenPhrases, obj{"match_phrase": obj{"body": obj{"query": repeat(w, 80, " "), "slop": 40}}})
		tenNested = append(tenNested, nestedAll(fmt.Sprintf("n%d", i)))
	}
	var twoLetter []string
	for _, a := range "aeiost" {
		for _, b := range "aeinrst" {
			twoLetter = append(twoLetter, string(a)+string(b)+"*")
		}
	}
	var alphabet []string
	for c := 'a'; c <= 'z'; c++ {
		alphabet = append(alphabet, string(c)+"*")
	}
	nest := func(d int) any {
		var q any = obj{"term": obj{"body": "agreement"}}
		for range d {
			q = obj{"bool": obj{"should": []any{q, obj{"match_phrase": obj{"body": "governing law"}}}, "must_not": []any{obj{"term": obj{"body": "zzzq"}}}}}
		}
		return q
	}
	termClauses := func(n int) []any {
		out := make([]any, n)
		for i, w := range randomWords(n, 3) {
			out[i] = obj{"term": obj{"body": w}}
		}
		return out
	}
	longValues := make([]string, 200)
	for i := range longValues {
		longValues[i] = strings.Repeat("g", 4000) + fmt.Sprint(i)
	}
	tag := "<" + strings.Repeat("x", 4000) + ">"
	preTags, postTags := make([]string, 500), make([]string, 500)
	for i := range preTags {
		preTags[i], postTags[i] = fmt.Sprintf("<%d>", i), fmt.Sprintf("</%d>", i)
	}
	definitions := obj{}
	for _, w := range randomWords(50, 8) {
		definitions[w] = fuzzy(randomWords(20, 5))
	}
	hl := func(fields obj) obj { return obj{"fields": fields} }
	whole := obj{"number_of_fragments": 0}
	add := func(name string, data []byte, timeout time.Duration, allowed []int) {
		f.Bodies = append(f.Bodies, Body{Name: name, Data: data, Timeout: timeout, Allowed: allowed})
	}
	b := func(name string, q any, extra obj, allowed []int) { add(name, formB(q, heavy, extra), heavy, allowed) }

	b("shall x300 ~50", obj{"match_phrase": obj{"body": obj{"query": repeat("shall", 300, " "), "slop": 50}}}, nil, answerOrRefusal)
	b("the of x200 ~200", obj{"match_phrase": obj{"body": obj{"query": repeat("the of", 200, " "), "slop": 200}}}, nil, answerOrRefusal)
	b("sqs the x250 ~50 on three fields", sqs(`"`+repeat("the", 250, " ")+`"~50`, "body", "name", "sections.snippet"), nil, answerOrRefusal)
	b("nested the x200 ~30 with inner hits", obj{"nested": obj{"path": "sections", "query": obj{"match_phrase": obj{"sections.snippet": obj{"query": repeat("the", 200, " "), "slop": 30}}},
		"inner_hits": obj{"name": "x", "size": 100}}}, obj{"size": 100}, answerOrRefusal)
	b("ten sloppy phrases in one bool", obj{"bool": obj{"should": tenPhrases}}, nil, answerOrRefusal)
	b("a x2040 ~3 (4 KB)", obj{"match_phrase": obj{"body": obj{"query": repeat("a", 2040, " "), "slop": 3}}}, nil, answerOrRefusal)
	add("form A and x600 ~80", formA(obj{"q": `"` + repeat("and", 600, " ") + `"~80`}), 0, answerOrRefusal)
	add("form A clause of the x150 ~20", formA(obj{"q": "", "clause": obj{"Governing Law": `"` + repeat("of the", 150, " ") + `"~20`}}), 0, answerOrRefusal)
	add("form A a* to z*", formA(obj{"q": strings.Join(alphabet, " ")}), 0, answerOrRefusal)
	b("sqs two-letter prefixes, PREFIX|WHITESPACE", obj{"simple_query_string": obj{"query": strings.Join(twoLetter, " "), "fields": []string{"body", "sections.snippet"},
		"flags": "PREFIX|WHITESPACE|OR"}}, nil, answerOrRefusal)
	add("form A 400 random word~2", formA(obj{"q": fuzzy(randomWords(400, 5))}), 0, answerOrRefusal)
	b("sqs 300 random word~2 on four fields", sqs(fuzzy(randomWords(300, 4)), "body", "name", "snippet", "sections.snippet"), nil, answerOrRefusal)
	add("form A 50 definitions of 20 word~2", formA(obj{"q": "x", "definition": definitions}), 0, answerOrRefusal)
	b("sqs a* whole body highlighted, size 100", sqs("a*", "body"), obj{"size": 100, "highlight": hl(obj{"body": whole})}, answerOrRefusal)
	b("explain and profile over 50 word~2, size 100", sqs(fuzzy(randomWords(50, 5)), "body"), obj{"size": 100, "explain": true, "profile": true}, answerOrRefusal)
	b("bool depth 18 of should and must_not", nest(18), nil, answerOrRefusal)
	b("bool depth 25 of should and must_not", nest(25), nil, refusal)
	b("1000 term clauses", obj{"bool": obj{"should": termClauses(1000)}}, nil, answerOrRefusal)
	b("1100 term clauses", obj{"bool": obj{"should": termClauses(1100)}}, nil, refusal)
	b("terms group_id 200 values of 4 KB", obj{"terms": obj{"group_id": longValues}}, nil, answerOrRefusal)
	b("20 aggs on keyword fields of every kind", obj{"match_all": obj{}}, obj{"size": 0, "aggs": func() obj {
		m := obj{}
		fields := []string{"group_id", "name.raw", "_index", "category.value", "company.value", "jurisdiction.value", "industry.value"}
		for i := range 20 {
			m[fmt.Sprintf("a%d", i)] = obj{"terms": obj{"field": fields[i%len(fields)], "size": 100}}
		}
		return m
	}()}, answerOrRefusal)
	b("cardinality aggregation", obj{"match_all": obj{}}, obj{"aggs": obj{"a": obj{"cardinality": obj{"field": "group_id"}}}}, refusal)
	b("4 KB tags around whole bodies, size 100", sqs("the", "body"), obj{"size": 100, "highlight": obj{"pre_tags": []string{tag}, "post_tags": []string{tag}, "fields": obj{"body": whole}}}, answerOrRefusal)
	b("500 tag pairs, size 100", sqs("the of and to shall", "body"), obj{"size": 100, "highlight": obj{"pre_tags": preTags, "post_tags": postTags, "fields": obj{"body": obj{}}}}, answerOrRefusal)
	b("fragment_size 100000 on four fields", sqs("the", "body", "name", "snippet", "sections.snippet"), obj{"size": 100, "highlight": hl(obj{
		"body": obj{"fragment_size": 100000, "number_of_fragments": 50}, "name": obj{"fragment_size": 100000, "number_of_fragments": 50},
		"snippet": obj{"fragment_size": 100000, "number_of_fragments": 50}, "sections.snippet": obj{"fragment_size": 100000, "number_of_fragments": 50}})}, answerOrRefusal)
	b("inner hits 100 highlighted whole, size 100", obj{"nested": obj{"path": "sections", "query": sqs("the", "sections.snippet"),
		"inner_hits": obj{"name": "s", "size": 100, "highlight": hl(obj{"sections.snippet": whole})}}}, obj{"size": 100}, answerOrRefusal)
	b("ten nested clauses of 100 inner hits, size 100", obj{"bool": obj{"should": tenNested}}, obj{"size": 100}, answerOrRefusal)
	b("two inner hits of one name", obj{"bool": obj{"must": []any{nestedAll("same"), nestedAll("same")}}}, nil, refusal)
	b("inner hits from 10000", obj{"nested": obj{"path": "sections", "query": obj{"match_all": obj{}}, "inner_hits": obj{"name": "s", "from": 10000}}}, nil, refusal)
	b("from 9900 size 100 over a sloppy phrase", obj{"match_phrase": obj{"body": obj{"query": repeat("the", 50, " "), "slop": 20}}}, obj{"from": 9900, "size": 100}, answerOrRefusal)
	b("size 2^31", obj{"match_all": obj{}}, obj{"size": int64(1) << 31}, refusal)
	add("form A page 10^6", formA(obj{"q": "agreement", "p": 1_000_000}), 0, refusal)
	b("script_score", obj{"script_score": obj{"query": obj{"match_all": obj{}}, "script": obj{"source": "Math.pow(2,30)"}}}, nil, refusal)
	b("script_fields", obj{"match_all": obj{}}, obj{"script_fields": obj{"x": obj{"script": obj{"source": "while(true){}"}}}}, refusal)
	b("runtime_mappings", obj{"match_all": obj{}}, obj{"runtime_mappings": obj{"x": obj{"type": "keyword", "script": "emit('a')"}}}, refusal)
	b("sort by script", obj{"match_all": obj{}}, obj{"sort": []any{obj{"_script": obj{"type": "number", "script": "1"}}}}, refusal)
	b("query_string regexp", obj{"query_string": obj{"query": "/.*.*.*.*a/", "default_field": "body"}}, nil, refusal)
	b("wildcard *a*b*c*d*", obj{"wildcard": obj{"body": "*a*b*c*d*"}}, nil, refusal)
	b("regexp (a|aa)*b", obj{"regexp": obj{"body": "(a|aa)*b"}}, nil, refusal)
	b("search_after and collapse", obj{"match_all": obj{}}, obj{"search_after": []any{1}, "collapse": obj{"field": "group_id"}}, refusal)
	return f
}
