package segment

// Test helpers for the external test package (searches over merged
// segments live there, since package search imports this one).

type Record = record

var (
	RandomRecords       = randomRecords
	ContractSchema      = contractSchema
	WriteSegment        = writeSegment
	SplitWithOverwrites = splitWithOverwrites
)

func (r Record) ID() string { return r.id }
