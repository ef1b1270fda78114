package benchscale

import (
	"bytes"
	"context"
	"net/http/httptest"
	"testing"

	"github.com/contractsearch/contractsearch/internal/api"
)

// BenchmarkGatewayHTTP answers the side-by-side set's queries as
// BenchmarkGatewayKinds does, but through the gateway's whole HTTP
// handler (internal/api: authentication, parsing, the embedded backend
// with its default source cache, the envelope's rendering and writing,
// the access log discarded) in process, into a recorder: the "gateway
// per kind" rows' work but the network's and the kernel's, one
// sub-benchmark per query.
//
//	BENCH_INDEX_DIR=/tmp/bs8/run/engine-index go test ./internal/benchscale \
//	    -run '^$' -bench 'GatewayHTTP/term/' -benchtime 200x
func BenchmarkGatewayHTTP(b *testing.B) {
	be, p := benchIndexWith(b)
	const token = "bench-token"
	srv, err := api.New(api.Options{Tokens: []string{token}, Backend: be, BackendName: "embedded",
		Parser: p, MaxBodyBytes: 1 << 20})
	if err != nil {
		b.Fatal(err)
	}
	qs, err := Queries()
	if err != nil {
		b.Fatal(err)
	}
	target := api.SearchPath + "?token=" + token
	for _, q := range qs {
		body, err := SpecBody(q)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(q.Kind+"/"+q.ID, func(b *testing.B) {
			runQueries(b, 1, func(_ context.Context, _ int) error {
				req := httptest.NewRequest("POST", target, bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, req)
				if rec.Code != 200 {
					b.Fatalf("status %d: %s", rec.Code, rec.Body)
				}
				return nil
			})
		})
	}
}
