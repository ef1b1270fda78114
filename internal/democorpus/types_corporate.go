package democorpus

// Corporate and finance agreements: employment, lending, property,
// acquisitions and securities.
var corporateTypes = []contractType{
	{
		Slug: "employment-agreement", Name: "Employment Agreement", Weight: 6, Exhibit: "10", Person: true,
		Titles:   []string{"EMPLOYMENT AGREEMENT", "EXECUTIVE EMPLOYMENT AGREEMENT", "AMENDED AND RESTATED EMPLOYMENT AGREEMENT"},
		Roles:    [2]string{"Company", "Executive"},
		Subject:  []string{"the Position"},
		Recitals: []string{"{A} desires to employ {B} as its {Officer}", "{B} desires to accept such employment on the terms and conditions set forth in this Agreement"},
		Defs: []def{
			{"Cause", "means (i) {B}'s conviction of a felony, (ii) {B}'s willful misconduct or gross negligence in the performance of his or her duties, or (iii) {B}'s material breach of this Agreement that remains uncured for {CureDays} after written notice."},
			{"Good Reason", "means, without {B}'s consent, a material reduction in base salary, a material diminution in duties, or a relocation of {B}'s principal place of work by more than {Miles} miles."},
			{"Base Salary", "has the meaning set forth in the section entitled {q}Base Salary{/q}."},
		},
		Sections: []sec{
			{Head: "Employment and Duties", Subs: []sub{
				{"Position", "{A} shall employ {B} as its {Officer}, reporting to the {Reports}. {B} shall have the duties and authority customarily associated with that position."},
				{"Full Time", "{B} shall devote substantially all of his or her business time and attention to the business of {A}, except for service on boards of directors approved in advance by the Board."},
			}},
			{Head: "Compensation and Benefits", Subs: []sub{
				{"Base Salary", "{A} shall pay {B} an annual base salary of {Salary}, payable in accordance with {A}'s normal payroll practices and reviewed annually by the Board."},
				{"Annual Bonus", "{B} shall be eligible for an annual performance bonus with a target of {Percent} of Base Salary, based on the achievement of goals set by the Board."},
				{"Equity Awards", "Subject to approval by the Board, {B} shall be granted an option to purchase {Units} shares of common stock of {A}, vesting over four (4) years."},
				{"Benefits", "{B} shall be entitled to participate in all employee benefit plans generally available to senior executives of {A}, and to {Hours} days of paid vacation per year."},
			}},
			{Head: "Termination of Employment", Subs: []sub{
				{"At-Will Employment", "{B}'s employment is at will and may be terminated by either party at any time, subject to the payments provided in this Article."},
				{"Severance", "If {A} terminates {B}'s employment without Cause or {B} resigns for Good Reason, {A} shall continue to pay Base Salary for twelve (12) months, subject to {B}'s execution of a general release of claims."},
				{"Death or Disability", "This Agreement terminates automatically upon {B}'s death, and {A} may terminate it upon {B}'s disability lasting more than ninety (90) consecutive days."},
			}},
			{Head: "Confidentiality and Restrictive Covenants", Subs: []sub{
				{"Confidential Information", "{B} shall not, during or after employment, use or disclose any confidential or proprietary information of {A} except in the performance of his or her duties."},
				{"Non-Solicitation", "For twelve (12) months after termination of employment, {B} shall not solicit any employee of {A} to leave its employment."},
			}},
		},
		Omit: []string{"term", "confidentiality", "indemnification", "liability", "warranties", "independent-contractors"},
	},
	{
		Slug: "credit-agreement", Name: "Credit Agreement", Weight: 5, Exhibit: "10",
		Titles:   []string{"CREDIT AGREEMENT", "REVOLVING CREDIT AGREEMENT", "LOAN AGREEMENT", "TERM LOAN AGREEMENT"},
		Roles:    [2]string{"Lender", "Borrower"},
		Subject:  []string{"the Revolving Loans", "the Term Loan"},
		Recitals: []string{"{B} has requested that {A} extend credit to {B} in an aggregate principal amount of up to {Principal}", "{A} is willing to make {Product} available on the terms and subject to the conditions set forth in this Agreement"},
		Defs: []def{
			{"Applicable Margin", "means {Margin} per annum."},
			{"Business Day", "means any day other than a Saturday, Sunday or other day on which commercial banks in New York City are authorized or required by law to close."},
			{"Commitment", "means the obligation of {A} to make {Product} in an aggregate principal amount not exceeding {Principal}."},
			{"Event of Default", "has the meaning specified in the Article entitled {q}Events of Default{/q}."},
			{"Maturity Date", "means the {TermOrdinal} anniversary of the Effective Date."},
		},
		Sections: []sec{
			{Head: "The Credit Facility", Subs: []sub{
				{"Loans", "Subject to the terms and conditions of this Agreement, {A} agrees to make {Product} to {B} from time to time on any Business Day until the Maturity Date in an aggregate amount not exceeding the Commitment."},
				{"Borrowing Procedure", "{B} shall give {A} irrevocable notice of each borrowing not later than 11:00 a.m. three (3) Business Days before the proposed borrowing date."},
				{"Repayment", "{B} shall repay the outstanding principal amount of {Product}, together with accrued interest, on the Maturity Date."},
			}},
			{Head: "Interest and Fees", Subs: []sub{
				{"Interest Rate", "{Product} shall bear interest at a rate per annum equal to the Term SOFR Rate plus the Applicable Margin, computed on the basis of a year of 360 days. || {Product} shall bear interest at the Base Rate plus the Applicable Margin, payable quarterly in arrears."},
				{"Default Interest", "While an Event of Default exists, all outstanding amounts shall bear interest at two percent (2%) per annum above the rate otherwise applicable."},
				{"Commitment Fee", "{B} shall pay {A} a commitment fee of 0.25% per annum on the average daily unused portion of the Commitment, payable quarterly in arrears."},
			}},
			{Head: "Conditions Precedent", Subs: []sub{
				{"", "The obligation of {A} to make the initial loan is subject to receipt of this Agreement duly executed, a certificate of the secretary of {B} attaching its organizational documents and resolutions, a legal opinion of counsel to {B}, and payment of all fees then due."},
			}},
			{Head: "Covenants", Subs: []sub{
				{"Financial Statements", "{B} shall deliver to {A} audited annual financial statements within one hundred twenty (120) days after each fiscal year end and unaudited quarterly financial statements within forty-five (45) days after each fiscal quarter end."},
				{"Leverage Ratio", "{B} shall not permit its ratio of consolidated total debt to consolidated EBITDA to exceed 3.50 to 1.00 as of the last day of any fiscal quarter."},
				{"Liens", "{B} shall not create or permit any lien on its property other than liens permitted under this Agreement."},
			}},
			{Head: "Events of Default", Subs: []sub{
				{"", "Each of the following is an Event of Default: (a) {B} fails to pay any principal when due, or any interest or fee within five (5) Business Days after it is due; (b) any representation made by {B} proves to have been materially incorrect when made; (c) {B} breaches any covenant and fails to cure the breach within {CureDays}; or (d) {B} becomes subject to any bankruptcy or insolvency proceeding. Upon an Event of Default, {A} may declare all outstanding loans immediately due and payable."},
			}},
		},
		Omit: []string{"term", "confidentiality", "indemnification", "liability", "independent-contractors", "force-majeure"},
	},
	{
		Slug: "lease-agreement", Name: "Lease Agreement", Weight: 4, Exhibit: "10",
		Titles:   []string{"LEASE AGREEMENT", "OFFICE LEASE", "INDUSTRIAL LEASE AGREEMENT"},
		Roles:    [2]string{"Landlord", "Tenant"},
		Subject:  []string{"the Premises"},
		Recitals: []string{"{A} is the owner of the building located at {Street} (the {q}Building{/q})", "{B} wishes to lease from {A} approximately {Units} rentable square feet in the Building"},
		Defs: []def{
			{"Premises", "means the space in the Building shown on Exhibit A."},
			{"Operating Expenses", "means all costs incurred by {A} in operating, maintaining and insuring the Building, excluding capital expenditures and debt service."},
			{"Tenant's Share", "means the percentage that the rentable area of the Premises bears to the rentable area of the Building."},
		},
		Sections: []sec{
			{Head: "Premises and Term", Subs: []sub{
				{"Lease of Premises", "{A} leases to {B}, and {B} leases from {A}, {Product} for the term set forth below."},
				{"Lease Term", "The term of this Lease shall be {TermYears}, commencing on the Commencement Date, and {B} shall have one option to extend the term for a further five (5) years upon nine (9) months' prior notice."},
			}},
			{Head: "Rent", Subs: []sub{
				{"Base Rent", "{B} shall pay {A} annual base rent of {Rent} per rentable square foot, in equal monthly installments in advance on the first day of each month, increasing by three percent (3%) on each anniversary of the Commencement Date."},
				{"Additional Rent", "{B} shall pay, as additional rent, Tenant's Share of Operating Expenses in excess of those for the base year."},
				{"Security Deposit", "Upon signing, {B} shall deposit with {A} a security deposit equal to two (2) months' base rent."},
			}},
			{Head: "Use and Maintenance", Subs: []sub{
				{"Permitted Use", "{B} shall use {Product} only for general office purposes and for no other purpose without {A}'s prior written consent."},
				{"Repairs", "{A} shall maintain the structure, roof and building systems, and {B} shall keep the interior of {Product} in good condition and repair."},
				{"Alterations", "{B} shall make no alterations to {Product} costing more than {Rate} without {A}'s prior written consent."},
				{"Surrender", "At the end of the term, {B} shall surrender {Product} broom clean and in good condition, ordinary wear and tear excepted."},
			}},
		},
		Omit: []string{"term", "confidentiality", "warranties", "liability", "independent-contractors"},
	},
	{
		Slug: "merger-agreement", Name: "Merger Agreement", Weight: 3, Exhibit: "2",
		Titles:   []string{"AGREEMENT AND PLAN OF MERGER", "MERGER AGREEMENT", "AGREEMENT AND PLAN OF MERGER AND REORGANIZATION"},
		Roles:    [2]string{"Parent", "Company"},
		Subject:  []string{"the Merger"},
		Recitals: []string{"the boards of directors of {A} and {B} have each approved {Product} of a wholly owned subsidiary of {A} ({q}Merger Sub{/q}) with and into {B}, with {B} surviving as a wholly owned subsidiary of {A}", "the board of directors of {B} has resolved to recommend that its stockholders adopt this Agreement"},
		Defs: []def{
			{"Company Material Adverse Effect", "means any effect that is materially adverse to the business, financial condition or results of operations of {B} and its subsidiaries, taken as a whole."},
			{"Effective Time", "means the time at which the certificate of merger is filed with the Secretary of State of the State of Delaware, or such later time as is specified in it."},
			{"Merger Consideration", "means {PerShare} in cash per share of common stock of {B}, without interest."},
		},
		Sections: []sec{
			{Head: "The Merger", Subs: []sub{
				{"The Merger", "At the Effective Time, Merger Sub shall be merged with and into {B}, the separate existence of Merger Sub shall cease, and {B} shall continue as the surviving corporation."},
				{"Closing", "The closing of {Product} shall take place on the third (3rd) business day after the satisfaction or waiver of the conditions set forth in this Agreement."},
				{"Conversion of Shares", "At the Effective Time, each share of common stock of {B} issued and outstanding immediately before the Effective Time shall be converted into the right to receive the Merger Consideration."},
			}},
			{Head: "Covenants", Subs: []sub{
				{"Conduct of Business", "From the date of this Agreement until the Effective Time, {B} shall conduct its business in the ordinary course consistent with past practice."},
				{"No Solicitation", "{B} shall not solicit, initiate or knowingly encourage any inquiry or proposal that constitutes or could reasonably be expected to lead to an alternative acquisition proposal."},
				{"Regulatory Approvals", "Each party shall use reasonable best efforts to obtain all consents and approvals of governmental authorities required to consummate {Product}."},
			}},
			{Head: "Conditions to the Merger", Subs: []sub{
				{"", "The obligations of each party to consummate {Product} are subject to (a) adoption of this Agreement by the stockholders of {B}, (b) expiration of any applicable waiting period under antitrust laws, and (c) the absence of any order prohibiting {Product}."},
			}},
			{Head: "Termination", Subs: []sub{
				{"Termination", "This Agreement may be terminated at any time before the Effective Time by mutual written consent, or by either party if {Product} has not been consummated by the date that is {Days} after the date of this Agreement."},
				{"Termination Fee", "If this Agreement is terminated because the board of directors of {B} changes its recommendation, {B} shall pay {A} a termination fee of {Fee}."},
			}},
		},
		Omit: []string{"term", "confidentiality", "indemnification", "liability", "independent-contractors", "force-majeure", "warranties"},
	},
	{
		Slug: "non-disclosure-agreement", Name: "Non-Disclosure Agreement", Weight: 4, Exhibit: "10",
		Titles:   []string{"MUTUAL NONDISCLOSURE AGREEMENT", "CONFIDENTIALITY AGREEMENT", "NON-DISCLOSURE AGREEMENT"},
		Roles:    [2]string{"Company", "Recipient"},
		Subject:  []string{"the Proposed Transaction", "the Business Relationship"},
		Recitals: []string{"the Parties wish to evaluate {Product}", "in connection with that evaluation each Party may disclose Confidential Information to the other"},
		Defs: []def{
			{"Representatives", "means a Party's Affiliates and its and their directors, officers, employees, advisors and financing sources."},
			{"Purpose", "means the evaluation and negotiation of {Product}."},
		},
		Sections: []sec{
			{Head: "Non-Disclosure Obligations", Subs: []sub{
				{"Use and Disclosure", "Each Party shall use the Confidential Information of the other Party solely for the Purpose and shall not disclose it to anyone other than its Representatives who need to know it for the Purpose."},
				{"Standard of Care", "Each Party shall protect the other Party's Confidential Information with at least the degree of care it uses for its own information of similar importance, and no less than reasonable care."},
				{"Exclusions", "Confidential Information does not include information that is or becomes generally available to the public other than through a breach of this Agreement, or that was lawfully in the recipient's possession before disclosure."},
			}},
			{Head: "Term of Obligations", Subs: []sub{
				{"", "This Agreement shall remain in effect for {TermYears} from the Effective Date, and the obligations of confidentiality shall survive for two (2) years after its expiration. || The obligations in this Agreement expire {TermYears} after the Effective Date."},
			}},
			{Head: "No License; No Obligation", Subs: []sub{
				{"", "Nothing in this Agreement grants either Party any license under any intellectual property right of the other Party, or obliges either Party to enter into {Product}."},
			}},
		},
		Omit: []string{"term", "confidentiality", "indemnification", "liability", "warranties", "independent-contractors", "force-majeure"},
	},
	{
		Slug: "purchase-agreement", Name: "Purchase Agreement", Weight: 4, Exhibit: "2",
		Titles:   []string{"ASSET PURCHASE AGREEMENT", "STOCK PURCHASE AGREEMENT", "PURCHASE AND SALE AGREEMENT"},
		Roles:    [2]string{"Seller", "Buyer"},
		Subject:  []string{"the Purchased Assets", "the Shares"},
		Recitals: []string{"{A} wishes to sell to {B}, and {B} wishes to purchase from {A}, {Product} on the terms of this Agreement"},
		Defs: []def{
			{"Purchase Price", "means {Fee}, subject to adjustment as provided in this Agreement."},
			{"Closing Date", "means the date on which the Closing occurs."},
			{"Assumed Liabilities", "means only those liabilities of {A} expressly listed in Schedule 2."},
		},
		Sections: []sec{
			{Head: "Purchase and Sale", Subs: []sub{
				{"Purchase and Sale", "At the Closing, {A} shall sell, assign and deliver to {B}, and {B} shall purchase from {A}, {Product}, free and clear of all liens."},
				{"Purchase Price", "{B} shall pay the Purchase Price at the Closing by wire transfer of immediately available funds, less an escrow amount of ten percent (10%) to be held for {TermYears} to secure {A}'s indemnification obligations."},
				{"Closing", "The Closing shall take place at the offices of counsel to {B} on the Closing Date, or remotely by exchange of documents and signatures."},
			}},
			{Head: "Representations and Warranties of Seller", Subs: []sub{
				{"Title", "{A} has good and marketable title to {Product}, free and clear of all liens other than permitted liens."},
				{"No Litigation", "There is no action pending or, to {A}'s knowledge, threatened against {A} that relates to {Product} or that would prevent the Closing."},
			}},
			{Head: "Indemnification", Subs: []sub{
				{"", "From and after the Closing, {A} shall indemnify {B} against all losses arising from any breach of {A}'s representations and warranties, subject to a deductible of one percent (1%) of the Purchase Price and a cap of {Cap}."},
			}},
		},
		Omit: []string{"term", "liability", "indemnification", "independent-contractors", "force-majeure"},
	},
	{
		Slug: "indemnification-agreement", Name: "Indemnification Agreement", Weight: 3, Exhibit: "10", Person: true,
		Titles:   []string{"INDEMNIFICATION AGREEMENT", "DIRECTOR AND OFFICER INDEMNIFICATION AGREEMENT"},
		Roles:    [2]string{"Company", "Indemnitee"},
		Subject:  []string{"the Indemnifiable Expenses"},
		Recitals: []string{"{B} serves as a director or officer of {A} and may be subjected to claims by reason of that service", "{A} wishes to provide {B} with contractual rights to indemnification and advancement of expenses to the fullest extent permitted by law"},
		Defs: []def{
			{"Proceeding", "means any threatened, pending or completed action, suit, arbitration or investigation in which {B} is involved by reason of his or her service to {A}."},
			{"Expenses", "means all attorneys' fees, retainers, court costs, expert fees and other disbursements reasonably incurred in connection with a Proceeding."},
			{"Change in Control", "shall have the meaning given to it in {A}'s equity incentive plan."},
		},
		Sections: []sec{
			{Head: "Indemnification", Subs: []sub{
				{"Third-Party Proceedings", "{A} shall indemnify {B} against all Expenses, judgments, fines and settlement amounts actually and reasonably incurred in any Proceeding, if {B} acted in good faith and in a manner {B} reasonably believed to be in the best interests of {A}."},
				{"Advancement of Expenses", "{A} shall advance all Expenses incurred by {B} within {Days} after receipt of a statement requesting the advance, upon {B}'s undertaking to repay them if it is finally determined that {B} is not entitled to indemnification."},
				{"Exclusions", "{A} shall not indemnify {B} for any claim for disgorgement of profits under Section 16(b) of the Securities Exchange Act of 1934."},
			}},
			{Head: "Insurance", Subs: []sub{
				{"", "For so long as {B} serves {A} and for six (6) years thereafter, {A} shall maintain directors' and officers' liability insurance covering {B} on terms no less favorable than those provided to any other director or officer."},
			}},
		},
		Omit: []string{"term", "confidentiality", "indemnification", "liability", "warranties", "independent-contractors", "force-majeure", "publicity"},
	},
	{
		Slug: "underwriting-agreement", Name: "Underwriting Agreement", Weight: 3, Exhibit: "1",
		Titles:   []string{"UNDERWRITING AGREEMENT", "PURCHASE AGREEMENT (UNDERWRITING)"},
		Roles:    [2]string{"Company", "Representative"},
		Subject:  []string{"the Shares", "the Notes"},
		Recitals: []string{"{A} proposes to issue and sell to the several underwriters named in Schedule A (the {q}Underwriters{/q}), for whom {B} is acting as representative, {Units} shares of its common stock (the {q}Firm Shares{/q})"},
		Defs: []def{
			{"Registration Statement", "means the registration statement on Form S-1 relating to {Product}, as amended at the time it became effective."},
			{"Prospectus", "means the final prospectus relating to {Product} filed pursuant to Rule 424(b) under the Securities Act."},
			{"Closing Time", "means 10:00 a.m. New York City time on the third business day after the date of this Agreement."},
		},
		Sections: []sec{
			{Head: "Sale and Purchase", Subs: []sub{
				{"Firm Shares", "On the basis of the representations and warranties herein, {A} agrees to sell to each Underwriter, and each Underwriter agrees, severally and not jointly, to purchase from {A}, the number of Firm Shares set forth opposite its name in Schedule A at a price of {PerShare} per share."},
				{"Option Shares", "{A} grants the Underwriters an option to purchase up to an additional fifteen percent (15%) of the Firm Shares solely to cover over-allotments, exercisable within thirty (30) days after the date of the Prospectus."},
				{"Payment and Delivery", "Payment for {Product} shall be made at the Closing Time by wire transfer against delivery of {Product} through the facilities of The Depository Trust Company."},
			}},
			{Head: "Covenants of the Company", Subs: []sub{
				{"", "{A} shall file the Prospectus within the time required by Rule 424(b), notify {B} promptly of any stop order, and not offer or sell any shares of common stock for {Days} after the date of the Prospectus without the prior written consent of {B}."},
			}},
			{Head: "Indemnification and Contribution", Subs: []sub{
				{"Indemnification of Underwriters", "{A} shall indemnify each Underwriter against any losses arising out of any untrue statement of a material fact contained in the Registration Statement or the Prospectus, or any omission to state a material fact required to make the statements therein not misleading."},
				{"Contribution", "If indemnification is unavailable, {A} and the Underwriters shall contribute to the aggregate losses in proportion to the relative benefits received by each from the offering."},
			}},
		},
		Omit: []string{"term", "confidentiality", "indemnification", "liability", "independent-contractors", "force-majeure", "warranties"},
	},
}

// contractTypes lists every type the corpus generates, in a fixed order.
var contractTypes = concat(commercialTypes, allianceTypes, corporateTypes)

func concat[T any](lists ...[]T) []T {
	var out []T
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
