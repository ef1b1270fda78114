package analysis

import (
	"strings"
	"testing"
)

// contractText is about 10 KB of contract-like text written for this
// benchmark: headings, numbering, money, dates, defined terms, curly quotes.
var contractText = func() string {
	para := []string{
		"MASTER SERVICES AGREEMENT",
		"This Master Services Agreement (the \u201cAgreement\u201d) is entered into as of March 1, 2021 (the \u201cEffective Date\u201d) by and between Acme Widgets, Inc., a Delaware corporation (\u201cCustomer\u201d), and Globex Services LLC, a New York limited liability company (\u201cProvider\u201d).",
		"1. DEFINITIONS. 1.1 \u201cAffiliate\u201d means any entity that directly or indirectly controls, is controlled by, or is under common control with a party, where \u201ccontrol\u201d means ownership of more than 50% of the voting securities.",
		"2. SERVICES. Provider shall perform the services described in each Statement of Work (each, an \u201cSOW\u201d) in a professional and workmanlike manner, consistent with generally accepted industry standards, and in accordance with Section 4.2(b)(iii).",
		"3. FEES AND PAYMENT. Customer shall pay Provider the fees set forth in the applicable SOW, not to exceed $1,250,000.00 in any Contract Year. Invoices are due within thirty (30) days of receipt; late payments accrue interest at 1.5% per month or the maximum rate permitted by law, whichever is less.",
		"4. TERM AND TERMINATION. The Term commences on the Effective Date and continues until 12/31/2025 unless terminated earlier under this Section 4. Either party may terminate for material breach upon sixty (60) days\u2019 prior written notice if the breach remains uncured.",
		"5. CONFIDENTIALITY. Each party shall hold the other party\u2019s Confidential Information in confidence and shall not disclose it to any third party except to its employees, contractors and advisors who have a need to know and are bound by obligations no less protective than those herein.",
		"6. INDEMNIFICATION. Provider shall indemnify, defend and hold harmless Customer and its Affiliates from and against any and all losses, damages, liabilities, costs and expenses (including reasonable attorneys\u2019 fees) arising out of any third-party claim that the Services infringe any U.S. patent, copyright or trademark.",
		"7. LIMITATION OF LIABILITY. IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL OR CONSEQUENTIAL DAMAGES, INCLUDING LOST PROFITS, EVEN IF ADVISED OF THE POSSIBILITY THEREOF.",
		"8. GOVERNING LAW. This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict-of-laws principles. Notices: legal@example.com; see also https://www.example.com/terms.",
	}
	var b strings.Builder
	for b.Len() < 10<<10 {
		for _, p := range para {
			b.WriteString(p)
			b.WriteString("\n\n")
		}
	}
	return b.String()[:10<<10]
}()

// BenchmarkAnalyze reports analysis throughput (MB/s) and allocations per
// Analyze call over about 10 KB of contract text.
func BenchmarkAnalyze(b *testing.B) {
	a := NewStandard(255)
	n := 0
	fn := func(t Token) { n += len(t.Term) }
	b.SetBytes(int64(len(contractText)))
	b.ReportAllocs()
	for b.Loop() {
		a.Analyze(contractText, fn)
	}
	if n == 0 {
		b.Fatal("no tokens")
	}
}

// BenchmarkAnalyzeParallel is BenchmarkAnalyze on all CPUs at once.
func BenchmarkAnalyzeParallel(b *testing.B) {
	a := NewStandard(255)
	b.SetBytes(int64(len(contractText)))
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		n := 0
		fn := func(t Token) { n += len(t.Term) }
		for pb.Next() {
			a.Analyze(contractText, fn)
		}
	})
}
