// Package postings owns the inverted lists of one field of one segment:
// for each term, its documents, term frequencies, positions, and the
// skip data and block-max impacts that let a scorer jump over documents
// and whole blocks it cannot need.
//
// A Writer takes the terms one after the other (the term dictionary keeps
// the TermMeta each returns) and produces two files: docs and, for
// DocsFreqsPositions fields, positions. A Reader opens them — usually
// memory-mapped, never copied — and hands out reusable Iterators that
// speak the engine's iterator vocabulary (Next, Advance, DocID, Err; see
// package engine) plus Freq, NextPosition and the block-max API
// (AdvanceShallow, BlockImpacts, TermImpacts) MaxScore and WAND scorers
// need. Reader.CheckTerm verifies a term against every invariant of the
// format, for tests, tools and expensive-check builds.
//
// # Format
//
// The full description, with byte diagrams and invariants, is
// docs/format/postings.md; TestByteDump walks through a small file byte by
// byte. In short, per term:
//
//	docs stream       [packed block]* [tail] [skip data]
//	  packed block    docBits <1b> [freqBits <1b>] deltas <16·docBits> [freq−1 <16·freqBits>]
//	  tail            per doc: delta<<1 | freq==1 <uvarint> [freq <uvarint>]   (DocsOnly: delta <uvarint>)
//	  skip data       term impacts, column widths, bit-packed columns
//	                  (lastDoc, docOff, posOff, posCount, impOff), block impacts
//	positions stream  [packed block of 128 deltas]* [tail: deltas <uvarint>]
//
// Blocks hold 128 documents (positions: 128 position deltas, across
// documents); a value of width w occupies bits [i·w, (i+1)·w) of a
// little-endian bit stream. A document delta is doc − previous − 1 (the
// first of a term: doc), so consecutive documents pack to width 0. Terms
// with one document keep it in their TermMeta and write no docs bytes.
// Only terms with at least one full block (DocFreq ≥ 128) have skip data:
// one entry per block, the final partial block included. Impacts are the
// Pareto-optimal (freq, norm) pairs, at most 8 per block and per term.
// Both files end with the engine footer (magic "PDOC"/"PPOS", version 1,
// CRC32C), which Open checks, version first. Integers are little-endian.
package postings
