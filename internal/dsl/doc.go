// Package dsl owns the search request language: the typed query AST, strict
// decoding of request bodies into it with OpenSearch-shaped errors that name
// the offending key and its line and column, validation against the API's
// whitelist and limits, the expansion of the simplified query object
// (Form A) into DSL, and the encoding of a validated request as the
// OpenSearch JSON body a cluster receives.
package dsl
