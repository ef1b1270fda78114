package benchscale

import (
	"bytes"
	_ "embed"
	"fmt"

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
