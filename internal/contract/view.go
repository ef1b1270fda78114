package contract

import (
	"strconv"
	"strings"
)

// DocIDPrefix starts every record's _id: a contract whose ID is "abc" is
// the record "en/abc" (DESIGN §4).
const DocIDPrefix = "en/"

// maxIDBytes bounds a record id in a view path: OpenSearch refuses an _id
// longer than 512 bytes, and the prefix takes three.
const maxIDBytes = 512 - len(DocIDPrefix)

// ViewPath is the service's own address of a contract's document view,
// "/contracts/<ID>": the spec's `url` shape, which ingest writes into
// every contract record that has no external address.
func ViewPath(id string) string { return "/contracts/" + id }

// ValidID reports whether id can be a contract ID in a view path: 1 to 509
// bytes of letters, digits and the URL-unreserved marks "-", "_", ".", "~"
// (not "." or ".." alone), so that ViewPath needs no escaping. IDs this
// package writes are 16 hexadecimal digits.
func ValidID(id string) bool {
	if id == "" || len(id) > maxIDBytes || id == "." || id == ".." {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_.~", c) >= 0) {
			return false
		}
	}
	return true
}

// SectionAnchor is the fragment identifier of the section at offset (its
// position in the record's `sections`, the `_nested.offset` of its inner
// hits) in the document view: "section-3". A clause or definition hit
// links to ViewPath(id) + "#" + SectionAnchor(offset).
func SectionAnchor(offset int) string { return "section-" + strconv.Itoa(offset) }
