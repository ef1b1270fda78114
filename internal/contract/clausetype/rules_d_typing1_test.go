package clausetype

import "testing"

// typing1RuleTests are wording the patterns added for the weaker CUAD
// categories (liquidated damages, non-disparagement, most favoured
// nation, no-solicit of customers, volume and price restrictions) must
// find, and near misses they must not.
var typing1RuleTests = []ruleTest{
	// liquidated-damages
	{"as liquidated damages", "liquidated-damages", "The Supplier shall pay the amounts set out in Schedule 3 as liquidated damages and not as a penalty.", true},
	{"pay the termination fee", "liquidated-damages", "If the Customer terminates under clause 14.3 the Customer will pay the Supplier the Termination Fee calculated in accordance with Attachment C.", true},
	{"pay a cancellation fee", "liquidated-damages", "If the Bank terminates during an Extended Term on less than six months notice, it shall pay to the Vendor a cancellation fee equal to the Minimum Fee multiplied by the remaining months.", true},
	{"termination penalty then pay", "liquidated-damages", "The Licensor may elect an early termination penalty under which the Licensee shall pay an amount equal to ten percent of the outstanding balance.", true},
	{"without a termination fee", "liquidated-damages", "Either party may terminate this Agreement upon ninety days notice without payment of any termination fee.", false},
	{"no cancellation charge", "liquidated-damages", "No cancellation charge shall be payable for orders cancelled before shipment.", false},
	{"termination fee undefined", "liquidated-damages", "The parties shall discuss in good faith whether a termination fee is appropriate.", false},

	// non-disparagement
	{"never disparage", "non-disparagement", "The Distributor shall refrain from making any claims concerning the Products and never disparage the Company or the Products.", true},
	{"criticize, disparage", "non-disparagement", "Neither it nor any of its Representatives shall in any way publicly criticize, disparage, call into disrepute or otherwise defame the other Party.", true},
	{"statement resulting in disparagement", "non-disparagement", "No Party will make, issue or release any statement which results in any defamation or disparagement of the other Party.", true},
	{"bring into disrepute", "non-disparagement", "The Licensee shall not tarnish or bring into disrepute the reputation of the Licensor or its trademarks.", true},
	{"product disparagement", "non-disparagement", "A comparison of prices alone will not constitute product disparagement.", false},
	{"in any manner, a statement that disparages", "non-disparagement", "Neither it nor any of its Affiliates will in any manner, directly or indirectly, make any statement that relates to and otherwise disparages the Investor or any of its members.", true},
	{"marks used in a disparaging manner", "non-disparagement", "The Licensee shall not use the Licensed Domain Names in any manner that tarnishes, degrades or disparages the Licensor.", false},
	{"public disrepute as a ground", "non-disparagement", "The Company may terminate this Agreement if the Talent commits any act which brings the Talent into public disrepute.", false},

	// most-favored-nation
	{"at least as favorable as", "most-favored-nation", "All Users shall be treated at least as favorable in all respects (including without limitation with respect to pricing, quality of service, and customer support responsiveness) as the Company treats users of its own site.", true},
	{"not less favorable than offered to any other", "most-favored-nation", "The Company shall give the Sponsor an opportunity to enter into such a relationship on not less favorable terms than those offered to any other rental company.", true},
	{"pricing better than", "most-favored-nation", "Nor shall the Vendor provide preferred pricing to a competitor which is better than that provided by the Vendor hereunder to the Customer.", true},
	{"lower prices than charged", "most-favored-nation", "If such arrangement results in extending to such corporation lower prices for Licensed Products than those charged to outside concerns buying similar products, the royalty shall be adjusted.", true},
	{"fees not exceeding those charged to third parties", "most-favored-nation", "Such fees shall be commercially reasonable and such fees shall not exceed the fees charged by Licensor to unaffiliated third parties for the same content.", true},
	{"highest rate paid to any", "most-favored-nation", "The Company shall increase the rate of remuneration paid hereunder up to the highest then-current rate paid by the Company to any other endorser.", true},
	{"less favorable than another agreement", "most-favored-nation", "The replacement agreement shall provide rights that are not materially less favorable than those provided under the Acknowledgement Agreement.", false},
	{"better than the specification", "most-favored-nation", "The yield of the process shall be better than the specification in Exhibit B.", false},
	{"lower prices through savings", "most-favored-nation", "The parties shall work together to achieve lower prices for the Products through cost savings.", false},
	{"highest standards", "most-favored-nation", "The Manufacturer shall maintain the highest standards of quality in the manufacture of the Products.", false},
	{"fees not exceeding the budget", "most-favored-nation", "The consulting fees shall not exceed the budget approved by the Steering Committee.", false},

	// no-solicit-of-customers
	{"divert a customer, in a list", "no-solicit-of-customers", "(ii) Divert or attempt to divert any business or customer, or potential business or customer, to any Competitive Business.", true},
	{"induce a customer to terminate", "no-solicit-of-customers", "(c) suggest to, induce or persuade any customer, client, vendor or agent of the Company to terminate or diminish its relationship with the Company.", true},
	{"solicitation of the company's clients", "no-solicit-of-customers", "(ii) solicit, participate in or promote the solicitation of any of the Company's clients, customers, or prospective customers.", true},
	{"divert resources to a customer", "no-solicit-of-customers", "The Supplier may divert its production capacity to other products when the forecast is met.", false},
	{"solicit customers in the territory", "no-solicit-of-customers", "The Distributor shall actively solicit customers in the Territory to purchase the Products.", false},

	{"customers asked to renew", "no-solicit-of-customers", "The Agent shall solicit customers to renew their policies before the policies lapse.", false},

	// volume-restriction
	{"aggregate of FTE hours", "volume-restriction", "The Licensor's obligations under this Section 2.7 shall not exceed an aggregate of [***] ([***]) full- time equivalent hours.", true},
	{"a maximum of hours", "volume-restriction", "Following the initial period, the support obligations shall be limited to a maximum of twenty (20) hours, or up to a maximum of one hundred twenty five (125) emails.", true},
	{"no more than releases", "volume-restriction", "The supplier will provide no more than two major code releases during a calendar year without the Bank's consent.", true},
	{"not to more than users", "volume-restriction", "The Host shall not demonstrate the Software to more than ten (10) Software Users at any one time.", true},
	{"up to posts", "volume-restriction", "The Association will also share up to three (3) social media posts on its accounts.", true},
	{"session exceeds hours", "volume-restriction", "In the event any Production Session exceeds eight (8) hours in duration the parties will negotiate additional compensation.", true},
	{"no more than days after", "volume-restriction", "The Company shall pay each invoice no more than thirty (30) days after its receipt.", false},
	{"within no more than hours", "volume-restriction", "Each Party shall advise the other Party promptly (but in any event within no more than 48 hours) of any warning letter.", false},
	{"response time in hours", "volume-restriction", "Provider shall correct reported Errors, with a Response Time of no more than four (4) Business Hours for critical Errors.", false},
	{"up to days", "volume-restriction", "The Supplier may delay delivery by up to thirty (30) days.", false},
	{"a delay exceeding hours", "volume-restriction", "Any outage that exceeds forty-eight (48) hours entitles the Customer to a credit.", false},
	{"up to a maximum amount", "volume-restriction", "The Supplier shall reimburse expenses up to a maximum of ten thousand dollars.", false},
	{"liability for hours", "volume-restriction", "The liability of the Consultant shall not exceed an aggregate of the fees paid for ten hours of services.", false},

	// price-restrictions
	{"maximum charge", "price-restrictions", "A charge of $10.00 per hour will apply, subject to a maximum charge of $100.00 per trailer in any twenty-four hour period.", true},
	{"maximum rate of interest", "price-restrictions", "Overdue amounts bear interest at a maximum rate of one percent per month, subject to a maximum fee permitted by law.", false},
}

func TestTyping1Rules(t *testing.T) { checkRuleTests(t, typing1RuleTests) }
