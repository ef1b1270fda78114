// Package dedup owns near-duplicate grouping of documents: which contracts
// are the same text filed twice, re-filed with a few words changed, or one
// form agreement signed with different counterparties. Each document becomes
// a MinHash signature over its word shingles; LSH banding proposes candidate
// pairs, each candidate is verified by its estimated Jaccard similarity, and
// union-find joins verified pairs into groups. A group's id depends only on
// its members, never on the order they were added, so a rebuilt index gives
// every contract the same group_id as before.
//
// The package also owns WeightRank, the ranking feature ingest stores in
// weight_rank, because group size is one of its inputs.
//
// The algorithm, its parameters and the evidence for the threshold are in
// docs/ingest-grouping.md.
package dedup
