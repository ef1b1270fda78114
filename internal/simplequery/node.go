package simplequery

import (
	"strconv"
	"strings"
)

// Occur says how a clause of a Bool node takes part in matching, as Lucene's
// BooleanClause.Occur does.
type Occur uint8

// The occurrences. Should is the zero value, and the default operator of
// simple_query_string ("or").
const (
	// Should: the clause is optional; it scores if it matches.
	Should Occur = iota
	// Must: the clause must match.
	Must
	// MustNot: the clause must not match.
	MustNot
)

// String returns Lucene's name of the occurrence: "SHOULD", "MUST" or
// "MUST_NOT".
func (o Occur) String() string {
	switch o {
	case Should:
		return "SHOULD"
	case Must:
		return "MUST"
	case MustNot:
		return "MUST_NOT"
	}
	return "Occur(" + strconv.Itoa(int(o)) + ")"
}

// prefix is the occurrence's mark in Node.String: "+", "" or "-".
func (o Occur) prefix() string {
	switch o {
	case Must:
		return "+"
	case MustNot:
		return "-"
	}
	return ""
}

// Kind is the type of a Node.
type Kind uint8

// The node kinds. Term, Phrase, Prefix and Fuzzy are leaves carrying user
// text; Bool combines clauses; MatchAll and MatchNone carry nothing.
const (
	// KindTerm is a plain term: Text, to be analysed as a match query would.
	KindTerm Kind = iota
	// KindPhrase is a quoted phrase: Text, with Slop.
	KindPhrase
	// KindPrefix is a term with a trailing *: Text is the prefix, without the *.
	KindPrefix
	// KindFuzzy is a term followed by ~N: Text, with Edits (1 or 2).
	KindFuzzy
	// KindBool is a boolean combination of Clauses (never empty).
	KindBool
	// KindMatchAll matches every document. The parser makes one for the text
	// "*" and as the Should clause of every negation.
	KindMatchAll
	// KindMatchNone matches no document. The parser makes one, as the whole
	// tree, when the text has no term, phrase or group with content.
	KindMatchNone
)

// String returns the kind's lower-case name ("term", "phrase", "prefix",
// "fuzzy", "bool", "match_all", "match_none").
func (k Kind) String() string {
	switch k {
	case KindTerm:
		return "term"
	case KindPhrase:
		return "phrase"
	case KindPrefix:
		return "prefix"
	case KindFuzzy:
		return "fuzzy"
	case KindBool:
		return "bool"
	case KindMatchAll:
		return "match_all"
	case KindMatchNone:
		return "match_none"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// IsLeaf reports whether nodes of kind k carry user text: term, phrase,
// prefix and fuzzy nodes.
func (k Kind) IsLeaf() bool { return k <= KindFuzzy }

// Node is a node of a parsed simple_query_string. Which fields are meaningful
// depends on Kind; the others are zero.
type Node struct {
	// Kind is the node's type.
	Kind Kind
	// Text is the text of a leaf, escape characters removed. It is never
	// empty for Term, Prefix and Fuzzy; a Phrase's may be empty (`""~2`).
	Text string
	// Slop is a Phrase's slop, from 0 to 2147483647.
	Slop int
	// Edits is a Fuzzy node's maximum edit distance, 1 or 2.
	Edits int
	// Clauses are a Bool node's clauses, in text order.
	Clauses []Clause
}

// Clause is one clause of a Bool node.
type Clause struct {
	// Occur is how the clause takes part in matching.
	Occur Occur
	// Node is the clause's query; never nil.
	Node *Node
}

// String renders the tree as Lucene's Query.toString renders the query Lucene
// builds from it (for a single field, whose name is omitted):
//
//	term      text as is, e.g. foo, café, a b (no quoting or escaping)
//	phrase    "text", followed by ~slop when the slop is not 0: "a b"~2
//	prefix    text*: foo*
//	fuzzy     text~edits: foo~1
//	match all *:*
//	match no  <none>
//	bool      the clauses, separated by one space, each written as its
//	          occurrence mark ("+" must, "-" must not, nothing for should)
//	          followed by the clause's query, in parentheses if it is itself
//	          a bool: +foo -(a b) "x y"
//
// The top-level bool has no parentheses. A bool with no clauses, which the
// parser never makes, renders as "()". Leaf text is not escaped, so the
// rendering is ambiguous when a leaf contains spaces or operator characters;
// compare trees, not strings, when that matters. A nil node renders as
// "<nil>".
func (n *Node) String() string {
	if n == nil {
		return "<nil>"
	}
	var b strings.Builder
	n.render(&b)
	return b.String()
}

func (n *Node) render(b *strings.Builder) {
	switch n.Kind {
	case KindTerm:
		b.WriteString(n.Text)
	case KindPhrase:
		b.WriteByte('"')
		b.WriteString(n.Text)
		b.WriteByte('"')
		if n.Slop != 0 {
			b.WriteByte('~')
			b.WriteString(strconv.Itoa(n.Slop))
		}
	case KindPrefix:
		b.WriteString(n.Text)
		b.WriteByte('*')
	case KindFuzzy:
		b.WriteString(n.Text)
		b.WriteByte('~')
		b.WriteString(strconv.Itoa(n.Edits))
	case KindMatchAll:
		b.WriteString("*:*")
	case KindMatchNone:
		b.WriteString("<none>")
	case KindBool:
		if len(n.Clauses) == 0 {
			b.WriteString("()")
			return
		}
		for i, c := range n.Clauses {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(c.Occur.prefix())
			if c.Node == nil {
				b.WriteString("<nil>")
			} else if c.Node.Kind == KindBool {
				b.WriteByte('(')
				c.Node.render(b)
				b.WriteByte(')')
			} else {
				c.Node.render(b)
			}
		}
	default:
		b.WriteString(n.Kind.String())
	}
}

// Leaves returns the number of leaves (term, phrase, prefix and fuzzy nodes)
// in the tree: the clauses the query contributes before field expansion and
// analysis. The match-all clauses of negations are not counted. It is 0 for a
// nil node.
func (n *Node) Leaves() int {
	if n == nil {
		return 0
	}
	if n.Kind.IsLeaf() {
		return 1
	}
	count := 0
	for _, c := range n.Clauses {
		count += c.Node.Leaves()
	}
	return count
}

// Depth returns the height of the tree: 1 for a node without clauses (a leaf,
// match-all or match-none), and 1 plus the greatest depth of its clauses for
// a bool. It is 0 for a nil node.
func (n *Node) Depth() int {
	if n == nil {
		return 0
	}
	deepest := 0
	for _, c := range n.Clauses {
		deepest = max(deepest, c.Node.Depth())
	}
	return 1 + deepest
}
