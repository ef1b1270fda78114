// Package docview owns what a reader sees on opening one contract: the
// record's _source decoded into a View (title, attribute table, sections
// with their anchors, body), a query's matches placed in the body as
// marks, and the HTML page rendered from the embedded template
// (html/template, so every value is escaped for where it appears).
//
// It knows nothing of HTTP or of backends: the API fetches the record and
// the highlighted body and hands them here. The page is self-contained —
// inline CSS, no script, no external resource — so it can be served with a
// strict Content-Security-Policy.
//
// # Anchors
//
// Section i of the record (its position in `sections`, the `_nested.offset`
// of its inner hits) is anchored as contract.SectionAnchor(i), "section-i",
// at the start of its span in the body. A section without a usable span (a
// record written before spans were kept, or by another tool) is listed in
// the table of contents without a link.
//
// # Marks
//
// The backend highlights the whole body as one fragment between two tags
// that do not occur in text (MarkPre, MarkPost); Marks strips them and maps
// the marked ranges back onto the stored body, so the marks are exactly the
// backend's and the body is rendered from the record, not from the
// highlighter's output.
package docview
