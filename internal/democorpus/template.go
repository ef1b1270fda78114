package democorpus

// contractType is the template of one kind of agreement: the words only
// such an agreement has. Everything else (parties, dates, definitions
// framing, general clauses, signature blocks) comes from the shared
// builder, so each type stays a page of text.
//
// Texts may hold placeholders ({A}, {B}, {Product}, {Days} … see
// builder.slots) and alternatives separated by " || ", one of which each
// document picks.
type contractType struct {
	// Slug and Name are the category attribute the parser should derive
	// from the title.
	Slug, Name string
	// Titles are the document titles used, upper-case.
	Titles []string
	// Roles are the defined names of the first and second party.
	Roles [2]string
	// Person makes the second party an individual, not a company.
	Person bool
	// Exhibit is the EDGAR exhibit family (10 for material contracts, 2
	// for acquisitions, 1 for underwriting, 4 for instruments).
	Exhibit string
	// Recitals are the WHEREAS clauses.
	Recitals []string
	// Subject are choices for {Product}, what the agreement is about.
	Subject []string
	// Defs are definitions only this type uses.
	Defs []def
	// Sections are the articles only this type has, placed after the
	// definitions and before the general clauses.
	Sections []sec
	// Omit names general clauses (keys of generalClauses) that this type
	// leaves out.
	Omit []string
	// Schedule is an exhibit appended after the signatures, if any.
	Schedule *sec
	// Weight is how often the type is picked once every type has
	// appeared.
	Weight int
}

// def is one definition: the term and what follows it, starting with the
// verb ("means …", "has the meaning …").
type def struct{ Term, Text string }

// sec is an article or top-level section with its subsections.
type sec struct {
	Head string
	Subs []sub
}

// sub is a subsection: a run-in heading and its text, or, with an empty
// Head, a plain paragraph.
type sub struct{ Head, Text string }
