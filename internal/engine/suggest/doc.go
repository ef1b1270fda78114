// Package suggest owns the term suggester: for each word of a suggest text,
// the terms of a field's dictionary within two edits, scored and ordered as
// OpenSearch 3's `term` suggester answers — the question it answers is
// "here is a misspelt word, which indexed terms did the user mean?".
//
//	res, err := suggest.Run(ctx, indexes, []suggest.Suggester{{
//		Name: "suggestions", Text: "agrement", Settings: suggest.Defaults("body"),
//	}}, mapped)
//	res.AppendJSON(nil) // {"suggestions":[{"text":"agrement","offset":0,"length":8,"options":[…]}]}
//
// Run, Shard and Reduce keep no state between calls and are safe for
// concurrent use.
//
// # How OpenSearch computes it
//
// OpenSearch runs the suggester once per shard (here: per logical index)
// and merges the shard answers on the coordinating node. On a shard
// (TermSuggester.innerExecute) the text is analysed with the field's search
// analyzer; every token becomes an entry {text, offset, length} — the
// analysed term, and the token's start offset and length in UTF-16 code
// units of the original text, as Java strings count — and gets its options
// from Lucene's DirectSpellChecker, configured by DirectSpellcheckerSettings
// (defaults in Defaults):
//
//  1. A term shorter than min_word_length (4) code points gets nothing.
//  2. Its document frequency df in the shard decides: with suggest_mode
//     missing (the default) a term that is in the shard gets nothing; in
//     every mode a term in more than ceil(max_term_freq × maxDoc) documents
//     gets nothing (max_term_freq 0.01; maxDoc counts nested documents).
//     Only popular keeps df as the bar a candidate must pass (more
//     documents than the term); missing and always use 0. min_doc_freq
//     would raise the bar (0: off).
//  3. Candidates come from FuzzyTermsEnum: the terms that share the first
//     prefix_length (1) code points and are within max_edits (2) edits of
//     the rest, a transposition counting as one edit (Lucene's Levenshtein
//     automata). Each gets the score 1 − ed / min(len(term), len(candidate))
//     in code points, as a float32: string_distance "internal" is that
//     FuzzyTermsEnum boost, not a second distance computation.
//  4. The term itself, candidates in no more documents than the bar and
//     candidates scoring under accuracy (0.5) are dropped; a priority queue
//     keeps the best shard_size × max_inspections (5 × 5) by score, ties
//     to the smaller term in byte order (the enumeration order). This runs
//     first with one edit; only if that finds fewer than the queue holds
//     does a second run with max_edits fill it, and the two sets are
//     united. The queue's automaton switching (bottomChanged) only skips
//     terms that could not enter the queue, so the sets are exactly these
//     top-k sets.
//  5. The union is sorted by score, then document frequency (both
//     descending), then text in UTF-16 order (Java's String.compareTo) and
//     cut to shard_size (max(size, 5)).
//
// A shard with no documents answers the entries without options
// (Suggester.execute). The coordinating node (Suggest.reduce) returns a
// single shard's answer as it is; with several, it merges each entry's
// options by text — the highest score, the frequencies summed — and sorts
// them by score, then frequency (descending), then text in UTF-8 byte
// order (Text.compareTo). Either way each entry is then cut to size (5).
// Named suggestions come out sorted by name.
//
// A shard whose mapping lacks the field fails: OpenSearch builds the
// suggestion context per shard and throws illegal_argument_exception "no
// mapping found for field [f]" (SuggestionBuilder.populateCommonFields),
// which fails the whole shard, hits included. Run reports those shards in
// Result.Failures and leaves them out of the merge.
//
// # Lucene versions
//
// OpenSearch 3 runs Lucene 10; the reference in the tests is Lucene 8.7
// (Debian's jars). Nothing on this path differs in result: Lucene 10's
// DirectSpellChecker adds a max query length (unbounded by default, and
// OpenSearch does not set it), and its FuzzyTermsEnum moves the
// maximum-edits switch to an explicit setter but keeps the same rule and
// the same boost formula. docs/suggest.md records the comparison.
package suggest
