package clausetype

import (
	"slices"
	"testing"
)

// bRuleTests are wording each rule of bRules (and the audit-rights,
// change-of-control and non-compete rules of coreRules) must find, and
// near misses it must not: the same words in a sentence that does not
// state the clause.
var bRuleTests = []struct {
	slug, text string
	want       bool
}{
	// cap-on-liability
	{"cap-on-liability", "IN NO EVENT SHALL EITHER PARTY BE LIABLE TO THE OTHER FOR ANY INCIDENTAL, CONSEQUENTIAL, SPECIAL OR PUNITIVE DAMAGES ARISING OUT OF THIS AGREEMENT.", true},
	{"cap-on-liability", "Each Party waives any right to recover consequential, incidental, indirect, exemplary or punitive damages from the other Party.", true},
	{"cap-on-liability", "Repair or replacement shall be the sole and exclusive remedy for breach of the warranty.", true},
	{"cap-on-liability", "The liability of Excite for damages hereunder is limited to, and will not exceed, the amounts paid by Sponsor.", true},
	{"cap-on-liability", "No action, regardless of form, arising out of this Agreement may be brought by Distributor more than one (1) year after the cause of action has arisen.", true},
	{"cap-on-liability", "A Party that breaches this Agreement will only be liable to the other Party for direct damages arising from the breach.", true},
	{"cap-on-liability", "Licensee shall indemnify Licensor against all damages arising from its use of the Marks.", false},
	{"cap-on-liability", "Special pricing shall apply to orders placed during the promotion.", false},
	// uncapped-liability
	{"uncapped-liability", "EXCEPT FOR BREACHES OF SECTION 11, IN NO EVENT WILL EITHER PARTY BE LIABLE TO THE OTHER FOR ANY CONSEQUENTIAL DAMAGES.", true},
	{"uncapped-liability", "The limitations on liability set forth in this Section shall not apply to either party's indemnification obligations.", true},
	{"uncapped-liability", "Nothing in this Section shall limit or exclude the liability of a Party for fraud.", true},
	{"uncapped-liability", "Each Party will bear full responsibility, without limit, for its gross negligence.", true},
	{"uncapped-liability", "Except as otherwise set forth herein, neither Party shall be liable for any failure to perform caused by events beyond its control, and no damages shall be due.", false},
	{"uncapped-liability", "The Employee shall assist the Company, without limit in time, to file applications.", false},
	{"uncapped-liability", "\"Person\" means any corporation, limited liability or unlimited liability company.", false},
	// warranty-duration
	{"warranty-duration", "For the purpose of this Agreement, \"Warranty Period\" shall mean twelve (12) months as of the date of delivery.", true},
	{"warranty-duration", "Todos warrants that for a period of one (1) year from the date of delivery each Product shall perform.", true},
	{"warranty-duration", "90 days warranty (bugfixing) support is included.", true},
	{"warranty-duration", "The above warranties are valid for a period of two years from the date of shipment.", true},
	{"warranty-duration", "The Warrants may be exercised by the Consultant for a period of one (1) year from the date of grant.", false},
	{"warranty-duration", "Either party may terminate if a representation or warranty is breached and the breach is not cured within thirty (30) days after notice.", false},
	// covenant-not-to-sue
	{"covenant-not-to-sue", "Licensee shall not challenge the validity of the Licensed Mark or Licensor's ownership thereof.", true},
	{"covenant-not-to-sue", "At no time during the term shall eDiets attack, challenge or file any application with respect to any Licensor Mark.", true},
	{"covenant-not-to-sue", "Each party covenants not to sue the other for infringement of the Licensed Patents.", true},
	{"covenant-not-to-sue", "Individual hereby releases and discharges Lifeway from any and all claims.", true},
	{"covenant-not-to-sue", "The Company may challenge any invoice it believes to be incorrect.", false},
	{"covenant-not-to-sue", "Supplier shall release the Products for shipment upon payment.", false},
	// no-solicit-of-employees
	{"no-solicit-of-employees", "During the Term, neither Party shall, directly or indirectly, solicit for employment any employee of the other Party.", true},
	{"no-solicit-of-employees", "The Reseller shall not induce any person employed by Diversinet to leave Diversinet's employ.", true},
	{"no-solicit-of-employees", "Neither party will hire away the personnel of the other.", true},
	{"no-solicit-of-employees", "Licensee is not obligated to hire any additional employees.", false},
	{"no-solicit-of-employees", "Supplier shall hire qualified employees to perform the Services.", false},
	// no-solicit-of-customers
	{"no-solicit-of-customers", "Marketing Affiliate shall not directly or indirectly solicit an existing business customer of Equidata.", true},
	{"no-solicit-of-customers", "Member will not, directly or indirectly, solicit, divert, or attempt to divert any customer of the Franchised Business.", true},
	{"no-solicit-of-customers", "Client will not solicit the services of any of Developer's employees, consultants or suppliers for Client.", false},
	{"no-solicit-of-customers", "Distributor shall solicit orders from customers in the Territory.", false},
	// ip-ownership-assignment
	{"ip-ownership-assignment", "Consultant hereby irrevocably assigns to Company all right, title and interest in and to the Work Product.", true},
	{"ip-ownership-assignment", "Such Product Collateral IP shall be deemed works made for hire for Calm.", true},
	{"ip-ownership-assignment", "All inventions and improvements related to the products licensed pursuant to this Agreement shall be the property of Licensor.", true},
	{"ip-ownership-assignment", "Each Party shall own and retain all right, title, and interest in any inventions conceived solely by it.", false},
	{"ip-ownership-assignment", "Buyer shall own the Products upon delivery.", false},
	// joint-ip-ownership
	{"joint-ip-ownership", "All Joint Inventions shall be owned jointly by Theravance and GSK.", true},
	{"joint-ip-ownership", "Each Party shall own an equal, undivided interest in all jointly developed Information.", true},
	{"joint-ip-ownership", "Client and EFS shall jointly own all User Data collected hereunder.", true},
	{"joint-ip-ownership", "The Parties shall form a joint steering committee.", false},
	// license-grant
	{"license-grant", "The Supplier hereby grants to the Distributor the non-exclusive right, in the Territory, to use the Trade Marks.", true},
	{"license-grant", "The Client is hereby granted an exclusive, worldwide, royalty-free, perpetual license to use the incorporated items.", true},
	{"license-grant", "The NFLA agrees to license such rights to the Company.", true},
	{"license-grant", "Nothing in this Agreement grants either party any rights in the other's trademarks.", false},
	// non-transferable-license
	{"non-transferable-license", "Liquidmetal grants to Eutectix a royalty-bearing, worldwide, non-transferrable, non-exclusive license.", true},
	{"non-transferable-license", "AbbVie grants to Harpoon a non-exclusive license, without the right to grant sublicenses.", true},
	{"non-transferable-license", "MMT may not grant sublicenses of the rights and licenses granted to it.", true},
	{"non-transferable-license", "Licensor grants to Licensee a personal, non-exclusive, royalty-free right and license to use the Mark.", true},
	{"non-transferable-license", "Distributor shall pay all personal property, ad valorem, occupancy, license and other taxes.", false},
	{"non-transferable-license", "The rights and obligations of each party under this Agreement shall not be transferred without consent.", false},
	// affiliate-license-licensor
	{"affiliate-license-licensor", "Each Party grants, and shall cause its Affiliates to grant, to the other Party a royalty-free license.", true},
	{"affiliate-license-licensor", "Harpoon (on behalf of itself and its Affiliates) hereby grants to AbbVie an exclusive license.", true},
	{"affiliate-license-licensor", "OntoChem grants to Anixa a license under any patents which OntoChem or any of its Affiliates own or control.", true},
	{"affiliate-license-licensor", "No license is granted in any intellectual property owned or controlled by Dova or any of its Affiliates.", false},
	{"affiliate-license-licensor", "Supplier shall sell the Products to Buyer and its Affiliates.", false},
	{"affiliate-license-licensor", "Nothing herein grants, by implication, estoppel or otherwise, any license under any patent owned or controlled by the Company or any of its Affiliates.", false},
	{"affiliate-license-licensor", "The Licensor grants the Licensee and its Affiliates a license to store the content on host computers controlled by the Licensee or its Affiliates.", false},
	{"affiliate-license-licensor", "Licensor grants to Licensee a non-exclusive license under the copyrights owned by Licensor or their respective Affiliates.", true},
	// affiliate-license-licensee
	{"affiliate-license-licensee", "FCE grants ExxonMobil and its Affiliates a worldwide, non-exclusive license.", true},
	{"affiliate-license-licensee", "Nuance hereby grants to SpinCo and the members of the SpinCo Group a worldwide license.", true},
	{"affiliate-license-licensee", "Licensee may sublicense its rights solely to a wholly owned subsidiary of Licensee.", true},
	{"affiliate-license-licensee", "Sony, on behalf of itself and its Affiliates, hereby grants to Purchaser a license.", false},
	// unlimited-all-you-can-eat-license
	{"unlimited-all-you-can-eat-license", "Customer is granted an unlimited number of Client Access Licenses.", true},
	{"unlimited-all-you-can-eat-license", "Theismann hereby grants to Bizzingo the unlimited right and privilege to use the Property.", true},
	{"unlimited-all-you-can-eat-license", "Each party shall have unlimited liability for fraud.", false},
	// third-party-beneficiary
	{"third-party-beneficiary", "Member agrees that Franchisor is an intended third-party beneficiary of this Agreement with the right to enforce it.", true},
	{"third-party-beneficiary", "The parties agree that Investment Advisor shall be a third party beneficiary of this Agreement.", true},
	{"third-party-beneficiary", "Nothing in this Agreement shall make any person a third party beneficiary of this Agreement.", false},
	{"third-party-beneficiary", "There are no intended third-party beneficiaries of this Agreement.", false},
	// audit-rights (coreRules)
	{"audit-rights", "Each party shall have the right to conduct an audit after the end of each calendar year.", true},
	{"audit-rights", "HEMISPHERX shall permit SCIEN to conduct periodic audits of HEMISPHERX's Quality System and Manufacturing records.", true},
	{"audit-rights", "Dolphin shall permit any representative of DGT to enter upon any premises of Dolphin for the purpose of inspecting the service.", true},
	{"audit-rights", "DCL shall allow SEV reasonable access to any premises controlled by DCL in order to provide the Maintenance Services.", false},
	{"audit-rights", "Counsel's opinion is based upon a review of corporate records of the Company.", false},
	// change-of-control (coreRules)
	{"change-of-control", "Either party may terminate this Agreement if either Party's corporate structure has undergone a material ownership change.", true},
	{"change-of-control", "In the event of the merger or consolidation of Company with any other entity, Pey Dirt shall have the right to terminate.", true},
	{"change-of-control", "A merger, change of control or sale of all or substantially all of the stock of Licensee shall be deemed an assignment requiring consent.", true},
	{"change-of-control", "If DIALOG is acquired by a third party, DIALOG's acquirer may terminate this Agreement.", true},
	{"change-of-control", "Provided, however, that either party may assign this Agreement in connection with a Change of Control.", false},
	{"change-of-control", "Either Party may assign its rights to a successor resulting from any merger, reorganization, consolidation or sale of all or substantially all of its assets.", false},
	{"change-of-control", "\"Acquired Station\" means any station that is acquired by Affiliate after the Effective Date.", false},
	// non-compete (coreRules)
	{"non-compete", "Maimon agrees not to: (a) compete with the business of the Company.", true},
	{"non-compete", "Neither XSPA nor any of its affiliates shall, directly or indirectly, sell, offer for sale, market or promote any digital meditation products.", true},
	{"non-compete", "The receiving party shall not disclose the other Party's confidential information to any competitor.", false},
	{"non-compete", "Nothing in this Agreement shall preclude Licensor from permitting other entities to use the Mark, whether or not such entity directly or indirectly competes with Licensee.", false},
	{"non-compete", "The Content will not constitute false advertising or unfair competition.", false},
}

func TestBRules(t *testing.T) {
	for _, tt := range bRuleTests {
		got := slices.Contains(Classify("", tt.text), tt.slug)
		if got != tt.want {
			t.Errorf("%s: Classify(%q) has it = %v, want %v", tt.slug, tt.text, got, tt.want)
		}
		for _, s := range sentences(tt.text) {
			checkImplied(t, s)
		}
	}
}
