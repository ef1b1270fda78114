package clausetype

import "testing"

// typing4RuleTests check the exceptions added to the rules of most
// favoured nation, non-transferable licence, competitive restriction
// exception, non-disparagement and volume restriction: the wording the
// rules must still find, and the near misses they must no longer.
var typing4RuleTests = []ruleTest{
	// competitive-restriction-exception
	{"relief in a competent court", "competitive-restriction-exception", "Nothing in this section shall prevent or restrict either party from seeking interim relief in any competent jurisdiction.", false},
	{"nothing prevents competing products", "competitive-restriction-exception", "Nothing in this Agreement shall prohibit the Host from distributing competing products in the Territory.", true},

	// most-favored-nation
	{"terms no less favourable than to others", "most-favored-nation", "The prices shall be no less favorable than those offered by the Supplier to any other distributor.", true},
	{"sale on terms no more favourable than offered to the holder", "most-favored-nation", "The transferor may sell such shares to a third party on terms no more favourable than those offered to the transferees.", false},

	// no-solicit-of-customers
	{"not solicit customers", "no-solicit-of-customers", "The Agent shall not, directly or indirectly, solicit any customer of the Company.", true},
	{"not bound to refrain from soliciting", "no-solicit-of-customers", "The Consultant represents that the Consultant is not bound by any agreement with any third party to refrain from soliciting customers.", false},
	{"solicitation of account debtors", "no-solicit-of-customers", "Neither the Agent nor any other agent shall make any direct solicitation of the account debtors for payment.", false},

	// non-disparagement
	{"marks not brought into disrepute", "non-disparagement", "Each party will display the other party's marks in a manner that does not bring the other party's brand into disrepute.", false},
	{"marks' reputation not brought into disrepute", "non-disparagement", "The Company shall not tarnish or bring into disrepute the reputation of or goodwill associated with the Licensed Trademarks.", true},
	{"party not brought into disrepute", "non-disparagement", "The Consultant shall not do anything that brings the Company into disrepute.", true},

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

func TestTyping4Rules(t *testing.T) { checkRuleTests(t, typing4RuleTests) }
