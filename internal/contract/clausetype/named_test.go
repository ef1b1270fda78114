package clausetype

import (
	"slices"
	"strings"
	"testing"
)

func TestNamed(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"governing law", []string{"governing-law"}},
		{"law governing", []string{"governing-law"}},
		{"non-compete", []string{"non-compete"}},
		{"noncompetition", []string{"non-compete"}},
		{"change of control audit rights", []string{"audit-rights", "change-of-control"}},
		// A name's words in pieces, another form, a synonym.
		{"terminated for convenience", []string{"termination-for-convenience"}},
		{"no solicit clients", []string{"no-solicit-of-customers"}},
		{"liability uncapped", []string{"uncapped-liability"}},
		{"most favoured nation", []string{"most-favored-nation"}},
		{"licence grant", []string{"license-grant"}},
		{"price increase limitation", []string{"price-restrictions"}},
		{"limits on volume", []string{"volume-restriction"}},
		{"cap on price increases", []string{"price-restrictions"}},
		// a cap and a limitation are one: either names both types
		{"liability cap", []string{"cap-on-liability", "limitation-of-liability"}},
		{"limitation of liability", []string{"cap-on-liability", "limitation-of-liability"}},
		{"cap on liability", []string{"cap-on-liability", "limitation-of-liability"}},
		// A prefix may begin a name's word as written: "limit*" is in
		// "Volume Limitations", whose word is read as "restrictions".
		{"volume limit*", []string{"volume-restriction"}},
		// The longer name wins over the one it holds.
		{"termination for convenience", []string{"termination-for-convenience"}},
		{"assignment of inventions", []string{"ip-ownership-assignment"}},
		// Two names side by side are both named.
		{"insurance audit", []string{"audit-rights", "insurance"}},
		// Stop words alone, and unknown words, name nothing.
		{"of the and", nil},
		{"xyzzy plugh", nil},
		{"", nil},
	} {
		if got := Named(strings.Fields(tc.q)); !slices.Equal(got, tc.want) {
			t.Errorf("Named(%q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

func TestNamedWhole(t *testing.T) {
	for _, tc := range []struct {
		q     string
		want  []string
		whole bool
	}{
		{"governing law", []string{"governing-law"}, true},
		{"insurance audit rights", []string{"audit-rights", "insurance"}, true},
		{"solicit* customers", []string{"no-solicit-of-customers"}, true},
		// Stop words do not count against a name.
		{"the governing law of the contract", []string{"governing-law"}, false},
		{"law of the", []string{"governing-law"}, true},
		// Words beyond the names: a description that names in passing.
		{"unlimited liability for breach of confidentiality", []string{"confidentiality", "uncapped-liability"}, false},
		{"termination if the company is acquired", []string{"effect-of-termination", "termination"}, false},
		// The longer name holds the shorter one's words.
		{"joint ownership of intellectual property", []string{"joint-ip-ownership"}, true},
		{"xyzzy", nil, false},
		{"", nil, false},
	} {
		got, whole := NamedWhole(strings.Fields(tc.q))
		if !slices.Equal(got, tc.want) || whole != tc.whole {
			t.Errorf("NamedWhole(%q) = %q, %v; want %q, %v", tc.q, got, whole, tc.want, tc.whole)
		}
	}
}

// TestNamedNamesEveryType checks that every type's slug and name, given
// as words, name that type.
func TestNamedNamesEveryType(t *testing.T) {
	for _, ty := range Types() {
		for _, name := range []string{ty.Name, strings.ReplaceAll(ty.Slug, "-", " ")} {
			if got := Named(strings.Fields(name)); !slices.Contains(got, ty.Slug) {
				t.Errorf("Named(%q) = %q, want it to hold %s", name, got, ty.Slug)
			}
		}
	}
}
