package democorpus

import (
	"math/bits"
	"math/rand/v2"
)

// rng is the generator's only source of choices. It draws from PCG, whose
// output is specified, and derives integers with its own code (Lemire's
// multiply-shift), not with math/rand's helpers, whose algorithms a Go
// release may change: the same seed must give byte-identical files in every
// Go version.
type rng struct {
	src *rand.PCG
}

func newRNG(seed uint64, stream uint64) *rng {
	return &rng{src: rand.NewPCG(seed, stream)}
}

// intn returns a value in [0, n); n must be positive.
func (r *rng) intn(n int) int {
	hi, _ := bits.Mul64(r.src.Uint64(), uint64(n))
	return int(hi)
}

// between returns a value in [lo, hi].
func (r *rng) between(lo, hi int) int { return lo + r.intn(hi-lo+1) }

// chance returns true with probability p.
func (r *rng) chance(p float64) bool {
	return float64(r.src.Uint64()>>11)/(1<<53) < p
}

// uint64 returns a raw value, for seeding a sub-generator.
func (r *rng) uint64() uint64 { return r.src.Uint64() }

// pick returns one element of s.
func pick[T any](r *rng, s []T) T { return s[r.intn(len(s))] }

// shuffle permutes s in place (Fisher-Yates).
func shuffle[T any](r *rng, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// weighted returns an index into weights with probability proportional to
// its weight.
func (r *rng) weighted(weights []int) int {
	total := 0
	for _, w := range weights {
		total += w
	}
	x := r.intn(total)
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(weights) - 1
}
