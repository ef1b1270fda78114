package clausetype

import "testing"

// typing7RuleTests are wordings typing7Rules must find and their near
// misses, one pair or more for each pattern.
var typing7RuleTests = []ruleTest{
	// insurance
	{"named as an additional insured", "insurance", "The Supplier shall name the Buyer as an additional insured under its policies.", true},
	{"insured by a government agency", "insurance", "The deposits of the Bank are insured by the agency up to the legal maximum.", false},
	{"must have insurance", "insurance", "Each exhibitor must have its own liability insurance during the event.", true},
	{"will secure a policy", "insurance", "Within ten days the Sponsor will secure an insurance policy covering the event.", true},
	{"insurance laws", "insurance", "The terms shall have the meanings they have under the insurance laws of the state.", false},
	{"no extra insurance", "insurance", "Absent a request, the Seller will ship by ground carrier with no extra insurance.", false},
	{"not required to have insurance", "insurance", "The Distributor will not be required to have any insurance for the goods.", false},
	{"a party maintains insurance", "insurance", "The Company maintains insurance covering its properties and business.", true},

	// termination-for-convenience
	{"right to cancel at any time", "termination-for-convenience", "The Client has the right to cancel this agreement at any time on seven days notice.", true},
	{"may terminate at any time on notice", "termination-for-convenience", "So long as the lease is in force, either party may terminate this Agreement at any time upon thirty days written notice.", true},
	{"may terminate at any time for breach", "termination-for-convenience", "Either party may terminate this Agreement at any time if the other party commits a material breach.", false},
	{"may terminate an obligation at any time", "termination-for-convenience", "The Company may terminate its obligation under this clause at any time by paying the costs.", false},
	{"terminated at any time without penalty", "termination-for-convenience", "This Agreement may be terminated at any time, without the payment of any penalty, by the Board on sixty days notice.", true},
	{"terminated at any time without penalty for breach", "termination-for-convenience", "This Agreement may be terminated at any time, without penalty, in the event of a breach by the Agent.", false},

	// minimum-commitment
	{"monthly minimum", "minimum-commitment", "The Publisher will maintain traffic at a monthly minimum of one million page views.", true},
	{"no monthly minimum", "minimum-commitment", "There is no monthly minimum for the Customer's orders.", false},

	// post-termination-services
	{"upon termination perform a transfer", "post-termination-services", "Upon termination, the Consultant agrees to perform the transfer of information then required.", true},
	{"upon termination return information", "post-termination-services", "Upon termination, the Consultant agrees to return all confidential information.", false},

	// rofr-rofo-rofn
	{"proposes to sell then shall offer", "rofr-rofo-rofn", "If the Company proposes to sell any equity securities, then the Company shall offer the University a part of them.", true},
	{"elects to abandon then shall notify", "rofr-rofo-rofn", "If the Owner elects to abandon any patent application, it shall notify the Licensee in writing before the deadline.", true},
	{"proposes to sell without an offer", "rofr-rofo-rofn", "If the Company proposes to sell any equity securities, it must comply with the securities laws.", false},

	// warranty-duration
	{"latent defects claim period", "warranty-duration", "The Buyer shall have [***] after receipt of Product for all claims relating to Latent Defects.", true},
	{"latent defects without a period", "warranty-duration", "The Seller is responsible for latent defects in the goods.", false},

	// ip-ownership-assignment
	{"cause applications to be assigned", "ip-ownership-assignment", "The Company agrees to cause such applications and trademarks to be assigned to the Player.", true},
	{"cause rights to be assigned to a successor", "ip-ownership-assignment", "The Seller shall cause such rights to be assigned to any successor of the business.", false},
}

func TestTyping7Rules(t *testing.T) { checkRuleTests(t, typing7RuleTests) }
