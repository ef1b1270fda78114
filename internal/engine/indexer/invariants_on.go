//go:build invariants

package indexer

// invariants turns on expensive consistency checks (build tag invariants):
// each merged segment is reopened and every term's postings verified.
const invariants = true
