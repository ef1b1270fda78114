// Package opensearch owns the OpenSearch 3.x backend: it forwards validated
// searches to a cluster through opensearch-go v4, maps the cluster's
// versioned index names back to the service's logical ones, turns cluster
// failures into API errors, and manages the cluster side of ingest
// (versioned indexes, bulk loading, atomic alias switches, clean-up).
//
// # Index naming
//
// Every logical index (contract, clause, …; see mappings.Names) is served
// through an alias and stored in versioned concrete indexes:
//
//	alias     <prefix><name>              e.g. cs_contract
//	concrete  <prefix><name>-<version>    e.g. cs_contract-20261122t101500z
//
// A version is the UTC time the load started, written yyyymmdd't'hhmmss'z'
// in lower case (NewVersion). The form is fixed-width, so versions sort
// lexically in time order, and it uses only characters OpenSearch allows in
// index names (lower case, no ':' or ','). A new version is built beside the
// live one (CreateIndexes, LoadBulk) and published by SwitchAliases, which
// moves all six aliases in one _aliases request: OpenSearch applies the
// actions of one request atomically, so a search never sees a mix of
// versions. DeleteOldVersions then removes versions older than the ones
// kept. Ingest runs the whole sequence for cmd/ingest and deletes a
// version whose load failed, so a failed load never reaches the aliases.
//
// # Searches
//
// Search posts the request's DSL to /<alias>,<alias>…/_search. Term values
// on _index are logical names; they are rewritten to the alias (see
// Backend.aliasName for why an alias is enough), and hits, inner hits and
// the buckets of terms aggregations on _index are mapped back from concrete
// names to logical ones.
//
// # Documents
//
// Document reads one record with GET /<alias>/_doc/<id> (the id
// percent-encoded) and maps the concrete index name back; a 404 with
// found: false is backend.ErrNotFound.
//
// # Errors
//
// A cluster answer with status >= 400 is returned verbatim as an
// *apierr.Error with Raw set. A connection that fails before any answer
// (refused, reset, DNS, EOF) is retried once and then answered 503. The
// request's timeout plus a grace period bounds the whole call; when that
// deadline passes first the answer is 504 timeout_exception.
package opensearch
