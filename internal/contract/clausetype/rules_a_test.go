package clausetype

import (
	"slices"
	"testing"
)

// aRuleTests are wording each rule of aRules must find, and near misses
// it must not: the same words in a sentence that does not state the
// clause.
var aRuleTests = []ruleTest{
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

	// post-termination-services
	{"sell-off period", "post-termination-services", "After termination of this contract, there shall be a sell-off period of three months.", true},
	{"termination assistance", "post-termination-services", "Developer will provide Client Termination Assistance Services at an hourly rate.", true},
	{"orderly transition", "post-termination-services", "Upon the termination of this Agreement, the Sub-Advisor shall take all reasonable steps in making an orderly transition.", true},
	{"sell inventory after termination", "post-termination-services", "Upon termination, Schoolpop may continue to sell any Cards in its inventory for a period of three (3) months.", true},
	{"records kept after termination", "post-termination-services", "Such books, records and accounts will be maintained for a period of at least three (3) years following the termination or expiration of this Agreement.", true},
	{"repurchase inventory", "post-termination-services", "Upon expiration or termination, Cisco agrees to repurchase all Product in Distributor's inventory.", true},
	{"transition services of a separation", "post-termination-services", "Company shall provide the services described on Exhibit A (the \"Transition Services\").", false},
	{"confidentiality after termination", "post-termination-services", "Recipient shall keep the Confidential Information secret for a period of five (5) years after the termination of this Agreement.", false},
	{"non-solicitation after termination", "post-termination-services", "Neither party shall solicit the other's employees for a period of six (6) months following expiration of this Agreement.", false},

	// exclusivity
	{"exclusive license", "exclusivity", "Licensor hereby grants to Licensee an exclusive, worldwide license to use the Marks.", true},
	{"exclusive distributor", "exclusivity", "Hydraspin hereby appoints Distributor as Hydraspin's exclusive distributor of the Products in the Territory.", true},
	{"sole and exclusive provider", "exclusivity", "Metavante shall be Customer's sole and exclusive provider of all Services.", true},
	{"purchase exclusively from", "exclusivity", "Sekisui shall purchase the Products exclusively from Qualigen.", true},
	{"right shall be exclusive", "exclusivity", "Distributor's right to market and sell the Products in the Territory shall be exclusive.", true},
	{"no other distributors", "exclusivity", "NETGEAR agrees not to appoint additional distributors in the Territory.", true},
	{"exclusive license beside a non-exclusive one", "exclusivity", "Aimmune hereby grants to Xencor an exclusive license under the Patents, and a non-exclusive license under the Know-How.", true},
	{"non-exclusive", "exclusivity", "Licensor grants to Licensee a non-exclusive, non-transferable license.", false},
	{"exclusive jurisdiction", "exclusivity", "The parties submit to the exclusive jurisdiction of the courts of New York.", false},
	{"exclusive remedy", "exclusivity", "Replacement shall be the sole and exclusive remedy of the Customer.", false},
	{"exclusive right to prosecute", "exclusivity", "Licensor shall have the exclusive right, but not the obligation, to prosecute infringement actions.", false},
	{"goodwill inures exclusively", "exclusivity", "All use of the marks shall inure solely and exclusively to the benefit of Licensor.", false},
	{"no exclusive right granted", "exclusivity", "This agreement does not grant IAC an exclusive privilege or right to repair the product.", false},

	// revenue-profit-sharing
	{"revenue share", "revenue-profit-sharing", "plan_b shall pay Licensor a revenue share as set forth in Appendix 2.", true},
	{"revenues shared", "revenue-profit-sharing", "Thereafter, any net revenues exceeding [*] shall be shared fifty-fifty between the parties.", true},
	{"percent of net sales", "revenue-profit-sharing", "MusclePharm shall pay Lender a royalty of 10% of Net Sales of Licensed Products.", true},
	{"redacted percent of revenue", "revenue-profit-sharing", "VerticalNet shall pay to Neoforma a commission of [*] of the Net Advertising Revenue.", true},
	{"royalty on net sales", "revenue-profit-sharing", "Company shall pay a running royalty based upon NET SALES.", true},
	{"commission rate", "revenue-profit-sharing", "A commission rate of 12% will be paid for new business.", true},
	{"employee profit sharing", "revenue-profit-sharing", "Consultant shall not participate in any bonus, profit sharing, insurance or similar benefits.", false},
	{"internal revenue code", "revenue-profit-sharing", "Payments shall qualify as royalties under section 512 of the Internal Revenue Code.", false},
	{"a cap in percent of sales", "revenue-profit-sharing", "Returns shall not exceed 5% of net sales in any year.", false},

	// minimum-commitment
	{"minimum purchase", "minimum-commitment", "Failure of Distributor to purchase the Minimum Purchase Quantities shall be a material breach.", true},
	{"guaranteed minimum royalty", "minimum-commitment", "Lender shall receive a guaranteed minimum royalty for each Contract Year.", true},
	{"commits to a minimum", "minimum-commitment", "MA commits to purchase a minimum of 100 Units within the first six months.", true},
	{"minimum times per year", "minimum-commitment", "NFLA to send a minimum of two (2) dedicated e-blasts per year.", true},
	{"guaranteed impressions", "minimum-commitment", "Women.com guarantees a minimum of 13,000,000 impressions per year.", true},
	{"shortfall", "minimum-commitment", "If Excite does not deliver the Impressions, it will make good the shortfall.", true},
	{"no minimum", "minimum-commitment", "Distributor shall not be subject to any minimum purchase requirements.", false},
	{"minimum notice", "minimum-commitment", "Supplier shall give a minimum of thirty (30) days' notice of any price change.", false},
	{"audit shortfall", "minimum-commitment", "If any such inspection discloses a shortfall, the party shall promptly pay it.", false},

	// most-favored-nation
	{"most favoured", "most-favored-nation", "Licensee shall be entitled to most favoured customer pricing.", true},
	{"no less favourable than resellers", "most-favored-nation", "The terms shall be no less favourable to Nortel than the terms in effect with any of Entrust's resellers.", true},
	{"lowest price", "most-favored-nation", "The per unit pricing shall be no greater than the lowest price charged by BLI to any similarly situated customer.", true},
	{"higher fee", "most-favored-nation", "Client will not be charged a higher fee than what is made available to its other Clients.", true},
	{"favourable without a comparison", "most-favored-nation", "The parties shall negotiate on terms favourable to both.", false},

	// rofr-rofo-rofn
	{"right of first refusal", "rofr-rofo-rofn", "Sekisui shall have a right of first refusal to match the terms of any proposed Sale Transaction.", true},
	{"first right of negotiation", "rofr-rofo-rofn", "Licensor shall give Licensee the first right of negotiation for each Additional Title.", true},
	{"first opportunity", "rofr-rofo-rofn", "Hydraspin will offer Distributor the first opportunity to become the exclusive distributor for the new territory.", true},
	{"first offer to", "rofr-rofo-rofn", "DCL shall first offer all Surplus Vehicles that DCL wishes to sell for sale to SEV.", true},
	{"no third party has one", "rofr-rofo-rofn", "No third party has an option or a right of first refusal to purchase any property.", false},
	{"refusal of delivery", "rofr-rofo-rofn", "Notice is effective on the earlier of receipt or first refusal of delivery.", false},
}

// ruleTest is one wording a rule must find (fires) or must not.
type ruleTest struct {
	name, slug, text string
	fires            bool
}

func TestARules(t *testing.T) { checkRuleTests(t, aRuleTests) }

// checkRuleTests checks each wording against textTypes, the reference
// matcher and the literals its patterns need.
func checkRuleTests(t *testing.T, tests []ruleTest) {
	for _, tt := range tests {
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
