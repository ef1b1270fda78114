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
	{"a covenant not to sue granted", "covenant-not-to-sue", "The foregoing does not prevent the Licensor from granting any license, release, covenant not to sue or other immunity to any third party.", false},
	{"party to covenants not to sue", "covenant-not-to-sue", "Neither Seller nor its Affiliates is a party to any settlement, covenant not to sue or consent concerning the Patents.", false},
	{"voluntary petition", "covenant-not-to-sue", "Either party may terminate if the other party files a voluntary petition in bankruptcy that is not dismissed.", false},

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
	{"sale during the period after termination", "post-termination-services", "Products made before termination may be sold by the Licensee during the ninety (90) day period following the date of termination.", true},
	{"supply for months after the termination date", "post-termination-services", "The Supplier agrees to make Product available to the Distributor for a period of three (3) months after the termination date.", true},
	{"a clause that survives", "post-termination-services", "The terms of this Section shall survive for a period of three (3) years after such termination.", false},
	{"bound for years after termination", "post-termination-services", "Each Party shall remain bound by this Section for the period of five years following termination.", false},
	{"rights end on termination", "post-termination-services", "Upon termination, the right to use the Marks shall immediately terminate.", false},
	{"non-compete after expiration", "post-termination-services", "For a period of two years after the expiration of this Agreement, the Developer shall not participate in any similar project.", false},
	{"confidentiality after termination", "post-termination-services", "For five years after termination, each party shall keep the other's Confidential Information secret.", false},
}

func TestDRules(t *testing.T) { checkRuleTests(t, dRuleTests) }
