// Package clausetype owns the clause-type taxonomy and the one rule that
// turns a heading, or a clause's text, into canonical types: "Governing
// Law", "Applicable Law" and "CHOICE OF LAW" are all governing-law, and a
// "Miscellaneous" section saying "This Agreement shall be governed by the
// laws of Delaware" is governing-law too.
//
// The taxonomy (Types) covers CUAD v1's 41 categories and the common
// boilerplate clauses. Each type has a slug, the keyword stored in the
// `clause_type` field of contract sections and clause records, a display
// name, and the headings that name it.
//
// Two callers must agree on what a heading means, so both go through
// OfHeading: the parser, which types the sections of a contract
// (Classify), and the query side, which turns the heading a user writes
// in a clause filter into the slug it matches. Headings are compared after
// one normalisation: case, punctuation, hyphens, "&" for "and", plurals,
// numbering ("12.", "Section 5.2", "ARTICLE V") and a leading "The" do not
// matter.
// A few headings say less than their type: a "Third Party Beneficiaries"
// section often makes nobody one, an "Ownership" section often assigns
// nothing. Classify keeps their type only when the section's text states
// it; a user's clause filter still means the type.
//
// Text rules find the clause types that often sit under other headings
// ("Miscellaneous", "General"): governing law, non-compete,
// anti-assignment, change of control, audit rights, licence grants, caps
// on liability, insurance, rights of first refusal and a dozen more. They are
// phrase patterns of how contracts word these clauses, not keywords:
// "shall not assign … without the prior written consent", not "assign".
// docs/ingest.md gives their precision and recall against CUAD's labels.
package clausetype
