//go:build invariants

package termdict

// invariants turns on expensive consistency checks (build tag invariants):
// Open runs Check, and every fuzzy match is re-measured with EditDistance.
const invariants = true
