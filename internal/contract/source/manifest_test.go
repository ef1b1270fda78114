package source

import (
	"reflect"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// demoManifest has the demo corpus's columns, labels included: none of
// them may reach the metadata.
const demoManifest = `id,file,format,exhibit,sequence,title,category,category_name,company,cik,industry,industry_name,sic,filing_date,form_type,accession,source,jurisdiction,jurisdiction_value,country,country_code,parties,agreement_date,lawfirm,duplicate_of,variant
dc-0001,htm/A-EX-10.24-SPONSORSHIP.htm,htm,EX-10.24,,EVENT SPONSORSHIP AGREEMENT,sponsorship-agreement,Sponsorship Agreement,Juniper Ridge Brewing Corp.,0009929102,beverages,BEVERAGES,2080,2001-08-30,10-Q,0009929102-01-566098,edgar.demo.invalid,Japan,japan-jp,Japan,jp,Juniper (“Sponsor”),2001-08-01,Whitcombe LLP,,
dc-0002,edgar/0009002206-05-454566.txt,edgar,EX-10.16,2,INDEMNIFICATION AGREEMENT,indemnification-agreement,Indemnification Agreement,"Kingsmere Foods Holdings, Inc.",0009002206,food,FOOD AND KINDRED PRODUCTS,2000,2005-06-13,8-K,0009002206-05-454566,edgar.demo.invalid,England and Wales,england-gb,United Kingdom,gb,x,2005-05-04,,,
dc-0003,edgar/0009002206-05-454566.txt,edgar,EX-10.17,3,SUPPLY AGREEMENT,supply-agreement,Supply Agreement,"Kingsmere Foods Holdings, Inc.",0009002206,food,FOOD AND KINDRED PRODUCTS,2000,2005-06-13,8-K,0009002206-05-454566,edgar.demo.invalid,Nevada,nevada-us,United States,us,y,2005-05-04,,dc-0002,refiled
`

// cuadManifest has CUAD's columns: the path is relative to contracts/,
// the company is written without spaces, the rest are labels.
const cuadManifest = `txt_file,pdf_file,part,category,company,filing_date,form_type,exhibit,edgar_doc_id,title_from_filename,document_name,parties,agreement_date,effective_date,expiration_date,governing_law,renewal_term
CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt,Part_I/x.pdf,Part_I,Affiliate_Agreements,CybergyHoldingsInc,2014-05-20,10-Q,EX-10.27,8605784,Affiliate Agreement,MARKETING AFFILIATE AGREEMENT,"Birch (""Company"")",5/8/14,,12/31/14,Nevada,successive 1 year
`

func TestManifestDemo(t *testing.T) {
	m, err := ParseManifest("manifest.csv", strings.NewReader(demoManifest), ManifestColumns{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Rows != 3 || len(m.Warnings) != 0 {
		t.Errorf("rows %d, warnings %v", m.Rows, m.Warnings)
	}
	wantCols := ManifestColumns{Path: "file", Sequence: "sequence", Company: "company", CIK: "cik", FilingDate: "filing_date",
		FormType: "form_type", Accession: "accession", Exhibit: "exhibit", SIC: "sic", Industry: "industry_name", Source: "source"}
	if m.Resolved != wantCols {
		t.Errorf("columns %+v\nwant    %+v", m.Resolved, wantCols)
	}
	edgar := contract.Meta{CompanyName: "Kingsmere Foods Holdings, Inc.", CompanyID: "9002206", FilingDate: "2005-06-13", FilingType: "8-K",
		FilingID: "0009002206-05-454566", SIC: "2000", IndustryName: "FOOD AND KINDRED PRODUCTS", Source: "edgar.demo.invalid"}
	ex16, ex17 := edgar, edgar
	ex16.ExhibitID, ex17.ExhibitID = "EX-10.16", "EX-10.17"
	tests := []struct {
		path    string
		seq     int
		exhibit string
		want    contract.Meta
		listed  bool
	}{
		{"htm/A-EX-10.24-SPONSORSHIP.htm", 0, "", contract.Meta{CompanyName: "Juniper Ridge Brewing Corp.", CompanyID: "9929102", FilingDate: "2001-08-30",
			FilingType: "10-Q", FilingID: "0009929102-01-566098", ExhibitID: "EX-10.24", SIC: "2080", IndustryName: "BEVERAGES", Source: "edgar.demo.invalid"}, true},
		{"edgar/0009002206-05-454566.txt", 2, "", ex16, true},
		{"edgar/0009002206-05-454566.txt", 3, "EX-10.16", ex17, true},         // the sequence wins
		{"edgar/0009002206-05-454566.txt", 0, "ex-10.17", ex17, true},         // no sequence: the exhibit type
		{"edgar/0009002206-05-454566.txt", 5, "", contract.Meta{}, true},      // listed, but not this document
		{"edgar/0009002206-05-454566.txt", 0, "EX-99", contract.Meta{}, true}, // nor this one
		{"corpus/edgar/0009002206-05-454566.txt", 3, "", ex17, true},          // the input root is above the manifest's
		{"0009002206-05-454566.txt", 2, "", ex16, true},                       // a bare name, unique in the manifest
		{"htm/other.htm", 0, "", contract.Meta{}, false},
	}
	for _, tt := range tests {
		got, listed := m.Lookup(tt.path, tt.seq, tt.exhibit)
		if got != tt.want || listed != tt.listed {
			t.Errorf("Lookup(%q, %d, %q) = %+v, %v\nwant %+v, %v", tt.path, tt.seq, tt.exhibit, got, listed, tt.want, tt.listed)
		}
		if m.Lists(tt.path) != tt.listed {
			t.Errorf("Lists(%q) = %v", tt.path, !tt.listed)
		}
	}
}

func TestManifestCUAD(t *testing.T) {
	m, err := ParseManifest("manifest.csv", strings.NewReader(cuadManifest), ManifestColumns{})
	if err != nil {
		t.Fatal(err)
	}
	got, ok := m.Lookup("contracts/CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt", 0, "")
	want := contract.Meta{CompanyName: "Cybergy Holdings Inc", FilingDate: "2014-05-20", FilingType: "10-Q", FilingID: "8605784", ExhibitID: "EX-10.27"}
	if !ok || got != want {
		t.Errorf("got %+v, %v\nwant %+v", got, ok, want)
	}
	if m.Resolved.Path != "txt_file" || m.Resolved.Accession != "edgar_doc_id" {
		t.Errorf("columns %+v", m.Resolved)
	}
}

func TestManifestColumns(t *testing.T) {
	const csv = "Doc,Filer,When,cik,Sequence\na.txt,Acme Corp,20100102,0042,\nb.txt,Birch,1/2/2011,x,\n,Nobody,2010-01-01,,\na.txt,Again,,,\nc.txt,C,13/45/2010,123,0\n"
	tests := []struct {
		name     string
		cols     ManifestColumns
		wantErr  string
		lookup   string
		want     contract.Meta
		warnings []string
	}{
		{
			name:   "columns by flag, case-insensitive; dates normalised",
			cols:   ManifestColumns{Path: "doc", Company: "FILER", FilingDate: "when"},
			lookup: "a.txt",
			want:   contract.Meta{CompanyName: "Acme Corp", CompanyID: "42", FilingDate: "2010-01-02"},
			warnings: []string{
				`line 3: cik "x" is not a number of at most 12 digits; left out`,
				"line 4: no file path; row ignored",
				"line 5: second row for a.txt (sequence 0); row ignored",
				`line 6: sequence "0" is not a positive number; row ignored`,
			},
		},
		{
			name:   "a field turned off",
			cols:   ManifestColumns{Path: "doc", Company: NoColumn, FilingDate: "when", CIK: NoColumn},
			lookup: "b.txt",
			want:   contract.Meta{FilingDate: "2011-01-02"},
		},
		{name: "no such column", cols: ManifestColumns{Path: "doc", Company: "owner"}, wantErr: `no column "owner" (for company)`},
		{name: "no path column found", cols: ManifestColumns{}, wantErr: "no path column: name it with -manifest-path-column"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseManifest("m.csv", strings.NewReader(csv), tt.cols)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := m.Lookup(tt.lookup, 0, ""); got != tt.want {
				t.Errorf("Lookup = %+v, want %+v", got, tt.want)
			}
			if tt.warnings != nil && !reflect.DeepEqual(m.Warnings, tt.warnings) {
				t.Errorf("warnings %q\nwant %q", m.Warnings, tt.warnings)
			}
		})
	}
}

func TestManifestJSONL(t *testing.T) {
	const jsonl = `{"path":"x/a.htm","cik":320193,"company":"Apple Inc.","filing_date":"2019-10-31","title":"SECRET LABEL","url":"https://www.sec.gov/a.htm"}

{"path":"x/b.htm","company":null,"sic":3571}
`
	m, err := ParseManifest("m.jsonl", strings.NewReader(jsonl), ManifestColumns{})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := m.Lookup("x/a.htm", 0, "")
	if want := (contract.Meta{CompanyName: "Apple Inc.", CompanyID: "320193", FilingDate: "2019-10-31", URL: "https://www.sec.gov/a.htm"}); a != want {
		t.Errorf("a: %+v", a)
	}
	b, _ := m.Lookup("x/b.htm", 0, "")
	if want := (contract.Meta{SIC: "3571"}); b != want {
		t.Errorf("b: %+v", b)
	}
	for _, bad := range []struct{ name, data, want string }{
		{"m.jsonl", "{\"path\":\"a\"}\n[1]\n", "line 2: not a JSON object"},
		{"m.csv", "file,company\n\"a,b\n", `extraneous or missing " in quoted-field`},
		{"m.csv", "", "empty: no header row"},
		{"m.jsonl", "\n\n", "empty: no rows"},
		{"m.csv", "file\n\xff\n", "not valid UTF-8"},
	} {
		if _, err := ParseManifest(bad.name, strings.NewReader(bad.data), ManifestColumns{}); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: err = %v, want %q", bad.data, err, bad.want)
		}
	}
}

// TestManifestSIC: a SIC column may hold the code with its title, as EDGAR
// headers write it; an industry column wins for the title.
func TestManifestSIC(t *testing.T) {
	const csv = "file,sic,industry_name\na.txt,SERVICES-PREPACKAGED SOFTWARE [7372],\nb.txt,3571 ,COMPUTERS\nc.txt,SOFTWARE,\nd.txt,[0000],\n"
	m, err := ParseManifest("m.csv", strings.NewReader(csv), ManifestColumns{})
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]contract.Meta{
		"a.txt": {SIC: "7372", IndustryName: "SERVICES-PREPACKAGED SOFTWARE"},
		"b.txt": {SIC: "3571", IndustryName: "COMPUTERS"},
		"c.txt": {},
		"d.txt": {},
	} {
		if got, _ := m.Lookup(p, 0, ""); got != want {
			t.Errorf("%s: %+v, want %+v", p, got, want)
		}
	}
	if want := []string{`line 4: sic "SOFTWARE" is not a number of at most 4 digits; left out`, `line 5: sic "[0000]" is not a number of at most 4 digits; left out`}; !reflect.DeepEqual(m.Warnings, want) {
		t.Errorf("warnings %q", m.Warnings)
	}
}

func TestHumanName(t *testing.T) {
	for in, want := range map[string]string{
		"CybergyHoldingsInc": "Cybergy Holdings Inc",
		"2ThemartComInc":     "2Themart Com Inc",
		"ABILITYINC":         "ABILITYINC",
		"Acme Corp.":         "Acme Corp.",
		"":                   "",
	} {
		if got := humanName(in); got != want {
			t.Errorf("humanName(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzManifest: any manifest either fails to parse or gives metadata a
// record can hold: digits for identifiers, a valid date, valid UTF-8.
func FuzzManifest(f *testing.F) {
	f.Add(demoManifest, "a.csv")
	f.Add(cuadManifest, "a.csv")
	f.Add(`{"file":"a","cik":"0012","filing_date":"1/2/2010","sequence":2}`, "a.jsonl")
	f.Add("file,sequence\n../../etc/passwd,1\n", "a.csv")
	f.Fuzz(func(t *testing.T, data, name string) {
		m, err := ParseManifest(name, strings.NewReader(data), ManifestColumns{})
		if err != nil {
			return
		}
		for p, rows := range m.byPath {
			if p == "" || strings.HasPrefix(p, "/") || strings.Contains("/"+p+"/", "/../") {
				t.Fatalf("path %q not cleaned", p)
			}
			for _, r := range rows {
				if r.meta.CompanyID != "" && !allDigits(r.meta.CompanyID) {
					t.Fatalf("company id %q", r.meta.CompanyID)
				}
				if r.meta.FilingDate != "" {
					if d := NormalizeDate(r.meta.FilingDate); d != r.meta.FilingDate {
						t.Fatalf("filing date %q", r.meta.FilingDate)
					}
				}
				if got, ok := m.Lookup(p, r.seq, ""); !ok || got != r.meta {
					t.Fatalf("Lookup(%q, %d) = %+v, %v; want %+v", p, r.seq, got, ok, r.meta)
				}
			}
		}
	})
}

// TestReadWithManifest: Read writes the manifest's row over what the file
// says, finding a submission's rows by <SEQUENCE>.
func TestReadWithManifest(t *testing.T) {
	m, err := ParseManifest("manifest.csv", strings.NewReader(demoManifest), ManifestColumns{})
	if err != nil {
		t.Fatal(err)
	}
	docs, err := Read("edgar/0009002206-05-454566.txt", []byte(kingsmere), Options{Manifest: m})
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 2 {
		t.Fatalf("%d documents", len(docs))
	}
	// sequence 2 is the manifest's dc-0002; sequence 4 has no row of its
	// own, so it keeps what the file says.
	// The header's sec.gov URL goes: the manifest says the file came from
	// another host.
	if m := docs[0].Meta; m.CompanyName != "Kingsmere Foods Holdings, Inc." || m.Source != "edgar.demo.invalid" || m.ExhibitID != "EX-10.16" ||
		m.Description != "INDEMNIFICATION AGREEMENT" || m.URL != "" {
		t.Errorf("sequence 2: %+v", m)
	}
	if m := docs[1].Meta; m.CompanyName != "KINGSMERE FOODS HOLDINGS INC" || m.Source != "www.sec.gov" || m.ExhibitID != "EX-2.1" || m.DocIndex != 1 {
		t.Errorf("sequence 4: %+v", m)
	}
	docs, err = Read("htm/A-EX-10.24-SPONSORSHIP.htm", []byte("<p>EVENT SPONSORSHIP AGREEMENT</p>"), Options{Manifest: m})
	if err != nil || docs[0].Meta.CompanyID != "9929102" || docs[0].Meta.Path != "htm/A-EX-10.24-SPONSORSHIP.htm" {
		t.Errorf("htm: %+v, %v", docs, err)
	}
}

func TestManifestColumnsFields(t *testing.T) {
	var c ManifestColumns
	seen := map[string]bool{}
	for _, f := range c.Fields() {
		if seen[f.Key] || len(f.Defaults) == 0 || *f.Column != "" {
			t.Errorf("field %+v", f)
		}
		seen[f.Key] = true
		*f.Column = f.Defaults[0]
	}
	if len(seen) != 12 || c.Path != "file" || c.URL != "url" {
		t.Errorf("fields %v set %+v", seen, c)
	}
	if got := (ManifestColumns{Path: "txt_file", Accession: "edgar_doc_id"}).String(); got != "path=txt_file accession=edgar_doc_id" {
		t.Errorf("String() = %q", got)
	}
}

// TestCodesCanonical spells a manifest's codes as EDGAR does, whatever
// case the manifest wrote them in: Form A looks them up that way
// (contract.AttributeValue).
func TestCodesCanonical(t *testing.T) {
	m, err := ParseManifest("m.csv", strings.NewReader("file,form_type,exhibit,accession,source\na.txt,10-k,ex-10.1 , 0000950123-10-012345,WWW.SEC.GOV\n"), ManifestColumns{})
	if err != nil {
		t.Fatal(err)
	}
	docs, err := Read("a.txt", []byte("SUPPLY AGREEMENT"), Options{Manifest: m})
	if err != nil || len(docs) != 1 {
		t.Fatalf("Read = %+v, %v", docs, err)
	}
	got := docs[0].Meta
	if got.FilingType != "10-K" || got.ExhibitID != "EX-10.1" || got.FilingID != "0000950123-10-012345" || got.Source != "www.sec.gov" {
		t.Errorf("codes %q %q %q %q", got.FilingType, got.ExhibitID, got.FilingID, got.Source)
	}
}
