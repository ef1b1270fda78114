package postings

import (
	"fmt"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// Impact is one (term frequency, length norm) pair a document of a block
// or term has. BM25 grows with Freq and shrinks as Norm grows (a norm byte
// is Lucene's SmallFloat.intToByte4 of the field length, which is
// monotonic), so a scorer bounds the best score of a block by the best
// score over its impacts without decoding a single document.
type Impact struct {
	// Freq is a term frequency (1 for DocsOnly fields).
	Freq uint32
	// Norm is a one-byte length norm; a lower byte is a shorter field.
	Norm byte
}

// MaxImpacts caps the impacts stored per block and per term. Past it,
// neighbouring pairs are merged into one pair that dominates both (see
// capImpacts), so a list stays a safe upper bound while its size, and the
// cost of scoring it, stay fixed.
const MaxImpacts = 8

// impactAcc collects the largest frequency seen for each norm; the
// Pareto-optimal pairs fall out of one ascending scan over the norms.
type impactAcc struct {
	maxFreq [256]uint32
}

func (a *impactAcc) add(freq uint32, norm byte) {
	if freq > a.maxFreq[norm] {
		a.maxFreq[norm] = freq
	}
}

// pareto appends to dst the pairs no other pair dominates (none has a
// higher or equal freq with a lower or equal norm), in ascending norm
// order — which is also strictly ascending freq order — and resets a.
func (a *impactAcc) pareto(dst []Impact) []Impact {
	var best uint32
	for n := range a.maxFreq {
		f := a.maxFreq[n]
		if f > best {
			dst = append(dst, Impact{Freq: f, Norm: byte(n)})
			best = f
		}
		a.maxFreq[n] = 0
	}
	return dst
}

// capImpacts shortens a Pareto list (ascending freq and norm) to at most
// MaxImpacts pairs. Each step merges the two neighbours whose norms are
// closest into (freq of the higher, norm of the lower): that pair
// dominates both, so the list still bounds every document, and it
// overstates a score least when the two lengths were close anyway. The
// merged pair is not a real document's: its freq and its norm each are.
func capImpacts(l []Impact) []Impact {
	for len(l) > MaxImpacts {
		best := 0
		for i := 1; i+1 < len(l); i++ {
			if l[i+1].Norm-l[i].Norm < l[best+1].Norm-l[best].Norm {
				best = i
			}
		}
		l[best] = Impact{Freq: l[best+1].Freq, Norm: l[best].Norm}
		l = append(l[:best+1], l[best+2:]...)
	}
	return l
}

// appendImpacts encodes a non-empty Pareto list of at most MaxImpacts
// pairs: count <uvarint>, then per pair freqDelta <uvarint> norm <1b>,
// where freqDelta is freq−1 for the first pair and freq−prevFreq−1 after.
func appendImpacts(e *encoding.Encbuf, l []Impact) {
	e.PutUvarint(uint64(len(l)))
	var prev uint32
	for i, im := range l {
		if i == 0 {
			e.PutUvarint(uint64(im.Freq) - 1)
		} else {
			e.PutUvarint(uint64(im.Freq - prev - 1))
		}
		e.PutByte(im.Norm)
		prev = im.Freq
	}
}

// decodeImpacts reads a list written by appendImpacts into dst and
// returns it; on corrupt input it records the error in d and returns nil.
// It checks what the writer guarantees: 1..MaxImpacts pairs, freqs within
// uint32, norms strictly ascending.
func decodeImpacts(d *encoding.Decbuf, dst *[MaxImpacts]Impact) []Impact {
	n := d.Uvarint()
	if d.Err() != nil {
		return nil
	}
	if n == 0 || n > MaxImpacts {
		d.Fail(fmt.Errorf("%w: %d impacts", encoding.ErrCorrupt, n))
		return nil
	}
	var freq uint64
	for i := range int(n) {
		delta := d.Uvarint()
		norm := d.Byte()
		if d.Err() != nil {
			return nil
		}
		if delta < 1<<32 { // keeps the sum below 2^64 whatever the input
			freq += delta + 1
		}
		if delta >= 1<<32 || freq > 1<<32-1 || (i > 0 && norm <= dst[i-1].Norm) {
			d.Fail(fmt.Errorf("%w: impacts out of order", encoding.ErrCorrupt))
			return nil
		}
		dst[i] = Impact{Freq: uint32(freq), Norm: norm}
	}
	return dst[:n]
}
