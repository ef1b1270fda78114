package termdict

import (
	"bytes"
	"errors"
	"unicode/utf8"

	"github.com/blevesearch/vellum"
)

// Iterator walks terms of one dictionary in byte order: all of them, a
// prefix, a range, or the terms a fuzzy automaton accepts.
//
//	for it := d.Prefix(p); it.Next(); {
//		use(it.Term(), it.Info())
//	}
//	if err := it.Err(); err != nil { … }
//
// Next returns false at the end or on error (corrupt data); Err tells which.
// Term and Info are valid until the next call to Next or a Reset. An
// iterator is reusable through its Reset methods and allocates nothing per
// term; it is not safe for concurrent use.
type Iterator struct {
	d     *Dict
	fit   vellum.FSTIterator
	to    []byte          // exclusive upper bound, nil = none
	fuzzy *FuzzyAutomaton // nil unless fuzzy
	first bool            // fit is positioned on a term Next has not returned yet
	done  bool
	err   error
	info  TermInfo
	dist  int
}

// All returns an iterator over every term.
func (d *Dict) All() *Iterator {
	it := new(Iterator)
	it.Reset(d, nil, nil)
	return it
}

// Range returns an iterator over the terms t with from ≤ t < to; a nil
// bound is open.
func (d *Dict) Range(from, to []byte) *Iterator {
	it := new(Iterator)
	it.Reset(d, from, to)
	return it
}

// Prefix returns an iterator over the terms that start with prefix.
func (d *Dict) Prefix(prefix []byte) *Iterator {
	it := new(Iterator)
	it.ResetPrefix(d, prefix)
	return it
}

// Reset positions the iterator before the terms t of d with from ≤ t < to;
// a nil bound is open.
func (it *Iterator) Reset(d *Dict, from, to []byte) {
	it.reset(d, from, to, nil)
}

// ResetPrefix positions the iterator before the terms of d that start with
// prefix.
func (it *Iterator) ResetPrefix(d *Dict, prefix []byte) {
	it.reset(d, prefix, prefixEnd(prefix), nil)
}

// prefixEnd returns the least byte string greater than every string with
// the given prefix, or nil if there is none (the prefix is all 0xff).
func prefixEnd(prefix []byte) []byte {
	for i := len(prefix) - 1; i >= 0; i-- {
		if prefix[i] != 0xff {
			end := make([]byte, i+1)
			copy(end, prefix)
			end[i]++
			return end
		}
	}
	return nil
}

func (it *Iterator) reset(d *Dict, from, to []byte, fuzzy *FuzzyAutomaton) {
	*it = Iterator{d: d, fit: it.fit, to: to, fuzzy: fuzzy}
	if to != nil && bytes.Compare(from, to) >= 0 {
		it.done = true // vellum would return a term equal to from
		return
	}
	var aut vellum.Automaton
	if fuzzy != nil {
		aut = fuzzy.dfa
	}
	err := it.seek(from, aut)
	switch {
	case errors.Is(err, vellum.ErrIteratorDone):
		it.done = true
	case err != nil:
		it.fail(err)
	default:
		it.first = true
	}
}

func (it *Iterator) seek(from []byte, aut vellum.Automaton) (err error) {
	defer recoverCorrupt(&err)
	return fstErr(it.fit.Reset(it.d.fst, from, it.to, aut))
}

func (it *Iterator) advance() (err error) {
	defer recoverCorrupt(&err)
	return fstErr(it.fit.Next())
}

// current returns vellum's current term and output; vellum decodes the
// output lazily here, so this too reads FST bytes.
func current(fit *vellum.FSTIterator) (term []byte, out uint64, err error) {
	defer recoverCorrupt(&err)
	term, out = fit.Current()
	return term, out, nil
}

func (it *Iterator) fail(err error) {
	if !errors.Is(err, vellum.ErrIteratorDone) {
		it.err = err
	}
	it.done = true
	it.info = TermInfo{}
}

// Next moves to the next term. It returns false at the end or on error.
func (it *Iterator) Next() bool {
	for !it.done {
		if it.first {
			it.first = false
		} else if err := it.advance(); err != nil {
			it.fail(err)
			return false
		}
		term, off, err := current(&it.fit)
		if err != nil {
			it.fail(err)
			return false
		}
		if it.to != nil && bytes.Compare(term, it.to) >= 0 { // vellum checks too; cheap insurance
			it.done = true
			break
		}
		if it.fuzzy != nil {
			// The automaton admits malformed UTF-8 it cannot tell from
			// well-formed (overlong forms, surrogates); Lucene's UTF-8
			// automata never match such a term, so neither do we.
			if !utf8.Valid(term) {
				continue
			}
			it.dist = it.fuzzy.distanceOf(term)
			if it.dist < 0 { // cannot happen: vellum only stops on matches
				continue
			}
		}
		docFreq, meta, err := it.d.entry(off)
		if err != nil {
			it.fail(err)
			return false
		}
		it.info = TermInfo{Term: term, DocFreq: docFreq, Meta: meta}
		return true
	}
	it.info = TermInfo{}
	return false
}

// Term returns the current term; it aliases the iterator's buffer, valid
// until the iterator moves.
func (it *Iterator) Term() []byte { return it.info.Term }

// Info returns the current term with its docFreq and metadata.
func (it *Iterator) Info() TermInfo { return it.info }

// DocFreq returns the current term's document frequency.
func (it *Iterator) DocFreq() uint32 { return it.info.DocFreq }

// Distance returns the current term's edit distance from the fuzzy query
// term (counted after the fixed prefix, as Lucene counts it); 0 for
// iterators that are not fuzzy.
func (it *Iterator) Distance() int { return it.dist }

// Err returns the error that ended iteration early, if any.
func (it *Iterator) Err() error { return it.err }
