// Package ingest owns the way from a folder of contract files to the
// records of the six indexes: it walks the folder, reads each file with the
// reader for its kind, joins manifest metadata, parses every contract on all
// cores, groups near-duplicates, builds the derived clause, definition,
// company, category and jurisdiction records, and writes all of them as
// OpenSearch bulk NDJSON, the one format every sink loads.
//
// The stages, each in its own file:
//
//	walk.go      which files are in the corpus? (recursive, sorted, hidden
//	             entries and the manifest left out)
//	readers.go   which contracts does a file hold? Reader, by extension;
//	             refusals (binary, empty, invalid UTF-8, oversize)
//	html.go      what text does an HTML file show?
//	edgar.go     which exhibits does an EDGAR full submission hold, and what
//	             does its header say?
//	manifest.go  what does the manifest say about a file? (CSV or JSONL,
//	             columns mapped by name; metadata only, never labels)
//	pipeline.go  Build: files → parsed contracts → groups, on all cores,
//	             in an order independent of scheduling
//	records.go   which records does a corpus give? contract records and
//	             the derived ones, and their bulk NDJSON
//
// A file that cannot be read or parsed is reported with its reason and
// skipped; nothing a file holds can abort a run. Output bytes depend only on
// the input files, the manifest and the options, never on the number of
// workers (TestDeterministic). docs/ingest-pipeline.md describes the
// pipeline, the derived records and the flags of cmd/ingest.
package ingest
