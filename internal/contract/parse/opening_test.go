package parse

import (
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/clean"
)

// TestTermsInOpening: the terms that run on in the opening's paragraph
// after "agree as follows" become a clause, up to a signature block in
// the paragraph, named by the number they open with; an opening without
// them gives none.
func TestTermsInOpening(t *testing.T) {
	const opening = `THIS DISTRIBUTION AGREEMENT (the "Agreement") is made as of May 1, 2019 by and between Acme Corp. ("Acme") and Beta LLC ("Distributor"). `
	tests := []struct {
		name, raw       string
		ok              bool
		wantName, holds string
		notHolds        string
	}{
		{"numbered heading after as follows",
			opening + "NOW, THEREFORE, the parties agree as follows: 1. Appointment 1.1 Acme appoints Distributor as its distributor in the Territory, and Distributor shall not sell any products that compete with the Products during the Term.",
			true, "Section 1", "shall not sell any products that compete", ""},
		{"unheaded terms",
			opening + "The parties hereby agree as follows: Distributor shall purchase the Products from Acme at the prices in Exhibit A and shall pay each invoice within thirty days of its date.",
			true, untitled, "pay each invoice within thirty days", ""},
		{"signature block in the paragraph",
			opening + "The parties agree as follows: 1. Term 1.1 This Agreement runs for two years from the Effective Date and renews for one year unless either party gives notice. IN WITNESS WHEREOF the parties have signed this Agreement. ACME CORP. By: Jane Doe",
			true, "Section 1", "renews for one year", "IN WITNESS"},
		{"opening only", opening + "The parties agree as follows:", false, "", "", ""},
		{"too little after as follows", opening + "The parties agree as follows: see Exhibit A.", false, "", "", ""},
		{"no as follows", opening + "Distributor shall purchase the Products from Acme at the prices in Exhibit A and shall pay each invoice within thirty days.", false, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, spans := buildBody(clean.Text(tt.raw))
			s, ok := termsInOpening(body, spans, preamble{para: 0, at: 0})
			if ok != tt.ok {
				t.Fatalf("termsInOpening ok = %v, want %v (%+v)", ok, tt.ok, s)
			}
			if !ok {
				return
			}
			text := body[s.Start:s.End]
			if s.Name != tt.wantName || !strings.Contains(text, tt.holds) || tt.notHolds != "" && strings.Contains(text, tt.notHolds) {
				t.Errorf("clause %q over %q; want %q holding %q without %q", s.Name, text, tt.wantName, tt.holds, tt.notHolds)
			}
		})
	}
}

// TestTermsBeforeOpening: three headings with a clause's text before the
// sentence taken for the opening make the terms start at the first of
// them; a cover page, two clauses or a table of contents do not.
func TestTermsBeforeOpening(t *testing.T) {
	clause := "The Agent may solicit proposals for liability insurance within the State, deliver certificates of insurance and binders, and provide the usual services of an agency on every policy placed with the Company under this agreement."
	late := "3. Entire Agreement. This Agreement and its exhibits are the entire agreement between the Company and the Agent."
	tests := []struct {
		name  string
		paras []string
		want  int
		ok    bool
	}{
		{"three headed clauses", []string{"AGENCY AGREEMENT", "The Company and the Agent agree:", "A. AUTHORITY OF AGENT", clause, "B. BILLED POLICIES", clause, "C. CANCELLATION", clause, late, "after"}, 2, true},
		{"two headed clauses", []string{"AGENCY AGREEMENT", "A. AUTHORITY OF AGENT", clause, "B. BILLED POLICIES", clause, late, "after"}, 0, false},
		{"cover page headings", []string{"AGENCY AGREEMENT", "BETWEEN", "ACME CORP.", "AND", "BETA LLC", "DATED MAY 1, 2019", late, "after"}, 0, false},
		{"table of contents first", []string{"TABLE OF CONTENTS", "A. AUTHORITY OF AGENT", clause, "B. BILLED POLICIES", clause, "C. CANCELLATION", clause, late, "after"}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, spans := buildBody(clean.Text(strings.Join(tt.paras, "\n\n")))
			opening := len(spans) - 1 // the paragraph after the late opening
			got, ok := termsBeforeOpening(body, spans, opening, contract.SectionValue("Agency Agreement"))
			if ok != tt.ok || ok && got != tt.want {
				t.Errorf("termsBeforeOpening = %d, %v; want %d, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}
