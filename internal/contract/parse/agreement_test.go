package parse

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/source"
	"github.com/contractsearch/contractsearch/internal/democorpus"
)

func TestCheckAgreement(t *testing.T) {
	cats, err := os.ReadFile(filepath.Join("testdata", "notcontract", "cats.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, text string
		refused    bool
		why        string
	}{
		{"a web page about cats", string(cats), true, `no parties, and in 219 words it names a "note" and uses 0 of the terms agreements use (shall, hereby, whereas, parties …): none`},
		{"a shopping list", "eggs, milk, bread", true, "no parties, and in 3 words it names no kind of document and uses 0 of the terms agreements use (shall, hereby, whereas, parties …): none"},
		{"nothing but numbers", "1 2 3", true, "no words"},
		{"a preamble with parties", `This Services Agreement is made between Acme Corp. ("Acme") and Beta LLC ("Beta").`, false, ""},
		{"terms of service without parties", "TERMS OF SERVICE\n\nBy using the site you agree to these Terms. You shall not copy the site. These Terms are governed by the laws of Ohio.", false, ""},
		{"a signature block", "JOINT FILING AGREEMENT\n\nDated: January 7, 2019\n\nARES TRADING SA\n\nBy: /s/ A. Hyde\n\nName: A. Hyde\n\nTitle: CFO", false, ""},
		{"an undertaking by the undersigned", "The undersigned hereby undertakes to keep the information confidential, and shall return it on request.", false, ""},
	} {
		err := CheckAgreement(Parse(tc.text, contract.Meta{}))
		switch {
		case !tc.refused && err != nil:
			t.Errorf("%s: refused: %v", tc.name, err)
		case tc.refused && !errors.Is(err, ErrNotAgreement):
			t.Errorf("%s: not refused (%v)", tc.name, err)
		case tc.refused && !strings.Contains(err.Error(), tc.why):
			t.Errorf("%s: %v\nwant the reason %q", tc.name, err, tc.why)
		}
	}
}

// No demo contract, in any of its formats, reads as no agreement, and
// each names its counsel's firm as the generator wrote it.
func TestCheckAgreementDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode: parsing the whole demo corpus takes seconds; make test runs it")
	}
	dc, err := democorpus.Generate(democorpus.Options{N: democorpus.DefaultN, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	type key struct {
		file string
		seq  int
	}
	firm := make(map[key]string)
	for _, k := range dc.Contracts {
		firm[key{k.File, k.Sequence}] = k.Lawfirm
	}
	n, firms := 0, 0
	for _, f := range dc.Files {
		docs, err := source.Read(f.Path, f.Data, source.Options{})
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		for _, d := range docs {
			n++
			c := Parse(d.Text, d.Meta)
			if err := CheckAgreement(c); err != nil {
				t.Errorf("%s#%d: %v", f.Path, d.Meta.DocIndex, err)
			}
			want, ok := firm[key{f.Path, d.Sequence}]
			if !ok {
				t.Errorf("%s#%d (sequence %d): not in the corpus's list", f.Path, d.Meta.DocIndex, d.Sequence)
				continue
			}
			if c.LawFirm == nil || c.LawFirm.Name != want || c.LawFirm.Value != LawFirmValue(want) {
				t.Errorf("%s#%d: law firm %+v, want %q", f.Path, d.Meta.DocIndex, c.LawFirm, want)
				continue
			}
			firms++
		}
	}
	if n < democorpus.DefaultN || firms != n {
		t.Errorf("%d demo contracts, %d with their firm; want %d and all", n, firms, democorpus.DefaultN)
	}
}

func FuzzCheckAgreement(f *testing.F) {
	for _, s := range []string{"eggs, milk, bread", "This Agreement is made between A Corp. and B LLC.", "By: Name: Title:", "", "shall hereby whereas"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if err := CheckAgreement(Parse(s, contract.Meta{})); err != nil && !errors.Is(err, ErrNotAgreement) {
			t.Fatalf("CheckAgreement(%q) = %v, not an ErrNotAgreement", s, err)
		}
	})
}
