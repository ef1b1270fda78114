package parse

import (
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// Governing-law phrasings, most quoted from CUAD's labelled clauses.
func TestGoverningLaw(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without giving effect to any conflicts of laws principles.", "new-york-us"},
		{"This Agreement shall be construed in accordance with the laws of the State of Kansas.", "kansas-us"},
		{"This Agreement shall be governed by the laws of the Province of Ontario and the federal laws of Canada applicable therein.", "ontario-ca"},
		{"The parties hereby agree that this Agreement shall be construed in accordance with English law.", "england-gb"},
		{"This Agreement shall be governed by the laws of England and Wales.", "england-gb"},
		{"This Contract shall be governed by the laws of the People's Republic of China.", "peoples-republic-of-china-cn"},
		{"This Agreement is governed by PRC law.", "peoples-republic-of-china-cn"},
		{"This Agreement shall be governed by the laws of Hong Kong SAR.", "hong-kong-hk"},
		{"Even in case of agreements with foreign Software Publishers, the law of the Federal Republic of Germany applies.", "germany-de"},
		{"This Agreement is accepted by Company in the State of Nevada and shall be governed by and construed in accordance with the laws thereof.", "nevada-us"},
		{"Any controversy shall be governed by and construed exclusively in accordance with the laws and decisions of the State of Michigan.", "michigan-us"},
		{"RATHER THESE RIGHTS AND OBLIGATIONS SHALL BE GOVERNED BY THE LAWS, OTHER THAN CHOICE OF LAW RULES, OF THE STATE OF GEORGIA.", "georgia-us"},
		{"This Agreement shall be governed by the internal laws, and not by the laws regarding conflicts of laws, of the State of North Carolina.", "north-carolina-us"},
		{"This Agreement and its interpretation shall be governed by the laws of the United States and, to the extent not inconsistent therewith, by the laws of the Commonwealth of Kentucky.", "kentucky-us"},
		{"This Agreement shall be construed, enforced, performed and in all respects governed by and in accordance with the laws in the State of Washington.", "washington-us"},
		{"This Manual is governed in all its parts by the applicable regulations of the Republic of Colombia.", "colombia-co"},
		{"Effective legislation of the Republic of Kazakhstan shall apply to any relations of the Parties arising out of this Contract.", "kazakhstan-kz"},
		{"Any such arbitration shall be subject to the application of the Italian Law.", "italy-it"},
		{"This Agreement is controlled by the laws of the State of Texas, and venue shall be in Pecos County, Texas.", "texas-us"},
		{"This Agreement shall be governed by the laws of the District of Columbia.", "district-of-columbia-us"},
		{"This Agreement is governed by Delaware law.", "delaware-us"},
		{"The Supplier, a corporation organized under the laws of the State of Delaware, agrees to deliver. This Agreement is governed by the laws of the State of California.", "california-us"},
		// none
		{"ACME, Inc., a corporation organized and existing under the laws of the State of Delaware, shall deliver the Products.", ""},
		{"Each party shall comply with all applicable laws.", ""},
		{"This Agreement shall be governed by the laws of the state in which the franchised restaurant is located.", ""},
	} {
		body, _ := buildBody(tc.text)
		p, ok := governingLaw(body, nil)
		got := ""
		if ok {
			got = p.Value
		}
		if got != tc.want {
			t.Errorf("governingLaw(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// A clause headed Governing Law that names only the place counts.
func TestGoverningLawHeadingOnly(t *testing.T) {
	body := "GOVERNING LAW\n\nNew York."
	clauses := []contract.Section{{Type: contract.Clause, Value: "governing law", Snippet: "New York.", Start: 0, End: len(body)}}
	p, ok := governingLaw(body, clauses)
	if !ok || p.Value != "new-york-us" {
		t.Errorf("got %+v %v", p, ok)
	}
}
