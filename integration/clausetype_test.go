package integration

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/contractsearch/contractsearch/internal/ingest"
)

// clauseTypeContracts are three small contracts: governing law under a
// "Choice of Law" heading, governing law and an assignment restriction
// inside "Miscellaneous", and neither.
var clauseTypeContracts = map[string]string{
	"choice.txt": "SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Acme Corp and Beta LLC.\n\n" +
		"1. Supply\n\nAcme Corp shall supply the Products to Beta LLC each month.\n\n" +
		"2. Choice of Law\n\nThis Agreement shall be governed by the laws of the State of Delaware.\n\n" +
		"3. Notices\n\nAll notices shall be in writing and delivered by hand.\n",
	"misc.txt": "SERVICES AGREEMENT\n\nThis Services Agreement is made between Gamma Inc. and Delta Ltd.\n\n" +
		"1. Services\n\nGamma Inc. shall provide the Services described in Exhibit A.\n\n" +
		"2. Miscellaneous\n\nThis Agreement shall be governed by the laws of the State of New York. " +
		"Neither party may assign this Agreement without the prior written consent of the other party.\n",
	"none.txt": "CONSULTING AGREEMENT\n\nThis Consulting Agreement is made between Epsilon Corp and Zeta LLC.\n\n" +
		"1. Services\n\nThe Consultant shall advise the Company on marketing.\n\n" +
		"2. Fees\n\nThe Company shall pay the Consultant a monthly fee.\n",
}

// indexContracts writes contract files (name → text), runs them through
// ingest and builds an embedded index of the records: the directory.
func indexContracts(t *testing.T, contracts map[string]string) string {
	t.Helper()
	in := t.TempDir()
	for name, text := range contracts {
		if err := os.WriteFile(filepath.Join(in, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return ingestIndex(t, in, ingest.Options{})
}

// TestClauseTypeFilter runs the whole way — contract files through ingest
// (which types each clause from its heading and wording), the embedded
// index and the gateway — and checks that Form A's clause filter finds a
// clause by its type whatever its heading, keeps the inner-hits name the
// client wrote, and applies the clause's text.
func TestClauseTypeFilter(t *testing.T) {
	g := startGateway(t, map[string]string{"API_TOKENS": "tok", "INDEX_DIR": indexContracts(t, clauseTypeContracts), "INDEX_POLL_INTERVAL": "1h"})

	type answer struct {
		Hits struct {
			Hits []struct {
				Source struct {
					Name string `json:"name"`
				} `json:"_source"`
				InnerHits map[string]struct {
					Hits struct {
						Hits []struct {
							Source struct {
								Name       string   `json:"name"`
								ClauseType []string `json:"clause_type"`
							} `json:"_source"`
						} `json:"hits"`
					} `json:"hits"`
				} `json:"inner_hits"`
			} `json:"hits"`
		} `json:"hits"`
	}
	search := func(t *testing.T, clause string) (names []string, a answer) {
		t.Helper()
		status, _, out := g.post(t, "?token=tok", `{"query":{"q":"","_index":"contract","clause":`+clause+`}}`)
		if status != 200 {
			t.Fatalf("status %d: %s", status, out)
		}
		if err := json.Unmarshal([]byte(out), &a); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		for _, h := range a.Hits.Hits {
			names = append(names, h.Source.Name)
		}
		slices.Sort(names)
		return names, a
	}
	for _, tc := range []struct {
		clause string
		want   []string
	}{
		{`{"Governing Law":""}`, []string{"SERVICES AGREEMENT", "SUPPLY AGREEMENT"}},
		{`{"Choice of Law":""}`, []string{"SERVICES AGREEMENT", "SUPPLY AGREEMENT"}},
		{`{"Governing Law":"Delaware"}`, []string{"SUPPLY AGREEMENT"}},
		{`{"Anti-Assignment":""}`, []string{"SERVICES AGREEMENT"}},
		{`{"Miscellaneous":""}`, []string{"SERVICES AGREEMENT"}},
		{`{"Fees":""}`, []string{"CONSULTING AGREEMENT"}},
	} {
		got, _ := search(t, tc.clause)
		if !slices.Equal(got, tc.want) {
			t.Errorf("clause %s: contracts %q, want %q", tc.clause, got, tc.want)
		}
	}
	_, a := search(t, `{"Governing Law":"Delaware"}`)
	if len(a.Hits.Hits) != 1 {
		t.Fatalf("%d hits", len(a.Hits.Hits))
	}
	ih := a.Hits.Hits[0].InnerHits["clause:Governing Law"].Hits.Hits
	if len(ih) != 1 || ih[0].Source.Name != "Choice of Law" || !slices.Contains(ih[0].Source.ClauseType, "governing-law") {
		t.Errorf("inner hits %+v, want the Choice of Law section typed governing-law", ih)
	}
}
