package suggest

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/engine/search"
)

// FuzzSuggest runs arbitrary suggest texts over a fixed two-index,
// multi-segment corpus and checks that nothing panics, that the JSON is
// valid, that offsets stay inside the text, and that the answer is the
// literal transcription's (bruteforce_test.go).
func FuzzSuggest(f *testing.F) {
	for _, q := range []string{
		"", " ", "agrement", "Licencee of the agreemnt", "𝒜 aé𝒜b", "\xff\xfeabc", "a\u200db",
		"日本語", "1,000.00 2o19", strings.Repeat("ab", 200), "\ue000ab 𐐀aa",
	} {
		f.Add(q, uint8(0))
	}
	r := rand.New(rand.NewPCG(3, 4))
	a, da := randomShard(f, r, "clause", "snippet")
	b, db := randomShard(f, r, "definition", "snippet")
	f.Fuzz(func(t *testing.T, text string, opts uint8) {
		s := Defaults("snippet")
		s.Mode = Mode(opts % 3)
		s.MaxEdits = 1 + int(opts>>2)%2
		s.Size = 1 + int(opts>>3)%6
		res, err := Run(context.Background(), []*search.Index{a, b}, []Suggester{{Name: "s", Text: text, Settings: s}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		out := res.AppendJSON(nil)
		if !json.Valid(out) {
			t.Fatalf("invalid JSON %q", out)
		}
		units := utf16Len(text)
		for _, e := range res.Suggestions[0].Entries {
			if e.Offset < 0 || e.Length <= 0 || e.Offset+e.Length > units || !utf8.ValidString(e.Text) {
				t.Fatalf("entry %+v outside %d units of %q", e, units, text)
			}
		}
		if !utf8.ValidString(text) {
			return // the transcription's UTF-16 offsets assume valid text
		}
		want := bruteReduce([][]Entry{da.bruteShard(text, &s), db.bruteShard(text, &s)}, s.Size)
		if g, w := entriesString(res.Suggestions[0].Entries), entriesString(want); g != w {
			t.Fatalf("%q: got %s, want %s", text, g, w)
		}
	})
}
