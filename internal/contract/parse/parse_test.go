package parse

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/")

// summary is what the golden files pin: every attribute and section of a
// parsed fixture, the body left out.
type summary struct {
	Name         string
	Snippet      string
	Category     *contract.Attr
	Company      *contract.Attr
	Jurisdiction *contract.Attr
	Country      *contract.Attr
	Industry     *contract.Attr
	Parties      []contract.Party
	Sections     []string
}

// TestGolden parses the fixtures in testdata/*.txt (contracts written for
// the tests) and compares with testdata/*.golden; -update rewrites them.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txt")
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := Parse(string(raw), contract.Meta{Path: filepath.Base(f)})
		checkInvariants(t, c)
		s := summary{Name: c.Name, Snippet: c.Snippet, Category: c.Category, Company: c.Company, Jurisdiction: c.Jurisdiction,
			Country: c.Country, Industry: c.Industry, Parties: c.Parties}
		for _, sec := range c.Sections {
			s.Sections = append(s.Sections, string(sec.Type)+": "+sec.Name+" | "+cut(sec.Snippet, 60))
		}
		got, _ := json.MarshalIndent(s, "", "  ")
		golden := strings.TrimSuffix(f, ".txt") + ".golden"
		if *update {
			if err := os.WriteFile(golden, append(got, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if strings.TrimSpace(string(want)) != string(got) {
			t.Errorf("%s:\n got %s\nwant %s", f, got, want)
		}
	}
}

func TestParseMeta(t *testing.T) {
	raw := "SERVICES AGREEMENT\n\nThis Services Agreement (the \"Agreement\") is made as of May 1, 2019 by and between Acme Corp. (\"Acme\") and Beta LLC (\"Beta\")."
	c := Parse(raw, contract.Meta{
		Path: "a/b.htm", DocIndex: 2, CompanyName: "ACME CORP", CompanyID: "0000012345", FilingDate: "2019-05-02",
		FilingType: "8-K", FilingID: "0000012345-19-000001", ExhibitID: "EX-10.1", SIC: "7372",
		IndustryName: "SERVICES-PREPACKAGED SOFTWARE", Source: "www.sec.gov", URL: "https://www.sec.gov/x.htm",
	})
	if c.Company == nil || c.Company.Name != "Acme Corp." || c.Company.Value != "12345" {
		t.Errorf("company from metadata: %+v", c.Company)
	}
	// The code wins over the source's title, so one code is one industry.
	if c.Industry == nil || c.Industry.Name != "Business Services" || c.Industry.Value != "business-services" {
		t.Errorf("industry: %+v", c.Industry)
	}
	if g := Parse(raw, contract.Meta{IndustryName: "SERVICES-PREPACKAGED SOFTWARE"}); g.Industry == nil || g.Industry.Name != "Services-Prepackaged Software" || g.Industry.Value != "services-prepackaged-software" {
		t.Errorf("industry from a title without a code: %+v", g.Industry)
	}
	if c.FilingDate != "2019-05-02" || c.FilingType != "8-K" || c.FilingID != "0000012345-19-000001" || c.ExhibitID != "EX-10.1" || c.Source != "www.sec.gov" || c.URL != "https://www.sec.gov/x.htm" {
		t.Errorf("filing fields: %+v", c)
	}
	d := Parse(raw, contract.Meta{Path: "a/b.htm", DocIndex: 2})
	if d.ID != c.ID || len(d.ID) != 16 {
		t.Errorf("ids %q %q: the same path and index give the same id", c.ID, d.ID)
	}
	if e := Parse(raw, contract.Meta{Path: "a/b.htm", DocIndex: 3}); e.ID == c.ID {
		t.Error("another document of the file has another id")
	}
	if d.Company == nil || d.Company.Name != "Acme Corp." || len(d.Company.Value) != 12 || strings.Trim(d.Company.Value, "0123456789") != "" {
		t.Errorf("company from the first party: %+v", d.Company)
	}
	if d.URL != "/contracts/"+d.ID {
		t.Errorf("url %q", d.URL)
	}
	if f := Parse(raw, contract.Meta{SIC: "2834"}); f.Industry == nil || f.Industry.Name != "Chemicals and Allied Products" {
		t.Errorf("industry from a SIC code: %+v", f.Industry)
	}
}

var groupIDPattern = regexp.MustCompile(`^en/[\p{Ll}\p{Lo}0-9-]+#[0-9a-f]{16}$`)

// checkInvariants holds for any input: sections inside the body and in
// order, values the lower-cased names, group ids well formed, valid
// UTF-8 everywhere.
func checkInvariants(t *testing.T, c *contract.Contract) {
	t.Helper()
	last := 0
	for _, s := range c.Sections {
		if s.Start < 0 || s.End > len(c.Body) || s.Start > s.End {
			t.Fatalf("section %q at %d..%d outside the body (%d bytes)", s.Name, s.Start, s.End, len(c.Body))
		}
		if s.Start < last {
			t.Fatalf("section %q out of order", s.Name)
		}
		last = s.Start
		if s.Type != contract.Clause && s.Type != contract.Definition {
			t.Fatalf("section type %q", s.Type)
		}
		if s.Name == "" || s.Value != strings.ToLower(s.Name) {
			t.Fatalf("section name %q value %q", s.Name, s.Value)
		}
		if !groupIDPattern.MatchString(s.GroupID) {
			t.Fatalf("group id %q", s.GroupID)
		}
		if !utf8.ValidString(s.Snippet) || len(s.Snippet) > maxSnippetBytes+len("…") {
			t.Fatalf("snippet of %q: %d bytes", s.Name, len(s.Snippet))
		}
	}
	texts := []string{c.Name, c.Snippet, c.Body}
	for _, p := range c.Parties {
		texts = append(texts, p.Name, p.Term)
	}
	for _, s := range texts {
		if !utf8.ValidString(s) {
			t.Fatalf("invalid UTF-8 %q", s)
		}
	}
	for _, a := range []*contract.Attr{c.Category, c.Company, c.Jurisdiction, c.Country, c.Industry} {
		if a != nil && (a.Name == "" || a.Value == "") {
			t.Fatalf("half an attribute %+v", a)
		}
	}
	if c.Company != nil && strings.Trim(c.Company.Value, "0123456789") != "" {
		t.Fatalf("company value %q is not digits", c.Company.Value)
	}
	if c.ID == "" || c.URL == "" {
		t.Fatalf("no id or url")
	}
}

// FuzzParse checks that no input panics the parser or breaks the
// invariants.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.txt")
	for _, file := range files {
		b, _ := os.ReadFile(file)
		f.Add(string(b))
	}
	for _, s := range []string{
		"", "1.", "ARTICLE", "Section 5.2", "\"", "“x”", "(\"", "laws of", "between", "This Agreement is made by and between",
		"12. GOVERNING LAW This", "Governing Law. ", "(a) (b)", "\"A\" and \"B\" and \"C\" means", "Party A: ", "\xff\xfe",
		"THIS AGREEMENT is made between:\n\n(1) X\n\nand", "IN WITNESS WHEREOF By:", "1.1 \"X\" means y. 1.2 \"Z\" means w.",
		"CONFIDENTIAL TREATMENT REQUESTED BY", "Fax: 555 Agreement", "JOINT\n\nAGREEMENT", "Case 1-2 Doc 3 AGREEMENT", "ACT OF 1934, AS AMENDED AGREEMENT",
		"IN WITNESS WHEREOF\n\nSCHEDULE A\n\nTOTAL\n\n$1 $2 3", "1.0 LICENSE\n\n1.1 Grant. X", "3.DISTRIBUTION:\n\n4.FEE:", "ACME\n\nBy: /s/ X\n\nName:",
		"between Acme, Inc. (formerly known as Beta, Inc.) and", "Acme f/k/a", "Party 1: Acme LLC\n\nParty 2:",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		c := Parse(raw, contract.Meta{Path: "fuzz.txt"})
		// a filer the text may name by another name (Company's otherNames)
		filed := Parse(raw, contract.Meta{Path: "fuzz.txt", CompanyName: "BETAINC"})
		if !utf8.ValidString(raw) {
			return // invalid input is refused by the readers before parsing
		}
		checkInvariants(t, c)
		checkInvariants(t, filed)
	})
}

// TestCUAD parses every CUAD contract and checks the invariants and that
// the attributes are found in most of them; the accuracy against the
// labels is cmd/eval's job (make eval).
func TestCUAD(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode: parsing all of CUAD takes seconds; make test runs it")
	}
	texts, _ := loadCUAD(t)
	var named, categorised, governed, withClauses int
	for i, raw := range texts {
		c := Parse(raw, contract.Meta{Path: "cuad", DocIndex: i})
		checkInvariants(t, c)
		// Every CUAD file is a contract: none is refused as not one.
		if err := CheckAgreement(c); err != nil {
			t.Errorf("contract %d: %v", i, err)
		}
		if c.Name != "" {
			named++
		}
		if c.Category != nil {
			categorised++
		}
		if c.Jurisdiction != nil {
			governed++
		}
		if len(c.Clauses()) > 0 {
			withClauses++
		}
	}
	n := len(texts)
	if named < n || categorised*100 < n*90 || governed*100 < n*75 || withClauses*100 < n*90 {
		t.Errorf("of %d contracts: %d titled, %d categorised, %d with a jurisdiction, %d with clauses", n, named, categorised, governed, withClauses)
	}
}
