package mappings

import (
	"slices"
	"strings"
	"testing"
)

// TestStoredOnly: an object mapped "enabled": false holds no fields and is
// listed, with everything below it, as stored only.
func TestStoredOnly(t *testing.T) {
	set, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	c := set.Index("contract")
	if !slices.Equal(c.StoredOnly, []string{"sections.span"}) {
		t.Errorf("StoredOnly = %q", c.StoredOnly)
	}
	for path, want := range map[string]bool{
		"sections.span": true, "sections.span.start": true, "sections.spans": false, "sections": false, "sections.name": false,
	} {
		if got := c.IsStoredOnly(path); got != want {
			t.Errorf("IsStoredOnly(%q) = %v, want %v", path, got, want)
		}
	}
	for path := range c.Fields {
		if strings.HasPrefix(path, "sections.span") {
			t.Errorf("field %s under a stored-only object", path)
		}
	}
	if _, err := parse("x", []byte(`{"mappings":{"properties":{"o":{"type":"object","enabled":false,"properties":{"a":{"type":"keyword"}}}}}}`)); err == nil ||
		!strings.Contains(err.Error(), `field "o": enabled: false is supported on objects without properties only`) {
		t.Errorf("enabled: false with properties: %v", err)
	}
	if _, err := parse("x", []byte(`{"mappings":{"properties":{"k":{"type":"keyword","enabled":false}}}}`)); err == nil {
		t.Error("enabled: false on a keyword field was accepted")
	}
}
