package clausetype

import "testing"

// dRuleTests are wording each rule of dRules must find, and near misses
// it must not: the same words in a sentence that does not state the
// clause.
var dRuleTests = []ruleTest{
	// irrevocable-or-perpetual-license
	{"grant with the licence past a section number", "irrevocable-or-perpetual-license", "The Licensor grants the Licensee a worldwide, non-exclusive, royalty-free, perpetual, irrevocable (except as stated in Paragraphs 12", true},
	{"licence becomes perpetual", "irrevocable-or-perpetual-license", "Upon expiration, the licenses granted to the Distributor shall survive and become perpetual, irrevocable, and royalty-free.", true},
	{"irrevocable basis", "irrevocable-or-perpetual-license", "Such Improvements shall be licensed to the Supplier on a worldwide, non-exclusive, irrevocable basis.", true},
	{"licence in perpetuity", "irrevocable-or-perpetual-license", "Enduring in perpetuity unless terminated, the Vendor grants the Customer a non-exclusive licence to use the Software.", true},
	{"irrevocable proxy", "irrevocable-or-perpetual-license", "The Shareholder hereby grants to the Company an irrevocable proxy to vote the Shares.", false},
	{"licence ends", "irrevocable-or-perpetual-license", "The license granted hereunder shall become void upon termination.", false},

	// covenant-not-to-sue
	{"long list before the object", "covenant-not-to-sue", "Licensee agrees that it will not (i) oppose, challenge, petition to cancel, contest or threaten in any way, or assist another party in opposing, challenging, petitioning to cancel, contesting or threatening in any way, any application or registration by Licensor.", true},
	{"no claim to ownership", "covenant-not-to-sue", "The Distributor shall not make any claim to ownership rights in the Marks.", true},
	{"non-petition", "covenant-not-to-sue", "The Servicer covenants that it shall not, prior to the date which is one year after payment in full, petition or otherwise invoke any bankruptcy, insolvency or similar proceeding against the Owner.", true},
	{"undertakes not to assert", "covenant-not-to-sue", "Each Grantor undertakes not to assert any claim for patent infringement against any customer of Grantee.", true},
	{"approval not withheld", "covenant-not-to-sue", "Licensee shall obtain prior written approval, not to be unreasonably withheld, before defending against any opposition to the patents.", false},
	{"claims in one court", "covenant-not-to-sue", "Each party agrees not to bring any action arising out of this Agreement in any court other than the courts of Delaware.", false},
	{"decision not to sue", "covenant-not-to-sue", "If a Party decides not to bring infringement proceedings, it shall notify the other Party.", false},
	{"no rights claimed beyond the grant", "covenant-not-to-sue", "The Bank does not claim any right not expressly granted by this Agreement in such materials.", false},
	{"voluntary petition", "covenant-not-to-sue", "Either party may terminate if the other party files a voluntary petition in bankruptcy that is not dismissed.", false},

	// uncapped-liability
	{"except, then a cap", "uncapped-liability", "Except with respect to the Contractor's obligations under Paragraph 9, the Contractor's maximum liability to the Company shall be limited to the fees paid.", true},
	{"cap does not apply", "uncapped-liability", "The Liability Cap will not apply to any breach of confidentiality.", true},
	{"nothing operates to limit", "uncapped-liability", "7 shall operate to limit or exclude any liability for fraud.", true},
	{"except a force majeure delay", "uncapped-liability", "Except for any delay caused by force majeure, the liability of the Supplier shall not exceed the price paid.", false},
	{"a plain cap", "uncapped-liability", "The total liability of either party shall not exceed the fees paid in the prior year.", false},

	// warranty-duration
	{"warranty claim period", "warranty-duration", "Any claim for breach of warranty must be made in writing within ninety (90) days from the date of shipment.", true},
	{"defect reported within days of receipt", "warranty-duration", "Distributor shall deliver a written explanation of the alleged defect within thirty (30) days from Distributor's receipt of such Product.", true},
	{"free from defects for a period", "warranty-duration", "Supplier warrants that the Product will be free from defects in material and workmanship for the period from the date of manufacture to the expiry date.", true},
	{"remaining shelf life", "warranty-duration", "The Products shall have a remaining shelf life of at least twelve (12) months on delivery.", true},
	{"payment within days of receipt", "warranty-duration", "Buyer shall pay each invoice within thirty (30) days of receipt.", false},
	{"waiver of a breach of warranty", "warranty-duration", "No waiver of any breach of warranty shall be valid unless it is in writing.", false},
	{"insurance after termination", "warranty-duration", "The Vendor represents and warrants that it will maintain insurance for a period of two (2) years following termination.", false},

	// post-termination-services
	{"stock bought back on termination", "post-termination-services", "On termination of this agreement, the Supplier may buy from the Distributor all or any stocks of Products.", true},
	{"orders accepted before termination", "post-termination-services", "The Distributor shall be entitled to receive all orders accepted by the Principal prior to the date of termination.", true},
	{"use for a limited period after termination", "post-termination-services", "Upon termination of this Agreement, Licensee shall be entitled to use the Licensed Content for a limited period not to exceed ninety (90) days.", true},
	{"obligation for months after termination", "post-termination-services", "For twenty-four (24) months following termination of this Agreement, Licensee shall state on its materials that it no longer operates under the Mark.", true},
	{"rights end on termination", "post-termination-services", "Upon termination, the right to use the Marks shall immediately terminate.", false},
	{"non-compete after expiration", "post-termination-services", "For a period of two years after the expiration of this Agreement, the Developer shall not participate in any similar project.", false},
	{"confidentiality after termination", "post-termination-services", "For five years after termination, each party shall keep the other's Confidential Information secret.", false},

	// affiliate-license-licensee
	{"rights exercised through affiliates", "affiliate-license-licensee", "All rights granted to the Publisher under this Agreement may be exercised by or through the Publisher and/or its Affiliates.", true},
	{"licence to operating subsidiaries", "affiliate-license-licensee", "The Owner hereby grants a non-exclusive license to the Company and its operating subsidiaries to use the name.", true},
	{"affiliates bound, not licensed", "affiliate-license-licensee", "The rights granted hereunder shall not be exercised by any third party.", false},

	// non-transferable-license
	{"no rights to sublicense", "non-transferable-license", "The Research License shall be provided to the Developer only, with no rights to sublicense.", true},
	{"licence without sublicences", "non-transferable-license", "No license granted by either party under this Agreement includes the right to grant sublicenses.", true},
	{"right to sublicense", "non-transferable-license", "The license granted hereunder includes the right to grant sublicenses to Affiliates.", false},
}

func TestDRules(t *testing.T) { checkRuleTests(t, dRuleTests) }
