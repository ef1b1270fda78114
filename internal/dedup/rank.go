package dedup

import "math"

// RankAttributes is the number of descriptive attributes RankInput counts:
// title, category, company, jurisdiction, filing date and industry.
const RankAttributes = 6

// RankInput is what WeightRank looks at: properties of one parsed contract
// that say how complete and how useful a search result it is, known once
// parsing and grouping are done.
type RankInput struct {
	// Words is the number of words in the cleaned body.
	Words int
	// Sections is the number of clause sections found.
	Sections int
	// Definitions is the number of definitions found.
	Definitions int
	// Attributes is how many of the RankAttributes descriptive attributes
	// were found.
	Attributes int
	// GroupSize is the size of the contract's near-duplicate group; 0 is
	// taken as 1.
	GroupSize int
}

// WeightRank is the value ingest stores in a contract's weight_rank, the
// query-independent rank_feature that Form A adds to every query as
// boost·S/(S+pivot) (spec samples: boost 50, pivot 16). It is the product of
// four factors, each at least 0.5, so it is always positive:
//
//	length       = 1 + log2(1 + Words/500)
//	structure    = 1 + log2(1 + Sections + Definitions)
//	completeness = 0.5 + 0.5·Attributes/6
//	reuse        = 1 + log2(GroupSize)/4
//
// Why these: a whole agreement ranks above an amendment, a form or a
// one-page letter, but ever more pages add less and less (logarithms);
// clauses and definitions are what section search finds, and a contract the
// parser could structure is one whose hits and inner hits are useful;
// attributes found (title, category, company, jurisdiction, filing date,
// industry) are what facets and filters need, and a missing one more often
// means a damaged or unusual file; an agreement filed several times (both
// parties filed it, or a form signed with many counterparties) is a
// reference text, so group size adds a little: 1.25 for a pair, 2 for a
// group of 16.
//
// Typical values (pinned in TestWeightRank): a 300-word amendment with three
// sections and four attributes 4.2; a 1,000-word NDA with fifteen sections
// and every attribute 12.9; an 8,000-word commercial agreement with fifty
// sections and definitions and five attributes 31.1. The pivot 16 thus sits
// between the short and the full contracts, where the saturation curve
// separates them best.
func WeightRank(in RankInput) float64 {
	length := 1 + math.Log2(1+float64(max(in.Words, 0))/500)
	structure := 1 + math.Log2(1+float64(max(in.Sections, 0)+max(in.Definitions, 0)))
	completeness := 0.5 + 0.5*float64(min(max(in.Attributes, 0), RankAttributes))/RankAttributes
	reuse := 1 + math.Log2(float64(max(in.GroupSize, 1)))/4
	return length * structure * completeness * reuse
}

// PopularityRank is the weight_rank of a record that stands for several
// contracts (a clause or definition wording, a company, a category, a
// jurisdiction): 1 + 4·log2(contracts). A record found in one contract gets
// 1, one shared by 16 contracts 17 (half the boost at pivot 16), one shared
// by 256 contracts 33: common wordings and busy companies rank first, but
// the boost saturates instead of burying the rare ones.
func PopularityRank(contracts int) float64 {
	return 1 + 4*math.Log2(float64(max(contracts, 1)))
}
