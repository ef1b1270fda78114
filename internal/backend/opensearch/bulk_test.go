package opensearch

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/apierr"
)

type lineErr struct {
	Line   int
	Reason string
}

// bulkFake answers _bulk by echoing one item per action, rejecting actions
// whose _id is in reject, and answers _refresh.
func bulkFake(t *testing.T, reject map[string]bool) *scripted {
	return newScripted(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		if !strings.HasSuffix(r.URL.Path, "/_bulk") {
			answer(200, `{"_shards":{"total":6,"successful":6,"failed":0}}`)(w, r, body)
			return
		}
		lines := strings.Split(strings.TrimSuffix(string(body), "\n"), "\n")
		var items []string
		errorsSeen := false
		for i := 0; i < len(lines); i += 2 {
			var act map[string]struct {
				Index string `json:"_index"`
				ID    string `json:"_id"`
			}
			if err := json.Unmarshal([]byte(lines[i]), &act); err != nil {
				t.Errorf("forwarded action line %q: %v", lines[i], err)
			}
			for op, m := range act {
				if reject[m.ID] {
					errorsSeen = true
					items = append(items, fmt.Sprintf(`{%q:{"_index":%q,"_id":%q,"status":400,"error":{"type":"mapper_parsing_exception","reason":"failed to parse field [filing_date] of type [date]","caused_by":{"type":"illegal_argument_exception","reason":"failed to parse date field [soon]"}}}}`, op, m.Index, m.ID))
				} else {
					items = append(items, fmt.Sprintf(`{%q:{"_index":%q,"_id":%q,"status":201}}`, op, m.Index, m.ID))
				}
			}
		}
		answer(200, fmt.Sprintf(`{"errors":%v,"items":[%s]}`, errorsSeen, strings.Join(items, ",")))(w, r, body)
	})
}

func TestLoadBulk(t *testing.T) {
	input := strings.Join([]string{
		/* 1 */ `{"index":{"_index":"contract","_id":"en/1"}}`,
		/* 2 */ `{"name":"A","body":"x"}`,
		/* 3 */ `{"index":{"_index":"clause","_id":"en/gov#1"}}`,
		/* 4 */ `{"name":"Governing Law","filing_date":"soon"}`,
		/* 5 */ `{"index":{"_index":"nosuch","_id":"en/2"}}`,
		/* 6 */ `{"name":"skipped with its action"}`,
		/* 7 */ `not json`,
		/* 8 */ `{"create":{"_index":"company","_id":"en/3"}}`,
		/* 9 */ `{"name":broken}`,
		/* 10 */ ``,
		/* 11 */ `{"index":{"_id":"en/4"}}`,
		/* 12 */ `{"name":"no index"}`,
		/* 13 */ `{"index":{"_index":"contract","_id":"en/5","routing":"r"}}`,
		/* 14 */ "{\"name\":\"E\"}\r",
		/* 15 */ `{"delete":{"_index":"contract","_id":"en/1"}}`,
		/* 16 */ `{"index":{"_index":"definition","_id":"en/6"}}`,
	}, "\n")
	tests := []struct {
		name        string
		batchBytes  int
		wantBatches []string
	}{
		{
			name:       "one pair per batch",
			batchBytes: 1,
			wantBatches: []string{
				`{"index":{"_id":"en/1","_index":"cs_contract-20261122t101500z"}}` + "\n" + `{"name":"A","body":"x"}` + "\n",
				`{"index":{"_id":"en/gov#1","_index":"cs_clause-20261122t101500z"}}` + "\n" + `{"name":"Governing Law","filing_date":"soon"}` + "\n",
				`{"index":{"_id":"en/5","_index":"cs_contract-20261122t101500z","routing":"r"}}` + "\n" + `{"name":"E"}` + "\n",
			},
		},
		{
			name:       "one batch",
			batchBytes: 1 << 20,
			wantBatches: []string{
				`{"index":{"_id":"en/1","_index":"cs_contract-20261122t101500z"}}` + "\n" + `{"name":"A","body":"x"}` + "\n" +
					`{"index":{"_id":"en/gov#1","_index":"cs_clause-20261122t101500z"}}` + "\n" + `{"name":"Governing Law","filing_date":"soon"}` + "\n" +
					`{"index":{"_id":"en/5","_index":"cs_contract-20261122t101500z","routing":"r"}}` + "\n" + `{"name":"E"}` + "\n",
			},
		},
	}
	const cantParse = `rejected by the cluster with status 400: mapper_parsing_exception: failed to parse field [filing_date] of type [date] (caused by illegal_argument_exception: failed to parse date field [soon])`
	wantErrs := []lineErr{
		{5, `"index" action: unknown index "nosuch" (want one of category, clause, company, contract, definition, jurisdiction)`},
		{7, `not a JSON object: invalid character 'o' in literal null (expecting 'u') at byte 2`},
		{9, `source of the action on line 8 is not a JSON object`},
		{11, `"index" action: _index is missing`},
		{15, `action "delete" is not supported: a version's indexes start empty`},
		{16, `action has no source line`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := bulkFake(t, map[string]bool{"en/gov#1": true})
			b := newTestBackend(t, fake.URL, func(c *Config) { c.BulkBatchBytes = tt.batchBytes })
			var got []lineErr
			st, err := b.LoadBulk(context.Background(), strings.NewReader(input), testVersion, func(line int, reason string) {
				got = append(got, lineErr{line, reason})
			})
			if err != nil {
				t.Fatal(err)
			}
			// The item failure is reported when its batch comes back: right
			// after line 4 with one pair per batch, at the end otherwise.
			want := append([]lineErr(nil), wantErrs...)
			if tt.batchBytes == 1 {
				want = append([]lineErr{{3, cantParse}}, want...)
			} else {
				want = append(want, lineErr{3, cantParse})
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("reported\n got %+v\nwant %+v", got, want)
			}
			wantStats := Stats{
				Lines: 16, Docs: map[string]int{"contract": 2}, BadLines: 6, Failed: 1,
				Batches: len(tt.wantBatches), Bytes: int64(len(strings.Join(tt.wantBatches, ""))),
			}
			if !reflect.DeepEqual(st, wantStats) {
				t.Errorf("stats = %+v, want %+v", st, wantStats)
			}

			reqs := fake.requests()
			if len(reqs) != len(tt.wantBatches)+1 {
				t.Fatalf("got %d requests, want %d batches and a refresh", len(reqs), len(tt.wantBatches))
			}
			for i, want := range tt.wantBatches {
				r := reqs[i]
				q, _ := url.ParseQuery(r.Query)
				if r.Method != http.MethodPost || r.Path != "/_bulk" || r.ContentType != "application/x-ndjson" ||
					q.Get("filter_path") != "errors,items.*._index,items.*.status,items.*.error" {
					t.Errorf("batch %d: %s %s?%s (%s)", i, r.Method, r.Path, r.Query, r.ContentType)
				}
				if r.Body != want {
					t.Errorf("batch %d body\n got %q\nwant %q", i, r.Body, want)
				}
			}
			refresh := reqs[len(reqs)-1]
			wantRefresh := "/cs_category-" + testVersion + ",cs_clause-" + testVersion + ",cs_company-" + testVersion +
				",cs_contract-" + testVersion + ",cs_definition-" + testVersion + ",cs_jurisdiction-" + testVersion + "/_refresh"
			if refresh.Method != http.MethodPost || refresh.Path != wantRefresh {
				t.Errorf("last request %s %s, want POST %s", refresh.Method, refresh.Path, wantRefresh)
			}
		})
	}
}

func TestLoadBulkFailsOnBulkError(t *testing.T) {
	const tooLarge = `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"too large"}],"type":"illegal_argument_exception","reason":"too large"},"status":413}`
	fake := newScripted(t, answer(413, tooLarge))
	b := newTestBackend(t, fake.URL, nil)
	input := `{"index":{"_index":"contract","_id":"en/1"}}` + "\n" + `{"name":"A"}` + "\n"
	st, err := b.LoadBulk(context.Background(), strings.NewReader(input), testVersion, nil)
	e, ok := apierr.As(err)
	if !ok || e.Status != 413 || string(e.Raw) != tooLarge {
		t.Fatalf("err = %v, want the cluster's 413", err)
	}
	if !strings.Contains(err.Error(), "bulk batch 1 (lines 1-2)") {
		t.Errorf("error %q does not locate the batch", err)
	}
	if st.Lines != 2 || st.TotalDocs() != 0 {
		t.Errorf("stats = %+v", st)
	}
	if n := len(fake.requests()); n != 1 {
		t.Errorf("sent %d requests, want 1 (no refresh after a failed load)", n)
	}
}

func TestLoadBulkLongLine(t *testing.T) {
	fake := bulkFake(t, nil)
	b := newTestBackend(t, fake.URL, nil)
	b.maxLine = 64
	long := `{"name":"` + strings.Repeat("x", 2<<20) + `"}` // spans many buffer fills
	input := `{"index":{"_index":"contract","_id":"en/1"}}` + "\n" + long + "\n" +
		`{"index":{"_index":"contract","_id":"en/2"}}` + "\n" + `{"name":"B"}`
	var got []lineErr
	st, err := b.LoadBulk(context.Background(), strings.NewReader(input), testVersion, func(line int, reason string) {
		got = append(got, lineErr{line, reason})
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []lineErr{{2, "line longer than 64 bytes"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("reported %+v, want %+v", got, want)
	}
	if st.Lines != 4 || st.Docs["contract"] != 1 {
		t.Errorf("stats = %+v", st)
	}
}
