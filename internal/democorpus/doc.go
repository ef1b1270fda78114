// Package democorpus owns the demo corpus: realistic contracts the project
// writes itself, so that a fresh clone without ../shared has something
// useful to index and search. The templates are original text written for
// the project, not copied from any filing.
//
// Generate is deterministic: the same Options give byte-identical files in
// every run and Go release (all randomness comes from a seeded PCG read
// through the package's own helpers). A corpus holds 33 contract types
// with their categories, governing-law clauses for 31 jurisdictions,
// definitions sections and inline definitions with straight and curly
// quotes, five heading styles (numbered, run-in, ARTICLE, all-caps,
// "Section 5.2"), signature blocks and exhibits, and planted
// near-duplicates (the same agreement refiled, revised, or signed with
// another counterparty) for grouping to find. Files come as clean text,
// paged text with footers and hyphenation, EDGAR-style HTML and EDGAR
// full-submission files, and a manifest.csv gives each contract's metadata
// and the values a perfect parser would derive. docs/demo-corpus.md
// describes it; cmd/democorpus writes it.
package democorpus
