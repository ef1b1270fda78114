// Package source owns getting contract text out of files: it reads plain
// text, HTML (x/net/html: block structure kept as paragraphs, scripts and
// styles dropped, entities decoded) and EDGAR full-submission files (the
// <SEC-HEADER> gives company name and CIK, filing date, form type,
// accession number, SIC industry; each contract exhibit — EX-1, EX-2,
// EX-4, EX-10 and agreements filed as EX-99 — becomes one Document), and
// merges metadata from an optional CSV or JSONL manifest.
//
// A file that cannot hold a contract is refused with a *RefusedError whose
// Reason the caller reports before skipping the file: empty, binary
// (NUL bytes, control characters, or a PDF/ZIP/image/OLE signature),
// invalid UTF-8 (unless an HTML file declares another charset, which is
// then decoded), larger than Options.MaxBytes, or an EDGAR submission
// without a contract exhibit. Nothing here panics on bad input.
package source
