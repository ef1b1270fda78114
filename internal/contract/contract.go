package contract

// Attr is one of a contract's faceted attributes (category, company,
// jurisdiction, industry, country, law firm): a display name searched as
// text and a value filtered on exactly, as the mappings' {name, value}
// objects.
type Attr struct {
	// Name is what a reader sees: "New York", "Distributor Agreement".
	Name string `json:"name"`
	// Value is the filter key: a slug ("new-york-us"), an ISO code ("us")
	// or, for companies, digits.
	Value string `json:"value"`
}

// SectionType tells clauses from definitions; it is the `sections.type`
// keyword that Form A's clause and definition filters match.
type SectionType string

// The two kinds of section.
const (
	Clause     SectionType = "clause"
	Definition SectionType = "definition"
)

// Section is one clause (text under a heading) or definition (a defined
// term and its meaning) of a contract.
type Section struct {
	Type SectionType `json:"type"`
	// Name is the heading or the defined term as written, numbering and
	// trailing punctuation removed; all-capitals headings are title-cased.
	Name string `json:"name"`
	// Value is Name lower-cased with runs of spaces collapsed, the key
	// Form A's {"clause": {"Governing Law": ""}} is matched against.
	Value string `json:"value"`
	// Snippet is the section's text, cut at a word boundary when long.
	Snippet string `json:"snippet"`
	// GroupID is "en/<slug of value>#<hex>", hex a hash of the section's
	// normalised full text, so the same wording in two contracts shares it.
	GroupID string `json:"group_id"`
	// ClauseTypes are the canonical clause types of a clause
	// (clausetype.Classify of its heading and text), sorted: the
	// `clause_type` keyword a clause filter matches whatever the heading
	// says. Definitions have none.
	ClauseTypes []string `json:"clause_type,omitempty"`
	// Start and End are byte offsets in the contract's Body of the whole
	// section, heading included; Body[Start:End] is its text.
	Start int `json:"-"`
	End   int `json:"-"`
}

// Party is one party a contract names: in its preamble, a parties block,
// a letter's heading or salutation, or its signatures.
type Party struct {
	// Name is the party's name as written (OCR spacing repaired):
	// "Birch First Global Investments Inc.".
	Name string
	// Kind says whether the party is an organisation or a person.
	Kind PartyKind
	// Term is the name the contract defines for it ("Company"), if any.
	Term string
}

// PartyKind is what a party is: an organisation or a person.
type PartyKind string

// The kinds of party. A party is an organisation unless the text shows a
// person: a description ("an individual", "residing at"), a courtesy title,
// a person's defined term ("Employee") on a name shaped like a person's, a
// salutation or a first-person employment form.
const (
	Organisation PartyKind = "organisation"
	Person       PartyKind = "person"
)

// Meta is what is known about a contract from outside its text: the EDGAR
// header, a manifest row, the file itself. Every field is optional. The
// parser copies it into the Contract and never infers it from labels.
type Meta struct {
	// Path is the file the contract came from, relative to the input root.
	Path string
	// DocIndex numbers the contracts of one file (EDGAR exhibits), from 0.
	DocIndex int
	// CompanyName and CompanyID are the filer's name and numeric identifier
	// (the EDGAR CIK, leading zeros removed).
	CompanyName string
	CompanyID   string
	// FilingDate is YYYY-MM-DD.
	FilingDate string
	// FilingType is the form: "8-K", "10-Q".
	FilingType string
	// FilingID is the EDGAR accession number: "0000950123-10-012345".
	FilingID string
	// ExhibitID is the exhibit type: "EX-10.1".
	ExhibitID string
	// SIC is the Standard Industrial Classification code; IndustryName its
	// title where the source gives one.
	SIC          string
	IndustryName string
	// Source is the host the filing came from: "www.sec.gov".
	Source string
	// URL addresses the original document, if known.
	URL string
	// Description is the EDGAR <DESCRIPTION> of an exhibit; a fallback title.
	Description string
}

// Contract is one parsed contract: everything the `contract` record and the
// derived clause, definition, company, category and jurisdiction records
// are built from.
type Contract struct {
	// ID is the record id (the _id is "en/" + ID): stable for a given
	// Meta.Path and Meta.DocIndex, so a re-ingest replaces, not duplicates.
	ID string
	// Name is the title: "MARKETING AFFILIATE AGREEMENT".
	Name string
	// Snippet is the opening passage.
	Snippet string
	// Body is the cleaned full text: paragraphs separated by "\n\n".
	Body string
	// URL addresses the original, or is "/contracts/<ID>".
	URL string

	Category     *Attr
	Company      *Attr
	Jurisdiction *Attr
	Industry     *Attr
	Country      *Attr
	LawFirm      *Attr

	// FilingDate is YYYY-MM-DD or "".
	FilingDate string
	ExhibitID  string
	FilingID   string
	FilingType string
	Source     string

	// Parties are the parties of the preamble, in order of appearance.
	Parties []Party
	// Sections are the clauses and definitions, in order of appearance.
	Sections []Section
}

// Clauses returns the clause sections, for building clause records.
func (c *Contract) Clauses() []Section { return c.sectionsOf(Clause) }

// Definitions returns the definition sections, for building definition
// records.
func (c *Contract) Definitions() []Section { return c.sectionsOf(Definition) }

func (c *Contract) sectionsOf(t SectionType) []Section {
	var out []Section
	for _, s := range c.Sections {
		if s.Type == t {
			out = append(out, s)
		}
	}
	return out
}
