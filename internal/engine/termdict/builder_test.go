package termdict

import (
	"bytes"
	"errors"
	"testing"
)

func TestBuilderStages(t *testing.T) {
	b := NewBuilder()
	if err := b.Add([]byte("b"), 1, nil); err != nil {
		t.Fatal(err)
	}
	// Out of order and duplicate terms are refused, and leave the builder
	// as it was.
	for _, bad := range []string{"a", "b", ""} {
		if err := b.Add([]byte(bad), 1, nil); !errors.Is(err, ErrOutOfOrder) {
			t.Errorf("Add(%q) after \"b\" = %v, want ErrOutOfOrder", bad, err)
		}
	}
	if err := b.Add([]byte("c"), 0, nil); !errors.Is(err, ErrZeroDocFreq) {
		t.Errorf("Add with docFreq 0 = %v, want ErrZeroDocFreq", err)
	}
	if err := b.Add(bytes.Repeat([]byte("x"), MaxTermLength+1), 1, nil); !errors.Is(err, ErrTermTooLong) {
		t.Errorf("Add of %d bytes = %v, want ErrTermTooLong", MaxTermLength+1, err)
	}
	if err := b.Add(bytes.Repeat([]byte("x"), MaxTermLength), 1, []byte("m")); err != nil {
		t.Errorf("Add of MaxTermLength bytes: %v", err)
	}
	if b.Len() != 2 {
		t.Errorf("Len = %d after two accepted terms", b.Len())
	}
	file, err := b.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Add([]byte("y"), 1, nil); !errors.Is(err, ErrFinished) {
		t.Errorf("Add after Finish = %v, want ErrFinished", err)
	}
	if _, err := b.Finish(); !errors.Is(err, ErrFinished) {
		t.Errorf("second Finish = %v, want ErrFinished", err)
	}
	d, err := Open(file)
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() != 2 {
		t.Fatalf("Len = %d, want 2", d.Len())
	}
	sameEntries(t, "All", collect(t, d.All()), []testEntry{
		{[]byte("b"), 1, []byte{}}, {bytes.Repeat([]byte("x"), MaxTermLength), 1, []byte("m")}})
}

// TestBuilderEmptyTerm: the empty term is allowed (Lucene indexes "" for a
// keyword field given an empty string) but only first, since it sorts
// before every other term.
func TestBuilderEmptyTerm(t *testing.T) {
	b := NewBuilder()
	if err := b.Add(nil, 2, []byte("e")); err != nil {
		t.Fatalf("Add(empty) first: %v", err)
	}
	if err := b.Add([]byte{}, 2, nil); !errors.Is(err, ErrOutOfOrder) {
		t.Fatalf("Add(empty) twice = %v, want ErrOutOfOrder", err)
	}
	file, err := b.Finish()
	if err != nil {
		t.Fatal(err)
	}
	d, err := Open(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Check(); err != nil {
		t.Fatal(err)
	}
	info, ok, err := d.Get([]byte{})
	if !ok || err != nil || info.DocFreq != 2 || string(info.Meta) != "e" {
		t.Fatalf("Get(empty) = %+v, %v, %v", info, ok, err)
	}
	sameEntries(t, "All", collect(t, d.All()), []testEntry{{[]byte{}, 2, []byte("e")}})
}

// TestBuilderCopiesMeta: the caller may reuse its buffers between Adds.
func TestBuilderCopiesMeta(t *testing.T) {
	b := NewBuilder()
	term, meta := []byte("a"), []byte("m1")
	if err := b.Add(term, 1, meta); err != nil {
		t.Fatal(err)
	}
	term[0], meta[1] = 'b', '2'
	if err := b.Add(term, 1, meta); err != nil {
		t.Fatal(err)
	}
	file, _ := b.Finish()
	d, _ := Open(file)
	sameEntries(t, "All", collect(t, d.All()), []testEntry{{[]byte("a"), 1, []byte("m1")}, {[]byte("b"), 1, []byte("m2")}})
}
