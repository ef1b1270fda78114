package termdict

import (
	"math/rand/v2"
	"strings"
)

// englishLike returns a pronounceable lower-case word of 2 to 6 syllables,
// a stand-in for an English vocabulary: letter frequencies, lengths and
// shared prefixes and suffixes are close enough for the FST's shape and
// the fuzzy automaton's work to be realistic.
func englishLike(r *rand.Rand) string {
	onsets := []string{"", "b", "c", "d", "f", "g", "h", "l", "m", "n", "p", "r", "s", "t", "v", "w",
		"br", "ch", "cl", "cr", "dr", "fl", "gr", "pl", "pr", "sh", "st", "str", "th", "tr"}
	vowels := []string{"a", "e", "i", "o", "u", "ea", "ai", "io", "ou", "ee"}
	codas := []string{"", "", "", "n", "r", "s", "t", "l", "m", "nd", "nt", "st", "ct", "rd"}
	suffixes := []string{"", "", "", "", "ing", "ed", "ion", "ment", "ly", "er", "s", "ity", "al", "ance"}
	var b strings.Builder
	for range 1 + r.IntN(3) {
		b.WriteString(onsets[r.IntN(len(onsets))])
		b.WriteString(vowels[r.IntN(len(vowels))])
		b.WriteString(codas[r.IntN(len(codas))])
	}
	b.WriteString(suffixes[r.IntN(len(suffixes))])
	return b.String()
}
