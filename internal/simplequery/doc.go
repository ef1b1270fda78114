// Package simplequery owns the syntax of OpenSearch's simple_query_string
// query: its flags, and a parser that turns query text into a syntax tree with
// exactly the structure Lucene's SimpleQueryParser (which OpenSearch's
// SimpleQueryStringQueryParser subclasses) gives the query it builds.
//
// The tree is pre-analysis: leaves carry the raw text the user typed (escape
// characters removed), with no analysis, normalisation or field expansion.
// It is shared by the API gateway, which validates queries and counts their
// leaves against clause limits, and the search engine, which analyses the
// leaves and builds scorers from the tree.
//
// Like Lucene, the parser never fails: every string parses to some tree, and
// text with no usable content parses to a match-none node. The syntax, with
// every flag enabled, is:
//
//	a b      a or b, or a and b, depending on the default operator
//	a + b    a and b (AND)
//	a | b    a or b (OR)
//	-a       not a: a Bool of MustNot a and Should match-all (NOT)
//	"a b"    phrase (PHRASE)
//	"a b"~N  phrase with slop N (NEAR, also called SLOP)
//	a*       prefix (PREFIX)
//	a~N      fuzzy term, at most 2 edits (FUZZY)
//	( )      grouping (PRECEDENCE)
//	\x       x taken literally (ESCAPE)
//	spaces   ' ', \t, \n and \r separate terms (WHITESPACE)
//
// Operators combine strictly left to right: each change of operator wraps
// everything parsed so far into a new Bool, so "a b +c" (default or) is
// "+(a b) +c" and "a +b c" is "(+a +b) c". See [Parser.Parse] for the exact
// algorithm.
package simplequery
