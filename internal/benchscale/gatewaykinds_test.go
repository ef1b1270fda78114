package benchscale

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/contractsearch/contractsearch/internal/parity"
)

func TestSpecBody(t *testing.T) {
	tests := []struct {
		name, body string
		wantSource bool // _source set to the spec's list
	}{
		{"structured body gets the list", `{"query":{"term":{"category.value":"x"}},"size":5}`, true},
		{"structured body keeps its own _source", `{"query":{"match_all":{}},"_source":false}`, false},
		{"Form A goes as it is", `{"query":{"q":"governing law","_index":"contract"}}`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := SpecBody(parity.Query{ID: "x", Body: json.RawMessage(tc.body)})
			if err != nil {
				t.Fatal(err)
			}
			var got map[string]json.RawMessage
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("%s: %v", out, err)
			}
			if !tc.wantSource {
				if string(out) != tc.body {
					t.Errorf("body changed: %s", out)
				}
				return
			}
			var src []string
			if err := json.Unmarshal(got["_source"], &src); err != nil || !strings.Contains(strings.Join(src, ","), "jurisdiction") {
				t.Errorf("_source = %s, want the spec's list", got["_source"])
			}
			if string(got["size"]) != "5" || !strings.Contains(string(got["query"]), "category.value") {
				t.Errorf("the rest of the body changed: %s", out)
			}
		})
	}
	if _, err := SpecBody(parity.Query{ID: "bad", Body: json.RawMessage(`{"query":`)}); err == nil {
		t.Error("a broken body gave no error")
	}
}

// TestSpecBodyEverySideBySideQuery: every query of the set makes a body.
func TestSpecBodyEverySideBySideQuery(t *testing.T) {
	qs, err := Queries()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		if _, err := SpecBody(q); err != nil {
			t.Error(err)
		}
	}
}

func TestTimeRequests(t *testing.T) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		body, _ := io.ReadAll(r.Body)
		if string(body) == "fail" {
			http.Error(w, "no", http.StatusBadRequest)
			return
		}
		w.Write([]byte(`{"hits":{}}`))
	}))
	defer srv.Close()
	medians, errs, err := TimeRequests(context.Background(), srv.Client(), srv.URL, [][]byte{[]byte("ok"), []byte("fail")}, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(medians) != 2 || medians[0] <= 0 || medians[1] <= 0 {
		t.Errorf("medians %v, want two positive", medians)
	}
	if errs != 4 {
		t.Errorf("%d errors, want 4 (the failing body's warm-up and three timed runs)", errs)
	}
	if n := calls.Load(); n != 8 {
		t.Errorf("%d requests, want 8", n)
	}
	if _, _, err := TimeRequests(context.Background(), srv.Client(), srv.URL, [][]byte{[]byte("ok")}, 0, 0); err == nil {
		t.Error("no timed runs gave no error")
	}
}
