package opensearch

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend/opensearch/opensearchtest"
	"github.com/contractsearch/contractsearch/mappings"
)

func TestCreateIndexes(t *testing.T) {
	set, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	fake := newScripted(t, answer(200, `{"acknowledged":true,"shards_acknowledged":true}`))
	b := newTestBackend(t, fake.URL, nil)
	if err := b.CreateIndexes(context.Background(), testVersion); err != nil {
		t.Fatal(err)
	}
	reqs := fake.requests()
	if len(reqs) != 6 {
		t.Fatalf("got %d requests, want 6", len(reqs))
	}
	for i, name := range mappings.Names() {
		want := recorded{
			Method: http.MethodPut, Path: "/cs_" + name + "-" + testVersion,
			ContentType: "application/json", Body: string(set.Index(name).Definition),
		}
		if reqs[i] != want {
			t.Errorf("request %d = %s %s (%d bytes), want PUT %s with the %s.json definition",
				i, reqs[i].Method, reqs[i].Path, len(reqs[i].Body), want.Path, name)
		}
	}
}

func TestCreateIndexesStopsAtFirstFailure(t *testing.T) {
	const exists = `{"error":{"root_cause":[{"type":"resource_already_exists_exception","reason":"index [cs_category-20261122t101500z/abc] already exists"}],"type":"resource_already_exists_exception","reason":"index [cs_category-20261122t101500z/abc] already exists"},"status":400}`
	fake := newScripted(t, answer(400, exists))
	b := newTestBackend(t, fake.URL, nil)
	err := b.CreateIndexes(context.Background(), testVersion)
	e, ok := apierr.As(err)
	if !ok || e.Status != 400 || e.Type != "resource_already_exists_exception" || string(e.Raw) != exists {
		t.Fatalf("err = %v, want the cluster's 400 verbatim", err)
	}
	if !strings.Contains(err.Error(), "create index cs_category-"+testVersion) {
		t.Errorf("error %q does not name the index", err)
	}
	if n := len(fake.requests()); n != 1 {
		t.Errorf("sent %d requests, want 1", n)
	}
	if err := b.CreateIndexes(context.Background(), "2026-11-22"); err == nil {
		t.Error("accepted an invalid version")
	}
}

// aliasesBody is the _aliases body for moving every alias from the version
// old (none when "") to testVersion.
func aliasesBody(old string) string {
	var acts []string
	for _, n := range mappings.Names() {
		if old != "" {
			acts = append(acts, `{"remove":{"index":"cs_`+n+`-`+old+`","alias":"cs_`+n+`"}}`)
		}
		acts = append(acts, `{"add":{"index":"cs_`+n+`-`+testVersion+`","alias":"cs_`+n+`"}}`)
	}
	return `{"actions":[` + strings.Join(acts, ",") + `]}`
}

func TestSwitchAliases(t *testing.T) {
	const old = "20261101t000000z"
	tests := []struct {
		name     string
		existing map[string][]string // index → aliases before the switch
		wantBody string
	}{
		{
			name:     "first deployment: adds only",
			wantBody: aliasesBody(""),
		},
		{
			name: "from the previous version: remove and add in one request",
			existing: func() map[string][]string {
				m := map[string][]string{}
				for _, n := range mappings.Names() {
					m["cs_"+n+"-"+old] = []string{"cs_" + n}
				}
				return m
			}(),
			wantBody: aliasesBody(old),
		},
		{
			name: "partly switched already: no remove from the target itself",
			existing: map[string][]string{
				"cs_category-" + testVersion: {"cs_category"},
				"cs_clause-" + old:           {"cs_clause"},
			},
			wantBody: strings.Replace(aliasesBody(""),
				`{"add":{"index":"cs_clause-`, `{"remove":{"index":"cs_clause-`+old+`","alias":"cs_clause"}},{"add":{"index":"cs_clause-`, 1),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := opensearchtest.New(t)
			for index, aliases := range tt.existing {
				c.AddIndex(index, aliases...)
			}
			for _, n := range mappings.Names() {
				if _, ok := tt.existing["cs_"+n+"-"+testVersion]; !ok {
					c.AddIndex("cs_" + n + "-" + testVersion)
				}
			}
			b := newTestBackend(t, c.URL, nil)
			if err := b.SwitchAliases(context.Background(), testVersion); err != nil {
				t.Fatal(err)
			}
			var posts []opensearchtest.Request
			for _, r := range c.Requests() {
				if r.Method == http.MethodPost {
					posts = append(posts, r)
				}
			}
			if len(posts) != 1 || posts[0].Path != "/_aliases" {
				t.Fatalf("POST requests = %+v, want exactly one POST /_aliases", posts)
			}
			if posts[0].Body != tt.wantBody {
				t.Errorf("_aliases body\n got %s\nwant %s", posts[0].Body, tt.wantBody)
			}
			for index, aliases := range c.Aliases() {
				want := []string{}
				if strings.HasSuffix(index, testVersion) {
					want = []string{strings.TrimSuffix(index, "-"+testVersion)}
				}
				if !reflect.DeepEqual(aliases, want) {
					t.Errorf("after the switch %s holds %v, want %v", index, aliases, want)
				}
			}
		})
	}
}

func TestSwitchAliasesFailsWithoutIndexes(t *testing.T) {
	c := opensearchtest.New(t)
	b := newTestBackend(t, c.URL, nil)
	err := b.SwitchAliases(context.Background(), testVersion)
	if e, ok := apierr.As(err); !ok || e.Status != 404 {
		t.Fatalf("err = %v, want the cluster's 404", err)
	}
}

func TestDeleteOldVersions(t *testing.T) {
	const (
		v1 = "20260101t000000z"
		v2 = "20260201t000000z"
		v3 = "20260301t000000z" // live
		v4 = "20260401t000000z" // newer than live: an ingest in progress
	)
	all := []string{v1, v2, v3, v4}
	tests := []struct {
		name        string
		live        string
		keep        int
		wantDeleted []string
	}{
		{name: "keep 2: live and previous stay", live: v3, keep: 2, wantDeleted: []string{v1}},
		{name: "keep 1: only live stays", live: v3, keep: 1, wantDeleted: []string{v1, v2}},
		{name: "keep 5: nothing to delete", live: v3, keep: 5, wantDeleted: nil},
		{name: "no live version: nothing deleted", live: "", keep: 1, wantDeleted: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := opensearchtest.New(t)
			for _, v := range all {
				for _, n := range mappings.Names() {
					var aliases []string
					if v == tt.live {
						aliases = []string{"cs_" + n}
					}
					c.AddIndex("cs_"+n+"-"+v, aliases...)
				}
			}
			c.AddIndex("cs_contract-backup") // not a version: never touched
			c.AddIndex("other_contract-" + v1)
			b := newTestBackend(t, c.URL, nil)
			deleted, err := b.DeleteOldVersions(context.Background(), tt.keep)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(deleted, tt.wantDeleted) {
				t.Errorf("deleted %v, want %v", deleted, tt.wantDeleted)
			}
			var deletes []string
			for _, r := range c.Requests() {
				if r.Method == http.MethodDelete {
					deletes = append(deletes, r.Path)
				}
			}
			var wantDeletes []string
			for _, v := range tt.wantDeleted {
				var names []string
				for _, n := range mappings.Names() {
					names = append(names, "cs_"+n+"-"+v)
				}
				wantDeletes = append(wantDeletes, "/"+strings.Join(names, ","))
			}
			// Deletion runs newest first.
			for i, j := 0, len(wantDeletes)-1; i < j; i, j = i+1, j-1 {
				wantDeletes[i], wantDeletes[j] = wantDeletes[j], wantDeletes[i]
			}
			if !reflect.DeepEqual(deletes, wantDeletes) {
				t.Errorf("DELETE requests %v, want %v", deletes, wantDeletes)
			}
			left := c.Aliases()
			for _, keepName := range []string{"cs_contract-backup", "other_contract-" + v1, "cs_contract-" + v4} {
				if _, ok := left[keepName]; !ok {
					t.Errorf("%s was deleted", keepName)
				}
			}
			reqs := c.Requests()
			wantList := "/cs_category-*,cs_clause-*,cs_company-*,cs_contract-*,cs_definition-*,cs_jurisdiction-*/_alias"
			if reqs[0].Method != http.MethodGet || reqs[0].Path != wantList {
				t.Errorf("listing request %s %s, want GET %s", reqs[0].Method, reqs[0].Path, wantList)
			}
		})
	}
	b := newTestBackend(t, opensearchtest.New(t).URL, nil)
	if _, err := b.DeleteOldVersions(context.Background(), 0); err == nil {
		t.Error("keep 0 accepted")
	}
}
