// Package termdict owns the term dictionary of one field of one segment:
// the field's terms in byte order, each with its document frequency and the
// postings metadata the postings package stores for it (opaque here), found
// exactly (Get), by prefix, by range, or by edit distance (Fuzzy) — the
// question it answers is "here is a term, give me its TermInfo".
//
// A Builder writes a dictionary in one pass over sorted terms; Open reads
// one over the bytes of a file, normally memory-mapped, without copying it.
// Term lookups and enumeration run on an FST (github.com/blevesearch/vellum)
// that maps each term to the offset of its entry.
//
// # Format
//
// One file per (segment, field); docs/format/termdict.md has the full
// description with a worked byte dump (TestByteDump pins it).
//
//	┌────────────────────────────────────────────┐
//	│ entries   one per term, in term order      │
//	├────────────────────────────────────────────┤
//	│ FST       vellum v1: term → entry offset   │
//	├────────────────────────────────────────────┤
//	│ trailer   entries_len <8b>                 │
//	│           fst_len <8b>                     │
//	│           num_terms <8b>                   │
//	├────────────────────────────────────────────┤
//	│ footer    magic "TDIC" <4b> │ version <4b> │ crc32c <4b>
//	└────────────────────────────────────────────┘
//
//	entry: doc_freq <uvarint> │ meta_len <uvarint> │ meta <meta_len bytes>
//
// Fixed-width integers are little-endian. Terms are strictly increasing,
// at most MaxTermLength bytes (the empty term is allowed); doc_freq ≥ 1;
// the FST output of the i-th term is the offset of the i-th entry, and the
// entries fill their section exactly. docFreq sits in the entry rather than
// in the FST output because FST outputs are shared along paths: offsets,
// which grow with the terms, share well; frequencies would not.
//
// # Fuzzy matching
//
// Fuzzy follows Lucene's FuzzyQuery: the terms within maxEdits (≤ 2) edits
// of the query term in Unicode code points, after an exact prefix of
// prefixLen code points, a transposition of adjacent code points counting
// as one edit if asked (optimal string alignment, not unrestricted Damerau:
// "ca" → "abc" is 3). It yields every matching term with its exact distance
// (Iterator.Distance); picking the best expansions is the query's job.
//
// vellum's levenshtein package builds exactly this automaton (our tests
// agree with it on random strings), but eagerly: 0.2–0.7 ms and 0.6–1.2 MB
// for each query word before the first term (a 1 KiB transition table per
// state, for every state the query could reach), growing with the word's
// length — 70 MB for 1000 code points — up to a hard failure past 10000
// states. FuzzyAutomaton is instead a lazily built DFA over the same
// recurrence: a state is one banded row of the edit distance matrix (plus
// the transposition candidates), created when the FST walk first reaches
// it, so a query pays only for the paths the dictionary has. Its result is
// verified three ways in the tests: against EditDistance (itself checked
// against the textbook full-matrix recurrence) by brute force over random
// vocabularies with multi-byte code points and malformed UTF-8, and against
// vellum's DFA; the invariants build tag re-measures every match.
//
// # Trust
//
// Open checks the footer (version first, then the CRC32C of the whole
// file) and the section lengths, then trusts the bytes. vellum reads FST
// bytes without bounds checks of its own; every call into it is guarded so
// that corrupt bytes behind a matching checksum give ErrCorrupt, never a
// panic. Check verifies every structure; it runs in Open when built with the
// invariants tag.
//
// A Dict is safe for concurrent use. Iterators and FuzzyAutomatons are not;
// both are reusable, and iterating allocates nothing per term.
package termdict
