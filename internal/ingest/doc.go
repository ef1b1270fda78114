// Package ingest owns the way from a folder of contract files to the
// records of the six indexes: it lists the folder and reads each file
// through package contract/source (walk, readers, refusals, manifest
// metadata), parses every contract on all cores, groups near-duplicates,
// builds the derived clause, definition, company, category and
// jurisdiction records, and writes all of them as OpenSearch bulk NDJSON,
// the one format every sink loads.
//
// The stages, each in its own file:
//
//	pipeline.go  Build: files (source.Walk, less those the manifest does
//	             not list) → documents (source.ReadFile, manifest applied)
//	             → parsed contracts → groups, on all cores, in an order
//	             independent of scheduling
//	records.go   which records does a corpus give? contract records and
//	             the derived ones, and their bulk NDJSON
//	summary.go   what did a run read, skip and build?
//
// A file that cannot be read or parsed is reported with its reason and
// skipped; nothing a file holds can abort a run. Output bytes depend only on
// the input files, the manifest and the options, never on the number of
// workers (TestDemoCorpus). docs/ingest-pipeline.md describes the
// pipeline, the derived records and the flags of cmd/ingest;
// docs/ingest.md the readers and the manifest.
package ingest
