package edgar

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// formatIndex prints what ParseFullIndex gives, for golden files.
func formatIndex(filings []Filing, bad []LineError, err error) string {
	var b strings.Builder
	for _, f := range filings {
		fmt.Fprintf(&b, "%s | %s | %s | %s | %s | %s\n", f.FormType, f.Company, f.CIK, f.DateFiled, f.Accession, f.folder())
	}
	for _, l := range bad {
		fmt.Fprintf(&b, "bad %s\n", l)
	}
	if err != nil {
		fmt.Fprintf(&b, "error: %v\n", err)
	}
	return b.String()
}

// kindOf is the index kind a testdata file is written in.
func kindOf(name string) IndexKind {
	switch {
	case strings.HasPrefix(name, "company"):
		return CompanyIndex
	case strings.HasPrefix(name, "master"):
		return MasterIndex
	}
	return FormIndex
}

// TestParseFullIndex reads the three kinds of full index — form types
// and company names with spaces, a name filling its column, an old
// YYYYMMDD date, CIKs with leading zeros — and the lines each kind must
// refuse, against golden files.
func TestParseFullIndex(t *testing.T) {
	names, _ := filepath.Glob("testdata/*.idx")
	if len(names) < 4 {
		t.Fatalf("testdata holds %d .idx files", len(names))
	}
	for _, p := range names {
		name := filepath.Base(p)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			filings, bad, err := ParseFullIndex(kindOf(name), data)
			checkGolden(t, name+".golden", formatIndex(filings, bad, err))
		})
	}
}

// TestFullIndexKindsAgree: form.idx, company.idx and master.idx of the
// same quarter give the same filings.
func TestFullIndexKindsAgree(t *testing.T) {
	var sets [][]string
	for _, name := range []string{"form.idx", "company.idx", "master.idx"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		filings, _, err := ParseFullIndex(kindOf(name), data)
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, f := range filings {
			if f.Accession < "0001000014" || f.Accession >= "0001000018" { // the lines only one kind has
				keys = append(keys, fmt.Sprint(f))
			}
		}
		slices.Sort(keys)
		sets = append(sets, keys)
	}
	if len(sets[0]) != 5 || !slices.Equal(sets[0], sets[1]) || !slices.Equal(sets[0], sets[2]) {
		t.Errorf("the kinds disagree:\n%q\n%q\n%q", sets[0], sets[1], sets[2])
	}
}

// FuzzParseFullIndex: any input gives filings whose every field is
// valid, never a panic; each line is a filing, a bad line or preamble.
func FuzzParseFullIndex(f *testing.F) {
	names, _ := filepath.Glob("testdata/*.idx")
	for _, p := range names {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, k := range []IndexKind{FormIndex, CompanyIndex, MasterIndex} {
			f.Add(string(k), data)
		}
	}
	dateRE := regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	f.Fuzz(func(t *testing.T, kind string, data []byte) {
		filings, bad, err := ParseFullIndex(IndexKind(kind), data)
		if err != nil && len(filings) > 0 {
			t.Fatalf("error %v with %d filings", err, len(filings))
		}
		lines := strings.Count(string(data), "\n") + 1
		if len(filings)+len(bad) > lines {
			t.Fatalf("%d filings and %d bad lines from %d lines", len(filings), len(bad), lines)
		}
		for _, fl := range filings {
			if fl.FormType == "" || fl.Company == "" || strings.TrimSpace(fl.FormType) != fl.FormType {
				t.Fatalf("form %q company %q", fl.FormType, fl.Company)
			}
			if fl.CIK == "" || fl.CIK[0] == '0' || strings.Trim(fl.CIK, "0123456789") != "" {
				t.Fatalf("CIK %q", fl.CIK)
			}
			if !dateRE.MatchString(fl.DateFiled) || !accessionRE.MatchString(fl.Accession) {
				t.Fatalf("date %q accession %q", fl.DateFiled, fl.Accession)
			}
			if dir := fl.folder(); !strings.HasPrefix(dir, "edgar/data/") || strings.Contains(dir, "..") {
				t.Fatalf("folder %q", dir)
			}
		}
	})
}

func TestParseQuarters(t *testing.T) {
	for _, tc := range []struct {
		in, want, err string
	}{
		{in: "2023", want: "2023Q1 2023Q2 2023Q3 2023Q4"},
		{in: "2023Q2", want: "2023Q2"},
		{in: "2023-q3", want: "2023Q3"},
		{in: "2022Q3..2023Q2", want: "2022Q3 2022Q4 2023Q1 2023Q2"},
		{in: "2021..2022Q1", want: "2021Q1 2021Q2 2021Q3 2021Q4 2022Q1"},
		{in: "2023Q4, 2023Q1,2023Q4", want: "2023Q1 2023Q4"},
		{in: "2023Q5", err: `quarter "2023Q5": write a year`},
		{in: "1990", err: "covers 1993 onwards"},
		{in: "2023Q3..2023Q1", err: "2023Q3 comes after 2023Q1"},
		{in: "", err: "no quarter"},
		{in: " , ", err: "no quarter"},
		{in: "23", err: "write a year"},
	} {
		qs, err := ParseQuarters(tc.in)
		var got []string
		for _, q := range qs {
			got = append(got, q.String())
		}
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || strings.Join(got, " ") != tc.want {
			t.Errorf("%q: %v %v, want %s", tc.in, got, err, tc.want)
		}
	}
}

// FuzzParseQuarters: quarters come back sorted, each once, within the
// years EDGAR covers.
func FuzzParseQuarters(f *testing.F) {
	for _, s := range []string{"2023", "2023Q2", "2022Q3..2023Q2", "1993..2200", "2023q1,2021", "2023-Q4..2024"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		qs, err := ParseQuarters(s)
		if err != nil {
			return
		}
		if len(qs) == 0 || len(qs) > maxQuarters {
			t.Fatalf("%d quarters", len(qs))
		}
		for i, q := range qs {
			if q.Year < minYear || q.Year > maxYear || q.Q < 1 || q.Q > 4 || i > 0 && !qs[i-1].before(q) {
				t.Fatalf("quarters %v", qs)
			}
		}
	})
}
