package clausetype

import "testing"

// fRuleTests are wording each rule of fRules (and the exceptions added to
// first rules of the same categories) must find, and near misses it must
// not: the same words in a sentence that does not state the clause.
var fRuleTests = []ruleTest{
	// competitive-restriction-exception
	{"section does not apply to affiliates", "competitive-restriction-exception", "The Parties acknowledge that the restrictions set forth in this Section 2.3 shall not apply to any Affiliates of the Distributor.", true},
	{"section not deemed to apply to agreements", "competitive-restriction-exception", "Notwithstanding the foregoing, this Section 2.2 shall not be deemed to apply to agreements executed prior to the date of this Agreement.", true},
	{"subsection does not apply to products", "competitive-restriction-exception", "Notwithstanding the foregoing, this Section 2.3.1(a) shall not apply to any products sold by any business acquired by the Promoter.", true},
	{"section does not apply to information", "competitive-restriction-exception", "The obligations of Section 7.2 shall not apply to information that is publicly available.", false},
	{"section does not apply to claims", "competitive-restriction-exception", "The limitations of Section 9.04 shall not apply to any claim for fraud.", false},
	{"warranty does not apply to product units", "competitive-restriction-exception", "The warranty in Section 8.2 will not apply to product units that have been misused.", false},

	{"relief in a competent court", "competitive-restriction-exception", "Nothing in this section shall prevent or restrict either party from seeking interim relief in any competent jurisdiction.", false},
	{"nothing prevents competing products", "competitive-restriction-exception", "Nothing in this Agreement shall prohibit the Host from distributing competing products in the Territory.", true},

	// minimum-commitment
	{"minimum level of supply", "minimum-commitment", "Contractor shall maintain additional units of each Product in a minimum level of two (2) weeks of supply.", true},
	{"minimum lot size", "minimum-commitment", "Products must be ordered in the minimum and/or standard lot size quantities specified in the Price Schedule.", true},
	{"minimum details", "minimum-commitment", "Such managers shall not be counted for purposes of determining the Quarterly Minimum Details.", true},
	{"no minimum level obligation", "minimum-commitment", "Nothing in the agreement obligates a party to sell or purchase any specified volume or other minimum level of products.", false},
	{"minimum service level", "minimum-commitment", "The Provider shall meet the minimum service levels set out in Schedule B.", false},
	{"minimum insurance level", "minimum-commitment", "The Vendor shall keep insurance at the minimum levels required by law.", false},

	// non-disparagement
	{"marks not brought into disrepute", "non-disparagement", "Each party will display the other party's marks in a manner that does not bring the other party's brand into disrepute.", false},
	{"marks' reputation not brought into disrepute", "non-disparagement", "The Company shall not tarnish or bring into disrepute the reputation of or goodwill associated with the Licensed Trademarks.", true},
	{"party not brought into disrepute", "non-disparagement", "The Consultant shall not do anything that brings the Company into disrepute.", true},

	// most-favored-nation
	{"terms no less favourable than to others", "most-favored-nation", "The prices shall be no less favorable than those offered by the Supplier to any other distributor.", true},
	{"sale on terms no more favourable than offered to the holder", "most-favored-nation", "The transferor may sell such shares to a third party on terms no more favourable than those offered to the transferees.", false},

	// non-transferable-license
	{"may not sublicense", "non-transferable-license", "Licensee may not sublicense any of its rights under the license grant.", true},
	{"assignment naming sublicensing", "non-transferable-license", "Distributor shall not assign or otherwise transfer, license, sublicense, or delegate any rights or obligations under this Agreement without the prior written consent of the Company.", false},

	// volume-restriction
	{"maximum volume as a goal", "volume-restriction", "The Distributor shall use its best efforts to achieve the maximum volume and profit levels in the Territory.", false},
	{"supplier fills orders up to the forecast", "volume-restriction", "Contractor will supply all orders that do not exceed the forecast at the delivery times set forth in each purchase order.", false},
	{"supplier need not fill above the forecast", "volume-restriction", "Supplier shall not be obligated to fill any purchase order to the extent the volumes exceed the volumes set forth in the most recent binding forecast.", false},
	{"order within the forecast", "volume-restriction", "Delivery takes three months, provided that Reseller's order does not deviate from the applicable forecast by more than ten percent (10%).", true},
	{"maximum daily quantity", "volume-restriction", "The Transporter shall not be obliged to deliver more than the Maximum Daily Quantity.", true},
}

func TestFRules(t *testing.T) { checkRuleTests(t, fRuleTests) }
