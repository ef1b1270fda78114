package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/backend"
)

// bigHits are n hits whose highlight is about size bytes each.
func bigHits(n, size int) []backend.Hit {
	score := float32(2)
	hits := make([]backend.Hit, n)
	for i := range hits {
		text := strings.Repeat("the <b>term</b> ", size/16)
		hits[i] = backend.Hit{Index: "contract", ID: fmt.Sprintf("en/%d", i), Score: &score,
			Source:    json.RawMessage(`{"name":"Agreement ` + fmt.Sprint(i) + `"}`),
			Highlight: json.RawMessage(`{"body":["` + text + `"]}`)}
	}
	return hits
}

// TestRenderEnvelopeCut checks the cut at every limit around the hits'
// boundaries: the answer is encoding/json's for the longest prefix of the
// page that fits (timed_out true when a hit was left out), and it fits,
// unless even no hit does not.
func TestRenderEnvelopeCut(t *testing.T) {
	tokens := []string{}
	size := 10
	base := envelope{Took: 5, Shards: backend.Shards{Total: 6, Successful: 6},
		Hits:         backend.Hits{Total: &backend.Total{Value: 999, Relation: "eq"}},
		Aggregations: json.RawMessage(`{"a":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[]}}`),
		Suggest:      json.RawMessage(`{"suggestions":[]}`), QueryTokens: &tokens, Size: &size}
	hits := append(bigHits(4, 2000), bigHits(2, 100)...)
	hits[2].InnerHits = map[string]backend.InnerHits{"clause:x": {Hits: backend.Hits{Hits: bigHits(3, 1000)}}}
	// prefix[k] is the reference answer with the first k hits, timed out.
	var prefix [][]byte
	for k := 0; k <= len(hits); k++ {
		env := base
		env.Hits.Hits = hits[:k]
		env.TimedOut = k < len(hits)
		ref, err := referenceEnvelope(&env)
		if err != nil {
			t.Fatal(err)
		}
		prefix = append(prefix, ref)
	}
	var limits []int64
	for _, p := range prefix {
		n := int64(len(p))
		limits = append(limits, n-200, n-1, n, n+1, n+200)
	}
	limits = append(limits, 1, 0, -1)
	for _, limit := range limits {
		env := base
		env.Hits.Hits = hits
		a, cut, err := renderEnvelope(&env, limit)
		if err != nil {
			t.Fatal(err)
		}
		got := a.Bytes()
		k := -1
		for i, p := range prefix {
			if bytes.Equal(got, p) {
				k = i
			}
		}
		switch {
		case k < 0:
			t.Errorf("limit %d: not the reference answer of any prefix of the page: %s", limit, clipBytes(got))
		case limit <= 0 && k != len(hits):
			t.Errorf("limit %d (none): %d hits of %d", limit, k, len(hits))
		case cut != (k < len(hits)):
			t.Errorf("limit %d: %d hits of %d, cut %v", limit, k, len(hits), cut)
		case limit > 0 && k > 0 && int64(len(got)) > limit:
			t.Errorf("limit %d: %d hits in %d bytes", limit, k, len(got))
		case limit > 0 && k < len(hits) && int64(len(prefix[k+1]))+64 <= limit:
			t.Errorf("limit %d: %d hits, but %d fit in %d bytes", limit, k, k+1, len(prefix[k+1]))
		}
		if a.size != int64(len(got)) {
			t.Errorf("limit %d: size %d, answer %d bytes", limit, a.size, len(got))
		}
	}
}

// TestTimedOutHugeAnswerIsCut sends a request whose tiny timeout has long
// passed when its backend answers with megabytes: the answer is valid JSON
// in the spec's shape, timed out, with the page's first hits only and
// the totals and aggregations whole. The same answer within its timeout
// is sent whole.
func TestTimedOutHugeAnswerIsCut(t *testing.T) {
	ts := newTestServer(t, nil)
	resp := sampleResponse()
	resp.Hits.Hits = bigHits(20, 100<<10)
	resp.Hits.Total = &backend.Total{Value: 5000, Relation: "eq"}
	ts.be.resp = resp
	// The backend answers after the timeout and the whole slack: the
	// answer gets the least limit, whatever the machine's speed.
	ts.be.delay = answerSlack + 10*time.Millisecond
	type answer struct {
		TimedOut bool `json:"timed_out"`
		Hits     struct {
			Total struct{ Value int }
			Hits  []struct {
				ID string `json:"_id"`
			}
		}
		Aggregations map[string]any
	}
	for _, tc := range []struct {
		timeout string
		cut     bool
	}{{"1ms", true}, {"10s", false}} {
		rec := ts.do("POST", "/api/v1alpha/search?token="+testToken, `{"query":{"match_all":{}},"timeout":"`+tc.timeout+`","size":20}`)
		if rec.Code != 200 {
			t.Fatalf("%s: status %d: %s", tc.timeout, rec.Code, clipBytes(rec.Body.Bytes()))
		}
		var got answer
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatalf("%s: not JSON: %v", tc.timeout, err)
		}
		n := len(got.Hits.Hits)
		if tc.cut && (!got.TimedOut || n >= 20 || int64(rec.Body.Len()) > minAnswerLimit) || !tc.cut && (got.TimedOut || n != 20) {
			t.Errorf("%s: timed_out %v, %d hits of 20 in %d bytes", tc.timeout, got.TimedOut, n, rec.Body.Len())
		}
		for i, h := range got.Hits.Hits {
			if h.ID != fmt.Sprintf("en/%d", i) {
				t.Errorf("%s: hit %d is %s: not the page's prefix", tc.timeout, i, h.ID)
			}
		}
		if got.Hits.Total.Value != 5000 || len(got.Aggregations) != 2 {
			t.Errorf("%s: total %d, %d aggregations", tc.timeout, got.Hits.Total.Value, len(got.Aggregations))
		}
		if strings.Contains(ts.log.String(), `"hits_cut":true`) != tc.cut {
			t.Errorf("%s: log %s", tc.timeout, ts.log.String())
		}
		ts.log.Reset()
	}
}

// TestAnswerLimit checks the limit's arithmetic at its edges.
func TestAnswerLimit(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	end := answerSlack - deliveryReserve // the time left ends this long after the timeout
	tests := []struct {
		timeout, at time.Duration
		rate        int64
		want        int64
	}{
		{0, 0, maxDeliveryRate, 0},
		{time.Second, 0, maxDeliveryRate, (time.Second + end).Milliseconds() * maxDeliveryRate},
		{time.Second, time.Second, maxDeliveryRate, end.Milliseconds() * maxDeliveryRate},
		{time.Second, time.Second, minDeliveryRate, end.Milliseconds() * minDeliveryRate},
		{time.Second, time.Second + end, maxDeliveryRate, minAnswerLimit},
		{time.Millisecond, time.Hour, maxDeliveryRate, minAnswerLimit},
		{time.Second, time.Second + end - time.Millisecond, minDeliveryRate, minAnswerLimit},
	}
	for _, tc := range tests {
		if got := answerLimit(start, tc.timeout, start.Add(tc.at), tc.rate); got != tc.want {
			t.Errorf("timeout %s, at %s, rate %d: %d, want %d", tc.timeout, tc.at, tc.rate, got, tc.want)
		}
	}
}

// writeCounter is a ResponseRecorder that counts the Write calls the
// handler makes.
type writeCounter struct {
	*httptest.ResponseRecorder
	writes int
}

func (w *writeCounter) Write(b []byte) (int, error) {
	w.writes++
	return w.ResponseRecorder.Write(b)
}

// TestAnswerWrittenAtOnce checks that an answer of several parts reaches
// the connection in one Write up to maxJoinedAnswer, and part by part
// beyond it, with the same bytes either way.
func TestAnswerWrittenAtOnce(t *testing.T) {
	for _, tc := range []struct {
		name      string
		hits      int
		hitSize   int
		oneWrite  bool
		minLength int
	}{
		{"ten hits", 10, 1 << 10, true, 10 << 10},
		{"over the bound", 8, 64 << 10, false, maxJoinedAnswer},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts := newTestServer(t, nil)
			resp := sampleResponse()
			resp.Hits.Hits = bigHits(tc.hits, tc.hitSize)
			resp.Took = 1000 // above the request's own time, so took is known
			ts.be.resp = resp
			body := `{"query":{"match_all":{}},"size":` + fmt.Sprint(tc.hits) + `}`
			req := httptest.NewRequest("POST", "/api/v1alpha/search?token="+testToken, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			w := &writeCounter{ResponseRecorder: httptest.NewRecorder()}
			ts.srv.ServeHTTP(w, req)
			if w.Code != 200 {
				t.Fatalf("status %d: %s", w.Code, clipBytes(w.Body.Bytes()))
			}
			if w.Body.Len() < tc.minLength {
				t.Fatalf("answer of %d bytes, want at least %d", w.Body.Len(), tc.minLength)
			}
			if (w.writes == 1) != tc.oneWrite {
				t.Errorf("%d writes for an answer of %d bytes", w.writes, w.Body.Len())
			}
			parsed, err := ts.srv.opts.Parser.Parse([]byte(body))
			if err != nil {
				t.Fatal(err)
			}
			want, _, err := writeEnvelope(parsed, resp, 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := w.Body.Bytes(); !bytes.Equal(got, want.Bytes()) {
				t.Errorf("answer differs from the envelope rendered alone:\n%s\nwant\n%s", clipBytes(got), clipBytes(want.Bytes()))
			}
		})
	}
}
