package clausetype

import "testing"

// eRuleTests are wording each pattern of eRules must find, and near
// misses it must not.
var eRuleTests = []ruleTest{
	// non-compete
	{"products that compete after a negation", "non-compete", "Individual agrees that she will not render services for any other products that compete with products manufactured by the Company.", true},
	{"products that compete in a notice", "non-compete", "The Company shall inform the Distributor of products that compete with the Products.", false},
	{"free to develop competitive products", "non-compete", "The parties' communications hereunder will not serve to impair the right of either party, or any member of its respective group, to independently develop, make, use, procure, or market products or services now or in the future that may be competitive with those offered by the other party.", false},
	{"itself or through third parties before the activity", "non-compete", "The Developer will not itself or with or through third parties engage in the development of catalysts for the production of the compound.", true},
	{"independently or with a third party after the activity", "non-compete", "Neither party nor any of its Affiliates will research, develop or commercialize any product directed to the Target, either independently or in collaboration with a third party.", true},
	{"independent contractor, no restriction", "non-compete", "Each party shall not be deemed the agent of the other and shall perform its obligations independently.", false},
	{"similar services", "non-compete", "The Consultant shall not provide similar services to any other company during the Term.", true},
	{"similar fonts, no activity", "non-compete", "The Publisher shall not use a typeface similar to the Marks.", false},
	{"competitor far from the negation", "non-compete", "Throughout the Term the Publisher will not place, and will not allow any party acting on its behalf to place, any graphic, link or other form of advertising or media on any page of the Site or on any page of the partner site (other than the home page), which markets or promotes any product or service offered by a competitor of the Client.", true},
	{"confidential information to a competitor", "non-compete", "The Recipient shall not, at any time during or after the Term, for any reason whatsoever, disclose, publish or otherwise make available any of the Confidential Information of the Discloser to any third party, including any competitor of the Discloser.", false},
	{"no development for years after termination", "non-compete", "During the Term and for an additional period of two (2) years from the date of termination of this Agreement, the Contractor undertakes not to develop on its own account any Product.", true},
	{"no use of the marks after termination", "non-compete", "For a period of one year after termination, the Licensee shall not sell any goods under the Marks.", false},

	// change-of-control
	{"acquired by a third party", "change-of-control", "This Agreement shall terminate no later than thirty (30) days after: 3 Licensee is acquired by a third party.", true},
	{"a product acquired by a third party", "change-of-control", "Any Product that is acquired by a third party from the Distributor is not covered by this warranty.", false},

	// third-party-beneficiary
	{"affiliates excepted, then no benefit", "third-party-beneficiary", "With the exception of the Affiliates of the Bank, the Parties do not intend the benefits of this Agreement to inure to any third party.", true},
	{"successors excepted, then no benefit", "third-party-beneficiary", "Except for the Parties and their successors and permitted assigns, nothing in this Agreement shall confer any benefit upon any third party.", false},
	{"no beneficiaries except the indemnified", "third-party-beneficiary", "There are no third party beneficiaries under this Agreement, except to the extent a person is an indemnitee under Article 12.", true},
	{"no beneficiaries", "third-party-beneficiary", "There are no third party beneficiaries under this Agreement.", false},
	{"also for the benefit of officers", "third-party-beneficiary", "The indemnities of the Issuer shall also be deemed to be for the benefit of the officers and directors of the Agent.", true},
	{"for the benefit of the parties", "third-party-beneficiary", "This Agreement shall be for the benefit of the parties only.", false},
}

func TestERules(t *testing.T) { checkRuleTests(t, eRuleTests) }
