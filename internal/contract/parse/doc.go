// Package parse owns the reading of a contract's structure: given its raw
// text and what is known about it (contract.Meta), Parse returns the
// cleaned body, title, opening passage, parties, clauses, definitions,
// jurisdiction, country, category, company and industry.
//
// The grammar, in the order Parse applies it (docs/ingest.md has the
// full tables and examples):
//
//   - Paragraphs: package clean repairs the text; paragraphs an extractor
//     ran together are split before numbered headings that follow a
//     sentence end.
//   - Preamble: the first sentence naming a document and how it was made
//     ("This … Agreement … is entered into … by and between …").
//   - Title: before the preamble, the first heading-like stretch ending in
//     a document noun ("MARKETING AFFILIATE AGREEMENT"), preferring the
//     one equal to the preamble's own name for the document.
//   - Parties: the names after "between"/"among" in the preamble, each up
//     to its description, with its defined role (`("Company")`).
//   - Clauses: headings after the preamble — "ARTICLE V", "Section 5.2",
//     "12.", "12.1", "(a)", lines in capitals, title-case lines and run-in
//     headings ("Governing Law. This Agreement …") — with the text up to
//     the next heading or signature block; exhibits and schedules after
//     the signatures, and text under no heading (named by its numbering,
//     "Section 4.3", or "Untitled"), are clauses too.
//   - Definitions: `"Term" means / shall mean / has the meaning / shall
//     have the meaning …` with straight or curly quotes, and inline
//     `(the "Company")`.
//   - Jurisdiction: the place in the best-scored statement of governing law
//     ("governed by … the laws of the State of New York").
//   - Category: the title's contract type (package category).
//
// Parse never fails and never reads labels: whatever it cannot find is
// left empty.
package parse
