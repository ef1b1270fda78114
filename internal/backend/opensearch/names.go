package opensearch

import (
	"fmt"
	"strings"
	"time"

	"github.com/contractsearch/contractsearch/mappings"
)

// versionLayout is the time layout of a version: fixed width, so versions
// sort lexically in time order, and lower case, as index names must be.
// 't' and 'z' are literals in Go layouts.
const versionLayout = "20060102t150405z"

// NewVersion returns the version name for a load started at t, e.g.
// "20261122t101500z" (UTC, second resolution).
func NewVersion(t time.Time) string {
	return t.UTC().Format(versionLayout)
}

// ValidVersion reports whether v is a version as NewVersion writes it.
func ValidVersion(v string) error {
	if len(v) != len(versionLayout) {
		return fmt.Errorf("version %q: want the form yyyymmddthhmmssz, e.g. 20261122t101500z", v)
	}
	if _, err := time.Parse(versionLayout, v); err != nil {
		return fmt.Errorf("version %q: want the form yyyymmddthhmmssz, e.g. 20261122t101500z", v)
	}
	return nil
}

// AliasName returns the alias through which logical is searched.
func (b *Backend) AliasName(logical string) string { return b.prefix + logical }

// ConcreteName returns the name of logical's index at version.
func (b *Backend) ConcreteName(logical, version string) string {
	return b.prefix + logical + "-" + version
}

// aliasName is the EncodeOptions.IndexName mapping: a logical name used as
// a term value on _index becomes the alias name.
//
// That is enough because OpenSearch resolves such a value as an index
// expression against the cluster state, not as a literal concrete name.
// Read in opensearch-project/OpenSearch (main, 3.x line):
//
//   - server/src/main/java/org/opensearch/index/mapper/IndexFieldMapper.java:
//     the _index field type is a ConstantFieldType whose matches(pattern)
//     is QueryShardContext.indexMatches(pattern).
//   - server/src/main/java/org/opensearch/index/mapper/ConstantFieldType.java:
//     termQuery, termsQuery (any value), prefixQuery and wildcardQuery
//     become match_all on a shard when matches(value) holds, else
//     match_none — decided per shard, at rewrite time.
//   - server/src/main/java/org/opensearch/index/query/SearchIndexNameMatcher.java
//     (the indexNameMatcher IndexService.newQueryShardContext hands to
//     QueryShardContext): it expands the value with
//     IndexNameExpressionResolver.concreteIndexNames(state,
//     IndicesOptions.lenientExpandOpen(), value) and tests whether the
//     shard's own index is among the results (Regex.simpleMatch). A value
//     with ':' is read as cluster:index.
//   - server/src/test/java/org/opensearch/index/query/SearchIndexNameMatcherTests.java
//     asserts that for index1 behind "alias", test("alias") and
//     test("*lias") are true and test("index2") is false.
//
// So a term on _index matches an alias (exactly the indexes it points at),
// a concrete name, or a '*' pattern over either, and a name that resolves
// to nothing (lenient) matches nothing. {"term":{"_index":"<prefix>contract"}}
// therefore matches exactly the concrete index behind the contract alias,
// with no version in the query, and stays right across an alias switch.
// Patterns keep working: "con*" becomes "<prefix>con*", which still covers
// the alias; an unknown name becomes an unknown alias and matches nothing,
// as it would on the embedded backend.
func (b *Backend) aliasName(logical string) string { return b.AliasName(logical) }

// logicalName maps a concrete name of the form <prefix><name>-<anything>
// (or the alias <prefix><name> itself) back to <name>. Other names are
// returned unchanged, so an index the service did not create stays visible
// as what it is rather than being misreported.
func (b *Backend) logicalName(concrete string) string {
	rest, ok := strings.CutPrefix(concrete, b.prefix)
	if !ok {
		return concrete
	}
	name, _, _ := strings.Cut(rest, "-")
	if !mappings.IsIndex(name) {
		return concrete
	}
	return name
}

// parseConcrete splits a concrete name <prefix><name>-<version> into its
// logical name and version; ok is false for any other name.
func (b *Backend) parseConcrete(concrete string) (logical, version string, ok bool) {
	rest, ok := strings.CutPrefix(concrete, b.prefix)
	if !ok {
		return "", "", false
	}
	logical, version, ok = strings.Cut(rest, "-")
	if !ok || !mappings.IsIndex(logical) || ValidVersion(version) != nil {
		return "", "", false
	}
	return logical, version, true
}
