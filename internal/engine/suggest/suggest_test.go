package suggest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/document"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/mappings"
)

// buildIndex writes one segment per list of JSON sources of the named
// logical index; records are named r0, r1, … across segments.
func buildIndex(t testing.TB, name string, segments ...[]string) *search.Index {
	t.Helper()
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	schema := document.NewSchema(m.Index(name))
	ix := &search.Index{Name: name}
	n := 0
	for si, srcs := range segments {
		w, err := segment.NewWriter(analysis.NewStandard(255))
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range srcs {
			doc, err := schema.Parse([]byte(src))
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			if _, err := w.Add(fmt.Sprintf("r%d", n), doc, []byte(src)); err != nil {
				t.Fatal(err)
			}
			n++
		}
		prefix := fmt.Sprintf("%s-%d", name, si)
		files, err := w.Finish(prefix)
		if err != nil {
			t.Fatal(err)
		}
		seg, err := segment.Open(prefix, func(n string) ([]byte, bool) { b, ok := files[n]; return b, ok })
		if err != nil {
			t.Fatal(err)
		}
		ix.Segments = append(ix.Segments, seg)
	}
	return ix
}

// bodies turns texts into contract sources with that body.
func bodies(texts ...string) []string {
	out := make([]string, len(texts))
	for i, s := range texts {
		b, _ := json.Marshal(map[string]string{"body": s})
		out[i] = string(b)
	}
	return out
}

// entriesString renders entries compactly:
// "text@offset+length[opt/score/freq …] …".
func entriesString(entries []Entry) string {
	var b strings.Builder
	for i, e := range entries {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s@%d+%d[", e.Text, e.Offset, e.Length)
		for j, o := range e.Options {
			if j > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%s/%v/%d", o.Text, o.Score, o.Freq)
		}
		b.WriteByte(']')
	}
	return b.String()
}

// TestShardTable checks hand-computed answers on a four-record index:
//
//	r0 "agreement licensee"   r1 "agreement agreements"
//	r2 "argument"             r3 "agreed Licensing 2019"
//
// maxDoc 4, so a word in more than ceil(0.01×4) = 1 document is never
// corrected.
func TestShardTable(t *testing.T) {
	ix := buildIndex(t, "contract", bodies(
		"agreement licensee", "agreement agreements", "argument", "agreed Licensing 2019",
	))
	with := func(f func(*Settings)) Settings {
		s := Defaults("body")
		if f != nil {
			f(&s)
		}
		return s
	}
	always := func(s *Settings) { s.Mode = Always }
	cases := []struct {
		name, text string
		s          Settings
		want       string
	}{
		// ed 1: agreement (1 − 1/8); too few, so ed 2 adds agreements and
		// argument (1 − 2/8), tied on score and frequency, by text.
		{"misspelt", "agrement", with(nil),
			"agrement@0+8[agreement/0.875/2 agreements/0.75/1 argument/0.75/1]"},
		{"max_edits 1", "agrement", with(func(s *Settings) { s.MaxEdits = 1 }),
			"agrement@0+8[agreement/0.875/2]"},
		// A shard answers shard_size = max(size, 5) options; Reduce cuts.
		{"size 2 on the shard", "agrement", with(func(s *Settings) { s.Size = 2 }),
			"agrement@0+8[agreement/0.875/2 agreements/0.75/1 argument/0.75/1]"},
		{"shard_size 2", "agrement", with(func(s *Settings) { s.ShardSize = 2 }),
			"agrement@0+8[agreement/0.875/2 agreements/0.75/1]"},
		// The first code point must match (prefix_length 1).
		{"first letter wrong", "bgreement", with(nil), "bgreement@0+9[]"},
		// One substitution over min(6, 6) code points.
		{"shorter term", "agreee", with(nil),
			"agreee@0+6[agreed/0.8333333/1]"},
		{"in the index, missing", "licensee", with(nil), "licensee@0+8[]"},
		// Always: licensee (df 1 ≤ 1) is corrected; nothing within 2 edits.
		{"in the index, always", "licensee", with(always), "licensee@0+8[]"},
		// agreement is in 2 documents > 1: never corrected, in any mode.
		{"too frequent, always", "agreement", with(always), "agreement@0+9[]"},
		{"too frequent, popular", "agreement", with(func(s *Settings) { s.Mode = Popular }), "agreement@0+9[]"},
		// Popular: only terms in more documents than the word (1).
		{"popular", "agreements", with(func(s *Settings) { s.Mode = Popular }),
			"agreements@0+10[agreement/0.8888889/2]"},
		{"always", "agreements", with(always),
			"agreements@0+10[agreement/0.8888889/2]"},
		// Three code points: under min_word_length.
		{"short", "agr", with(always), "agr@0+3[]"},
		// "gre" → "greed" is two insertions: 1 − 2/min(4, 6) = 0.5, just
		// the accuracy.
		{"four letters", "agre", with(always), "agre@0+4[agreed/0.5/1]"},
		{"min_word_length 5", "agre", with(func(s *Settings) { s.MinWordLength = 5 }), "agre@0+4[]"},
		{"accuracy 0.8", "agrement", with(func(s *Settings) { s.Accuracy = 0.8 }),
			"agrement@0+8[agreement/0.875/2]"},
		{"min_doc_freq 2", "agrement", with(func(s *Settings) { s.MinDocFreq = 2 }),
			"agrement@0+8[]"},
		{"min_doc_freq 1", "agrement", with(func(s *Settings) { s.MinDocFreq = 1 }),
			"agrement@0+8[agreement/0.875/2]"},
		// Entries are analysed terms with UTF-16 offsets: 𝒜 is two units.
		{"several words", "𝒜 Agrement, LICENSING 2018!", with(nil),
			"𝒜@0+2[] agrement@3+8[agreement/0.875/2 agreements/0.75/1 argument/0.75/1] licensing@13+9[] 2018@23+4[2019/0.75/1]"},
		{"no tokens", " !? ", with(nil), ""},
		{"max_term_freq 2", "agreement", with(func(s *Settings) { s.Mode = Always; s.MaxTermFreq = 2 }),
			"agreement@0+9[agreements/0.8888889/1]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.s.Validate(); err != nil {
				t.Fatal(err)
			}
			got, err := Shard(context.Background(), ix, c.text, &c.s, nil)
			if err != nil {
				t.Fatal(err)
			}
			if s := entriesString(got); s != c.want {
				t.Errorf("got  %s\nwant %s", s, c.want)
			}
		})
	}
}

// snippets turns texts into clause/definition sources with that snippet.
func snippets(texts ...string) []string {
	out := make([]string, len(texts))
	for i, s := range texts {
		b, _ := json.Marshal(map[string]string{"snippet": s})
		out[i] = string(b)
	}
	return out
}

func TestRunMergesIndexes(t *testing.T) {
	clause := buildIndex(t, "clause", snippets("indemnify indemnity", "indemnity"))
	definition := buildIndex(t, "definition", snippets("indemnity indemnification"), snippets("indemnify"))
	company := buildIndex(t, "company", []string{`{"name":"Indemnity Corp"}`})
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	mapped := func(index, field string) bool { _, ok := m.Index(index).Fields[field]; return ok }

	s := Defaults("snippet")
	two := Defaults("snippet")
	two.Size = 1
	res, err := Run(context.Background(), []*search.Index{clause, company, definition}, []Suggester{
		{Name: "s", Text: "Indemnty", Settings: s},
		{Name: "one", Text: "indemnty", Settings: two},
	}, mapped)
	if err != nil {
		t.Fatal(err)
	}
	// clause: indemnity 0.875/2, indemnify 0.75/1; definition (two
	// segments): indemnity 0.875/1, indemnify 0.75/1. Merged: summed.
	got := string(res.AppendJSON(nil))
	want := `{"one":[{"text":"indemnty","offset":0,"length":8,"options":[{"text":"indemnity","score":0.875,"freq":3}]}],` +
		`"s":[{"text":"indemnty","offset":0,"length":8,"options":[{"text":"indemnity","score":0.875,"freq":3},{"text":"indemnify","score":0.75,"freq":2}]}]}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if len(res.Failures) != 1 || res.Failures[0] != (ShardFailure{Index: "company", Type: "illegal_argument_exception", Reason: "no mapping found for field [snippet]"}) {
		t.Errorf("failures: %+v", res.Failures)
	}

	// Every index failing leaves no suggestion at all.
	res, err = Run(context.Background(), []*search.Index{company}, []Suggester{{Name: "s", Text: "x", Settings: s}}, mapped)
	if err != nil || len(res.Suggestions) != 0 || len(res.Failures) != 1 {
		t.Errorf("all failed: %+v, %v", res, err)
	}
	// Past its deadline a suggestion answers its words without options,
	// timed out; a cancelled request is an error.
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	res, err = Run(expired, []*search.Index{clause, definition}, []Suggester{{Name: "s", Text: "Indemnty", Settings: s}}, mapped)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(res.AppendJSON(nil)), `{"s":[{"text":"indemnty","offset":0,"length":8,"options":[]}]}`; !res.TimedOut || got != want {
		t.Errorf("expired: timed out %v, got %s, want %s", res.TimedOut, got, want)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(cancelled, []*search.Index{clause}, []Suggester{{Name: "s", Text: "Indemnty", Settings: s}}, mapped); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	// Settings are validated.
	bad := Defaults("snippet")
	bad.MaxEdits = 3
	if _, err := Run(context.Background(), nil, []Suggester{{Name: "s", Settings: bad}}, nil); err == nil {
		t.Error("max_edits 3 accepted")
	}
}

// TestEmptyShard: a shard without documents answers the entries without
// options, as Suggester.execute does; so does a shard whose documents lack
// the field.
func TestEmptyShard(t *testing.T) {
	s := Defaults("body")
	for _, ix := range []*search.Index{
		{Name: "contract"},
		buildIndex(t, "contract", []string{`{"name":"agreement"}`}),
	} {
		got, err := Shard(context.Background(), ix, "Agrement x", &s, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s := entriesString(got); s != "agrement@0+8[] x@9+1[]" {
			t.Errorf("%d segments: got %s", len(ix.Segments), s)
		}
	}
}

func TestReduce(t *testing.T) {
	pua, script := "\ue000x", "𝒜x" // U+E000 sorts after 𝒜 in UTF-16, before it in UTF-8
	opts := func(o ...Option) []Entry { return []Entry{{Text: "w", Length: 1, Options: o}} }
	// One shard: its order stands (the shard sorted by UTF-16), cut to size.
	one := Reduce([][]Entry{opts(Option{script, 0.5, 1}, Option{pua, 0.5, 1}, Option{"c", 0.5, 1})}, 2)
	if s := entriesString(one); s != "w@0+1["+script+"/0.5/1 "+pua+"/0.5/1]" {
		t.Errorf("one shard: %s", s)
	}
	// Several: merged by text (best score, frequencies summed), sorted by
	// score, frequency, then UTF-8 bytes.
	got := Reduce([][]Entry{
		opts(Option{script, 0.5, 1}, Option{pua, 0.5, 1}, Option{"b", 0.75, 1}),
		opts(Option{"a", 0.5, 3}, Option{"b", 0.8, 2}),
		opts(),
	}, 5)
	if s := entriesString(got); s != "w@0+1[b/0.8/3 a/0.5/3 "+pua+"/0.5/1 "+script+"/0.5/1]" {
		t.Errorf("merge: %s", s)
	}
	if Reduce(nil, 5) != nil {
		t.Error("no shards")
	}
}

func TestCompareUTF16(t *testing.T) {
	ordered := []string{"", "a", "ab", "b", "é", "\ud7ff", "𝒜", "😀", "\ue000", "\uffff"}
	for i, a := range ordered {
		for j, b := range ordered {
			got := compareUTF16(a, b)
			if (got < 0) != (i < j) || (got == 0) != (i == j) {
				t.Errorf("compareUTF16(%q, %q) = %d", a, b, got)
			}
		}
	}
}

func TestParseMode(t *testing.T) {
	for _, m := range []Mode{Missing, Popular, Always} {
		got, err := ParseMode(strings.ToUpper(m.String()))
		if err != nil || got != m {
			t.Errorf("%v: %v %v", m, got, err)
		}
	}
	if _, err := ParseMode("sometimes"); err == nil {
		t.Error("sometimes accepted")
	}
}

func TestValidate(t *testing.T) {
	for _, f := range []func(*Settings){
		func(s *Settings) { s.Field = "" },
		func(s *Settings) { s.Size = 0 },
		func(s *Settings) { s.ShardSize = -1 },
		func(s *Settings) { s.MaxEdits = 0 },
		func(s *Settings) { s.PrefixLength = -1 },
		func(s *Settings) { s.MinWordLength = 0 },
		func(s *Settings) { s.MaxInspections = 0 },
		func(s *Settings) { s.MaxTermFreq = 1.5 },
		func(s *Settings) { s.MinDocFreq = -1 },
		func(s *Settings) { s.Accuracy = 1.5 },
		func(s *Settings) { s.Mode = 7 },
	} {
		s := Defaults("body")
		f(&s)
		if s.Validate() == nil {
			t.Errorf("accepted %+v", s)
		}
	}
	s := Defaults("body")
	s.MaxTermFreq, s.MinDocFreq = 3, 0.5
	if err := s.Validate(); err != nil {
		t.Error(err)
	}
}

func TestAppendJSON(t *testing.T) {
	r := &Result{Suggestions: []Suggestion{{Name: "q\"\n", Entries: []Entry{{
		Text: "a\x01\\é", Offset: 1, Length: 2,
		Options: []Option{{Text: "x\u2028", Score: 0.6666666, Freq: 7}, {Text: "bad\xff", Score: 1e-4, Freq: 1}},
	}}}, {Name: "r"}}}
	got := string(r.AppendJSON(nil))
	want := `{"q\"\n":[{"text":"a\u0001\\é","offset":1,"length":2,"options":[{"text":"x` + "\u2028" + `","score":0.6666666,"freq":7},{"text":"bad` + "\ufffd" + `","score":1.0E-4,"freq":1}]}],"r":[]}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if !json.Valid([]byte(got)) {
		t.Error("invalid JSON")
	}
}

// TestLongWords: a long word of many scripts makes Lucene 8.7 fail the
// shard ("Term too complex"); Lucene 10, which OpenSearch 3 runs, and the
// engine answer it. A word over the 255-unit token limit is split, and the
// offsets after it still count UTF-16 units.
func TestLongWords(t *testing.T) {
	ix := buildIndex(t, "contract", bodies("agreement", strings.Repeat("aéαжאbвγ𝒜ğ", 10)+"x"))
	s := Defaults("body")
	s.Mode = Always
	long := strings.Repeat("aéαжאbвγ𝒜ğ", 10)
	got, err := Shard(context.Background(), ix, long+" "+strings.Repeat("a", 300)+" agrement", &s, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := long + "@0+110[" + long + "x/0.99/1] " +
		strings.Repeat("a", 255) + "@111+255[] " + strings.Repeat("a", 45) + "@366+45[] " +
		"agrement@412+8[agreement/0.875/1]"
	if s := entriesString(got); s != want {
		t.Errorf("got  %s\nwant %s", s, want)
	}
}

// TestConcurrentRuns: suggesters share the indexes and nothing else (run
// with -race).
func TestConcurrentRuns(t *testing.T) {
	ix := buildIndex(t, "contract", bodies("agreement licensee", "agreements"), bodies("argument"))
	want := ""
	done := make(chan string)
	for range 8 {
		go func() {
			res, err := Run(context.Background(), []*search.Index{ix, ix}, []Suggester{{Name: "s", Text: "agrement licencee", Settings: Defaults("body")}}, nil)
			if err != nil {
				done <- err.Error()
				return
			}
			done <- string(res.AppendJSON(nil))
		}()
	}
	for i := range 8 {
		got := <-done
		if i == 0 {
			want = got
		} else if got != want {
			t.Errorf("run %d: %s, want %s", i, got, want)
		}
	}
	if !strings.Contains(want, `"agreement","score":0.875,"freq":2`) {
		t.Errorf("unexpected answer %s", want)
	}
}
