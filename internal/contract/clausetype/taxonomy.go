package clausetype

// Type is one clause type of the taxonomy.
type Type struct {
	// Slug is the keyword stored in `clause_type` and matched by filters:
	// lower case, words joined by hyphens ("governing-law").
	Slug string
	// Name is the display name: CUAD's category name for its 41
	// categories, the usual heading otherwise.
	Name string
	// Headings are the headings (as written, any case) that name the
	// type; Name and Slug name it too and are not repeated here.
	Headings []string
	// CUAD marks the types that are categories of CUAD v1, so the
	// evaluation can compare them with its labels.
	CUAD bool
}

// taxonomy lists CUAD v1's 41 categories first, in the order of its
// master_clauses.csv, then the boilerplate clauses of commercial
// contracts. A heading may name one type only; headings naming two
// ("Governing Law and Jurisdiction") are either listed under the one a
// reader means or left to Classify, which splits them at "and", ",", ";"
// and "/".
var taxonomy = []Type{
	// CUAD v1. The first five are contract metadata rather than clauses;
	// they are here so that every CUAD category has a slug.
	{Slug: "document-name", Name: "Document Name", CUAD: true, Headings: []string{"title of agreement", "name of agreement"}},
	{Slug: "parties", Name: "Parties", CUAD: true, Headings: []string{"the parties", "contracting parties"}},
	{Slug: "agreement-date", Name: "Agreement Date", CUAD: true, Headings: []string{"date of agreement"}},
	{Slug: "effective-date", Name: "Effective Date", CUAD: true, Headings: []string{"effectiveness", "commencement date", "effective time"}},
	{Slug: "expiration-date", Name: "Expiration Date", CUAD: true, Headings: []string{"expiration", "expiry", "expiry date", "termination date"}},
	{Slug: "renewal-term", Name: "Renewal Term", CUAD: true, Headings: []string{"renewal", "renewals", "automatic renewal", "extension of term", "term extension", "option to renew", "renewal of term", "renewal of agreement"}},
	{Slug: "notice-period-to-terminate-renewal", Name: "Notice Period To Terminate Renewal", CUAD: true, Headings: []string{"notice of non-renewal", "non-renewal", "notice of nonrenewal"}},
	{Slug: "governing-law", Name: "Governing Law", CUAD: true, Headings: []string{
		"governing laws", "applicable law", "applicable laws", "choice of law", "choice of laws",
		"governing law and jurisdiction", "governing law and venue", "governing law; jurisdiction",
		"governing law and forum", "law", "proper law", "law applicable", "applicable law and jurisdiction",
		"choice of law and venue", "choice of law and forum", "governing law and dispute resolution",
		"governing law and arbitration", "governing law, jurisdiction and venue", "construction and governing law",
		"governing law and construction", "jurisdiction and governing law", "law and jurisdiction", "controlling law",
	}},
	{Slug: "most-favored-nation", Name: "Most Favored Nation", CUAD: true, Headings: []string{"most favoured nation", "most favored customer", "most favoured customer", "most favored pricing", "most favored nation pricing", "mfn"}},
	{Slug: "competitive-restriction-exception", Name: "Competitive Restriction Exception", CUAD: true, Headings: []string{"exceptions to non-compete", "exceptions to non-competition", "permitted competition", "permitted activities"}},
	{Slug: "non-compete", Name: "Non-Compete", CUAD: true, Headings: []string{
		"non-competition", "noncompete", "non compete", "non-competition covenant", "covenant not to compete",
		"covenants not to compete", "restrictive covenant", "restrictive covenants", "agreement not to compete",
		"competitive activities", "competing products", "competitive products", "no competition", "non-competition agreement",
		"non-compete covenant", "restriction on competition", "restrictions on competition", "competition",
		"non-competition and non-solicitation", "non-compete and non-solicitation", "non-competition; non-solicitation",
	}},
	{Slug: "exclusivity", Name: "Exclusivity", CUAD: true, Headings: []string{"exclusive dealing", "exclusive rights", "exclusive relationship", "exclusive appointment", "exclusive supply", "exclusive purchase"}},
	{Slug: "no-solicit-of-customers", Name: "No-Solicit Of Customers", CUAD: true, Headings: []string{"non-solicitation of customers", "no solicitation of customers", "non-solicitation of clients", "non-solicit of customers"}},
	{Slug: "no-solicit-of-employees", Name: "No-Solicit Of Employees", CUAD: true, Headings: []string{"non-solicitation of employees", "no solicitation of employees", "no hire", "no hiring", "non-hire", "non-solicitation of personnel", "no solicitation or hiring of employees", "hiring of employees", "solicitation of employees", "employee non-solicitation"}},
	{Slug: "non-disparagement", Name: "Non-Disparagement", CUAD: true, Headings: []string{"no disparagement", "disparagement", "mutual non-disparagement"}},
	{Slug: "termination-for-convenience", Name: "Termination For Convenience", CUAD: true, Headings: []string{"termination without cause", "termination at will", "voluntary termination", "termination by notice"}},
	{Slug: "rofr-rofo-rofn", Name: "Rofr/Rofo/Rofn", CUAD: true, Headings: []string{"right of first refusal", "rights of first refusal", "right of first offer", "right of first negotiation", "first refusal", "first negotiation right", "right of first look"}},
	{Slug: "change-of-control", Name: "Change Of Control", CUAD: true, Headings: []string{"change in control", "change of ownership", "change in ownership", "termination upon change of control", "termination for change of control", "effect of change of control", "change of control of a party"}},
	{Slug: "anti-assignment", Name: "Anti-Assignment", CUAD: true, Headings: []string{
		"assignment", "assignments", "non-assignment", "no assignment", "assignability", "assignment and delegation",
		"assignment and transfer", "transfer and assignment", "assignment; delegation", "assignment and successors", "restrictions on assignment", "limitation on assignment",
		"limitations on assignment", "restriction on assignment", "no assignment or delegation", "assignment of agreement",
		"assignment of this agreement", "assignment of rights", "assignment of rights and obligations", "permitted assignment",
		"permitted assignments", "transfer", "transferability", "non-transferability", "assignment by", "subcontracting and assignment",
		"assignment and subcontracting",
	}},
	{Slug: "revenue-profit-sharing", Name: "Revenue/Profit Sharing", CUAD: true, Headings: []string{"revenue sharing", "profit sharing", "revenue share", "profit share", "sharing of revenue", "sharing of profits", "net profit sharing"}},
	// "Price Changes" and "Price Increases" are not here: such sections
	// mostly give a party the right to change its prices (none of the
	// four on CUAD's dev half is labelled); the text rules find the ones
	// that limit it. Nor is "Price Protection": a distributor's credit
	// when the supplier lowers its prices, no limit on them (neither of
	// the two on the dev half is labelled).
	{Slug: "price-restrictions", Name: "Price Restrictions", CUAD: true, Headings: []string{"price restriction", "pricing restrictions"}},
	{Slug: "minimum-commitment", Name: "Minimum Commitment", CUAD: true, Headings: []string{"minimum purchase", "minimum purchases", "minimum purchase requirements", "minimum order", "minimum orders", "minimum purchase commitment", "minimum requirements", "minimum volume", "minimum quantities", "minimum sales", "minimum royalties", "minimum royalty", "purchase commitment", "take or pay"}},
	{Slug: "volume-restriction", Name: "Volume Restriction", CUAD: true, Headings: []string{"volume restrictions", "volume limitations", "maximum quantities"}},
	{Slug: "ip-ownership-assignment", Name: "Ip Ownership Assignment", CUAD: true, Headings: []string{"ownership of intellectual property", "intellectual property ownership", "ownership", "ownership of work product", "work product", "ownership of inventions", "assignment of inventions", "inventions", "work made for hire", "work for hire", "ownership of developments", "ownership of improvements", "ownership of deliverables", "ip ownership", "ownership of ip", "ownership of materials", "ownership and license"}},
	{Slug: "joint-ip-ownership", Name: "Joint Ip Ownership", CUAD: true, Headings: []string{"joint ownership", "jointly owned intellectual property", "joint inventions", "jointly developed intellectual property", "joint intellectual property", "jointly owned inventions", "joint ownership of intellectual property", "joint ownership of inventions"}},
	{Slug: "license-grant", Name: "License Grant", CUAD: true, Headings: []string{"license", "licenses", "licence", "grant of license", "grant of licenses", "grant of rights", "licence grant", "grant of licence", "license grants", "trademark license", "patent license", "grant", "rights granted", "licenses granted", "license to use", "sublicense", "sublicenses", "sublicensing"}},
	{Slug: "non-transferable-license", Name: "Non-Transferable License", CUAD: true, Headings: []string{"non-transferable licence", "nontransferable license"}},
	{Slug: "affiliate-license-licensor", Name: "Affiliate License-Licensor", CUAD: true},
	{Slug: "affiliate-license-licensee", Name: "Affiliate License-Licensee", CUAD: true, Headings: []string{"affiliate license", "license to affiliates", "sublicense to affiliates"}},
	{Slug: "unlimited-all-you-can-eat-license", Name: "Unlimited/All-You-Can-Eat-License", CUAD: true, Headings: []string{"unlimited license", "enterprise license", "unlimited use"}},
	{Slug: "irrevocable-or-perpetual-license", Name: "Irrevocable Or Perpetual License", CUAD: true, Headings: []string{"perpetual license", "irrevocable license", "perpetual licence", "irrevocable licence", "perpetual and irrevocable license"}},
	{Slug: "source-code-escrow", Name: "Source Code Escrow", CUAD: true, Headings: []string{"escrow", "software escrow", "escrow of source code", "source code escrow agreement", "technology escrow"}},
	{Slug: "post-termination-services", Name: "Post-Termination Services", CUAD: true, Headings: []string{"transition services", "transition assistance", "post termination obligations", "termination assistance", "transition period", "wind down", "wind-down period", "sell off period", "sell-off period", "sell off"}},
	{Slug: "audit-rights", Name: "Audit Rights", CUAD: true, Headings: []string{
		"audit", "audits", "audit right", "right to audit", "records and audit", "records and audits", "audit and records",
		"books and records", "inspection", "inspections", "inspection rights", "right of inspection", "audit and inspection",
		"inspection and audit", "records; audit", "maintenance of records", "record keeping", "recordkeeping",
		"books, records and audit", "accounting and audit", "access and audit", "audit of records", "audits and inspections",
		"facility inspection", "inspection of facilities", "records and reports", "records and inspection",
	}},
	{Slug: "uncapped-liability", Name: "Uncapped Liability", CUAD: true, Headings: []string{"unlimited liability", "exclusions from limitation of liability", "exceptions to limitation of liability"}},
	{Slug: "cap-on-liability", Name: "Cap On Liability", CUAD: true, Headings: []string{"liability cap", "cap on damages", "maximum liability", "limitation on damages", "limitation of damages", "limitation of remedies"}},
	{Slug: "liquidated-damages", Name: "Liquidated Damages", CUAD: true, Headings: []string{"liquidated damage", "late delivery penalty", "penalties"}},
	{Slug: "warranty-duration", Name: "Warranty Duration", CUAD: true, Headings: []string{"warranty period", "warranty term", "duration of warranty", "limited warranty period"}},
	{Slug: "insurance", Name: "Insurance", CUAD: true, Headings: []string{"insurance requirements", "insurance coverage", "product liability insurance", "liability insurance", "required insurance", "insurance and indemnification"}},
	{Slug: "covenant-not-to-sue", Name: "Covenant Not To Sue", CUAD: true, Headings: []string{"covenants not to sue", "no challenge", "non-challenge", "no contest", "no challenge to ownership", "release", "releases"}},
	{Slug: "third-party-beneficiary", Name: "Third Party Beneficiary", CUAD: true, Headings: []string{"third party beneficiaries", "third-party beneficiaries", "third party rights", "rights of third parties", "beneficiaries", "parties in interest", "intended beneficiaries", "third party beneficiary rights"}},

	// Boilerplate and other common clauses.
	// Binds successors; whether assignment is restricted is for the
	// text rules, so it is not anti-assignment by its heading.
	{Slug: "successors-and-assigns", Name: "Successors and Assigns", Headings: []string{"successors and permitted assigns", "successors", "binding effect", "binding nature", "benefit and burden", "binding agreement", "parties bound", "successors and assigns; binding effect", "binding effect; successors and assigns"}},
	{Slug: "notices", Name: "Notices", Headings: []string{"notice", "notices and other communications", "communications", "addresses for notices", "notice addresses", "method of notice"}},
	{Slug: "entire-agreement", Name: "Entire Agreement", Headings: []string{"entire agreement; amendment", "integration", "entire understanding", "complete agreement", "merger clause", "merger", "entire agreement and amendments", "sole agreement", "whole agreement", "integrated agreement"}},
	{Slug: "severability", Name: "Severability", Headings: []string{"severance", "partial invalidity", "invalidity", "separability", "severability of provisions", "invalid provisions", "savings clause"}},
	{Slug: "counterparts", Name: "Counterparts", Headings: []string{"counterpart", "execution in counterparts", "counterparts; facsimile", "counterparts and electronic signatures", "counterparts; electronic signatures", "facsimile signatures", "electronic signatures", "execution"}},
	{Slug: "amendment", Name: "Amendment", Headings: []string{"amendments", "modification", "modifications", "amendment and waiver", "amendments and waivers", "amendment; waiver", "modification and waiver", "changes", "variation", "variations", "amendment of agreement"}},
	{Slug: "waiver", Name: "Waiver", Headings: []string{"waivers", "no waiver", "non-waiver", "nonwaiver", "no implied waiver", "waiver of breach", "failure to enforce", "delay or omission"}},
	{Slug: "force-majeure", Name: "Force Majeure", Headings: []string{"force majeur", "excusable delay", "excusable delays", "acts of god", "events of force majeure", "force majeure event"}},
	{Slug: "confidentiality", Name: "Confidentiality", Headings: []string{"confidential information", "non-disclosure", "nondisclosure", "confidentiality obligations", "proprietary information", "confidential treatment", "secrecy", "return of confidential information", "protection of confidential information", "use of confidential information"}},
	{Slug: "indemnification", Name: "Indemnification", Headings: []string{"indemnity", "indemnities", "indemnification procedures", "indemnification procedure", "mutual indemnification", "indemnification by licensee", "indemnification by licensor", "hold harmless", "defense and indemnification", "indemnification and insurance"}},
	{Slug: "limitation-of-liability", Name: "Limitation of Liability", Headings: []string{"liability", "limitations of liability", "limitation on liability", "limitations on liability", "limited liability", "exclusion of damages", "consequential damages", "no consequential damages", "exclusion of consequential damages", "disclaimer of consequential damages", "limitation of liability; disclaimer", "waiver of consequential damages"}},
	{Slug: "term", Name: "Term", Headings: []string{"term of agreement", "duration", "term of this agreement", "initial term", "contract term", "period of agreement", "effective date and term"}},
	{Slug: "termination", Name: "Termination", Headings: []string{"termination of agreement", "early termination", "termination for cause", "termination for breach", "termination rights", "events of termination", "termination events", "right to terminate", "termination by either party", "default and termination", "termination upon default"}},
	{Slug: "effect-of-termination", Name: "Effect of Termination", Headings: []string{"effects of termination", "consequences of termination", "rights and obligations upon termination", "obligations upon termination", "effect of expiration or termination", "effect of termination or expiration", "rights upon termination", "upon termination"}},
	{Slug: "payment", Name: "Payment", Headings: []string{"payments", "payment terms", "terms of payment", "fees", "fees and payment", "payment of fees", "compensation", "consideration", "invoicing", "invoices", "invoicing and payment", "price and payment", "prices", "pricing", "price", "late payments", "late payment", "method of payment", "fees and expenses"}},
	{Slug: "representations-and-warranties", Name: "Representations and Warranties", Headings: []string{"representations", "warranties", "warranty", "mutual representations and warranties", "representations and warranties of the parties", "representations, warranties and covenants", "representations and covenants", "general representations and warranties"}},
	{Slug: "disclaimer-of-warranties", Name: "Disclaimer of Warranties", Headings: []string{"disclaimer", "warranty disclaimer", "disclaimers", "no other warranties", "disclaimer of warranty", "limited warranty", "exclusion of warranties"}},
	{Slug: "definitions", Name: "Definitions", Headings: []string{"definition", "defined terms", "definitions and interpretation", "certain definitions", "interpretation and definitions"}},
	{Slug: "interpretation", Name: "Interpretation", Headings: []string{"construction", "rules of construction", "interpretation; construction", "principles of construction"}},
	{Slug: "dispute-resolution", Name: "Dispute Resolution", Headings: []string{"disputes", "resolution of disputes", "dispute resolution procedure", "dispute resolution procedures", "settlement of disputes", "escalation", "mediation", "dispute escalation"}},
	{Slug: "arbitration", Name: "Arbitration", Headings: []string{"binding arbitration", "arbitration of disputes", "mandatory arbitration"}},
	{Slug: "jurisdiction", Name: "Jurisdiction", Headings: []string{"venue", "jurisdiction and venue", "forum", "consent to jurisdiction", "submission to jurisdiction", "choice of forum", "forum selection", "venue and jurisdiction", "exclusive jurisdiction", "service of process"}},
	{Slug: "jury-trial-waiver", Name: "Waiver of Jury Trial", Headings: []string{"jury trial waiver", "waiver of trial by jury", "jury waiver", "waiver of right to jury trial"}},
	{Slug: "relationship-of-parties", Name: "Relationship of the Parties", Headings: []string{"relationship of parties", "independent contractor", "independent contractors", "relationship between the parties", "no partnership", "no joint venture", "no agency", "nature of relationship", "status of parties", "independent parties", "relationship", "independent contractor relationship"}},
	{Slug: "publicity", Name: "Publicity", Headings: []string{"public announcements", "public announcement", "press releases", "press release", "announcements", "use of name", "use of names", "publicity and announcements"}},
	{Slug: "taxes", Name: "Taxes", Headings: []string{"tax", "taxation", "withholding taxes", "withholding tax", "tax withholding", "sales taxes", "tax matters"}},
	{Slug: "further-assurances", Name: "Further Assurances", Headings: []string{"further assurance", "further actions", "further documents", "additional documents", "further acts"}},
	{Slug: "headings", Name: "Headings", Headings: []string{"captions", "section headings", "titles and headings", "headings and captions", "descriptive headings", "heading"}},
	// The usual boilerplate that nobody but the parties has rights under
	// the contract: the opposite of CUAD's Third Party Beneficiary, which
	// is a non-party made a beneficiary. A section headed as either is
	// this one unless its text makes someone a beneficiary (Classify).
	{Slug: "no-third-party-beneficiaries", Name: "No Third Party Beneficiaries", Headings: []string{"no third-party beneficiaries", "no third party beneficiary", "no third-party beneficiary", "no third-party rights", "no third party rights", "no other beneficiaries", "no rights of third parties", "no benefit to third parties", "no third party beneficiaries; no third party rights"}},
	{Slug: "survival", Name: "Survival", Headings: []string{"survival of provisions", "survival of obligations", "surviving provisions", "survival of terms"}},
	{Slug: "expenses", Name: "Expenses", Headings: []string{"costs", "costs and expenses", "expenses and costs", "legal fees", "attorneys fees", "attorney fees", "attorneys' fees", "transaction expenses"}},
	{Slug: "compliance-with-laws", Name: "Compliance with Laws", Headings: []string{"compliance with law", "compliance with applicable laws", "compliance with applicable law", "compliance", "legal compliance", "anti-corruption", "anti-bribery", "export control", "export controls", "foreign corrupt practices act"}},
	{Slug: "intellectual-property", Name: "Intellectual Property", Headings: []string{"intellectual property rights", "proprietary rights", "trademarks", "trademark", "patents", "intellectual property protection", "infringement", "reservation of rights"}},
	{Slug: "equitable-relief", Name: "Equitable Relief", Headings: []string{"injunctive relief", "specific performance", "equitable remedies", "remedies", "cumulative remedies", "remedies cumulative"}},
	{Slug: "non-solicitation", Name: "Non-Solicitation", Headings: []string{"non-solicit", "no solicitation", "nonsolicitation", "non-solicitation of employees and customers"}},
	{Slug: "recitals", Name: "Recitals", Headings: []string{"background", "whereas", "preamble", "witnesseth"}},
	{Slug: "miscellaneous", Name: "Miscellaneous", Headings: []string{"general", "general provisions", "miscellaneous provisions", "general terms", "other provisions", "general terms and conditions"}},
}
