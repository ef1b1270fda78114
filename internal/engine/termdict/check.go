package termdict

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/blevesearch/vellum"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// Check verifies every structure of the dictionary, beyond what Open checks:
// the FST enumerates exactly Len terms, in strictly increasing order, none
// longer than MaxTermLength, and maps them in order to consecutive entries
// that fill the entries section exactly, each with docFreq ≥ 1. It reads the
// whole file, so readers call it only where they must not trust a checksum
// (segtool, tests, builds with the invariants tag). Whatever the bytes, it
// ends: a walk that goes deeper than any valid term stops and is reported.
func (d *Dict) Check() error {
	g := &guard{}
	var fit vellum.FSTIterator
	err := checkSeek(&fit, d.fst, g)
	var prev []byte
	pos, count := uint64(0), 0
	for err == nil {
		if g.exceeded {
			return fmt.Errorf("termdict: %w: FST walk beyond %d bytes without reaching a term", encoding.ErrCorrupt, MaxTermLength)
		}
		term, off, cerr := current(&fit)
		if cerr != nil {
			return cerr
		}
		if count > 0 && bytes.Compare(term, prev) <= 0 {
			return fmt.Errorf("termdict: %w: FST term %q after %q", encoding.ErrCorrupt, term, prev)
		}
		if count == d.n {
			return fmt.Errorf("termdict: %w: FST holds more than %d terms", encoding.ErrCorrupt, d.n)
		}
		if off != pos {
			return fmt.Errorf("termdict: %w: term %q points to entry offset %d, the next entry is at %d",
				encoding.ErrCorrupt, term, off, pos)
		}
		if _, _, err := d.entry(off); err != nil {
			return err
		}
		// entry decoded it, so this cannot fail: advance pos past it.
		dec := encoding.NewDecbuf(d.entries[pos:])
		dec.Uvarint()
		dec.UvarintBytes()
		pos = uint64(len(d.entries) - dec.Len())
		prev = append(prev[:0], term...)
		count++
		g.steps = 0
		err = checkNext(&fit)
	}
	if !errors.Is(err, vellum.ErrIteratorDone) {
		return err
	}
	if g.exceeded {
		return fmt.Errorf("termdict: %w: FST walk beyond %d bytes without reaching a term", encoding.ErrCorrupt, MaxTermLength)
	}
	if count != d.n || pos != uint64(len(d.entries)) {
		return fmt.Errorf("termdict: %w: FST holds %d terms over %d bytes of entries, trailer says %d terms over %d bytes",
			encoding.ErrCorrupt, count, pos, d.n, len(d.entries))
	}
	return nil
}

func checkSeek(fit *vellum.FSTIterator, fst *vellum.FST, g *guard) (err error) {
	defer recoverCorrupt(&err)
	return fstErr(fit.Reset(fst, nil, nil, g))
}

func checkNext(fit *vellum.FSTIterator) (err error) {
	defer recoverCorrupt(&err)
	return fstErr(fit.Next())
}

// guard is the automaton Check walks the FST with: it accepts every term,
// and it is what makes the walk end on a corrupt FST (cycles, paths that
// lead to no term). In a valid FST every state leads to a term, so the
// depth-first walk descends straight to the next term: it takes at most
// that term's length, ≤ MaxTermLength, steps between two terms. The guard
// refuses any step beyond that budget or depth, and Check reports it.
type guard struct {
	steps    int // transitions taken since the last term
	exceeded bool
}

func (g *guard) Start() int               { return 0 }
func (g *guard) IsMatch(int) bool         { return true }
func (g *guard) WillAlwaysMatch(int) bool { return false }
func (g *guard) Accept(s int, _ byte) int { g.steps++; return s + 1 }
func (g *guard) CanMatch(depth int) bool {
	if depth > MaxTermLength || g.steps > MaxTermLength {
		g.exceeded = true
		return false
	}
	return true
}
