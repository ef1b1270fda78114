//go:build !invariants

package indexer

// invariants is false without the invariants build tag.
const invariants = false
