package dedup

import (
	"math"
	"math/bits"
	"unicode"
	"unicode/utf8"

	"github.com/cespare/xxhash/v2"
)

// Signature is a document's MinHash signature: for each bin, the smallest
// hash value of the shingles that fell into it. The fraction of positions at which two
// signatures agree estimates the Jaccard similarity of the shingle sets. A
// nil Signature stands for a document without words; it resembles nothing.
type Signature []uint32

// Hasher computes signatures. It holds only the parameters, is never
// modified after NewHasher, and so is safe for concurrent use: ingest signs
// documents on every core.
//
// Signatures are one-permutation MinHash with optimal densification (Li,
// Owen and Zhang 2012; Shrivastava 2017): each shingle's hash picks one of
// the SignatureSize bins and competes for that bin's minimum, so signing
// costs one hash per shingle instead of one per shingle and bin, and bins
// that received no shingle borrow the value of a non-empty bin chosen by a
// seeded probe sequence that is the same for every document. The fraction of
// equal bins estimates Jaccard similarity as k independent permutations do.
type Hasher struct {
	p Params
}

// NewHasher returns a Hasher for p, or the reason p cannot work.
func NewHasher(p Params) (*Hasher, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Hasher{p: p}, nil
}

// Params returns the parameters the hasher was made with.
func (h *Hasher) Params() Params { return h.p }

// Sign returns the signature of text. Words are maximal runs of letters and
// digits, compared case-insensitively; punctuation, whitespace and line
// breaks are ignored, so re-wrapped or re-formatted copies of a text have
// the same signature. A text with fewer words than a shingle has one shingle
// of all its words; a text without words has a nil signature.
func (h *Hasher) Sign(text string) Signature {
	k := uint64(h.p.SignatureSize)
	seed := h.p.Seed
	sig := make(Signature, k)
	for i := range sig {
		sig[i] = empty
	}
	seen := false
	h.shingles(text, func(x uint64) {
		seen = true
		x = mix64(x ^ seed)
		bin, _ := bits.Mul64(x, k)
		// The bin comes from the high bits of x and the value from the
		// low 32, so the two are independent. A value equal to the
		// sentinel is lowered by one; the bias is 2^-32.
		if v := min(uint32(x), empty-1); v < sig[bin] {
			sig[bin] = v
		}
	})
	if !seen {
		return nil
	}
	densify(sig, seed)
	return sig
}

// empty marks a bin no shingle fell into.
const empty = math.MaxUint32

// densify fills each empty bin i with the value of the first originally
// non-empty bin on i's probe sequence, which depends only on i and the seed.
// Two documents with the same empty bins therefore borrow from the same
// place, and the probability that they agree in a filled bin stays their
// Jaccard similarity (Shrivastava 2017, "optimal densification").
func densify(sig Signature, seed uint64) {
	var filled []bool // bins that were empty, allocated on first need
	k := uint64(len(sig))
	for i := range sig {
		if sig[i] != empty || filled != nil && filled[i] {
			continue
		}
		if filled == nil {
			filled = make([]bool, k)
		}
		filled[i] = true
		sig[i] = probe(sig, filled, uint64(i), seed)
	}
}

// probe returns the value of the first bin on i's probe sequence that was
// non-empty before densification. After 64·k probes it falls back to the
// next such bin in order, so it always ends.
func probe(sig Signature, filled []bool, i, seed uint64) uint32 {
	k := uint64(len(sig))
	state := seed ^ (i+1)*0x9e3779b97f4a7c15
	for range 64 * k {
		j, _ := bits.Mul64(splitmix64(&state), k)
		if sig[j] != empty && !filled[j] {
			return sig[j]
		}
	}
	for d := uint64(1); d < k; d++ {
		j := (i + d) % k
		if sig[j] != empty && !filled[j] {
			return sig[j]
		}
	}
	return empty - 1 // unreachable: Sign densifies only signatures with a shingle
}

// shingles calls emit with the hash of every shingle of text, in order.
// Shingle hashes combine the words' xxhash values in order, so a shingle
// with the same words in another order is a different shingle.
func (h *Hasher) shingles(text string, emit func(uint64)) {
	k := h.p.Shingle
	ring := make([]uint64, k) // the last k word hashes, ring[n%k] newest
	n := 0
	var buf []byte
	forEachWord(text, &buf, func(w []byte) {
		ring[n%k] = xxhash.Sum64(w)
		n++
		if n >= k {
			emit(combine(ring, n))
		}
	})
	if n > 0 && n < k {
		emit(combine(ring[:n], n))
	}
}

// combine hashes the words of ring, oldest first, given that n words have
// been seen in total.
func combine(ring []uint64, n int) uint64 {
	k := len(ring)
	x := uint64(k)
	for j := range k {
		x = x*0x100000001b3 + ring[(n+j)%k]
	}
	return mix64(x)
}

// forEachWord calls fn with each word of text lower-cased, reusing *buf.
func forEachWord(text string, buf *[]byte, fn func([]byte)) {
	w := (*buf)[:0]
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
				w = append(w, c)
				continue
			case 'A' <= c && c <= 'Z':
				w = append(w, c+'a'-'A')
				continue
			}
		} else {
			r, size := utf8.DecodeRuneInString(text[i:])
			i += size
			if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) {
				w = utf8.AppendRune(w, unicode.ToLower(r))
				continue
			}
		}
		if len(w) > 0 {
			fn(w)
			w = w[:0]
		}
	}
	if len(w) > 0 {
		fn(w)
	}
	*buf = w
}

// Similarity estimates the Jaccard similarity of the shingle sets behind two
// signatures made by the same Hasher: the fraction of equal positions. It is
// 0 when either signature is nil or their lengths differ.
func Similarity(a, b Signature) float64 {
	if len(a) == 0 || len(a) != len(b) {
		return 0
	}
	return float64(matches(a, b)) / float64(len(a))
}

// matches counts the positions at which a and b agree.
func matches(a, b Signature) int {
	b = b[:len(a)]
	n := 0
	for i, v := range a {
		if v == b[i] {
			n++
		}
	}
	return n
}

// splitmix64 advances *state and returns the next value of Vigna's
// SplitMix64 generator: a fixed, documented sequence, so probe sequences
// are the same in every process and every Go release.
func splitmix64(state *uint64) uint64 {
	*state += 0x9e3779b97f4a7c15
	return mix64(*state)
}

// mix64 is SplitMix64's finaliser, a bijection that spreads every input bit
// over the whole word.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
