package clausetype

import (
	"slices"
	"testing"
)

// hRuleTests are wordings hRules must find, their near misses, and the
// near misses the exceptions added to coreRules' audit-rights,
// change-of-control and non-compete rules take out (with the hits those
// rules must keep).
var hRuleTests = []ruleTest{
	// audit-rights: access to verify what is owed
	{"access to verify payments", "audit-rights", "The Distributor shall permit the Supplier or its designees reasonable access during business hours, upon request, to verify the payments due under this Agreement.", true},
	{"access to verify royalties", "audit-rights", "Licensee will provide Licensor access to its premises to confirm the royalties reported.", true},
	{"access to a system to check it works", "audit-rights", "The Vendor shall provide the Customer access to the portal to verify that the interface operates.", false},
	// audit-rights: records of one's own inspections
	{"keeping records of inspections", "audit-rights", "The operator must keep records of inspections of its vehicles for fifteen months.", false},
	{"inspection records kept", "audit-rights", "Maintenance staff shall file the inspection records and books of the depot monthly.", false},
	{"inspection of books kept", "audit-rights", "The Company may inspect the books and records of the Distributor once a year.", true},

	// change-of-control: definitions, change control, registration
	{"definition of change of control", "change-of-control", `1.6 "Change of Control" means the acquisition by any person of fifty percent or more of the voting power of a party.`, false},
	{"definition with a colon", "change-of-control", "Change in Control: means and includes a sale of the company.", false},
	{"another term defined by control", "change-of-control", `"Sale Transaction" shall mean any transaction in which control of the company is acquired or any change of control of the company.`, false},
	{"quality change control", "change-of-control", "Change of control: the supplier will follow change control procedures so that changes to equipment occur in a controlled manner.", false},
	{"registration of a change in ownership", "change-of-control", "The joint venture company shall register the change in ownership with the registration authority.", false},
	{"termination upon a change of control", "change-of-control", "Either party may terminate this Agreement upon a change of control of the other party.", true},
	{"defined term used", "change-of-control", "In the event of a Change of Control of Licensee, Licensor may terminate this Agreement on thirty days notice.", true},

	// non-compete: freedom to compete, references, descriptions
	{"shall not prevent competing", "non-compete", "This Agreement shall not prevent either party from developing or selling competing products of other vendors.", false},
	{"will not impair the right to compete", "non-compete", "The parties' discussions will not serve to impair the right of either party to independently develop products that may be competitive.", false},
	{"press release directly or indirectly", "non-compete", "Neither party may issue, directly or indirectly, any press release or marketing material regarding the products without approval.", false},
	{"competitive quotations", "non-compete", "Good results will not come from selecting suppliers solely on competitive quotations.", false},
	{"covenant in another agreement", "non-compete", "Subject to the Seller's compliance with the covenant not to compete in Section 8.3 of the Purchase Agreement, the Buyer grants a license.", false},
	{"covenant described in a disclosure", "non-compete", "The franchise agreement contains covenants not to compete which extend beyond its termination.", false},
	{"consent withheld for a competitor", "non-compete", "Licensor may withhold its consent if the acquirer conducts a business that is directly or indirectly competitive with Licensor.", false},
	{"covenant itself", "non-compete", "The Consultant covenants not to compete with the Company for two years.", true},
	{"shall not engage in a competing business", "non-compete", "The Distributor shall not engage in any business directly or indirectly competitive with the Company.", true},
	{"shall not sell competing products", "non-compete", "The Reseller shall not market or sell any product that competes with the Products.", true},

	// price-restrictions: an index both ways, not an escalator; no
	// security's price
	{"price moves both ways with the CPI", "price-restrictions", "The Base Fee shall be increased or decreased in accordance with the increase or decrease in the CPI.", true},
	{"prices adjusted by the consumer price index", "price-restrictions", "The prices set forth above shall be adjusted each year in accordance with the consumer price index.", true},
	{"escalator by the CPI", "price-restrictions", "The minimum fee shall be increased each January 1 by the percentage increase in the consumer price index.", false},
	{"warrant exercise price", "price-restrictions", "The exercise price for the Warrants shall be $0.10 per share, and shall not increase for any reason.", false},
	{"a supply price that may not increase", "price-restrictions", "The price of each Product may not increase during the first Contract Year.", true},
}

func TestHRules(t *testing.T) { checkRuleTests(t, hRuleTests) }

// typing6ClassifyTests check the record-keeping heading that needs the
// text to be of audit rights.
var typing6ClassifyTests = []struct {
	name, heading, text string
	want                []string
}{
	{"records of inventions", "Maintenance of Records", "Each party shall keep complete records of all inventions.", nil},
	{"records open to audit", "Maintenance of Records", "Franchisee shall keep complete records, and Franchisor may audit the books and records at any time.", []string{"audit-rights"}},
	{"a record-keeping heading that stays", "Records and Reports", "The Adviser shall maintain complete records of the services.", []string{"audit-rights"}},
	{"joined with audits", "Record-Keeping and Audits", "Each party shall record all material information.", []string{"audit-rights"}},
}

func TestTyping6Classify(t *testing.T) {
	for _, tt := range typing6ClassifyTests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Classify(tt.heading, tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("Classify(%q, %q) = %q, want %q", tt.heading, tt.text, got, tt.want)
			}
		})
	}
}
