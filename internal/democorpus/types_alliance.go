package democorpus

// Marketing and alliance agreements: brands, promotion and cooperation.
var allianceTypes = []contractType{
	{
		Slug: "co-branding-agreement", Name: "Co-Branding Agreement", Weight: 2, Exhibit: "10",
		Titles:   []string{"CO-BRANDING AGREEMENT", "CO-BRANDING AND MARKETING AGREEMENT"},
		Roles:    [2]string{"Partner", "Company"},
		Subject:  []string{"the Co-Branded Site", "the Co-Branded Card Program"},
		Recitals: []string{"each Party owns well-known brands and operates an online service", "the Parties wish to create {Product} that displays both Parties' marks"},
		Defs: []def{
			{"Co-Branded Pages", "means the web pages of {Product} that display the marks of both Parties."},
			{"Net Revenue", "means revenue received from {Product} less refunds, chargebacks and payment processing fees."},
		},
		Sections: []sec{
			{Head: "Co-Branded Offering", Subs: []sub{
				{"Development", "{B} shall design, host and maintain {Product}, subject to {A}'s approval of the look and feel of the Co-Branded Pages, which shall not be unreasonably withheld."},
				{"Use of Marks", "Each Party grants the other a non-exclusive, royalty-free license to display its marks on the Co-Branded Pages solely in the form approved by the owner of the marks."},
			}},
			{Head: "Revenue Sharing", Subs: []sub{
				{"", "{B} shall pay {A} {Percent} of Net Revenue generated through {Product}, within {PayDays} after the end of each calendar quarter, together with a report of the Net Revenue for that quarter."},
			}},
		},
	},
	{
		Slug: "sponsorship-agreement", Name: "Sponsorship Agreement", Weight: 2, Exhibit: "10",
		Titles:   []string{"SPONSORSHIP AGREEMENT", "EVENT SPONSORSHIP AGREEMENT"},
		Roles:    [2]string{"Sponsor", "Organizer"},
		Subject:  []string{"the Event", "the Tournament", "the Festival"},
		Recitals: []string{"{B} organizes and promotes {Product}", "{A} wishes to sponsor {Product} in exchange for the promotional rights described in this Agreement"},
		Defs: []def{
			{"Sponsorship Rights", "means the rights granted to {A} in Exhibit A, including signage, hospitality and naming rights."},
			{"Competitor", "means any person whose principal business competes with that of {A}."},
		},
		Sections: []sec{
			{Head: "Sponsorship", Subs: []sub{
				{"Grant of Rights", "{B} grants {A} the Sponsorship Rights for {Product} during the term."},
				{"Exclusivity", "{B} shall not grant any sponsorship or promotional rights in {Product} to a Competitor."},
				{"Signage", "{B} shall display {A}'s name and logo on signage, tickets and printed programs in the sizes and locations set out in Exhibit A."},
			}},
			{Head: "Sponsorship Fee", Subs: []sub{
				{"", "{A} shall pay {B} a sponsorship fee of {Fee}, one half upon signing and one half {Days} before the opening of {Product}."},
			}},
		},
	},
	{
		Slug: "endorsement-agreement", Name: "Endorsement Agreement", Weight: 2, Exhibit: "10", Person: true,
		Titles:   []string{"ENDORSEMENT AGREEMENT", "ENDORSEMENT AND LICENSING AGREEMENT"},
		Roles:    [2]string{"Company", "Endorser"},
		Subject:  []string{"the Endorsed Products"},
		Recitals: []string{"{B} is a well-known professional athlete whose name and likeness have commercial value", "{A} wishes to use {B}'s name, likeness and endorsement in connection with {Product}"},
		Defs: []def{
			{"Endorser Identification", "means {B}'s name, nickname, signature, voice, likeness and biographical information."},
		},
		Sections: []sec{
			{Head: "Endorsement", Subs: []sub{
				{"Grant", "{B} grants {A} the exclusive right to use the Endorser Identification in advertising and promotion of {Product} throughout the Territory during the term."},
				{"Personal Appearances", "{B} shall make up to {Hours} personal appearances per contract year at times and places mutually agreed."},
				{"Approval", "{A} shall submit all materials using the Endorser Identification to {B} for approval, which shall be deemed given if not refused within ten (10) business days."},
			}},
			{Head: "Compensation", Subs: []sub{
				{"", "{A} shall pay {B} an annual fee of {Fee}, payable in equal quarterly installments, and a royalty of {Percent} of net sales of {Product} bearing the Endorser Identification."},
			}},
		},
		Omit: []string{"indemnification"},
	},
	{
		Slug: "marketing-agreement", Name: "Marketing Agreement", Weight: 3, Exhibit: "10",
		Titles:   []string{"MARKETING AGREEMENT", "MARKETING SERVICES AGREEMENT", "JOINT MARKETING AGREEMENT"},
		Roles:    [2]string{"Company", "Marketer"},
		Subject:  []string{"the Products", "the Programs"},
		Recitals: []string{"{A} offers {Product} to consumers", "{B} has an established marketing network and wishes to market {Product} to its customers"},
		Defs: []def{
			{"Marketing Materials", "means all advertisements, brochures and digital content used to market {Product}."},
			{"Qualified Lead", "means a prospective customer referred by {B} who meets the criteria in Exhibit A."},
		},
		Sections: []sec{
			{Head: "Marketing Obligations", Subs: []sub{
				{"Marketing Plan", "{B} shall market {Product} in accordance with an annual marketing plan approved by {A}."},
				{"Marketing Materials", "{B} shall use only Marketing Materials approved in writing by {A}, and shall not make any representation about {Product} not contained in them."},
			}},
			{Head: "Fees", Subs: []sub{
				{"", "{A} shall pay {B} a fee of {Rate} for each Qualified Lead, and {Percent} of the first-year revenue from each customer who purchases {Product} as a result of a Qualified Lead."},
			}},
		},
	},
	{
		Slug: "promotion-agreement", Name: "Promotion Agreement", Weight: 2, Exhibit: "10",
		Titles:   []string{"PROMOTION AGREEMENT", "CO-PROMOTION AGREEMENT"},
		Roles:    [2]string{"Company", "Promoter"},
		Subject:  []string{"the Product", "the Promoted Product"},
		Recitals: []string{"{A} holds the regulatory approvals required to market {Product} in the Territory", "{A} wishes to engage {B} to promote {Product} to physicians and other customers in the Territory"},
		Defs: []def{
			{"Detail", "means a face-to-face presentation of {Product} to a prescriber by a sales representative of {B}."},
			{"Promotional Materials", "means the materials approved by {A} for use in promoting {Product}."},
		},
		Sections: []sec{
			{Head: "Promotion", Subs: []sub{
				{"Promotional Effort", "{B} shall perform at least {Units} Details per calendar quarter, using only Promotional Materials."},
				{"Compliance", "{B} shall promote {Product} in compliance with all applicable laws and industry codes on interactions with healthcare professionals."},
			}},
			{Head: "Promotion Fee", Subs: []sub{
				{"", "{A} shall pay {B} a promotion fee equal to {Percent} of net sales of {Product} in the Territory above the baseline set forth in Exhibit A."},
			}},
		},
	},
	{
		Slug: "affiliate-agreement", Name: "Affiliate Agreement", Weight: 2, Exhibit: "10",
		Titles:   []string{"AFFILIATE AGREEMENT", "MARKETING AFFILIATE AGREEMENT"},
		Roles:    [2]string{"Company", "Affiliate"},
		Subject:  []string{"the Company Services"},
		Recitals: []string{"{A} offers {Product} through its website", "{B} operates websites and wishes to refer visitors to {A} in exchange for commissions"},
		Defs: []def{
			{"Referred Customer", "means a person who reaches {A}'s website through a tracking link provided by {A} to {B} and purchases {Product}."},
			{"Tracking Link", "means the unique link that identifies {B} as the source of a visitor."},
		},
		Sections: []sec{
			{Head: "Affiliate Program", Subs: []sub{
				{"Enrollment", "{A} accepts {B} into its affiliate program and shall provide {B} with Tracking Links."},
				{"Placement of Links", "{B} shall place Tracking Links on its websites in accordance with {A}'s program policies and shall not use spam, pop-ups or misleading advertising."},
			}},
			{Head: "Commissions", Subs: []sub{
				{"", "{A} shall pay {B} a commission of {Percent} of the net amount received from each Referred Customer during the first twelve (12) months after referral, payable monthly."},
			}},
		},
	},
	{
		Slug: "franchise-agreement", Name: "Franchise Agreement", Weight: 3, Exhibit: "10",
		Titles:   []string{"FRANCHISE AGREEMENT", "UNIT FRANCHISE AGREEMENT", "AREA DEVELOPMENT AND FRANCHISE AGREEMENT"},
		Roles:    [2]string{"Franchisor", "Franchisee"},
		Subject:  []string{"the Franchised Business", "the Restaurant"},
		Recitals: []string{"{A} has developed a distinctive system for operating {Product} under its trade names and marks (the {q}System{/q})", "{B} wishes to operate {Product} under the System at the location set forth in Exhibit A"},
		Defs: []def{
			{"Gross Sales", "means all revenue from the operation of {Product}, excluding sales taxes and customer refunds."},
			{"Operations Manual", "means {A}'s confidential manual describing the standards and procedures of the System, as amended from time to time."},
			{"Approved Location", "means the premises identified in Exhibit A."},
		},
		Sections: []sec{
			{Head: "Grant of Franchise", Subs: []sub{
				{"Grant", "{A} grants {B} the right to operate {Product} at the Approved Location under the System and the Marks during the term."},
				{"Protected Area", "During the term, {A} shall not open or license another franchise using the System within a radius of {Miles} miles of the Approved Location."},
			}},
			{Head: "Fees", Subs: []sub{
				{"Initial Franchise Fee", "{B} shall pay {A} an initial franchise fee of {Retainer}, which is fully earned upon signing and not refundable."},
				{"Royalty", "{B} shall pay {A} a weekly royalty equal to {Percent} of Gross Sales for the preceding week."},
				{"Advertising Fund", "{B} shall contribute two percent (2%) of Gross Sales to the system-wide advertising fund administered by {A}."},
			}},
			{Head: "Training and Operations", Subs: []sub{
				{"Training", "{B} and its general manager shall complete {A}'s initial training program to {A}'s satisfaction before {Product} opens."},
				{"Standards", "{B} shall operate {Product} in strict compliance with the Operations Manual."},
			}},
		},
	},
	{
		Slug: "collaboration-agreement", Name: "Collaboration Agreement", Weight: 4, Exhibit: "10",
		Titles:   []string{"COLLABORATION AGREEMENT", "RESEARCH AND COLLABORATION AGREEMENT", "COLLABORATION AND LICENSE AGREEMENT"},
		Roles:    [2]string{"Collaborator", "Company"},
		Subject:  []string{"the Collaboration Compounds", "the Research Program"},
		Recitals: []string{"{B} has expertise in the discovery of therapeutic candidates in {Field}", "{A} and {B} wish to collaborate on the research and development of {Product}"},
		Defs: []def{
			{"Joint Steering Committee", "means the committee formed under this Agreement to oversee the Research Program."},
			{"Research Plan", "means the written plan of research activities for the Research Program, as updated by the Joint Steering Committee."},
			{"Development Milestone", "means each event listed in Exhibit B upon which a milestone payment becomes due."},
		},
		Sections: []sec{
			{Head: "Research Program", Subs: []sub{
				{"Conduct of Research", "Each Party shall use commercially reasonable efforts to carry out the activities assigned to it under the Research Plan."},
				{"Joint Steering Committee", "Within {Days} after the Effective Date, the Parties shall form a Joint Steering Committee of three (3) representatives of each Party, which shall meet at least quarterly. Decisions shall be made unanimously, with each Party having one vote."},
			}},
			{Head: "Financial Terms", Subs: []sub{
				{"Upfront Payment", "{A} shall pay {B} a one-time, non-refundable upfront payment of {Fee} within {PayDays} after the Effective Date."},
				{"Milestone Payments", "{A} shall pay {B} the amounts set forth in Exhibit B upon first achievement of each Development Milestone."},
				{"Royalties", "{A} shall pay {B} tiered royalties ranging from {Percent} to twice that rate on annual net sales of products arising from {Product}."},
			}},
		},
	},
	{
		Slug: "strategic-alliance-agreement", Name: "Strategic Alliance Agreement", Weight: 3, Exhibit: "10",
		Titles:   []string{"STRATEGIC ALLIANCE AGREEMENT", "STRATEGIC PARTNERSHIP AGREEMENT"},
		Roles:    [2]string{"Partner", "Company"},
		Subject:  []string{"the Alliance Offerings", "the Joint Solutions"},
		Recitals: []string{"the Parties offer complementary products and services in {Field}", "the Parties wish to form a strategic alliance to develop and market {Product}"},
		Defs: []def{
			{"Alliance Managers", "means the individuals appointed by each Party to manage the alliance."},
			{"Joint Customer", "means a customer to whom the Parties jointly sell {Product}."},
		},
		Sections: []sec{
			{Head: "The Alliance", Subs: []sub{
				{"Purpose", "The Parties shall cooperate to develop, market and support {Product} in accordance with a business plan agreed annually by the Alliance Managers."},
				{"Non-Exclusivity", "Nothing in this Agreement restricts either Party from entering into similar arrangements with third parties."},
				{"Governance", "The Alliance Managers shall meet at least monthly to review progress, resolve issues and approve joint marketing activities."},
			}},
			{Head: "Revenue Allocation", Subs: []sub{
				{"", "Revenue from sales of {Product} to Joint Customers shall be allocated between the Parties as set forth in Exhibit A, and each Party shall bear its own costs unless otherwise agreed."},
			}},
		},
	},
	{
		Slug: "joint-venture-agreement", Name: "Joint Venture Agreement", Weight: 3, Exhibit: "10",
		Titles:   []string{"JOINT VENTURE AGREEMENT", "JOINT VENTURE AND SHAREHOLDERS AGREEMENT"},
		Roles:    [2]string{"First Venturer", "Second Venturer"},
		Subject:  []string{"the Joint Venture Company", "the Venture"},
		Recitals: []string{"the Parties wish to establish {Product} to carry on the business of {Field} in the Territory", "the Parties have agreed to contribute capital and resources to {Product} in the proportions set out in this Agreement"},
		Defs: []def{
			{"Business", "means the business of {Field} carried on by the Joint Venture Company in the Territory."},
			{"Board", "means the board of directors of the Joint Venture Company."},
			{"Deadlock", "means a failure of the Board to pass a resolution on a Reserved Matter at two consecutive meetings."},
		},
		Sections: []sec{
			{Head: "Formation and Capital", Subs: []sub{
				{"Formation", "Within {Days} after the Effective Date, the Parties shall cause {Product} to be incorporated with the articles attached as Exhibit A."},
				{"Capital Contributions", "{A} shall contribute {Fee} in cash and {B} shall contribute the assets listed in Exhibit B, in exchange for which {A} shall hold sixty percent (60%) and {B} forty percent (40%) of the shares."},
			}},
			{Head: "Management", Subs: []sub{
				{"Board of Directors", "The Board shall consist of five (5) directors, three (3) appointed by {A} and two (2) by {B}."},
				{"Reserved Matters", "The matters listed in Exhibit C require the approval of at least one director appointed by each Party."},
				{"Deadlock", "If a Deadlock occurs, either Party may refer the matter to the chief executive officers of the Parties, who shall meet within {Days} to resolve it."},
			}},
			{Head: "Transfer of Shares", Subs: []sub{
				{"", "Neither Party shall transfer its shares in {Product} without first offering them to the other Party on the same terms, in accordance with the right of first refusal set out in Exhibit D."},
			}},
		},
	},
	{
		Slug: "ip-agreement", Name: "IP Agreement", Weight: 2, Exhibit: "10",
		Titles:   []string{"INTELLECTUAL PROPERTY AGREEMENT", "INTELLECTUAL PROPERTY ASSIGNMENT AGREEMENT", "PATENT ASSIGNMENT AGREEMENT"},
		Roles:    [2]string{"Assignor", "Assignee"},
		Subject:  []string{"the Assigned Patents", "the Assigned Intellectual Property"},
		Recitals: []string{"{A} is the owner of {Product}", "{A} wishes to assign, and {B} wishes to acquire, all of {A}'s right, title and interest in {Product}"},
		Defs: []def{
			{"Patent Rights", "means the patents and patent applications listed in Schedule 1, together with all continuations, divisionals, reissues and foreign counterparts."},
			{"Know-How", "means unpatented technical information relating to {Product}."},
		},
		Sections: []sec{
			{Head: "Assignment", Subs: []sub{
				{"Assignment", "{A} hereby irrevocably assigns to {B} all right, title and interest in and to {Product}, including all rights to sue for past, present and future infringement."},
				{"Further Actions", "{A} shall execute all documents and take all actions reasonably requested by {B} to record and perfect the assignment in any patent office."},
			}},
			{Head: "Consideration", Subs: []sub{
				{"", "In consideration of the assignment, {B} shall pay {A} {Fee} within {PayDays} after the Effective Date."},
			}},
			{Head: "License Back", Subs: []sub{
				{"", "{B} grants {A} a non-exclusive, royalty-free, worldwide license under {Product} to continue the use of {Product} in {A}'s existing products. || No license back is granted to {A} under this Agreement."},
			}},
		},
	},
	{
		Slug: "non-compete-agreement", Name: "Non-Compete Agreement", Weight: 2, Exhibit: "10", Person: true,
		Titles:   []string{"NON-COMPETITION AGREEMENT", "NON-COMPETITION AND NON-SOLICITATION AGREEMENT"},
		Roles:    [2]string{"Company", "Covenantor"},
		Subject:  []string{"the Business"},
		Recitals: []string{"{B} has acquired extensive knowledge of {A}'s business, customers and trade secrets", "as a condition of the transaction with {A}, {B} has agreed to the restrictive covenants in this Agreement"},
		Defs: []def{
			{"Restricted Period", "means the period beginning on the Effective Date and ending {TermYears} after it."},
			{"Competing Business", "means any business that engages in {Field} in the Territory."},
		},
		Sections: []sec{
			{Head: "Restrictive Covenants", Subs: []sub{
				{"Non-Competition", "During the Restricted Period, {B} shall not, directly or indirectly, own, manage, operate, be employed by or provide services to any Competing Business."},
				{"Non-Solicitation", "During the Restricted Period, {B} shall not solicit any employee or customer of {A} to leave {A} or to reduce its business with {A}."},
				{"Reasonableness", "{B} acknowledges that the restrictions in this Article are reasonable in scope and duration and are necessary to protect {A}'s legitimate interests."},
			}},
			{Head: "Consideration", Subs: []sub{
				{"", "In consideration of the covenants in this Agreement, {A} shall pay {B} {Fee} in {Hours} equal monthly installments."},
			}},
		},
		Omit: []string{"indemnification", "liability", "warranties"},
	},
}
