// Package contract owns the parsed form of one contract — its text,
// attributes, parties and sections — and the `contract` index record built
// from it. It is the vocabulary shared by the ingest stages beneath it:
//
//	source        files → Documents: .txt, .htm/.html, EDGAR full submissions,
//	              manifest metadata; refuses binary, empty, invalid UTF-8 and
//	              huge input with a *source.RefusedError
//	clean         raw text → body: page numbers, footers, running headers,
//	              hyphenation and hard line breaks repaired; one paragraph per
//	              "\n\n"-separated block
//	parse         body + Meta → *Contract: title, snippet, parties, clauses,
//	              definitions, jurisdiction, category
//	jurisdiction  which place does "the laws of the State of New York" name?
//	category      which contract type does a title name?
//
// Nothing here reads labels: the evaluation program (cmd/eval) compares a
// Contract with CUAD's answers from the outside.
package contract
