// Package source owns getting contracts out of input files and what is
// known about them before parsing: which files of a folder may hold
// contracts (Walk), the contracts a file holds with the metadata it gives
// (ReadFile, Read), why a file is refused (*RefusedError), and the
// metadata a manifest adds (Manifest). It is the only reader of contract
// files: the ingest pipeline and cmd/eval both read through it.
//
// Read recognises PDF (its text extracted by poppler's pdftotext, run as
// a bounded child process: PDFOptions), plain text, HTML (x/net/html:
// block structure kept as paragraphs, scripts and styles dropped,
// entities decoded, the <title> kept as a title of last resort) and EDGAR full-submission files (the
// <SEC-HEADER> gives company name and CIK, filing date, form type,
// accession number, SIC industry; each contract exhibit — EX-1, EX-2,
// EX-4, EX-10 and agreements filed as EX-99 — becomes one Document with
// its <SEQUENCE>). A manifest (CSV or JSONL) adds metadata by path, EDGAR
// sequence or exhibit type; it maps metadata columns only, never labels.
//
// Text is read in the encoding it is in (decodeText, Document.Encoding):
// UTF-16 by its byte order mark or its NUL bytes, valid UTF-8 as UTF-8,
// HTML in the charset it declares, anything else as Windows-1252 unless
// that reading comes out garbled.
//
// A file that cannot hold a contract is refused with a *RefusedError whose
// Cause the caller reports before skipping the file: empty or blank,
// binary (NUL bytes, control characters, or a ZIP/image/OLE signature),
// in an encoding it does not declare and that is not UTF-8 or
// Windows-1252, larger than Options.MaxBytes, HTML or a PDF without text,
// a PDF that pdftotext cannot read (encrypted, damaged, too slow) or when
// it is not installed, or an EDGAR submission without a contract exhibit.
// Nothing here panics on bad input. docs/ingest.md describes the readers,
// the encodings, the refusals, the walk and the manifest.
package source
