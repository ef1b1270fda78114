package opensearch

import (
	"bytes"
	"context"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/backend/opensearch/opensearchtest"
	"github.com/contractsearch/contractsearch/mappings"
)

const ingestInput = `{"index":{"_index":"contract","_id":"en/1"}}
{"name":"Supply Agreement"}
{"index":{"_index":"clause","_id":"en/gov#1"}}
{"name":"Governing Law"}
{"index":{"_index":"contract","_id":"en/2"}}
{"name":"Licence FAIL"}
`

// seedVersion creates the six indexes of version, with the aliases when live.
func seedVersion(c *opensearchtest.Cluster, version string, live bool) {
	for _, n := range mappings.Names() {
		var aliases []string
		if live {
			aliases = []string{"cs_" + n}
		}
		c.AddIndex("cs_"+n+"-"+version, aliases...)
	}
}

// versionsIn lists index name → aliases, keyed by version, for assertions.
func versionsIn(c *opensearchtest.Cluster) map[string]bool {
	live := map[string]bool{}
	for index, aliases := range c.Aliases() {
		_, v, _ := strings.Cut(index, "-")
		live[v] = live[v] || len(aliases) > 0
	}
	return live
}

func TestIngest(t *testing.T) {
	const (
		older    = "20260101t000000z"
		previous = "20260201t000000z"
	)
	tests := []struct {
		name         string
		maxErrors    int
		wantSwitched bool
		wantErr      string
		wantLive     map[string]bool // version → live, after
		wantDeleted  []string
	}{
		{
			name: "published; the version before the previous one is deleted", maxErrors: 1,
			wantSwitched: true,
			wantLive:     map[string]bool{previous: false, testVersion: true},
			wantDeleted:  []string{older},
		},
		{
			name: "too many rejections: nothing switched, new version deleted", maxErrors: 0,
			wantErr:  "1 lines or documents rejected, more than the 0 allowed",
			wantLive: map[string]bool{older: false, previous: true},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := opensearchtest.New(t)
			c.FailMarker = "FAIL"
			seedVersion(c, older, false)
			seedVersion(c, previous, true)
			b := newTestBackend(t, c.URL, nil)
			var reported []lineErr
			rep, err := b.Ingest(context.Background(), strings.NewReader(ingestInput), IngestOptions{
				Version: testVersion, MaxErrors: tt.maxErrors,
				OnError: func(line int, reason string) { reported = append(reported, lineErr{line, reason}) },
			})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if rep.Switched != tt.wantSwitched {
				t.Errorf("Switched = %v", rep.Switched)
			}
			if !reflect.DeepEqual(rep.Deleted, tt.wantDeleted) {
				t.Errorf("Deleted = %v, want %v", rep.Deleted, tt.wantDeleted)
			}
			if got := versionsIn(c); !reflect.DeepEqual(got, tt.wantLive) {
				t.Errorf("versions after ingest (version → live) = %v, want %v", got, tt.wantLive)
			}
			wantReported := []lineErr{{5, "rejected by the cluster with status 400: mapper_parsing_exception: failed to parse (caused by illegal_argument_exception: bad value)"}}
			if !reflect.DeepEqual(reported, wantReported) || len(rep.Errors) != 1 {
				t.Errorf("reported %+v, report %+v", reported, rep.Errors)
			}
			if rep.Stats.Docs["contract"] != 1 || rep.Stats.Docs["clause"] != 1 || rep.Stats.Lines != 6 {
				t.Errorf("stats = %+v", rep.Stats)
			}
			// Aliases change only through one _aliases request, and only
			// when the load succeeded.
			var aliasPosts int
			for _, r := range c.Requests() {
				if r.Method == http.MethodPost && r.Path == "/_aliases" {
					aliasPosts++
				}
			}
			if want := map[bool]int{true: 1, false: 0}[tt.wantSwitched]; aliasPosts != want {
				t.Errorf("%d POST /_aliases, want %d", aliasPosts, want)
			}
		})
	}
}

func TestIngestRequestSequence(t *testing.T) {
	c := opensearchtest.New(t)
	b := newTestBackend(t, c.URL, nil)
	rep, err := b.Ingest(context.Background(), strings.NewReader(ingestInput), IngestOptions{Version: testVersion})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range c.Requests() {
		got = append(got, r.Method+" "+r.Path)
	}
	all := func(f string) string {
		var s []string
		for _, n := range mappings.Names() {
			s = append(s, strings.ReplaceAll(f, "%s", n))
		}
		return strings.Join(s, ",")
	}
	var want []string
	for _, n := range mappings.Names() {
		want = append(want, "PUT /cs_"+n+"-"+testVersion)
	}
	want = append(want,
		"POST /_bulk",
		"POST /"+all("cs_%s-"+testVersion)+"/_refresh",
		"GET /_alias/"+all("cs_%s"),
		"POST /_aliases",
		"GET /"+all("cs_%s-*")+"/_alias",
	)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("requests\n got %q\nwant %q", got, want)
	}
	var sum bytes.Buffer
	if err := rep.WriteSummary(&sum); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"version 20261122t101500z: published (aliases switched)",
		"lines read: 6",
		"documents loaded: 3 in 1 bulk requests",
		"  contract     2",
		"  clause       1",
		"bad lines: 0, rejected documents: 0",
		"seconds: ",
	} {
		if !strings.Contains(sum.String(), line) {
			t.Errorf("summary lacks %q:\n%s", line, sum.String())
		}
	}
}

func TestIngestRefusesEmptyVersion(t *testing.T) {
	c := opensearchtest.New(t)
	seedVersion(c, "20260201t000000z", true)
	b := newTestBackend(t, c.URL, nil)
	rep, err := b.Ingest(context.Background(), strings.NewReader("\n"), IngestOptions{Version: testVersion})
	if err == nil || !strings.Contains(err.Error(), "no document loaded") {
		t.Fatalf("err = %v", err)
	}
	if rep.Switched {
		t.Error("switched to an empty version")
	}
	var left []string
	for index := range c.Aliases() {
		left = append(left, index)
	}
	sort.Strings(left)
	for _, index := range left {
		if strings.HasSuffix(index, testVersion) {
			t.Errorf("abandoned index %s was not deleted", index)
		}
	}
}

func TestIngestNameClashDeletesOnlyWhatItCreated(t *testing.T) {
	c := opensearchtest.New(t)
	// Another ingest already created the third index of this version.
	c.AddIndex("cs_company-" + testVersion)
	b := newTestBackend(t, c.URL, nil)
	rep, err := b.Ingest(context.Background(), strings.NewReader(ingestInput), IngestOptions{Version: testVersion})
	if err == nil || !strings.Contains(err.Error(), "resource_already_exists_exception") {
		t.Fatalf("err = %v, want the clash", err)
	}
	if rep.Switched {
		t.Error("switched")
	}
	got := c.Aliases()
	want := map[string][]string{"cs_company-" + testVersion: {}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("indexes after the failed ingest = %v, want only the other ingest's %v", got, want)
	}
	var deletes []string
	for _, r := range c.Requests() {
		if r.Method == http.MethodDelete {
			deletes = append(deletes, r.Path)
		}
	}
	if wantDel := []string{"/cs_category-" + testVersion + ",cs_clause-" + testVersion}; !reflect.DeepEqual(deletes, wantDel) {
		t.Errorf("DELETE requests %v, want %v", deletes, wantDel)
	}
}
