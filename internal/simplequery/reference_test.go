package simplequery

import (
	"fmt"
	"strings"
)

// refParse is a deliberately naive, line-by-line reading of Lucene's
// SimpleQueryParser (recursive, rescanning parentheses, copying every token
// into a fresh buffer, rebuilding the top Bool for each branch as Lucene's
// addClause does). FuzzParse compares Parse with it, so the iterative,
// memoising, non-copying Parse is checked against the plain algorithm.
func refParse(text string, flags Flags, def Occur) *Node {
	return refParseKeep(text, flags, def, nil)
}

// refParseKeep is refParse with Parser.Keep: a dropped leaf is a null branch,
// which Lucene's buildQueryTree ignores.
func refParseKeep(text string, flags Flags, def Occur, keep func(*Node) bool) *Node {
	if strings.TrimFunc(text, func(r rune) bool { return r <= ' ' }) == "*" {
		return &Node{Kind: KindMatchAll}
	}
	r := &ref{data: text, flags: flags, def: def, keep: keep}
	st := &refState{index: 0, length: len(text), cur: -1, prev: -1}
	r.parseSubQuery(st)
	if st.top == nil {
		return &Node{Kind: KindMatchNone}
	}
	return st.top
}

type ref struct {
	data  string
	flags Flags
	def   Occur
	keep  func(*Node) bool
}

type refState struct {
	index, length int
	cur, prev     int // -1 unset, else Occur
	not           int
	top           *Node
}

func (r *ref) on(f Flags) bool { return r.flags&f != 0 }

func (r *ref) parseSubQuery(st *refState) {
	for st.index < st.length {
		c := r.data[st.index]
		if c == '(' && r.on(Precedence) {
			r.consumeSubQuery(st)
		} else if c == ')' && r.on(Precedence) {
			st.index++
		} else if c == '"' && r.on(Phrase) {
			r.consumePhrase(st)
		} else if c == '+' && r.on(And) {
			if st.cur == -1 && st.top != nil {
				st.cur = int(Must)
			}
			st.index++
		} else if c == '|' && r.on(Or) {
			if st.cur == -1 && st.top != nil {
				st.cur = int(Should)
			}
			st.index++
		} else if c == '-' && r.on(Not) {
			st.not++
			st.index++
			continue
		} else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') && r.on(Whitespace) {
			st.index++
		} else {
			r.consumeToken(st)
		}
		st.not = 0
	}
}

func (r *ref) consumeSubQuery(st *refState) {
	st.index++
	start := st.index
	precedence := 1
	escaped := false
	for st.index < st.length {
		if !escaped {
			c := r.data[st.index]
			if c == '\\' && r.on(Escape) {
				escaped = true
				st.index++
				continue
			} else if c == '(' {
				precedence++
			} else if c == ')' {
				precedence--
				if precedence == 0 {
					break
				}
			}
		}
		escaped = false
		st.index++
	}
	if st.index == st.length {
		st.index = start
	} else if st.index == start {
		st.cur = -1
		st.index++
	} else {
		sub := &refState{index: start, length: st.index, cur: -1, prev: -1}
		r.parseSubQuery(sub)
		r.buildQueryTree(st, sub.top)
		st.index++
	}
}

func (r *ref) consumePhrase(st *refState) {
	st.index++
	start := st.index
	var buf []byte
	escaped, hasSlop := false, false
	for st.index < st.length {
		if !escaped {
			c := r.data[st.index]
			if c == '\\' && r.on(Escape) {
				escaped = true
				st.index++
				continue
			} else if c == '"' {
				if st.length > st.index+1 && r.data[st.index+1] == '~' && r.on(Near) {
					st.index++
					if st.length > st.index+1 {
						hasSlop = true
					}
				}
				break
			}
		}
		escaped = false
		buf = append(buf, r.data[st.index])
		st.index++
	}
	if st.index == st.length {
		st.index = start
	} else if st.index == start {
		st.cur = -1
		st.index++
	} else {
		slop := 0
		if hasSlop {
			slop = r.parseFuzziness(st)
		}
		r.buildQueryTree(st, r.kept(&Node{Kind: KindPhrase, Text: string(buf), Slop: slop}))
		st.index++
	}
}

func (r *ref) consumeToken(st *refState) {
	var buf []byte
	escaped, prefix, fuzzy := false, false, false
	for st.index < st.length {
		c := r.data[st.index]
		if !escaped {
			if c == '\\' && r.on(Escape) {
				escaped = true
				prefix = false
				st.index++
				continue
			} else if r.tokenFinished(st) {
				break
			} else if len(buf) > 0 && c == '~' && r.on(Fuzzy) {
				fuzzy = true
				break
			}
			prefix = len(buf) > 0 && c == '*' && r.on(Prefix)
		}
		escaped = false
		buf = append(buf, c)
		st.index++
	}
	if len(buf) == 0 {
		return
	}
	var branch *Node
	if fuzzy && r.on(Fuzzy) {
		fz := min(r.parseFuzziness(st), 2)
		if fz == 0 {
			branch = &Node{Kind: KindTerm, Text: string(buf)}
		} else {
			branch = &Node{Kind: KindFuzzy, Text: string(buf), Edits: fz}
		}
	} else if prefix {
		branch = &Node{Kind: KindPrefix, Text: string(buf[:len(buf)-1])}
	} else {
		branch = &Node{Kind: KindTerm, Text: string(buf)}
	}
	r.buildQueryTree(st, r.kept(branch))
}

func (r *ref) kept(leaf *Node) *Node {
	if r.keep != nil && !r.keep(leaf) {
		return nil
	}
	return leaf
}

func (r *ref) buildQueryTree(st *refState, branch *Node) {
	if branch == nil {
		return
	}
	if st.not%2 == 1 {
		branch = &Node{Kind: KindBool, Clauses: []Clause{
			{Occur: MustNot, Node: branch},
			{Occur: Should, Node: &Node{Kind: KindMatchAll}},
		}}
	}
	if st.top == nil {
		st.top = branch
	} else {
		if st.cur == -1 {
			st.cur = int(r.def)
		}
		if st.prev != st.cur {
			st.top = &Node{Kind: KindBool, Clauses: []Clause{{Occur: Occur(st.cur), Node: st.top}}}
		}
		// Lucene's addClause: a new Bool with the old clauses and the branch.
		clauses := append([]Clause(nil), st.top.Clauses...)
		st.top = &Node{Kind: KindBool, Clauses: append(clauses, Clause{Occur: Occur(st.cur), Node: branch})}
		st.prev = st.cur
	}
	st.cur = -1
}

func (r *ref) parseFuzziness(st *refState) int {
	var slop []byte
	if r.data[st.index] != '~' {
		return 0
	}
	for st.index < st.length {
		st.index++
		if st.index < st.length {
			if r.tokenFinished(st) {
				break
			}
			slop = append(slop, r.data[st.index])
		}
	}
	if len(slop) == 0 {
		return 2
	}
	v, ok := JavaParseInt(string(slop))
	if !ok || v < 0 {
		return 0
	}
	return int(v)
}

func (r *ref) tokenFinished(st *refState) bool {
	switch r.data[st.index] {
	case '"':
		return r.on(Phrase)
	case '|':
		return r.on(Or)
	case '+':
		return r.on(And)
	case '(', ')':
		return r.on(Precedence)
	case ' ', '\t', '\n', '\r':
		return r.on(Whitespace)
	}
	return false
}

// dump renders a tree unambiguously, quoting leaf text:
// bool(+term("a") -phrase("b c"~2) prefix("d") fuzzy("e"~1) all none).
func dump(n *Node) string {
	var b strings.Builder
	var walk func(n *Node)
	walk = func(n *Node) {
		switch n.Kind {
		case KindTerm:
			fmt.Fprintf(&b, "term(%q)", n.Text)
		case KindPhrase:
			fmt.Fprintf(&b, "phrase(%q~%d)", n.Text, n.Slop)
		case KindPrefix:
			fmt.Fprintf(&b, "prefix(%q)", n.Text)
		case KindFuzzy:
			fmt.Fprintf(&b, "fuzzy(%q~%d)", n.Text, n.Edits)
		case KindMatchAll:
			b.WriteString("all")
		case KindMatchNone:
			b.WriteString("none")
		case KindBool:
			b.WriteString("bool(")
			for i, c := range n.Clauses {
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(c.Occur.prefix())
				walk(c.Node)
			}
			b.WriteByte(')')
		default:
			b.WriteString(n.Kind.String())
		}
	}
	walk(n)
	return b.String()
}
