package dedup

import (
	"os"
	"path/filepath"
	"testing"
)

// cuadDir finds the CUAD contracts: $CUAD_CONTRACTS, or
// shared/corpora/cuad/contracts next to the repository root.
func cuadDir(t *testing.T) string {
	if d := os.Getenv("CUAD_CONTRACTS"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(dir), "shared", "corpora", "cuad", "contracts")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// TestCUAD is the evidence for the threshold on real filings. Among the
// 129,795 pairs of the 510 CUAD contracts exactly three reach 0.8, and each
// is one agreement filed twice; the next pairs down are a form and its
// executed version with longer schedules (0.77) and one company's form
// signed with two different counterparties (0.68), which must stay apart.
func TestCUAD(t *testing.T) {
	dir := cuadDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		t.Skipf("CUAD contracts not found in %s (set CUAD_CONTRACTS to override)", dir)
	}
	b := mustBuilder(t)
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Add(filepath.Base(f), string(text)); err != nil {
			t.Fatal(err)
		}
	}
	g := b.Groups()
	same := [][2]string{
		{"ADUROBIOTECH,INC_06_02_2020-EX-10.7-CONSULTING AGREEMENT(1).txt", "ADUROBIOTECH,INC_06_02_2020-EX-10.7-CONSULTING AGREEMENT.txt"},
		{"ChinaRealEstateInformationCorp_20090929_F-1_EX-10.32_4771615_EX-10.32_Content License Agreement.txt", "LejuHoldingsLtd_20140121_DRS (on F-1)_EX-10.26_8473102_EX-10.26_Content License Agreement1.txt"},
		{"ARMSTRONGFLOORING,INC_01_07_2019-EX-10.2-INTELLECTUAL PROPERTY AGREEMENT.txt", "ArmstrongFlooringInc_20190107_8-K_EX-10.2_11471795_EX-10.2_Intellectual Property Agreement.txt"},
	}
	apart := [][2]string{
		{"IdeanomicsInc_20151124_8-K_EX-10.2_9354744_EX-10.2_Content License Agreement.txt", "IdeanomicsInc_20160330_10-K_EX-10.26_9512211_EX-10.26_Content License Agreement.txt"},
		{"INTELLIGENTHIGHWAYSOLUTIONS,INC_01_18_2018-EX-10.1-Strategic Alliance Agreement.txt", "SIBANNAC,INC_12_04_2017-EX-2.1-Strategic Alliance Agreement.txt"},
	}
	for _, p := range same {
		if g[p[0]].ID != g[p[1]].ID || g[p[0]].Size != 2 {
			t.Errorf("%s and %s: %+v and %+v, want one group of two", p[0], p[1], g[p[0]], g[p[1]])
		}
	}
	for _, p := range apart {
		if g[p[0]].ID == g[p[1]].ID {
			t.Errorf("%s and %s grouped", p[0], p[1])
		}
	}
	grouped := 0
	for _, x := range g {
		if x.Size > 1 {
			grouped++
		}
	}
	if grouped != 6 {
		t.Errorf("%d contracts in groups of two or more, want 6", grouped)
	}
}
