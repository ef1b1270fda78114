package contract

import (
	"strings"
	"testing"
)

func TestValidID(t *testing.T) {
	for _, tc := range []struct {
		id   string
		want bool
	}{
		{"cd7642ce8c62c6ac", true},
		{"c01", true},
		{"A-b_c.d~e", true},
		{strings.Repeat("a", 509), true},
		{strings.Repeat("a", 510), false},
		{"", false},
		{".", false},
		{"..", false},
		{"...", true},
		{"a/b", false},
		{"en%2Fabc", false},
		{"a b", false},
		{"a#b", false},
		{"a?b", false},
		{"é", false},
		{"a\x00", false},
	} {
		if got := ValidID(tc.id); got != tc.want {
			t.Errorf("ValidID(%q) = %v, want %v", tc.id, got, tc.want)
		}
	}
}

func TestViewAddresses(t *testing.T) {
	c := &Contract{ID: "cd7642ce8c62c6ac"}
	if got := c.DocID(); got != "en/cd7642ce8c62c6ac" {
		t.Errorf("DocID = %q", got)
	}
	if got := ViewPath(c.ID) + "#" + SectionAnchor(12); got != "/contracts/cd7642ce8c62c6ac#section-12" {
		t.Errorf("section address = %q", got)
	}
}
