package clean

import "testing"

// Lines OCR read letter-spaced, written for the rule, and lines with lone
// letters that are no such thing: each line → what letterSpaced makes of it.
func TestLetterSpaced(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"a spaced sentence with a company",
			`As  an  i nducemen t  t o  Wh i t lock  Tex t i le s ,  I nc .  ( "Company" )  t o  d isc lose`,
			`As an inducement to Whitlock Textiles, Inc. ("Company") to disclose`},
		{"a heading before the spaced text keeps its gap",
			"EXHIBIT B   CONSENT OF GUARANTOR   As   an   i nducemen t   t o   L e nder",
			"EXHIBIT B   CONSENT OF GUARANTOR   As an inducement to Lender"},
		{"a spaced word run into a whole one stays",
			"Notw i ths tand ing  the  ob l iga t ions  o f confidentiality",
			"Notwithstanding the obligations  o f confidentiality"},
		{"one spaced word alone is not enough",
			"N u m b e r  o f FTEs",
			"N u m b e r  o f FTEs"},
		{"a table row of series",
			"Series B  Series C  Series D",
			"Series B  Series C  Series D"},
		{"bullets written as o",
			"o        Any new design work  o        Use of standard logos",
			"o        Any new design work  o        Use of standard logos"},
		{"sizes with x",
			"Two Floor Cards (12in x 66in)  *  Two Drapes (5in x 60in)",
			"Two Floor Cards (12in x 66in)  *  Two Drapes (5in x 60in)"},
		{"numbering before a spaced word",
			"10. WARRANTY. 10.1 P r o d u c t s  a r e  w a r r a n t e d",
			"10. WARRANTY. 10.1 P r o d u c t s  are warranted"},
		{"a table header on a spaced line keeps its gaps",
			"VALUE   TEST   STANDARD  Water content below limit  V i s c o s i t y  @  t e m p e r a t u r e",
			"VALUE   TEST   STANDARD  Water content below limit  Viscosity @ temperature"},
		{"justified prose",
			"The  Company  shall  pay  the  fee  within  thirty  days  of  invoice.",
			"The  Company  shall  pay  the  fee  within  thirty  days  of  invoice."},
	} {
		if got := letterSpaced(tc.in); got != tc.want {
			t.Errorf("%s: letterSpaced(%q)\n got %q\nwant %q", tc.name, tc.in, got, tc.want)
		}
	}
}
