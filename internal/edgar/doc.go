// Package edgar owns fetching contracts from the SEC's EDGAR archive into
// a folder that cmd/ingest reads: which filings a quarter's full index
// lists (ParseFullIndex: form.idx, company.idx, master.idx), which
// documents a filing holds (ParseIndexPage for <accession>-index.htm,
// ParseDirectory for the folder's index.json), and Run, which reads the
// full indexes of a range of quarters, keeps the filings of the wanted
// forms, fetches each one's index and wanted exhibits, and writes them
// with a manifest.csv of their metadata (CIK, company, SIC, form type,
// filing date, accession number, exhibit type, source URL).
//
// Run keeps to the SEC's fair-access rules: a User-Agent naming the user
// with a contact email (refused without one), at most MaxRate requests a
// second across all workers, retries of 429 and 5xx answers with
// jittered exponential backoff that honours Retry-After. It resumes
// after an interruption without fetching again what it has: its state
// (the full indexes read and a journal of the filings done) lives in the
// output folder's hidden .edgar folder, and every file is written
// atomically (state.go). docs/edgar.md describes the layout and the
// formats read.
package edgar
