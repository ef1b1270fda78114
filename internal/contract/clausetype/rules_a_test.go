package clausetype

import (
	"slices"
	"testing"
)

// aRuleTests are wording each rule of aRules must find, and near misses
// it must not: the same words in a sentence that does not state the
// clause.
var aRuleTests = []struct {
	name, slug, text string
	fires            bool
}{
	// renewal-term
	{"automatic renewal", "renewal-term", "This Agreement shall automatically renew for successive one (1) year terms unless either party objects.", true},
	{"renewed automatically", "renewal-term", "Thereafter, this Agreement shall be renewed automatically on a five (5) year basis.", true},
	{"automatic annual renewals", "renewal-term", "The term shall be two (2) years with automatic annual renewals thereafter.", true},
	{"renewed for additional periods", "renewal-term", "The Agreement shall be renewed for additional periods of one year each.", true},
	{"term extended automatically", "renewal-term", "The Initial Term shall automatically be extended for an additional period of half a year.", true},
	{"year to year", "renewal-term", "This Agreement shall continue on a year to year basis until terminated.", true},
	{"option to renew", "renewal-term", "Licensee shall have the option to renew this Agreement for a further term of five years.", true},
	{"extended for a period", "renewal-term", "This term shall be extended for a 1 year period provided the targets are met.", true},
	{"indefinitely", "renewal-term", "This agreement shall continue for an initial term of one year and indefinitely after that until terminated.", true},
	{"deadline extended by a delay", "renewal-term", "Such period shall automatically be extended by the number of days of the delay.", false},
	{"force majeure extension", "renewal-term", "The affected obligations shall be automatically extended, without penalty, for a period equal to such suspension caused by force majeure.", false},
	{"renewal by mutual agreement", "renewal-term", "This Agreement may be renewed upon mutual, written agreement of the parties.", false},
	{"prices from year to year", "renewal-term", "The second component increases from year to year.", false},
	{"renewal of a policy", "renewal-term", "Licensee shall provide evidence of the renewal of its insurance policy.", false},

	// notice-period-to-terminate-renewal
	{"notice of non-renewal", "notice-period-to-terminate-renewal", "unless a Party provides written notice of non-renewal to the other Party at least ninety (90) days prior to the end of the Term.", true},
	{"intention not to renew", "notice-period-to-terminate-renewal", "unless either Party notifies the other Party of its intention not to renew in writing before the expiration of the then current Term.", true},
	{"renewal unless notice", "notice-period-to-terminate-renewal", "This Agreement will automatically renew for successive one-year periods unless either party provides 30- days advance notice of termination.", true},
	{"notice before the end of the term", "notice-period-to-terminate-renewal", "Either party may give written notice of termination at least sixty (60) days prior to the expiration of the then-current term.", true},
	{"terminate at the end of the term", "notice-period-to-terminate-renewal", "Licensor may terminate this Agreement at the end of the Initial Term by giving written notice.", true},
	{"insurance non-renewal", "notice-period-to-terminate-renewal", "All such policies shall require at least thirty (30) days' prior notice of cancellation, non-renewal or material change.", false},
	{"non-renewal without a notice", "notice-period-to-terminate-renewal", "The termination, expiration or non-renewal of this Agreement shall not relieve either party of accrued obligations.", false},
	{"not intended to extend", "notice-period-to-terminate-renewal", "This section is not intended to extend to claims arising before the end of the Term.", false},

	// termination-for-convenience
	{"for convenience", "termination-for-convenience", "Bank may terminate this Agreement for its convenience upon forty-five days' notice.", true},
	{"without cause", "termination-for-convenience", "Either party may terminate this Agreement at any time without cause.", true},
	{"for any or no reason", "termination-for-convenience", "AbbVie may terminate this Agreement in its entirety, or on a country-by-country basis, for any or no reason, upon ninety (90) days' prior written notice.", true},
	{"on notice alone", "termination-for-convenience", "Either Party may terminate this Agreement by giving the other Party thirty (30) days' prior written notice.", true},
	{"terminable on notice", "termination-for-convenience", "This Agreement shall be terminable by Licensor or Licensee upon sixty (60) days' written notice.", true},
	{"may be terminated on notice", "termination-for-convenience", "The Maintenance Services may be terminated by Telkom in writing at any time upon 3 (three) months prior written notice.", true},
	{"notice before may terminate", "termination-for-convenience", "After the first year and upon 180 days written notice, Reseller may terminate the AMC.", true},
	{"notice on a breach", "termination-for-convenience", "Either party may terminate this Agreement upon thirty (30) days' written notice if the other party materially breaches it.", false},
	{"notice at the end of the term", "termination-for-convenience", "Either party may terminate this Agreement at the end of the Initial Term upon ninety (90) days' notice.", false},
	{"survival for any reason", "termination-for-convenience", "Upon expiration or termination of this Agreement for any reason: (a) all rights granted herein shall terminate.", false},
	{"licences not terminable", "termination-for-convenience", "The licenses granted hereunder are irrevocable and may not be terminated for any reason.", false},
	{"discretion on a change of control", "termination-for-convenience", "SFJ may, in its sole discretion, terminate this Agreement at any time following a change of control of PB.", false},
}

func TestARules(t *testing.T) {
	for _, tt := range aRuleTests {
		t.Run(tt.name, func(t *testing.T) {
			got := textTypes(tt.text)
			if slices.Contains(got, tt.slug) != tt.fires {
				t.Errorf("textTypes(%q) = %q: %s fires = %v, want %v", tt.text, got, tt.slug, !tt.fires, tt.fires)
			}
			if ref := refTextTypes(tt.text); !slices.Equal(got, ref) {
				t.Errorf("textTypes(%q) = %q, reference %q", tt.text, got, ref)
			}
			for _, s := range sentences(tt.text) {
				checkImplied(t, s)
			}
		})
	}
}
