package parse_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/parse"
	"github.com/contractsearch/contractsearch/internal/contract/source"
)

// TestEDGARSubmission reads an EDGAR full submission, parses its contract
// exhibits and builds their records: the header's metadata, the HTML
// exhibit's table-laid heading and the plain exhibit's pages all arrive.
func TestEDGARSubmission(t *testing.T) {
	data, err := os.ReadFile("../source/testdata/submission.txt")
	if err != nil {
		t.Fatal(err)
	}
	docs, err := source.Read("0000950123-10-012345.txt", data, source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	supply := parse.Parse(docs[0].Text, docs[0].Meta)
	if supply.Name != "SUPPLY AGREEMENT" || supply.Category == nil || supply.Category.Value != "supply-agreement" {
		t.Errorf("title %q category %+v", supply.Name, supply.Category)
	}
	if supply.Company == nil || supply.Company.Value != "123456" || supply.Company.Name != "Northwind Medical Devices, Inc." {
		t.Errorf("company %+v", supply.Company)
	}
	if supply.Industry == nil || supply.Industry.Value != "measuring-analyzing-and-controlling-instruments" {
		t.Errorf("industry %+v", supply.Industry)
	}
	if supply.Jurisdiction == nil || supply.Jurisdiction.Value != "delaware-us" || supply.Country.Value != "us" {
		t.Errorf("jurisdiction %+v country %+v", supply.Jurisdiction, supply.Country)
	}
	var law bool
	for _, s := range supply.Clauses() {
		law = law || s.Value == "governing law"
	}
	if !law {
		t.Errorf("no governing law clause in %+v", supply.Clauses())
	}
	raw, err := json.Marshal(supply.Record(contract.Grouping{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"filing_id":"0000950123-10-012345"`, `"exhibit_id":"EX-10.1"`, `"filing_type":"8-K"`, `"filing_date":"2010-02-10"`, `"source":"www.sec.gov"`, `"url":"https://www.sec.gov/Archives/edgar/data/123456/000095012310012345/dex101.htm"`} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("record lacks %s: %s", want, raw)
		}
	}
	lease := parse.Parse(docs[1].Text, docs[1].Meta)
	if lease.Name != "OFFICE LEASE" || lease.Category == nil || lease.Category.Value != "lease-agreement" || len(lease.Parties) == 0 || lease.Parties[0].Name != "Harbour Properties LLC" {
		t.Errorf("lease: %q %+v %+v", lease.Name, lease.Category, lease.Parties)
	}
	if lease.ID == supply.ID {
		t.Error("two exhibits of one file share an id")
	}
}
