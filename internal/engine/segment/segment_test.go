package segment

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/document"
	"github.com/contractsearch/contractsearch/internal/engine/encoding"
	"github.com/contractsearch/contractsearch/internal/engine/postings"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
	"github.com/contractsearch/contractsearch/mappings"
)

var records = []struct{ id, source string }{
	{"en/1", `{"name":"Supply Agreement","body":["The supplier shall deliver.","Governed by New York law."],` +
		`"category":{"name":"Supply","value":"supply"},"filing_date":"2012-03-01","weight_rank":4,` +
		`"sections":[{"type":"clause","name":"Governing Law","value":"governing law","snippet":"New York law governs."},` +
		`{"type":"definition","name":"Supplier","value":"supplier","snippet":"Supplier means Acme."}]}`},
	{"en/2", `{"name":"License Agreement","body":"The licensor grants a license; the license is exclusive.","category":{"value":"license"}}`},
	{"en/3", `{"name":"Amendment","sections":{"type":"clause","name":"Term","value":"term","snippet":"The term is one year."}}`},
}

func buildSegment(t testing.TB) (*Segment, Files) {
	t.Helper()
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	schema := document.NewSchema(m.Index("contract"))
	w, err := NewWriter(analysis.NewStandard(255))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range records {
		doc, err := schema.Parse([]byte(r.source))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Add(r.id, doc, []byte(r.source)); err != nil {
			t.Fatal(err)
		}
	}
	files, err := w.Finish("contract-0")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open("contract-0", func(n string) ([]byte, bool) { b, ok := files[n]; return b, ok })
	if err != nil {
		t.Fatal(err)
	}
	return s, files
}

// postingsOf renders a term's postings as doc:freq[positions].
func postingsOf(t *testing.T, s *Segment, field, term string) string {
	t.Helper()
	f := s.Field(field)
	if f == nil {
		return "no field"
	}
	info, ok, err := f.Terms.Get([]byte(term))
	if err != nil || !ok {
		return fmt.Sprintf("no term (%v)", err)
	}
	d := encoding.NewDecbuf(info.Meta)
	meta := postings.DecodeTermMeta(&d, f.IndexOptions())
	it := f.Postings.Postings(meta, nil)
	var out []string
	for it.Next() {
		s := fmt.Sprintf("%d:%d", it.DocID(), it.Freq())
		if f.Kind == Text {
			var pos []string
			for p, ok := it.NextPosition(); ok; p, ok = it.NextPosition() {
				pos = append(pos, fmt.Sprint(p))
			}
			s += "[" + strings.Join(pos, ",") + "]"
		}
		out = append(out, s)
	}
	if it.Err() != nil {
		t.Fatal(it.Err())
	}
	return strings.Join(out, " ")
}

func TestSegment(t *testing.T) {
	s, _ := buildSegment(t)
	// Block-join order: en/1's two sections (0, 1), en/1 (2), en/2 (3),
	// en/3's section (4), en/3 (5).
	if s.MaxDoc != 6 || fmt.Sprint(s.Roots()) != "[2 3 5]" {
		t.Fatalf("maxDoc %d roots %v", s.MaxDoc, s.Roots())
	}
	for doc, want := range [][2]uint32{{2, 0}, {2, 0}, {2, 0}, {3, 3}, {5, 4}, {5, 4}} {
		if root, first := s.Parent(uint32(doc)); root != want[0] || first != want[1] {
			t.Errorf("Parent(%d) = %d, %d; want %v", doc, root, first, want)
		}
	}
	if !s.IsRoot(3) || s.IsRoot(4) {
		t.Error("IsRoot")
	}
	for root, id := range map[uint32]string{2: "en/1", 3: "en/2", 5: "en/3"} {
		if got, err := s.ID(root); err != nil || got != id {
			t.Errorf("ID(%d) = %q %v", root, got, err)
		}
	}

	tests := []struct{ field, term, want string }{
		// The second value of en/1's body ("Governed by New York law.")
		// starts at 3 (the first value's last position) + 100 + 1 = 104:
		// governed 104, by 105, new 106.
		{"body", "new", "2:1[106]"},
		{"body", "governed", "2:1[104]"},
		{"body", "the", "2:1[0] 3:2[0,5]"},
		// the 0, licensor 1, grants 2, a 3, license 4, the 5, license 6 …
		{"body", "license", "3:2[4,6]"},
		{"sections.snippet", "law", "0:1[2]"},
		{"sections.snippet", "the", "4:1[0]"},
		{"name", "agreement", "2:1[1] 3:1[1]"},
		{"category.value", "supply", "2:1"},
		{"sections.name.raw", "Governing Law", "0:1"},
		{"sections.type", "clause", "0:1 4:1"},
		{"_id", "en/2", "3:1"},
	}
	for _, tt := range tests {
		if got := postingsOf(t, s, tt.field, tt.term); got != tt.want {
			t.Errorf("%s:%s = %s, want %s", tt.field, tt.term, got, tt.want)
		}
	}

	body := s.Field("body")
	// Lengths: en/1 body 4 + 5 tokens, en/2 body 9 tokens.
	if body.DocCount != 2 || body.SumTotalTermFreq != 18 || body.Kind != Text {
		t.Errorf("body stats %+v", body)
	}
	if body.Norms[2] != similarity.IntToByte4(9) || body.Norms[3] != similarity.IntToByte4(9) || body.Norms[0] != 0 {
		t.Errorf("body norms %v", body.Norms)
	}
	if snip := s.Field("sections.snippet"); snip.DocCount != 3 || snip.SumTotalTermFreq != 4+3+5 {
		t.Errorf("sections.snippet stats %+v", snip)
	}
	if cv := s.Field("category.value"); cv.Kind != Keyword || cv.DocCount != 2 || cv.Norms != nil {
		t.Errorf("category.value %+v", cv)
	}
	if s.Field("filing_date") != nil || s.Field("url") != nil {
		t.Error("doc-values-only or unindexed fields have postings")
	}

	// Doc values.
	dateCol, err := s.DocValues.Numeric("filing_date")
	if err != nil {
		t.Fatal(err)
	}
	dates := dateCol.Cursor()
	if !dates.AdvanceExact(2) || dates.Value(0) != 1330560000000 || dates.AdvanceExact(3) {
		t.Error("filing_date doc values")
	}
	wrCol, err := s.DocValues.Numeric("weight_rank")
	if err != nil {
		t.Fatal(err)
	}
	wr := wrCol.Cursor()
	if !wr.AdvanceExact(2) || similarity.DecodeFeature(uint32(wr.Value(0))) != 4 {
		t.Error("weight_rank doc values")
	}
	cats, err := s.DocValues.Sorted("category.value")
	if err != nil {
		t.Fatal(err)
	}
	if cats.Terms() != 2 || string(cats.Term(0)) != "license" {
		t.Errorf("category.value terms")
	}

	// Stored sources: children hold their own object.
	for doc, want := range map[uint32]string{1: `{"type":"definition","name":"Supplier","value":"supplier","snippet":"Supplier means Acme."}`, 3: records[1].source} {
		got, _, err := s.Store.Get(doc, nil, nil)
		if err != nil || string(got) != want {
			t.Errorf("source %d = %s %v", doc, got, err)
		}
	}
}

// TestCorruptSegment: a byte altered in any file fails Open or, for the
// files Open reads only in part, the checksum its caller verifies; a
// missing file fails Open, naming it.
func TestCorruptSegment(t *testing.T) {
	_, files := buildSegment(t)
	for name, data := range files {
		bad := bytes.Clone(data)
		bad[len(bad)/2] ^= 0x01
		_, err := Open("contract-0", func(n string) ([]byte, bool) {
			if n == name {
				return bad, true
			}
			b, ok := files[n]
			return b, ok
		})
		if err == nil {
			err = encoding.VerifyChecksum(bad)
		}
		if err == nil {
			t.Errorf("damaged %s accepted", name)
		}
		_, err = Open("contract-0", func(n string) ([]byte, bool) {
			if n == name {
				return nil, false
			}
			b, ok := files[n]
			return b, ok
		})
		if err == nil || !strings.Contains(err.Error(), "missing") {
			t.Errorf("missing %s: %v", name, err)
		}
	}
}

func TestWriterRefusesImmenseKeyword(t *testing.T) {
	w, _ := NewWriter(analysis.NewStandard(255))
	doc := &document.Document{Fields: []document.Field{{Path: "group_id", Type: mappings.Keyword, Indexed: true,
		Strings: []string{strings.Repeat("x", 40000)}}}}
	if _, err := w.Add("en/1", doc, []byte(`{}`)); err == nil || !strings.Contains(err.Error(), "immense term") {
		t.Errorf("got %v", err)
	}
	if w.MaxDoc() != 0 {
		t.Error("refused record changed the segment")
	}
}
