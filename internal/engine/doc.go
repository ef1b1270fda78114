// Package engine is the root of the embedded search engine: an
// OpenSearch-faithful engine in Go that answers the gateway's DSL with the
// hits, order and scores OpenSearch 3.x gives (DESIGN §2–§4). The engine is
// split into packages that each own one concern:
//
//	analysis    text → tokens (Lucene's StandardAnalyzer, no stop words)
//	similarity  BM25 and one-byte length norms, bit-for-bit as Lucene
//	encoding    byte-level encoding shared by every file: varints, the
//	            sticky-error decode buffer, the file footer
//	postings    term → documents, frequencies, positions, block-max impacts
//	termdict    field → term → postings metadata (FST)
//
// # Iterators
//
// Every iterator over documents in the engine uses one vocabulary:
//
//	Next() bool             move to the next document; false at the end or on error
//	Advance(target) bool    move to the first document ≥ target (beyond the current one)
//	DocID() uint32          the current document (valid after Next/Advance returned true)
//	Err() error             the error that ended iteration early, if any (corrupt data)
//
// Iterators are reusable (Reset-style methods) so the search loop allocates
// nothing per document.
package engine
