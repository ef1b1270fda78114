// Package embedded is the embedded backend: the engine behind the gateway's
// Backend interface when no OpenSearch cluster is configured. It opens the
// engine's index directory, turns each validated DSL request into the
// engine's query trees and answers as OpenSearch 3.x would.
//
// The translation (translate*.go) builds, for each logical index, the query
// OpenSearch builds on that index's shard: the same DSL can give different
// queries per index, because field types come from each index's mappings.
// It follows OpenSearch's query builders (BoolQueryBuilder and its 3.x
// rewrites, SimpleQueryStringQueryParser, MatchQuery, the field types'
// termQuery and rangeQuery, NestedQueryBuilder, RankFeatureQueryBuilder) and
// reports what OpenSearch reports as a shard failure as a *ShardError for
// that index, so that the other indexes still answer. docs/engine.md lists
// the rules followed and where the reference oracle differs.
package embedded
