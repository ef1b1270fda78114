package contract

// Record is the `_source` of a contract in the `contract` index: exactly
// the fields of mappings/contract.json (a test holds the two together).
// Optional fields are omitted when unknown rather than sent empty, so a
// terms aggregation never counts a "" bucket.
type Record struct {
	Name         string          `json:"name"`
	Snippet      string          `json:"snippet,omitempty"`
	Body         string          `json:"body"`
	URL          string          `json:"url,omitempty"`
	Category     *Attr           `json:"category,omitempty"`
	Company      *Attr           `json:"company,omitempty"`
	Jurisdiction *Attr           `json:"jurisdiction,omitempty"`
	Industry     *Attr           `json:"industry,omitempty"`
	Country      *Attr           `json:"country,omitempty"`
	LawFirm      *Attr           `json:"lawfirm,omitempty"`
	FilingDate   string          `json:"filing_date,omitempty"`
	ExhibitID    string          `json:"exhibit_id,omitempty"`
	FilingID     string          `json:"filing_id,omitempty"`
	FilingType   string          `json:"filing_type,omitempty"`
	Source       string          `json:"source,omitempty"`
	GroupID      string          `json:"group_id"`
	GroupSize    int             `json:"group_size"`
	WeightRank   float64         `json:"weight_rank,omitempty"`
	Sections     []SectionRecord `json:"sections,omitempty"`
}

// SectionRecord is one nested `sections` object of a contract record.
type SectionRecord struct {
	Type    SectionType `json:"type"`
	Name    string      `json:"name"`
	Value   string      `json:"value"`
	Snippet string      `json:"snippet"`
	GroupID string      `json:"group_id"`
	// ClauseTypes is Section.ClauseTypes.
	ClauseTypes []string `json:"clause_type,omitempty"`
	// Span is where the section is in the record's body, so the document
	// view can place its anchor. It is mapped "enabled": false: kept in
	// _source, never indexed, out of reach of field patterns such as
	// "sections.*". Nil in records that do not know it.
	Span *Span `json:"span,omitempty"`
}

// Span is Section.Start and Section.End: UTF-8 byte offsets in the body,
// Body[Start:End] being the section, heading included.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// Grouping is the hook for the step that runs after every contract is
// parsed: near-duplicate grouping (MinHash/LSH) decides GroupID and
// GroupSize, and the ranking formula WeightRank. Its zero value means "not
// grouped yet": the record is then a group of one (GroupID = the contract's
// ID, GroupSize = 1) and carries no weight_rank, which OpenSearch's
// rank_feature treats as absent.
type Grouping struct {
	GroupID   string
	GroupSize int
	// WeightRank must be positive (rank_feature rejects 0 and negatives);
	// values ≤ 0 are left out of the record.
	WeightRank float64
}

// DocID is the record's _id in every backend: "en/" + ID.
func (c *Contract) DocID() string { return DocIDPrefix + c.ID }

// Record builds the contract's `contract` index record with grouping g.
// Sections keep the order of the contract, which is also the order of the
// nested offsets reported by inner hits.
func (c *Contract) Record(g Grouping) Record {
	r := Record{
		Name:         c.Name,
		Snippet:      c.Snippet,
		Body:         c.Body,
		URL:          c.URL,
		Category:     c.Category,
		Company:      c.Company,
		Jurisdiction: c.Jurisdiction,
		Industry:     c.Industry,
		Country:      c.Country,
		LawFirm:      c.LawFirm,
		FilingDate:   c.FilingDate,
		ExhibitID:    c.ExhibitID,
		FilingID:     c.FilingID,
		FilingType:   c.FilingType,
		Source:       c.Source,
		GroupID:      g.GroupID,
		GroupSize:    g.GroupSize,
	}
	if r.GroupID == "" {
		r.GroupID = c.ID
	}
	if r.GroupSize < 1 {
		r.GroupSize = 1
	}
	if g.WeightRank > 0 {
		r.WeightRank = g.WeightRank
	}
	if len(c.Sections) > 0 {
		r.Sections = make([]SectionRecord, len(c.Sections))
		for i, s := range c.Sections {
			r.Sections[i] = SectionRecord{Type: s.Type, Name: s.Name, Value: s.Value, Snippet: s.Snippet, GroupID: s.GroupID, ClauseTypes: s.ClauseTypes,
				Span: &Span{Start: s.Start, End: s.End}}
		}
	}
	return r
}
