package category

// tier orders keywords when a title has several: a specific keyword beats
// a broad one whatever their order.
type tier uint8

const (
	specific tier = iota
	broad
)

// kind is one contract type: its display name and the keywords (lower
// case, hyphens as spaces) that name it in a title.
type kind struct {
	name     string
	keywords []string
	tier     tier
}

// taxonomy holds CUAD's 25 contract types first, then the other common
// types of EDGAR material-contract exhibits.
var taxonomy = []kind{
	{name: "Affiliate Agreement", keywords: []string{"affiliate", "affiliates", "affiliation"}},
	{name: "Agency Agreement", keywords: []string{"agency", "agent", "agents", "sales agency"}},
	{name: "Collaboration Agreement", keywords: []string{"collaboration", "cooperation", "co operation", "cooperative"}},
	{name: "Co-Branding Agreement", keywords: []string{"co branding", "cobranding", "co brand", "co branded"}},
	{name: "Consulting Agreement", keywords: []string{"consulting", "consultancy", "consultant", "advisory"}},
	{name: "Development Agreement", keywords: []string{"development", "co development", "codevelopment"}},
	{name: "Distributor Agreement", keywords: []string{"distributor", "distributors", "distributorship", "distribution"}},
	{name: "Endorsement Agreement", keywords: []string{"endorsement", "celebrity endorsement"}},
	{name: "Franchise Agreement", keywords: []string{"franchise", "franchising", "master franchise"}},
	{name: "Hosting Agreement", keywords: []string{"hosting", "co hosting", "web hosting"}},
	{name: "Intellectual Property Agreement", keywords: []string{"intellectual property", "ip", "patent assignment", "technology transfer"}},
	{name: "Joint Venture Agreement", keywords: []string{"joint venture", "jv"}},
	{name: "License Agreement", keywords: []string{"license", "licence", "licensing", "sublicense", "sub license", "cross license"}},
	{name: "Maintenance Agreement", keywords: []string{"maintenance"}},
	{name: "Manufacturing Agreement", keywords: []string{"manufacturing", "manufacture", "contract manufacturing", "toll manufacturing"}},
	{name: "Marketing Agreement", keywords: []string{"marketing", "remarketing", "co marketing"}},
	{name: "Non-Compete Agreement", keywords: []string{"non compete", "noncompete", "non competition", "noncompetition", "non solicitation", "nonsolicitation", "non solicit"}},
	{name: "Outsourcing Agreement", keywords: []string{"outsourcing", "outsource"}},
	{name: "Promotion Agreement", keywords: []string{"promotion", "co promotion", "copromotion", "promotional"}},
	{name: "Reseller Agreement", keywords: []string{"reseller", "resellers", "sub reseller", "resale", "value added reseller", "var"}},
	{name: "Service Agreement", keywords: []string{"service", "services", "servicing", "master services", "transition services"}, tier: broad},
	{name: "Sponsorship Agreement", keywords: []string{"sponsorship", "sponsor"}},
	{name: "Strategic Alliance Agreement", keywords: []string{"strategic alliance", "alliance"}},
	{name: "Supply Agreement", keywords: []string{"supply", "master supply"}, tier: broad},
	{name: "Transportation Agreement", keywords: []string{"transportation", "transport", "shipping", "carriage", "freight"}},

	{name: "Employment Agreement", keywords: []string{"employment", "executive employment", "offer letter"}},
	{name: "Credit Agreement", keywords: []string{"credit", "loan", "revolving credit", "term loan", "credit facility", "facility", "financing"}},
	{name: "Lease Agreement", keywords: []string{"lease", "sublease", "leasing", "sub lease", "rental"}},
	{name: "Merger Agreement", keywords: []string{"merger", "plan of merger", "amalgamation", "business combination"}},
	{name: "Non-Disclosure Agreement", keywords: []string{"non disclosure", "nondisclosure", "confidentiality", "secrecy", "confidential disclosure", "nda"}},
	{name: "Purchase Agreement", keywords: []string{"purchase", "stock purchase", "asset purchase", "share purchase", "securities purchase", "purchase and sale", "sale and purchase", "sale", "sales"}, tier: broad},
	{name: "Indemnification Agreement", keywords: []string{"indemnification", "indemnity"}},
	{name: "Underwriting Agreement", keywords: []string{"underwriting"}},
	{name: "Joint Filing Agreement", keywords: []string{"joint filing"}},
	{name: "Settlement Agreement", keywords: []string{"settlement", "release", "settlement and release"}},
	{name: "Separation Agreement", keywords: []string{"separation", "severance", "separation and distribution"}},
	{name: "Guaranty", keywords: []string{"guaranty", "guarantee", "guarantees", "guaranties"}},
	{name: "Security Agreement", keywords: []string{"security", "pledge", "collateral"}},
	{name: "Registration Rights Agreement", keywords: []string{"registration rights"}},
	{name: "Stockholders Agreement", keywords: []string{"stockholders", "shareholders", "shareholder", "stockholder", "voting"}},
	{name: "Subscription Agreement", keywords: []string{"subscription"}},
	{name: "Investment Agreement", keywords: []string{"investment", "investor rights"}},
	{name: "Escrow Agreement", keywords: []string{"escrow"}},
	{name: "Research Agreement", keywords: []string{"research", "sponsored research"}},
	{name: "Management Agreement", keywords: []string{"management", "administration"}},
	{name: "Warrant Agreement", keywords: []string{"warrant"}},
	{name: "Option Agreement", keywords: []string{"option", "stock option"}, tier: broad},
	{name: "Indenture", keywords: []string{"indenture"}},
	{name: "Construction Agreement", keywords: []string{"construction", "engineering procurement and construction"}},
	{name: "Operating Agreement", keywords: []string{"operating", "limited liability company", "llc"}},
	{name: "Partnership Agreement", keywords: []string{"partnership", "limited partnership"}},
	{name: "Termination Agreement", keywords: []string{"termination", "mutual termination"}, tier: broad},
	{name: "Support Agreement", keywords: []string{"support"}, tier: broad},
	{name: "Trust Agreement", keywords: []string{"trust", "declaration of trust"}},
	{name: "Power of Attorney", keywords: []string{"power of attorney"}},
	{name: "Assignment Agreement", keywords: []string{"assignment", "assignment and assumption"}, tier: broad},
}
