// Package highlight owns search-hit highlighting: given a hit's field
// values and the query, it returns the fragments OpenSearch 3's default
// `unified` highlighter returns for a field without term vectors or
// indexed offsets — Lucene's UnifiedHighlighter re-analysing the text, as
// OpenSearch configures it (CustomUnifiedHighlighter, CustomFieldHighlighter,
// BoundedBreakIteratorScanner, CustomPassageFormatter), down to the passage
// boundaries, scores and character offsets.
//
//	h := highlight.New(query, "body", opts) // once per search and field
//	frags, err := h.Highlight(values)       // per hit; empty: omit the field
//
// # What is highlighted
//
// The query is the engine's query tree as built for the hit's index (for
// inner hits, the nested query's inner query). With OpenSearch's default
// require_field_match, only clauses on the highlighted field count. Term
// queries highlight every occurrence; phrases highlight only their actual
// occurrences, found as Lucene's span queries find them (an exact phrase
// in order; a sloppy phrase in any order with at most slop other positions
// in its window); prefix queries, fuzzy queries (every word within the
// edits, not only the max_expansions the search used) and terms queries of
// several terms match the document's own words. must_not clauses highlight
// nothing; filter clauses do. When a field has a phrase, its phrase words
// outside phrase matches stay plain unless a term query names them too (and
// a terms query of a single term is then ignored, as in Lucene). Adjacent
// matches are tagged one by one (`<b>New</b> <b>York</b>`).
//
// # Passages
//
// Values are joined with U+0000 and analysed separately (position gap 100,
// so phrases never cross values); a passage never crosses a value. Each
// match that falls after the current passage opens one: the sentences
// around it (Java's sentence BreakIterator, Locale.ROOT) merged while they
// fit in fragment_size characters, a longer sentence being cut at Java word
// breaks, fragment_size before the match and the rest of it after. Passages
// are scored by Lucene's PassageScorer (BM25 over the passage, k1 1.2, b
// 0.75, pivot 87, a bonus for early passages) and the best
// number_of_fragments kept, returned in text order or, with order score,
// best first. number_of_fragments 0, and keyword fields, make each whole
// matching value one fragment. Lengths and offsets count UTF-16 code
// units, as Java does.
//
// The break iterators are the JDK's own state machines (breakdata.go,
// generated from a JDK by testdata/reference/BreakTables.java) run by a
// port of the JDK's RuleBasedBreakIterator, including the history its
// answers depend on.
//
// # Output
//
// The fragment is the stored text with the tags around matches, a trailing
// U+2029 dropped and then trimmed as Java's String.trim. Nothing is
// escaped: OpenSearch's default encoder returns HTML in the source as it is
// (encoder "html" is not supported by the API). A value longer than
// index.highlight.max_analyzed_offset (1,000,000) is an error, as in
// OpenSearch, when the query has anything to highlight in the field.
//
// # Verification
//
// testdata/reference/Reference.java runs Lucene's highlighter with
// OpenSearch's classes ported around it; testdata/golden holds its answers
// for 599 cases on CUAD excerpts and hand-made edges, all identical (see
// docs/highlight.md for larger runs, the commands, and the Lucene 8.7 vs
// Lucene 10 differences the harness bridges).
package highlight
