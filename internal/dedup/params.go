package dedup

import (
	"fmt"
	"math"
)

// Params are the knobs of the grouping. The defaults are what ingest uses and
// what the tests and docs/ingest-grouping.md justify; they are exposed so the
// threshold can be studied on other corpora without editing code.
type Params struct {
	// Shingle is the number of consecutive words in one shingle. Five words
	// are long enough that two unrelated contracts rarely share a shingle
	// outside boilerplate, and short enough that a changed word disturbs
	// only five shingles.
	Shingle int
	// SignatureSize is the number of values in a signature (MinHash bins).
	// The standard error of the Jaccard estimate is
	// sqrt(J(1-J)/SignatureSize).
	SignatureSize int
	// Bands and Rows split the signature for LSH: two documents become a
	// candidate pair when all Rows values of at least one band agree.
	// Bands*Rows must not exceed SignatureSize.
	Bands, Rows int
	// Threshold is the minimum estimated Jaccard similarity of the shingle
	// sets for two documents to be joined.
	Threshold float64
	// Seed selects the hash function. Signatures are comparable only
	// between hashers with the same Params, Seed included.
	Seed uint64
}

// DefaultParams returns the parameters ingest uses: 5-word shingles,
// signatures of 256 values in 32 bands of 8 rows, threshold 0.8.
//
// With these the probability that a pair with Jaccard J becomes a candidate
// is 1-(1-J^8)^32: 0.997 at J=0.8, 0.42 at 0.6, 0.002 at 0.3, so nearly every
// pair above the threshold is examined while template-sharing but different
// contracts are rarely compared. The estimate's standard error at J=0.8 is
// 0.025.
func DefaultParams() Params {
	return Params{Shingle: 5, SignatureSize: 256, Bands: 32, Rows: 8, Threshold: 0.8, Seed: 0x636f6e7472616374}
}

// Validate reports the first parameter that cannot work.
func (p Params) Validate() error {
	switch {
	case p.Shingle < 1:
		return fmt.Errorf("dedup: shingle size %d, want at least 1", p.Shingle)
	case p.SignatureSize < 1:
		return fmt.Errorf("dedup: signature size %d, want at least 1", p.SignatureSize)
	case p.Bands < 1 || p.Rows < 1:
		return fmt.Errorf("dedup: %d bands of %d rows, want at least 1 of each", p.Bands, p.Rows)
	case p.Bands*p.Rows > p.SignatureSize:
		return fmt.Errorf("dedup: %d bands of %d rows need a signature of %d values, have %d", p.Bands, p.Rows, p.Bands*p.Rows, p.SignatureSize)
	case !(p.Threshold > 0 && p.Threshold <= 1):
		return fmt.Errorf("dedup: threshold %v, want a value in (0, 1]", p.Threshold)
	}
	return nil
}

// minMatches is the number of equal signature values that reaches the
// threshold, computed once in integers so that the boundary is exact:
// 0.8 of 256 is 204.8, so 205 matches join and 204 do not.
func (p Params) minMatches() int {
	return int(math.Ceil(p.Threshold*float64(p.SignatureSize) - 1e-9))
}
