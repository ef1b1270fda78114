package embedded

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/mappings"
)

// The oracle comparison: testdata/oracle_queries.jsonl holds request bodies
// as the gateway receives them (Form A and Form B); testdata/oracle_debug.jsonl
// holds, per body and index, the Lucene query string (or the error) that
// the reference oracle (../shared/tools/lucene-oracle, OpenSearch's
// query-building rules on Lucene 8) printed with --debug. The test compares
// Describe of our translation with it.
//
// To regenerate the golden file after changing the queries, build the
// oracle and its CUAD index (docs/engine.md, "Reference workflow"), then:
//
//	ORACLE_RUN=/tmp/oracle/run.sh ORACLE_INDEX=/tmp/o/idx \
//	    go test ./internal/backend/embedded/ -run TestOracleQueryStrings
//
// which writes the expanded bodies, runs the oracle on them with --debug and
// rewrites testdata/oracle_debug.jsonl.

// oracleSingleValued is what the oracle's index of CUAD reports for the
// must_not range rewrite: group_size is the one numeric field every
// document of clause and definition has exactly once (contract has nested
// sections, so its Lucene documents never all have it).
func oracleSingleValued(index string) func(string) bool {
	return func(field string) bool {
		return field == "group_size" && (index == "clause" || index == "definition")
	}
}

// oracleKnownDifferences lists the bodies where OpenSearch's query building
// (which the translation follows) and the oracle's differ beyond the
// cosmetic normalisations of normalizeLucene. Each entry says why; the test
// fails if a listed body no longer differs.
var oracleKnownDifferences = map[string]string{
	// A nested query on an index without sections, inside a bool whose
	// must clause rewrote to match_none: OpenSearch's bool rewrite returns
	// match_none before the nested query is built, so it cannot fail; the
	// oracle builds it and fails the shard.
	"bool-18": "bool short-circuit avoids the nested failure",
	// TermsQueryBuilder rewrites a terms query without values to
	// match_none; the oracle builds an empty TermInSetQuery.
	"terms-9": "terms without values: match_none (OpenSearch) vs an empty TermInSetQuery (oracle)",
	// NumberFieldMapper's termsQuery drops values with a decimal part
	// (and gives match_none when none is left); the oracle keeps a
	// MatchNoDocsQuery per such value. Same matches, same constant score.
	"terms-2": "integer terms: decimal values dropped (OpenSearch) vs MatchNoDocsQuery clauses (oracle)",
	"terms-3": "integer terms: all values decimal gives match_none (OpenSearch) vs ConstantScore(MatchNoDocsQuery) (oracle)",
	// The oracle supports only the date formats yyyy-MM-dd,
	// strict_date(_optional_time) and epoch_millis.
	"range-2": "format yyyy: the oracle does not support it",
	"range-5": "format yyyy-MM: the oracle does not support it",
	// A word that analyses to several tokens on a rank_feature field (in
	// a simple_query_string over all fields): OpenSearch analyses with the
	// index's default analyzer and builds one failing (lenient: match-none)
	// term query per token; the oracle one for the whole text.
	"sqs-all-4": "rank_feature field, several tokens: a bool of match-nones (OpenSearch) vs one (oracle)",
	"sqs-all-6": "rank_feature field, several tokens: a bool of match-nones (OpenSearch) vs one (oracle)",
	// A fuzzy query on url (keyword, not indexed, no doc values) fails in
	// OpenSearch (lenient: match-none); the oracle builds it.
	"sqs-all-2": "fuzzy on the non-indexed url field: match-none (OpenSearch) vs url:law~1 (oracle)",
	// The engine's nodes read a boost of 0 as unset, so a zero boost is a
	// non-scoring filter: (#q) for Lucene's (q)^0.0; both score 0.
	"sqs-fieldboost0": "boost 0 represented as a filter clause",
}

// oracleLine is one line of the oracle's output (the members used here).
type oracleLine struct {
	ID    string                    `json:"id"`
	Error string                    `json:"error,omitempty"`
	Debug map[string]map[string]any `json:"debug,omitempty"`
}

type queryLine struct {
	ID      string          `json:"id"`
	Indexes []string        `json:"indexes"`
	Body    json.RawMessage `json:"body"`
}

func readQueryLines(t *testing.T, path string) []queryLine {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []queryLine
	for line := range bytes.Lines(data) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var q queryLine
		if err := json.Unmarshal(line, &q); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, q)
	}
	return out
}

func TestOracleQueryStrings(t *testing.T) {
	ms, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	parser, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), ms)
	if err != nil {
		t.Fatal(err)
	}
	queries := readQueryLines(t, "testdata/oracle_queries.jsonl")
	parsed := map[string]*dsl.Parsed{}
	for _, q := range queries {
		p, err := parser.Parse(q.Body)
		if err != nil {
			t.Fatalf("%s: the body does not parse: %v", q.ID, err)
		}
		parsed[q.ID] = p
	}
	golden := "testdata/oracle_debug.jsonl"
	if os.Getenv("ORACLE_RUN") != "" {
		regenerateOracleGolden(t, queries, parsed, golden)
	}
	data, err := os.ReadFile(golden)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("no oracle output in %s; see the comment at the top of this file to record it", golden)
	}
	if err != nil {
		t.Fatal(err)
	}
	oracle := map[string]oracleLine{}
	for line := range bytes.Lines(data) {
		var l oracleLine
		if err := json.Unmarshal(line, &l); err != nil {
			t.Fatal(err)
		}
		oracle[l.ID] = l
	}

	var identical, equivalent, known, pairs, shortCircuits, bothFail int
	seenKnown := map[string]bool{}
	for _, q := range queries {
		o, ok := oracle[q.ID]
		if !ok {
			t.Errorf("%s: not in %s; regenerate it", q.ID, golden)
			continue
		}
		indexes := q.Indexes
		if indexes == nil {
			indexes = mappings.Names()
		}
		same, exact := true, true
		for _, name := range indexes {
			pairs++
			tr := NewTranslator(ms.Index(name), oracleSingleValued(name))
			got, err := tr.Query(parsed[q.ID].Search.Query)
			var ours, theirs string
			switch {
			case o.Debug[name]["error"] != nil:
				theirs = "error: " + o.Debug[name]["error"].(string)
			case o.Error != "":
				theirs = "error: " + o.Error
			default:
				theirs, _ = o.Debug[name]["lucene_query"].(string)
			}
			if err != nil {
				ours = "error: " + errorText(err)
			} else {
				ours = search.Describe(got)
			}
			if normalizeLucene(ours) == normalizeLucene(theirs) {
				continue
			}
			exact = false
			if strings.HasPrefix(ours, "error: ") && strings.HasPrefix(theirs, "error: ") {
				// Both fail the shard; the oracle words some failures its
				// own way (ours are OpenSearch's messages).
				if !strings.HasSuffix(theirs, ours[len("error: "):]) {
					t.Logf("%s [%s] both fail, in other words:\n  ours:   %s\n  oracle: %s", q.ID, name, ours, theirs)
				}
				bothFail++
				continue
			}
			if stripNoDocsReasons(ours) == `MatchNoDocsQuery("")` && luceneMatchesNothing(theirs) {
				// OpenSearch's BoolQueryBuilder rewrite returns match_none
				// when a required clause (or every should clause of a bool
				// without required ones) rewrote to match_none; the oracle
				// builds the bool around MatchNoDocsQuery clauses. Both
				// match nothing.
				shortCircuits++
				continue
			}
			same = false
			if _, listed := oracleKnownDifferences[q.ID]; listed {
				seenKnown[q.ID] = true
				t.Logf("%s [%s] known difference:\n  ours:   %s\n  oracle: %s", q.ID, name, ours, theirs)
				continue
			}
			t.Errorf("%s [%s]:\n  ours:   %s\n  oracle: %s\n  body:   %s\n  normalised ours:   %s\n  normalised oracle: %s",
				q.ID, name, ours, theirs, q.Body, normalizeLucene(ours), normalizeLucene(theirs))
		}
		switch {
		case exact:
			identical++
		case same:
			equivalent++
		case oracleKnownDifferences[q.ID] != "":
			known++
		}
	}
	for id := range oracleKnownDifferences {
		if !seenKnown[id] {
			t.Errorf("%s is listed as a known difference but now matches the oracle (or is not in the query set)", id)
		}
	}
	t.Logf("%d bodies (%d index queries): %d identical to the oracle on every index after normalisation, "+
		"%d equivalent (%d index queries where OpenSearch's bool short-circuit gives match_none and the oracle a bool "+
		"that matches nothing, %d where both fail the shard with other messages), %d with known differences",
		len(queries), pairs, identical, equivalent, shortCircuits, bothFail, known)
}

// errorText returns the message of what went wrong, which the oracle
// prints: OpenSearch wraps it in a query_shard_exception ("failed to create
// query: …").
func errorText(err error) string {
	var se *ShardError
	if !errors.As(err, &se) {
		return err.Error()
	}
	if se.CausedBy != nil {
		return se.CausedBy.Reason
	}
	return se.Reason
}

// luceneMatchesNothing reports whether a Lucene boolean query string
// cannot match: a required clause is a MatchNoDocsQuery, or every optional
// clause of a bool without required ones is.
func luceneMatchesNothing(s string) bool {
	s = stripNoDocsReasons(s)
	const none = `MatchNoDocsQuery("")`
	clauses := splitTop(s, " ")
	optional, optionalNone := 0, 0
	for _, c := range clauses {
		switch {
		case strings.HasPrefix(c, "+") || strings.HasPrefix(c, "#"):
			if c[1:] == none {
				return true
			}
			optional = -1 << 30
		case strings.HasPrefix(c, "-"):
		default:
			optional++
			if c == none {
				optionalNone++
			}
		}
	}
	return optional > 0 && optional == optionalNone
}

// regenerateOracleGolden runs the oracle on the expanded query of every
// body and records its debug output.
func regenerateOracleGolden(t *testing.T, queries []queryLine, parsed map[string]*dsl.Parsed, golden string) {
	index := os.Getenv("ORACLE_INDEX")
	if index == "" {
		t.Fatal("ORACLE_INDEX must name the oracle's index directory")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "queries.jsonl")
	var buf bytes.Buffer
	for _, q := range queries {
		body := []byte(`{"query":`)
		body = dsl.AppendQueryJSON(body, parsed[q.ID].Search.Query, dsl.EncodeOptions{})
		body = append(body, '}')
		line, err := json.Marshal(queryLine{ID: q.ID, Indexes: q.Indexes, Body: body})
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	if err := os.WriteFile(in, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	mappingsDir, err := filepath.Abs("../../../mappings")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Getenv("ORACLE_RUN"), "query", "--mappings", mappingsDir, "--index", index,
		"--queries", in, "--repeat", "1", "--warmup", "0", "--debug")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle: %v", err)
	}
	var golden_ bytes.Buffer
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var full map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &full); err != nil {
			t.Fatal(err)
		}
		keep := map[string]json.RawMessage{"id": full["id"]}
		for _, k := range []string{"error", "debug"} {
			if v, ok := full[k]; ok {
				keep[k] = v
			}
		}
		line, err := json.Marshal(keep)
		if err != nil {
			t.Fatal(err)
		}
		golden_.Write(line)
		golden_.WriteByte('\n')
	}
	if err := os.WriteFile(golden, golden_.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", golden)
}

// normalizeLucene removes the differences between a Lucene 10 query string
// of our translation and the oracle's Lucene 8 one that are cosmetic (no
// effect on matching or scores):
//
//  1. MatchNoDocsQuery reasons: the engine's are OpenSearch's, the
//     oracle's texts are its own.
//  2. Disjunct order of a dis_max: Lucene 8 prints its disjuncts in hash
//     order (a Multiset), Lucene 10 in insertion order; both are sorted.
//  3. The _nested_path filter of a nested query's child query: the oracle
//     always adds it, OpenSearch only when the child query might match
//     other documents (NestedHelper); it never changes matches or scores.
//  4. Stacked boosts ((q)^a)^b, which the engine keeps as one, (q)^(a·b).
func normalizeLucene(s string) string {
	s = stripNoDocsReasons(s)
	return normalizeGroups(s)
}

// stripNoDocsReasons rewrites MatchNoDocsQuery("…") to MatchNoDocsQuery("").
func stripNoDocsReasons(s string) string {
	const open = `MatchNoDocsQuery("`
	var b strings.Builder
	for {
		i := strings.Index(s, open)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		b.WriteString(`MatchNoDocsQuery("")`)
		rest := s[i+len(open):]
		// The reason ends at the first `")` followed by the end, a space,
		// a ')' or a '|' (reasons may contain quotes).
		end := -1
		for j := 0; j+1 < len(rest); j++ {
			if rest[j] == '"' && rest[j+1] == ')' {
				if k := j + 2; k == len(rest) || rest[k] == ' ' || rest[k] == ')' || rest[k] == '|' || rest[k] == '^' || rest[k] == '~' {
					end = j + 2
					break
				}
			}
		}
		if end < 0 {
			return b.String()
		}
		s = rest[end:]
	}
}

// matchParen returns the index of the ')' closing the '(' at i, skipping
// quoted phrases, or -1.
func matchParen(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '"':
			k := strings.IndexByte(s[j+1:], '"')
			if k < 0 {
				return -1
			}
			j += k + 1
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// splitTop splits s at sep where sep is outside parentheses and quotes.
func splitTop(s, sep string) []string {
	var parts []string
	depth, start := 0, 0
	for j := 0; j < len(s); j++ {
		switch s[j] {
		case '"':
			if k := strings.IndexByte(s[j+1:], '"'); k >= 0 {
				j += k + 1
			}
		case '(':
			depth++
		case ')':
			depth--
		default:
			if depth == 0 && strings.HasPrefix(s[j:], sep) {
				parts = append(parts, s[start:j])
				start = j + len(sep)
				j += len(sep) - 1
			}
		}
	}
	return append(parts, s[start:])
}

// normalizeGroups applies normalisations 2 to 4 to every parenthesised
// group, innermost first.
func normalizeGroups(s string) string {
	const nestedPrefix = "ToParentBlockJoinQuery ("
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '"' {
			k := strings.IndexByte(s[i+1:], '"')
			if k >= 0 {
				b.WriteString(s[i : i+k+2])
				i += k + 1
				continue
			}
		}
		if c != '(' {
			b.WriteByte(c)
			continue
		}
		j := matchParen(s, i)
		if j < 0 {
			b.WriteString(s[i:])
			break
		}
		inner := s[i+1 : j]
		if strings.HasSuffix(b.String(), "ToParentBlockJoinQuery ") && strings.HasPrefix(s[i-len(nestedPrefix)+1:], nestedPrefix) {
			if rest, ok := strings.CutSuffix(inner, " #_nested_path:sections"); ok && strings.HasPrefix(rest, "+") {
				inner = rest[1:]
				if strings.HasPrefix(inner, "(") && matchParen(inner, 0) == len(inner)-1 {
					inner = inner[1 : len(inner)-1]
				}
			}
		}
		parts := splitTop(inner, " | ")
		for k, p := range parts {
			parts[k] = normalizeGroups(p)
		}
		if len(parts) > 1 {
			sort.Strings(parts)
		}
		inner = strings.Join(parts, " | ")
		// ((q)^a)^b → (q)^(a·b)
		suffix := s[j+1:]
		if strings.HasPrefix(suffix, "^") && strings.HasPrefix(inner, "(") {
			if k := matchParen(inner, 0); k > 0 && strings.HasPrefix(inner[k+1:], "^") {
				a, errA := strconv.ParseFloat(inner[k+2:], 32)
				end := 1
				for end < len(suffix) && strings.IndexByte("0123456789.E-", suffix[end]) >= 0 {
					end++
				}
				bb, errB := strconv.ParseFloat(suffix[1:end], 32)
				if errA == nil && errB == nil {
					b.WriteString(inner[:k+1])
					b.WriteString("^")
					b.WriteString(float32Text(float32(a) * float32(bb)))
					i = j + end
					continue
				}
			}
		}
		b.WriteByte('(')
		b.WriteString(inner)
		b.WriteByte(')')
		i = j
	}
	return b.String()
}

// float32Text prints f as Lucene prints a boost.
func float32Text(f float32) string {
	if f == 1 {
		return "1.0"
	}
	d := search.Describe(&search.MatchAllQuery{Boost: f})
	return d[len("(*:*)^"):]
}
