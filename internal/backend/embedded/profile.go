package embedded

import (
	"strconv"

	"github.com/contractsearch/contractsearch/internal/engine/search"
)

// profileNode is the node id in the shard ids of the profile, as in
// _shards.failures.
const profileNode = "embedded"

// profileJSON renders the engine's profiles as OpenSearch 3's profile
// member (SearchProfileShardResults): one shard per logical index, id
// "[node][index][0]", network times 0 (no network here), one search with
// its query tree, rewrite_time and collectors, then the aggregations.
// Breakdown keys come in the order OpenSearch prints them (its HashMap's).
func profileJSON(shards []search.ShardProfile) []byte {
	b := []byte(`{"shards":[`)
	for i := range shards {
		sp := &shards[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = appendJSONString(b, "["+profileNode+"]["+sp.Index+"][0]")
		b = append(b, `,"inbound_network_time_in_millis":0,"outbound_network_time_in_millis":0,"searches":[{"query":[`...)
		for j, n := range sp.Query {
			if j > 0 {
				b = append(b, ',')
			}
			b = appendProfileNode(b, n)
		}
		b = append(b, `],"rewrite_time":`...)
		b = strconv.AppendInt(b, sp.RewriteNanos, 10)
		b = append(b, `,"collector":[`...)
		for j := range sp.Collectors {
			if j > 0 {
				b = append(b, ',')
			}
			b = appendCollector(b, &sp.Collectors[j])
		}
		b = append(b, `]}],"aggregations":[`...)
		for j := range sp.Aggs {
			if j > 0 {
				b = append(b, ',')
			}
			b = appendAggProfile(b, &sp.Aggs[j])
		}
		b = append(b, "]}"...)
	}
	return append(b, "]}"...)
}

func appendField(b []byte, key string, v int64) []byte {
	b = append(b, '"')
	b = append(b, key...)
	b = append(b, `":`...)
	return strconv.AppendInt(b, v, 10)
}

func appendProfileNode(b []byte, n *search.ProfileNode) []byte {
	bd := &n.Breakdown
	b = append(b, `{"type":`...)
	b = appendJSONString(b, n.Type)
	b = append(b, `,"description":`...)
	b = appendJSONString(b, n.Description)
	b = append(b, ',')
	b = appendField(b, "time_in_nanos", n.TimeInNanos())
	b = append(b, `,"breakdown":{`...)
	for i, kv := range []struct {
		k string
		v int64
	}{
		{"set_min_competitive_score_count", 0}, {"match_count", 0}, {"shallow_advance_count", 0},
		{"set_min_competitive_score", 0}, {"next_doc", bd.NextDoc}, {"match", 0},
		{"next_doc_count", bd.NextDocCount}, {"score_count", bd.ScoreCount}, {"compute_max_score_count", 0},
		{"compute_max_score", 0}, {"advance", bd.Advance}, {"advance_count", bd.AdvanceCount},
		{"score", bd.Score}, {"build_scorer_count", bd.BuildScorerCount}, {"create_weight", bd.CreateWeight},
		{"shallow_advance", 0}, {"create_weight_count", bd.CreateWeightCount}, {"build_scorer", bd.BuildScorer},
	} {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendField(b, kv.k, kv.v)
	}
	b = append(b, '}')
	if len(n.Children) > 0 {
		b = append(b, `,"children":[`...)
		for i, c := range n.Children {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendProfileNode(b, c)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func appendCollector(b []byte, c *search.CollectorProfile) []byte {
	b = append(b, `{"name":`...)
	b = appendJSONString(b, c.Name)
	b = append(b, `,"reason":`...)
	b = appendJSONString(b, c.Reason)
	b = append(b, ',')
	b = appendField(b, "time_in_nanos", c.TimeInNanos)
	if len(c.Children) > 0 {
		b = append(b, `,"children":[`...)
		for i := range c.Children {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendCollector(b, &c.Children[i])
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func appendAggProfile(b []byte, a *search.AggProfile) []byte {
	b = append(b, `{"type":`...)
	b = appendJSONString(b, a.Type)
	b = append(b, `,"description":`...)
	b = appendJSONString(b, a.Description)
	b = append(b, ',')
	b = appendField(b, "time_in_nanos", a.TimeInNanos())
	b = append(b, `,"breakdown":{`...)
	for i, kv := range []struct {
		k string
		v int64
	}{
		{"reduce", 0}, {"post_collection_count", 1}, {"build_leaf_collector", a.BuildLeafCollector},
		{"build_aggregation", a.BuildAggregation}, {"build_aggregation_count", 1},
		{"build_leaf_collector_count", a.BuildLeafCollectorCount}, {"post_collection", a.PostCollection},
		{"initialize", a.Initialize}, {"initialize_count", 1}, {"reduce_count", 0},
		{"collect", a.Collect}, {"collect_count", a.CollectCount},
	} {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendField(b, kv.k, kv.v)
	}
	return append(b, "}}"...)
}
