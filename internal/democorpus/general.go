package democorpus

// The general clauses every agreement draws from. Each article comes in
// variants with different wording, and each miscellaneous clause in
// alternatives, so two agreements of one type share some paragraphs and
// differ in others, as agreements drafted by different firms do.

// generalArticle is an article of general terms; Key lets a type omit it.
type generalArticle struct {
	Key      string
	Variants []sec
}

var generalArticles = []generalArticle{
	{Key: "term", Variants: []sec{
		{Head: "Term and Termination", Subs: []sub{
			{"Term", "This Agreement shall commence on the Effective Date and shall continue in force for an initial term of {TermYears} (the {q}Initial Term{/q}). Thereafter this Agreement shall renew automatically for successive periods of {RenewYears} each (each, a {q}Renewal Term{/q}) unless either Party gives the other written notice of non-renewal at least {NoticeDays} before the end of the then-current term."},
			{"Termination for Cause", "Either Party may terminate this Agreement upon written notice if the other Party materially breaches this Agreement and fails to cure such breach within {CureDays} after receiving written notice describing the breach in reasonable detail."},
			{"Termination for Insolvency", "Either Party may terminate this Agreement immediately upon written notice if the other Party becomes insolvent, makes a general assignment for the benefit of creditors, has a receiver appointed for all or substantially all of its assets, or becomes the subject of any proceeding under any bankruptcy or insolvency law that is not dismissed within sixty (60) days."},
			{"Effect of Termination", "Upon expiration or termination of this Agreement, all amounts owed by one Party to the other shall become immediately due and payable, and each Party shall return or destroy the Confidential Information of the other Party in its possession."},
			{"Survival", "Any provision of this Agreement that by its nature is intended to survive expiration or termination, including the provisions concerning confidentiality, indemnification, limitation of liability and governing law, shall survive any expiration or termination of this Agreement."},
		}},
		{Head: "Duration and Termination", Subs: []sub{
			{"Duration", "The term of this Agreement begins on the Effective Date and ends {TermYears} thereafter, unless extended by the written agreement of the Parties or terminated earlier in accordance with this Article."},
			{"Termination on Breach", "If a Party commits a material breach of any of its obligations under this Agreement and, where the breach is capable of remedy, does not remedy it within {CureDays} of being notified of the breach, the other Party may terminate this Agreement with immediate effect by written notice."},
			{"Termination for Convenience", "Either Party may terminate this Agreement for any reason or no reason upon {NoticeDays} prior written notice to the other Party."},
			{"Consequences of Termination", "Termination of this Agreement shall not affect any rights or liabilities that accrued before the date of termination. Within {PayDays} after termination, {B} shall pay {A} all undisputed amounts then outstanding."},
		}},
		{Head: "Term; Termination", Subs: []sub{
			{"", "This Agreement is effective as of the Effective Date and remains in effect until the {TermOrdinal} anniversary of the Effective Date, unless terminated earlier as provided below."},
			{"Termination", "Either Party may terminate this Agreement (a) upon {NoticeDays} written notice if the other Party breaches any material term and does not cure the breach within that period, or (b) immediately if the other Party ceases to conduct business in the ordinary course."},
			{"Effect", "Expiration or termination of this Agreement shall not relieve either Party of any obligation accrued before the effective date of termination."},
		}},
	}},
	{Key: "confidentiality", Variants: []sec{
		{Head: "Confidentiality", Subs: []sub{
			{"Obligations", "Each Party (the {q}Receiving Party{/q}) shall hold in confidence all Confidential Information of the other Party (the {q}Disclosing Party{/q}), shall use such Confidential Information only to perform its obligations or exercise its rights under this Agreement, and shall not disclose it to any third party other than its employees, advisors and contractors who need to know it and are bound by obligations of confidentiality no less protective than those set forth herein."},
			{"Exceptions", "The obligations in this Section do not apply to information that (a) is or becomes publicly available through no fault of the Receiving Party, (b) was known to the Receiving Party before disclosure, (c) is independently developed by the Receiving Party without use of the Confidential Information, or (d) is rightfully received from a third party without restriction."},
			{"Compelled Disclosure", "If the Receiving Party is required by law, regulation or court order to disclose any Confidential Information, it shall give the Disclosing Party prompt notice, to the extent legally permitted, and shall disclose only the portion that it is legally required to disclose."},
		}},
		{Head: "Confidential Information", Subs: []sub{
			{"Non-Disclosure", "During the term of this Agreement and for {TermYears} thereafter, neither Party shall disclose to any person any Confidential Information of the other Party, except as expressly permitted by this Agreement."},
			{"Return of Materials", "Upon the written request of the Disclosing Party, the Receiving Party shall promptly return or destroy all documents and other tangible materials containing Confidential Information of the Disclosing Party and shall certify such destruction in writing."},
			{"Equitable Relief", "Each Party acknowledges that unauthorized disclosure of Confidential Information may cause irreparable harm for which monetary damages would be an inadequate remedy, and that the Disclosing Party shall be entitled to seek injunctive relief without the necessity of posting a bond."},
		}},
	}},
	{Key: "warranties", Variants: []sec{
		{Head: "Representations and Warranties", Subs: []sub{
			{"Mutual Representations", "Each Party represents and warrants to the other Party that (a) it is duly organized, validly existing and in good standing under the laws of its jurisdiction of organization, (b) it has full power and authority to enter into and perform this Agreement, and (c) the execution and performance of this Agreement do not conflict with any other agreement to which it is a party."},
			{"Disclaimer", "EXCEPT AS EXPRESSLY SET FORTH IN THIS AGREEMENT, NEITHER PARTY MAKES ANY WARRANTY OF ANY KIND, WHETHER EXPRESS, IMPLIED OR STATUTORY, AND EACH PARTY SPECIFICALLY DISCLAIMS ALL IMPLIED WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NON-INFRINGEMENT."},
		}},
		{Head: "Warranties", Subs: []sub{
			{"Authority", "Each Party warrants that it has the corporate power to execute, deliver and perform this Agreement and that this Agreement constitutes its legal, valid and binding obligation, enforceable against it in accordance with its terms."},
			{"Compliance with Laws", "Each Party shall comply with all laws, rules and regulations applicable to its performance under this Agreement, including all applicable anti-corruption and export control laws."},
			{"No Other Warranties", "THE WARRANTIES IN THIS ARTICLE ARE EXCLUSIVE AND ARE IN LIEU OF ALL OTHER WARRANTIES, EXPRESS OR IMPLIED."},
		}},
	}},
	{Key: "indemnification", Variants: []sec{
		{Head: "Indemnification", Subs: []sub{
			{"Indemnification by {A}", "{A} shall defend, indemnify and hold harmless {B} and its officers, directors, employees and agents from and against any and all losses, damages, liabilities, costs and expenses, including reasonable attorneys' fees, arising out of any third-party claim to the extent resulting from {A}'s breach of this Agreement or its negligence or willful misconduct."},
			{"Indemnification by {B}", "{B} shall defend, indemnify and hold harmless {A} and its Affiliates from and against any and all losses arising out of any third-party claim to the extent resulting from {B}'s breach of this Agreement or its negligence or willful misconduct."},
			{"Procedure", "The indemnified Party shall give the indemnifying Party prompt written notice of any claim, permit the indemnifying Party to control the defense and settlement of the claim, and provide reasonable cooperation at the indemnifying Party's expense; provided that no settlement imposing any obligation on the indemnified Party shall be made without its prior written consent."},
		}},
		{Head: "Indemnities", Subs: []sub{
			{"", "Each Party (the {q}Indemnifying Party{/q}) shall indemnify the other Party against all claims, demands, actions, costs, expenses, losses and damages arising from or incurred by reason of any breach by the Indemnifying Party of its representations, warranties or obligations under this Agreement. The indemnified Party shall notify the Indemnifying Party of any such claim within {Days} of becoming aware of it."},
		}},
	}},
	{Key: "liability", Variants: []sec{
		{Head: "Limitation of Liability", Subs: []sub{
			{"Exclusion of Damages", "IN NO EVENT SHALL EITHER PARTY BE LIABLE TO THE OTHER FOR ANY INDIRECT, INCIDENTAL, CONSEQUENTIAL, SPECIAL, EXEMPLARY OR PUNITIVE DAMAGES, INCLUDING LOST PROFITS, ARISING OUT OF THIS AGREEMENT, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGES."},
			{"Cap on Liability", "EXCEPT FOR BREACHES OF CONFIDENTIALITY AND A PARTY'S INDEMNIFICATION OBLIGATIONS, EACH PARTY'S AGGREGATE LIABILITY UNDER THIS AGREEMENT SHALL NOT EXCEED {Cap}."},
		}},
		{Head: "Limitation of Liability", Subs: []sub{
			{"", "NEITHER PARTY SHALL BE LIABLE FOR LOSS OF PROFITS, REVENUE, DATA OR GOODWILL, OR FOR ANY INDIRECT OR CONSEQUENTIAL LOSS, HOWEVER ARISING. THE TOTAL LIABILITY OF EITHER PARTY IN CONNECTION WITH THIS AGREEMENT SHALL BE LIMITED TO {Cap}."},
		}},
	}},
}

// miscClause is one general provision; P is the probability that a
// document includes it.
type miscClause struct {
	Key  string
	P    float64
	Alts []sub
}

var miscClauses = []miscClause{
	{"force-majeure", 0.8, []sub{
		{"Force Majeure", "Neither Party shall be liable for any failure or delay in performance caused by events beyond its reasonable control, including acts of God, fire, flood, epidemic, war, terrorism, labor disputes, governmental action or failure of public utilities, provided that the affected Party gives prompt notice and uses commercially reasonable efforts to resume performance."},
		{"Force Majeure", "If a Party is prevented from performing any obligation by a Force Majeure Event, that obligation is suspended for as long as the Force Majeure Event continues. If the Force Majeure Event continues for more than {Days}, the other Party may terminate this Agreement by written notice."},
	}},
	{"assignment", 1, []sub{
		{"Assignment", "Neither Party may assign or transfer this Agreement, in whole or in part, without the prior written consent of the other Party, which shall not be unreasonably withheld; provided that either Party may assign this Agreement without consent to a successor in connection with a merger, acquisition or sale of all or substantially all of its assets. Any attempted assignment in violation of this Section is void."},
		{"Assignment", "This Agreement shall be binding upon and inure to the benefit of the Parties and their respective successors and permitted assigns. {B} shall not assign any of its rights or delegate any of its obligations under this Agreement without the prior written consent of {A}."},
	}},
	{"notices", 1, nil},       // built from the parties' addresses
	{"governing-law", 1, nil}, // built from the jurisdiction
	{"disputes", 0.7, nil},    // built from the jurisdiction
	{"entire-agreement", 1, []sub{
		{"Entire Agreement", "This Agreement, together with its exhibits and schedules, constitutes the entire agreement between the Parties with respect to its subject matter and supersedes all prior and contemporaneous agreements, proposals and understandings, whether written or oral."},
		{"Entire Agreement", "This Agreement sets out the entire agreement and understanding of the Parties in respect of its subject matter. Each Party acknowledges that it has not relied on any statement, representation or warranty not expressly set out in this Agreement."},
	}},
	{"amendment", 0.9, []sub{
		{"Amendment", "This Agreement may be amended or modified only by a written instrument signed by authorized representatives of both Parties."},
		{"Amendments and Waivers", "No amendment of any provision of this Agreement shall be valid unless in writing and signed by each Party, and no waiver of any provision shall be valid unless in writing and signed by the Party against which the waiver is to be enforced."},
	}},
	{"waiver", 0.7, []sub{
		{"Waiver", "The failure of either Party to enforce any provision of this Agreement shall not constitute a waiver of that provision or of the right to enforce it at a later time."},
		{"No Waiver", "No failure or delay by a Party in exercising any right under this Agreement shall operate as a waiver of that right, nor shall any single or partial exercise of a right preclude any further exercise of that right."},
	}},
	{"severability", 1, []sub{
		{"Severability", "If any provision of this Agreement is held invalid or unenforceable by a court of competent jurisdiction, the remaining provisions shall remain in full force and effect, and the invalid provision shall be replaced by a valid provision that most closely approximates the intent of the Parties."},
		{"Severability", "Should any part of this Agreement be found to be illegal or unenforceable, that part shall be severed and the remainder of this Agreement shall continue in full force and effect."},
	}},
	{"independent-contractors", 0.6, []sub{
		{"Independent Contractors", "The relationship of the Parties is that of independent contractors. Nothing in this Agreement creates a partnership, joint venture, agency or employment relationship between the Parties, and neither Party has authority to bind the other."},
		{"Relationship of the Parties", "Each Party is an independent contractor, and neither Party shall hold itself out as the agent or legal representative of the other Party for any purpose."},
	}},
	{"counterparts", 0.9, []sub{
		{"Counterparts", "This Agreement may be executed in counterparts, each of which shall be deemed an original and all of which together shall constitute one and the same instrument. Signatures delivered by facsimile or electronic transmission shall be deemed original signatures."},
		{"Counterparts; Electronic Signatures", "This Agreement may be signed in any number of counterparts and by electronic signature, each of which is an original and which together constitute one agreement."},
	}},
	{"headings", 0.5, []sub{
		{"Headings", "The headings in this Agreement are for convenience of reference only and shall not affect its interpretation."},
		{"Interpretation", "In this Agreement, the words {q}including{/q} and {q}includes{/q} mean including without limitation, and the headings are inserted for convenience only and do not affect the construction of this Agreement."},
	}},
	{"third-parties", 0.4, []sub{
		{"No Third-Party Beneficiaries", "This Agreement is for the sole benefit of the Parties and their permitted assigns, and nothing herein shall confer upon any other person any legal or equitable right, benefit or remedy."},
	}},
	{"publicity", 0.4, []sub{
		{"Publicity", "Neither Party shall issue any press release or public announcement concerning this Agreement without the prior written approval of the other Party, except as required by applicable law or the rules of any securities exchange on which its securities are listed."},
	}},
	{"expenses", 0.3, []sub{
		{"Expenses", "Except as otherwise provided in this Agreement, each Party shall bear its own costs and expenses incurred in connection with the negotiation, preparation and performance of this Agreement."},
	}},
	{"further-assurances", 0.3, []sub{
		{"Further Assurances", "Each Party shall execute and deliver such further documents and take such further actions as the other Party may reasonably request to carry out the intent of this Agreement."},
	}},
}

// The titles of the article that holds the miscellaneous clauses.
var miscTitles = []string{"Miscellaneous", "General Provisions", "General"}

// governingLaw returns the governing-law clause for j, in one of several
// phrasings.
func governingLaw(r *rng, j *jurisdiction) sub {
	law := j.Law
	if r.chance(0.2) {
		law = j.Alt
	}
	texts := []string{
		"This Agreement shall be governed by and construed in accordance with " + law + ", without giving effect to any choice or conflict of law provision or rule that would cause the application of the laws of any other jurisdiction.",
		"This Agreement and any dispute or claim arising out of or in connection with it shall be governed by " + law + ". The United Nations Convention on Contracts for the International Sale of Goods shall not apply to this Agreement.",
		"The validity, interpretation and performance of this Agreement shall be governed by " + law + ", excluding its rules on conflicts of laws.",
		"This Agreement is made under and shall be construed and enforced in accordance with " + law + ".",
	}
	head := pick(r, []string{"Governing Law", "Governing Law", "Applicable Law", "Choice of Law"})
	return sub{head, pick(r, texts)}
}

// disputes returns a forum or arbitration clause consistent with j.
func disputes(r *rng, j *jurisdiction) sub {
	if r.chance(0.5) {
		return sub{pick(r, []string{"Jurisdiction", "Venue", "Submission to Jurisdiction"}),
			"Each Party irrevocably submits to the exclusive jurisdiction of " + j.Courts + " for any action arising out of or relating to this Agreement, and waives any objection that such courts are an inconvenient forum."}
	}
	return sub{pick(r, []string{"Arbitration", "Dispute Resolution"}),
		"Any dispute, controversy or claim arising out of or relating to this Agreement that the Parties cannot resolve by negotiation within {Days} shall be finally settled by arbitration administered under " + j.Rules + " by {Arbitrators}. The seat of the arbitration shall be " + j.Seat + ", the language of the arbitration shall be English, and judgment on the award may be entered in any court having jurisdiction."}
}
