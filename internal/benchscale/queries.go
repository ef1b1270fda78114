package benchscale

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/parity"
)

//go:embed queries.jsonl
var queriesJSONL []byte

//go:embed gateway.jsonl
var gatewayJSONL []byte

// Kinds are the query kinds of the side-by-side set, in report order (the
// rows of issue 11's table).
var Kinds = []string{"term", "terms", "match_phrase", "sqs-one", "sqs-or", "sqs-and", "sqs-prefix", "sqs-fuzzy",
	"sloppy-phrase", "bool-filters", "nested", "rank-feature", "terms-aggs", "form-a"}

// Queries is the side-by-side query set (queries.jsonl), in the shape the
// parity plumbing reads.
func Queries() ([]parity.Query, error) {
	qs, err := parity.ReadQueries(bytes.NewReader(queriesJSONL))
	if err != nil {
		return nil, fmt.Errorf("queries.jsonl: %w", err)
	}
	return qs, nil
}

// GatewayRequests are the bodies sent to the gateway (gateway.jsonl):
// kind "form-a" (text queries) and "clause-within" (clause search-within).
func GatewayRequests() ([]parity.Query, error) {
	qs, err := parity.ReadQueries(bytes.NewReader(gatewayJSONL))
	if err != nil {
		return nil, fmt.Errorf("gateway.jsonl: %w", err)
	}
	return qs, nil
}

// SpecBody is a side-by-side query's body as a client of the API sends it:
// a structured body without _source gets the include list of the spec's
// samples (dsl.FormASource, the fields Form A returns), so that its hits
// are read as a client would read them; a simplified query (Form A) and a
// body that sets _source are sent as they are.
func SpecBody(q parity.Query) ([]byte, error) {
	var body map[string]json.RawMessage
	if err := json.Unmarshal(q.Body, &body); err != nil {
		return nil, fmt.Errorf("query %s: %w", q.ID, err)
	}
	if _, ok := body["_source"]; ok {
		return q.Body, nil
	}
	var query map[string]json.RawMessage
	if err := json.Unmarshal(body["query"], &query); err == nil {
		if _, formA := query["q"]; formA {
			return q.Body, nil
		}
	}
	src, err := json.Marshal(dsl.FormASource)
	if err != nil {
		return nil, err
	}
	body["_source"] = src
	out, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("query %s: %w", q.ID, err)
	}
	return out, nil
}
