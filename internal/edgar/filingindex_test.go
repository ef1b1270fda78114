package edgar

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"
)

func formatFilingIndex(idx FilingIndex, wanted []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "sic %q\n", idx.SIC)
	for _, d := range idx.Documents {
		fmt.Fprintf(&b, "%d | %s | %s | guessed %v | %s | %s\n", d.Seq, d.Type, d.Name, d.TypeGuessed, d.Description, d.URL)
	}
	b.WriteString("wanted:\n")
	for _, d := range idx.Wanted(wanted) {
		fmt.Fprintf(&b, "  %s %s\n", d.Type, d.Name)
	}
	return b.String()
}

// TestParseIndexPage reads a filing index page: both document tables,
// links to the inline viewer, relative, on another host or absent, a
// description over two lines, and the SIC code of the filer whose CIK it
// is, not the first filer's.
func TestParseIndexPage(t *testing.T) {
	data, err := os.ReadFile("testdata/index-page.htm")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := url.Parse("https://www.sec.gov/Archives/edgar/data/1000001/000100000123000011/0001000001-23-000011-index.htm")
	idx, err := ParseIndexPage(data, page, "1000001")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "index-page.golden", formatFilingIndex(idx, []string{"EX-10"}))

	// A filer the page does not name: the first SIC given.
	if idx, _ := ParseIndexPage(data, page, "42"); idx.SIC != "6770" {
		t.Errorf("SIC for another filer %q", idx.SIC)
	}
	// The industry's name right after the code, with no space between.
	runIn := []byte(`<html><body><div class="companyInfo"><span class="companyName">ACME (Filer) CIK: <a href="#">0000000007</a></span>` +
		`<p class="identInfo"><b>SIC</b>: <b><a href="/cgi-bin/browse-edgar?action=getcompany&amp;SIC=3674">3674</a></b>Semiconductors<br /></p></div></body></html>`)
	if idx, _ := ParseIndexPage(runIn, page, "7"); idx.SIC != "3674" {
		t.Errorf("SIC run into the industry's name: %q", idx.SIC)
	}
	// Not a filing index page: no documents, no error.
	if idx, err := ParseIndexPage([]byte("<html><body><p>Not found</p></body></html>"), page, "1"); err != nil || len(idx.Documents) != 0 {
		t.Errorf("a page without tables: %+v %v", idx, err)
	}
}

// TestParseDirectory reads a folder listing: the index pages, the
// complete submission, folders and files ingest cannot read are left
// out, exhibit types are guessed from the names.
func TestParseDirectory(t *testing.T) {
	data, err := os.ReadFile("testdata/index.json")
	if err != nil {
		t.Fatal(err)
	}
	folder, _ := url.Parse("https://www.sec.gov/Archives/edgar/data/1000001/000100000123000011/")
	idx, err := ParseDirectory(data, folder, []string{"EX-10"})
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "index-json.golden", formatFilingIndex(idx, []string{"EX-10"}))
	if _, err := ParseDirectory([]byte("<html>"), folder, nil); err == nil {
		t.Error("a listing that is not JSON was read")
	}
}

func TestGuessExhibit(t *testing.T) {
	for _, tc := range []struct {
		name   string
		wanted []string
		want   string
	}{
		{"ex10-1.htm", []string{"EX-10"}, "EX-10.1"},
		{"ex-10.1.htm", nil, "EX-10.1"},
		{"EX10_12.htm", nil, "EX-10.12"},
		{"exhibit10.htm", []string{"EX-10"}, "EX-10"},
		{"exh4.htm", []string{"EX-10"}, "EX-4"},
		{"ex101.htm", []string{"EX-10"}, "EX-10.1"},
		{"ex101.htm", []string{"EX-1"}, "EX-1.01"},
		{"d123456dex1003.htm", []string{"EX-10"}, "EX-10.03"},
		{"d123456dex991.htm", []string{"EX-10"}, "EX-991"},
		{"ex991.htm", []string{"EX-99"}, "EX-99.1"},
		{"acme-20221231.htm", []string{"EX-10"}, ""},
		{"index.htm", []string{"EX-10"}, ""},
		{"ex00.htm", []string{"EX-10"}, ""},
	} {
		if got := guessExhibit(tc.name, tc.wanted); got != tc.want {
			t.Errorf("guessExhibit(%q, %v) = %q, want %q", tc.name, tc.wanted, got, tc.want)
		}
	}
}

func TestSafeName(t *testing.T) {
	for in, want := range map[string]string{
		"ex10-1.htm":                      "ex10-1.htm",
		"../../etc/passwd":                "passwd",
		`..\..\boot.ini`:                  "boot.ini",
		".hidden.htm":                     "hidden.htm",
		"ex 10 (1).htm":                   "ex_10__1_.htm",
		"..":                              "",
		"":                                "",
		"???":                             "",
		"a/":                              "",
		strings.Repeat("x", 200) + ".htm": strings.Repeat("x", 116) + ".htm",
	} {
		if got := safeName(in); got != want {
			t.Errorf("safeName(%q) = %q, want %q", in, got, want)
		}
	}
}
