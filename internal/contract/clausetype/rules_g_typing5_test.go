package clausetype

import (
	"slices"
	"testing"
)

// gRuleTests are wording each rule of gRules must find, near misses it
// must not, and the near misses the exception added to coreRules'
// change-of-control rule takes out.
var gRuleTests = []ruleTest{
	// ip-ownership-assignment
	{"hereby does assign", "ip-ownership-assignment", "Valeant agrees to assign, and hereby does assign, to Dova any and all right, title and interest that Valeant may have in or to any Invention.", true},
	{"shall assign its right, title and interest in a patent", "ip-ownership-assignment", "The Developer will assign its right, title, and interest in and to such Program Patent to the Sponsor for filing.", true},
	{"owned exclusively", "ip-ownership-assignment", "All data that you create in connection with the System is and will be owned exclusively by us.", true},
	{"deemed our sole and exclusive property", "ip-ownership-assignment", "All such products and concepts will be deemed to be our sole and exclusive property.", true},
	{"work made-for-hire, hyphenated", "ip-ownership-assignment", "Each such work shall be a work made-for-hire for the Company.", true},
	{"shall own all inventions", "ip-ownership-assignment", "The Sponsor shall own all inventions made by either Party as part of the Research Program.", true},
	{"promise not to assign the rights", "ip-ownership-assignment", "The Licensee shall not assign any right, title or interest in the Licensed Patents.", false},
	{"assignment with consent", "ip-ownership-assignment", "Either party may assign all right, title and interest in the Software without the consent of the other party.", false},
	{"confidential information owned exclusively", "ip-ownership-assignment", "Confidential Information shall be owned exclusively by the disclosing party.", false},
	{"assignment of the agreement to a successor", "ip-ownership-assignment", "The Company shall assign all right, title and interest in this Agreement and the Software to its successor.", false},

	// non-disparagement
	{"refrain from practices injurious to goodwill", "non-disparagement", "Franchisee agrees to refrain from any business practice which may be injurious to the business of the Franchisor and the goodwill associated with the Marks.", true},
	{"no action with an adverse impact", "non-disparagement", "The Team shall not take any action which could result in an adverse impact on the Sponsor and the goodwill associated therewith.", true},
	{"moral rights defined", "non-disparagement", "\"Moral Rights\" means any right to object to any derogatory action, whether or not such would be prejudicial to the author's honor or reputation.", false},
	{"use of the licensed property", "non-disparagement", "The Licensee agrees not to use the Intellectual Property in manners that are harmful to the reputation of the Licensor.", false},
	{"injury to a person", "non-disparagement", "The Contractor shall not be liable for any act injurious to the health of any person.", false},

	// uncapped-liability
	{"exception past a section number", "uncapped-liability", "EXCEPT AS SET FORTH IN SECTION 6.3, IN NO EVENT SHALL EITHER PARTY BE LIABLE TO THE OTHER FOR ANY SPECIAL, INCIDENTAL OR CONSEQUENTIAL DAMAGES.", true},
	{"exception before a total liability", "uncapped-liability", "Except as otherwise set forth in Section 23.2, the total cumulative liability of either Party for all claims will not exceed the fees paid.", true},
	{"a clause's own number", "uncapped-liability", "4.2.2 In no event shall Licensor be liable for any indirect, special or consequential damages.", false},
	{"a list item", "uncapped-liability", "(a) In no event shall any party be liable to the other party for any consequential damages.", false},

	// change-of-control: the exception added to its coreRules rule
	{"a change in control is no assignment", "change-of-control", "No delegation shall be deemed an assignment, nor shall any change in control of either party be deemed an assignment hereunder.", false},
	{"a change of control is an assignment", "change-of-control", "A change of control of the Licensee shall be deemed an assignment of this Agreement.", true},
}

func TestGRules(t *testing.T) { checkRuleTests(t, gRuleTests) }

// typing5ClassifyTests check what Classify adds to the rules: headings
// that name IP ownership only in general, and the carve-out after a
// restriction in its own section.
var typing5ClassifyTests = []struct {
	name, heading, text string
	want                []string
}{
	{"ownership heading, each keeps its own", "Ownership", "Licensor retains all right, title and interest in the Marks.", nil},
	{"ownership heading, assignment stated", "Ownership", "Consultant hereby assigns to Company all right, title and interest in the Inventions.", []string{"ip-ownership-assignment"}},
	{"joined general heading", "Licenses and Ownership", "Each party retains its own intellectual property.", []string{"license-grant"}},
	{"a specific heading needs no text", "Ownership of Inventions", "", []string{"ip-ownership-assignment"}},
	{"carve-out after a non-compete", "Non-Competition",
		"During the Term, Bioamber shall not, directly or indirectly, develop any product that competes with the Product. Notwithstanding the above, Bioamber shall be permitted to evaluate other biocatalysts.",
		[]string{"competitive-restriction-exception", "non-compete"}},
	{"carve-out after an exclusive appointment", "Appointment",
		"Supplier appoints Distributor as its exclusive distributor in the Territory. Notwithstanding the foregoing, Supplier may sell directly to its existing customers.",
		[]string{"competitive-restriction-exception", "exclusivity"}},
	{"carve-out about disclosure", "Non-Competition",
		"The Consultant shall not, directly or indirectly, engage in any business that competes with the Company. Notwithstanding the foregoing, the Consultant may disclose this Agreement to its advisers.",
		[]string{"non-compete"}},
	{"carve-out without a restriction", "Payment",
		"Invoices are payable within thirty days. Notwithstanding the foregoing, the Buyer may withhold disputed amounts.",
		[]string{"payment"}},
}

func TestTyping5Classify(t *testing.T) {
	for _, tt := range typing5ClassifyTests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Classify(tt.heading, tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("Classify(%q, %q) = %q, want %q", tt.heading, tt.text, got, tt.want)
			}
		})
	}
}
