package clausetype

import "testing"

// cRuleTests are wording each rule of cRules must find, and near misses
// it must not: the same words in a sentence that does not state the
// clause.
var cRuleTests = []ruleTest{
	// price-restrictions
	{"rates may not increase", "price-restrictions", "The Provider may change its rates for any renewal term, but rates may not increase by more than ten percent (10%) in any renewal term.", true},
	{"adjustments not to exceed", "price-restrictions", "Maintenance may be renewed for periods of one year each, subject to adjustments proposed by the Vendor not to exceed 5% per year.", true},
	{"not more often than", "price-restrictions", "The Supplier may adjust the Supply Price for the following year not more often than once in any calendar year.", true},
	{"tied to the CPI", "price-restrictions", "At the end of each contract year the Base Fee shall be increased or decreased in accordance with the change in the Consumer Price Index.", true},
	{"at cost without markup", "price-restrictions", "Such services shall be charged to the Company at cost without markup.", true},
	{"price ceiling", "price-restrictions", "The price ceiling set out in Schedule B applies to all Products.", true},
	{"price protection credits", "price-restrictions", "Distributor shall be entitled to price protection on all Products in its inventory.", false},
	{"costs reimbursed", "price-restrictions", "The Company shall reimburse the Supplier for its documented costs (at cost, without markup).", false},
	{"growth of a form", "price-restrictions", "If the Publisher wishes to increase the length of the form by more than 10%, the Partner must approve such change.", false},
	{"interest capped by law", "price-restrictions", "Late payments bear interest at a rate that shall not exceed the maximum rate permitted by law.", false},
	{"fees capped at a sum", "price-restrictions", "The fees for the consulting services shall not exceed five thousand dollars ($5,000) per month.", false},
	{"price payable", "price-restrictions", "The purchase price shall be payable in cash within thirty days of the invoice.", false},
	{"liability capped by fees", "price-restrictions", "In no event shall the liability of either party exceed the fees paid, and such fees shall not be increased by any damages.", false},

	// volume-restriction
	{"orders capped by forecast", "volume-restriction", "The Distributor shall order packaging materials, provided that such orders shall not exceed the forecasted demand for the next twelve months.", true},
	{"forecast deviation", "volume-restriction", "The Supplier shall ship ordered Products within ninety days, provided that the order does not deviate from the applicable Forecast by more than ten percent.", true},
	{"maximum daily quantity", "volume-restriction", "MAXIMUM DAILY QUANTITY (Dth/Day): 101,300", true},
	{"sessions capped in hours", "volume-restriction", "The Talent shall make four public appearances, each such session not exceeding two (2) hours.", true},
	{"additional products", "volume-restriction", "The Retailer shall have the right to identify up to five (5) additional products to be sold in the Stores.", true},
	{"damages capped", "volume-restriction", "Damages for any shipment shall not exceed the price of the units delivered.", false},
	{"a maximum of notice", "volume-restriction", "Either party may terminate on a maximum of thirty days' notice.", false},

	// competitive-restriction-exception
	{"restrictions shall not apply", "competitive-restriction-exception", "The Parties acknowledge that the restrictions set forth in this Article shall not apply to any Affiliates of the Licensee.", true},
	{"exclusivity not applicable", "competitive-restriction-exception", "The exclusivity granted hereunder shall not be applicable to sales made through online auctions.", true},
	{"passive ownership of shares", "competitive-restriction-exception", "Franchisee shall not be prohibited from owning securities listed on a stock exchange that represent two percent (2%) or less of that class of securities.", true},
	{"does not prevent granting licences", "competitive-restriction-exception", "For clarity, the foregoing does not prevent the Seller from granting any license to any third party outside the Field.", true},
	{"not a breach", "competitive-restriction-exception", "Notwithstanding the foregoing, the following will not be a breach of this Agreement: the Endorser's appearance in news programs.", true},
	{"passive investment", "competitive-restriction-exception", "Nothing herein restricts a passive investment in any company.", true},
	{"nothing prevents competing products", "competitive-restriction-exception", "Nothing in this Agreement shall prohibit the Co-Host from distributing competing products in the Territory.", true},
	{"exclusivity does not limit", "competitive-restriction-exception", "These exclusivity obligations will not limit the Talent's right to appear in any entertainment program.", true},
	{"in no event shall the restrictions apply", "competitive-restriction-exception", "Notwithstanding anything to the contrary, in no event shall the restrictions set forth in this Article apply to the Licensee's existing products.", true},
	{"control defined by shares", "competitive-restriction-exception", "A change of control occurs when the shareholders hold less than 50% of the outstanding voting securities.", false},
	{"nothing prevents injunctions", "competitive-restriction-exception", "Nothing herein shall prevent either party from seeking injunctive relief.", false},
	{"confidentiality exception", "competitive-restriction-exception", "The foregoing shall not apply to information that is or becomes publicly available.", false},
	{"remedies not prevented", "competitive-restriction-exception", "Nothing in this Agreement shall prevent either party from seeking injunctive relief from a court.", false},
}

func TestCRules(t *testing.T) { checkRuleTests(t, cRuleTests) }
