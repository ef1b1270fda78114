// Package clean owns the repair of extracted contract text: it turns what
// a PDF or HTML extractor, or an EDGAR plain-text exhibit, left behind into
// a body of paragraphs separated by blank lines ("\n\n"), one space between
// words.
//
// The rules, in the order they run (docs/ingest.md has examples):
//
//  1. Characters: CR and CRLF become LF, form feeds page breaks, tabs and
//     Unicode spaces a space; zero-width characters go; a soft hyphen is a
//     hyphen (PDF extractors emit U+00AD where the page showed "-").
//  2. Pieces: every line is cut at runs of three or more spaces, which PDF
//     extraction leaves where a line, a column or a paragraph ended.
//  3. Page artifacts: page numbers ("7", "- 7 -", "Page 7 of 75", "7 of 75"),
//     "Source: COMPANY, 10-Q, 5/20/2014" footers and form feeds are removed,
//     also inside a piece; running headers and footers — pieces repeated at
//     least three times next to those page boundaries — are removed too.
//  4. Detached numbering: a run of two or more pieces that are only
//     numbers ("1.", "2.1", "(a)"), which extractors print in a column apart
//     from their headings, is removed; a lone number is joined to the text
//     that follows it.
//  5. Paragraphs: pieces are joined into paragraphs unless the next starts
//     a structure (numbering, "Section", "ARTICLE", a bullet, a quoted
//     defined term, a capitalised heading line) or the previous ended one
//     (a heading line, or a sentence end on a line shorter than the
//     document's usual line width). Hyphenation is repaired: "third-
//     party" becomes "third-party", "manu-\nfacturing" becomes
//     "manufacturing" when the document uses that word elsewhere.
//
// Clause numbering is read by one grammar, ReadMarker, which this
// package's rules and the parser's headings both use ("1.", "2.3(a)",
// "(aa)", "ARTICLE V", "Section 5.2", "§ 4"). Splitting paragraphs that
// an extractor ran together, which needs the heading grammar, is the
// parser's work (package parse).
//
// Confidential-treatment markers ("[***]", "[* * *]", "{*****}",
// "[CONFIDENTIAL TREATMENT REQUESTED]") are ordinary text to every rule and
// stay readable.
package clean
