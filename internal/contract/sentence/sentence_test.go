package sentence

import (
	"strings"
	"testing"
)

// Periods in EDGAR wording: where a sentence ends, and the periods of
// numbers, references, names and abbreviations where it does not.
func TestEndsAt(t *testing.T) {
	for _, tc := range []struct {
		text string // the period tested is the first one after "|"
		want bool
	}{
		{"governed by Delaware law|. The parties", true},
		{"as set forth in Section 2|. Licensee shall", true},
		{"pursuant to Section 2|.3 hereof", false},
		{"under Section 11|.2(b), Licensee", false},
		{"Section 2.3|. Licensee shall", true},
		{"any U|.S. patent", false},
		{"any U.S|. patent", false},
		{"the U.S|. Securities and Exchange Commission", false},
		{"Acme Holdings Inc|. shall not", false},
		{"Acme Holdings Inc|., a Delaware corporation", false},
		{"Acme Co|. (the \"Company\")", false},
		{"Patent No|. 5,000,000", false},
		{"products (e.g|. balances)", false},
		{"located at www|.acme.com", false},
		{"Exhibit A|. The Products", true},
		{"hereof|.\" Each party", true},
		{"the end|.", true},
		{"12a|. The", true},
	} {
		i := strings.Index(tc.text, "|")
		text := tc.text[:i] + tc.text[i+1:]
		if got := EndsAt(text, i); got != tc.want {
			t.Errorf("EndsAt(%q at %d) = %v, want %v", text, i, got, tc.want)
		}
	}
}

func TestIsAbbreviation(t *testing.T) {
	for w, want := range map[string]bool{
		"Inc": true, "INC": true, "corp": true, "No": true, "U.S": true, "e.g": true, "L.L.C": true,
		"S.p.A": true, "Sept": true, "Agreement": false, "hereof": false, "": false, "U.S.A.B.C.D": true,
		"ab.cde": false, "1.2": false, "a..b": false,
	} {
		if got := IsAbbreviation(w); got != want {
			t.Errorf("IsAbbreviation(%q) = %v, want %v", w, got, want)
		}
	}
}

// The answer must not depend on case or on how white space is written,
// since the clause-type matcher asks it on raw text and its reference on
// the lower-cased, space-collapsed form.
func FuzzEndsAt(f *testing.F) {
	for _, s := range []string{"Section 2.3. The", "U.S. Patent", "Acme Inc.\n\nThe", "end.", ".", "a . b", "No.\t5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i < len(s); i++ {
			if s[i] != '.' {
				continue
			}
			got := EndsAt(s, i)
			if i == len(s)-1 && !got {
				t.Fatalf("EndsAt(%q, %d) at the end = false", s, i)
			}
			if low := strings.ToLower(s); len(low) == len(s) && isASCII(s) && EndsAt(low, i) != got {
				t.Fatalf("EndsAt(%q, %d) = %v, lower case %v", s, i, got, !got)
			}
		}
	})
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
