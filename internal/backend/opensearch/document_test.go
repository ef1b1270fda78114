package opensearch

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend"
)

func TestDocument(t *testing.T) {
	const missingAlias = `{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [cs_contract]"}],"type":"index_not_found_exception","reason":"no such index [cs_contract]"},"status":404}`
	tests := []struct {
		name, index, id string
		status          int
		answer          string
		wantPath        string // as sent, percent-encoded
		want            *backend.Document
		wantStatus      int // of an *apierr.Error; 0 with want nil: ErrNotFound
	}{
		{
			name: "found, concrete name mapped back", index: "contract", id: "en/c1", status: 200,
			answer:   `{"_index":"cs_contract-20261122t101500z","_id":"en/c1","_version":1,"_seq_no":0,"_primary_term":1,"found":true,"_source":{"name":"Supply Agreement","body":"x"}}`,
			wantPath: "/cs_contract/_doc/en%2Fc1",
			want:     &backend.Document{Index: "contract", ID: "en/c1", Source: []byte(`{"name":"Supply Agreement","body":"x"}`)},
		},
		{
			name: "a group id is one path segment", index: "clause", id: "en/governing-law#1", status: 200,
			answer:   `{"_index":"cs_clause-20261122t101500z","_id":"en/governing-law#1","found":true,"_source":{"name":"Governing Law"}}`,
			wantPath: "/cs_clause/_doc/en%2Fgoverning-law%231",
			want:     &backend.Document{Index: "clause", ID: "en/governing-law#1", Source: []byte(`{"name":"Governing Law"}`)},
		},
		{
			name: "not found", index: "contract", id: "en/nope", status: 404,
			answer:   `{"_index":"cs_contract-20261122t101500z","_id":"en/nope","found":false}`,
			wantPath: "/cs_contract/_doc/en%2Fnope",
		},
		{
			name: "a missing alias is the cluster's error", index: "contract", id: "en/c1", status: 404,
			answer: missingAlias, wantPath: "/cs_contract/_doc/en%2Fc1", wantStatus: 404,
		},
		{
			name: "a cluster failure is passed through", index: "contract", id: "en/c1", status: 503,
			answer:   `{"error":{"type":"cluster_block_exception","reason":"blocked"},"status":503}`,
			wantPath: "/cs_contract/_doc/en%2Fc1", wantStatus: 503,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			var paths []string
			fake := newScripted(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
				mu.Lock()
				paths = append(paths, r.URL.EscapedPath())
				mu.Unlock()
				answer(tt.status, tt.answer)(w, r, body)
			})
			b := newTestBackend(t, fake.URL, nil)
			doc, err := b.Document(context.Background(), tt.index, tt.id)
			reqs := fake.requests()
			if len(reqs) != 1 || reqs[0].Method != http.MethodGet || paths[0] != tt.wantPath {
				t.Fatalf("requests %+v, paths %q; want one GET %s", reqs, paths, tt.wantPath)
			}
			switch {
			case tt.want != nil:
				if err != nil || doc.Index != tt.want.Index || doc.ID != tt.want.ID || string(doc.Source) != string(tt.want.Source) {
					t.Errorf("got %+v (source %s), %v; want %+v", doc, docSource(doc), err, tt.want)
				}
			case tt.wantStatus != 0:
				e, ok := apierr.As(err)
				if !ok || e.Status != tt.wantStatus || string(e.Raw) != tt.answer {
					t.Errorf("got %v; want the cluster's %d passed through", err, tt.wantStatus)
				}
			default:
				if !errors.Is(err, backend.ErrNotFound) {
					t.Errorf("got %+v, %v; want ErrNotFound", doc, err)
				}
			}
		})
	}
}

func docSource(d *backend.Document) string {
	if d == nil {
		return ""
	}
	return string(d.Source)
}

func TestDocumentUnknownIndexAndUnreachable(t *testing.T) {
	fake := newScripted(t, answer(200, `{}`))
	b := newTestBackend(t, fake.URL, nil)
	if _, err := b.Document(context.Background(), "secrets", "en/c1"); !errors.Is(err, backend.ErrNotFound) {
		t.Errorf("unknown index: %v", err)
	}
	if n := len(fake.requests()); n != 0 {
		t.Errorf("unknown index sent %d requests", n)
	}
	down := newTestBackend(t, closedURL(t), nil)
	_, err := down.Document(context.Background(), "contract", "en/c1")
	if e, ok := apierr.As(err); !ok || e.Status != http.StatusServiceUnavailable {
		t.Errorf("unreachable cluster: %v, want 503", err)
	}
}
