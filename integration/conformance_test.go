package integration

import (
	"os"
	"testing"
)

// The API conformance suite: one subtest per row of every table of the
// spec (../shared/spec/search-api.md) — request members, Form A members,
// q operators, query clauses, aggregations, response envelope and hit
// members, limits, authentication and errors — run through the real
// gateway binary against each backend with the same assertions.
//
// The fixture, testdata/conformance.ndjson, is an OpenSearch bulk file of
// 40 records over the six indexes (12 contracts with sections, 6 clauses,
// 5 definitions, 5 companies, 6 categories, 6 jurisdictions); its header
// comment in conformanceFixture lists what each record is for. Expected
// answers were worked out by hand from it: ids and their order, totals,
// exact scores where the arithmetic is short (constant scores, the
// rank_feature saturation every simplified query adds, BM25 of a keyword
// term), exact error bodies.

// conformanceFixture is the fixture's path. Records (weight_rank w):
//
//	contract en/c01 Exclusive Distribution Agreement  Acme (1001039), New York, 2012, w 48, sections: definition Territory, clause Governing Law (New York), clause Termination
//	contract en/c02 Distribution Agreement            Northwind (2002077), Ontario, 2013, w 16, sections: definition Territory, clause Governing Law
//	contract en/c03 Software License Agreement        Globex (3003141), Delaware, 2016, w 112, four sections (two definitions, Confidentiality, Governing Law)
//	contract en/c04 Trademark License Agreement       Initech (4004221), England, 2018, w 8, "royalties quarterly"
//	contract en/c05 Supply Agreement                  Acme, New York, 2010, w 240, indemnify / Indemnification, Termination
//	contract en/c06 Employment Agreement              Globex, California, 2019, no weight_rank
//	contract en/c07 Joint Venture Agreement           Initech, China, 2021, w 4, source www.hkexnews.hk, absolute url
//	contract en/c08 Consulting Agreement              Umbrella (5005999), Texas, 2015, w 24
//	contract en/c09 Loan Agreement                    Umbrella, New York, 2011, w 2, no url, no category, no sections
//	contract en/c10 Agreement and Plan of Merger      Globex, Delaware, 2022, w 64
//	contract en/c11 Franchise Agreement               Northwind, Ontario, 2014, w 12, "royalties monthly"
//	contract en/c12 Mutual Non-Disclosure Agreement   Acme, England, 2020, w 32
//
// and clause, definition, company, category and jurisdiction records
// whose weight_ranks tie with contracts' (48, 16, 112, 64 …), so that
// cross-index ties show the tie order (index name, then insertion).
const conformanceFixture = "testdata/conformance.ndjson"

// TestConformance runs the suite against the embedded engine (always) and
// against OpenSearch 3.x through testcontainers-go (when a Docker daemon
// is reachable; skipped with the reason otherwise).
func TestConformance(t *testing.T) {
	bulk, err := os.ReadFile(conformanceFixture)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("embedded", func(t *testing.T) {
		dir := t.TempDir()
		buildIndex(t, dir, string(bulk))
		g := startGateway(t, conformanceEnv(map[string]string{"INDEX_DIR": dir, "INDEX_POLL_INTERVAL": "1h"}))
		s := &suite{backend: "embedded", g: g}
		s.run(t)
		t.Run("OpenSearch API specification", func(t *testing.T) {
			t.Run("answers", s.checkAnswers)
			t.Run("forwarded bodies", s.checkForwarded)
		})
		t.Run("OpenAPI document", s.checkOpenAPI)
	})
	t.Run("opensearch", func(t *testing.T) {
		addr := startOpenSearch(t, "conf-", string(bulk), 40)
		g := startGateway(t, conformanceEnv(map[string]string{"SEARCH_BACKEND": "opensearch",
			"OPENSEARCH_URLS": addr, "OPENSEARCH_INDEX_PREFIX": "conf-"}))
		s := &suite{backend: "opensearch", g: g}
		s.run(t)
		t.Run("OpenSearch API specification", s.checkAnswers)
		t.Run("OpenAPI document", s.checkOpenAPI)
	})
}

// conformanceEnv is the gateway's environment: the suite's token, no rate
// limit (the suite sends a few hundred requests at once), default limits.
func conformanceEnv(extra map[string]string) map[string]string {
	env := map[string]string{"API_TOKENS": conformanceToken, "RATE_LIMIT_RPS": "0"}
	for k, v := range extra {
		env[k] = v
	}
	return env
}

// run runs every group of the suite, one per table of the spec.
func (s *suite) run(t *testing.T) {
	t.Run("request members", s.requestMembers)
	t.Run("Form A members", s.formAMembers)
	t.Run("q operators", s.qOperators)
	t.Run("query clauses", s.queryClauses)
	t.Run("aggregations", s.aggregations)
	t.Run("response members", s.responseMembers)
	t.Run("hit members", s.hitMembers)
	t.Run("limits", s.limits)
	t.Run("authentication", s.authentication)
	t.Run("errors", s.errors)
}
