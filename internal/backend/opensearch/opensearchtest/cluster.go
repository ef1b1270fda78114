// Package opensearchtest owns an in-memory stand-in for the part of an
// OpenSearch cluster's REST API that the opensearch backend's index
// management uses — create and delete index, alias listing and _aliases,
// _bulk, _refresh — so ingest flows can be tested end to end without a
// cluster. It records every request. It does not answer _search; the
// backend's search tests script the answers they need.
package opensearchtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path"
	"sort"
	"strings"
	"sync"
	"testing"
)

// Request is one recorded request, as the cluster saw it.
type Request struct {
	Method string
	// Path is the decoded URL path, e.g. "/cs_contract,cs_clause/_search".
	Path string
	// Query is the decoded query string, e.g. "filter_path=errors,items.*.status".
	Query       string
	ContentType string
	Body        string
}

// Cluster is the fake cluster. Its state is a set of indexes, each with its
// aliases and document ids.
type Cluster struct {
	// URL is the base URL to configure the backend with.
	URL string

	// FailMarker, when non-empty, makes _bulk reject every document whose
	// source contains it, with a mapper_parsing_exception item error.
	FailMarker string

	srv      *httptest.Server
	mu       sync.Mutex
	indexes  map[string]*index
	requests []Request
}

type index struct {
	aliases map[string]bool
	docs    map[string]bool
}

// New starts a fake cluster, closed when the test ends.
func New(t testing.TB) *Cluster {
	c := &Cluster{indexes: make(map[string]*index)}
	c.srv = httptest.NewServer(http.HandlerFunc(c.serve))
	c.URL = c.srv.URL
	t.Cleanup(c.srv.Close)
	return c
}

// AddIndex creates an index holding the given aliases.
func (c *Cluster) AddIndex(name string, aliases ...string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ix := &index{aliases: make(map[string]bool), docs: make(map[string]bool)}
	for _, a := range aliases {
		ix.aliases[a] = true
	}
	c.indexes[name] = ix
}

// Requests returns the requests received so far.
func (c *Cluster) Requests() []Request {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Request(nil), c.requests...)
}

// Aliases returns every index with its sorted aliases.
func (c *Cluster) Aliases() map[string][]string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string][]string, len(c.indexes))
	for name, ix := range c.indexes {
		out[name] = sortedKeys(ix.aliases)
	}
	return out
}

// Docs returns the number of documents in an index.
func (c *Cluster) Docs(name string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if ix := c.indexes[name]; ix != nil {
		return len(ix.docs)
	}
	return 0
}

func (c *Cluster) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.requests = append(c.requests, Request{
		Method: r.Method, Path: r.URL.Path, Query: queryString(r),
		ContentType: r.Header.Get("Content-Type"), Body: string(body),
	})
	segs := strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")
	switch {
	case r.Method == http.MethodGet && len(segs) == 2 && segs[0] == "_alias":
		c.getAliasByName(w, strings.Split(segs[1], ","))
	case r.Method == http.MethodGet && len(segs) == 2 && segs[1] == "_alias":
		c.getAliasByIndex(w, strings.Split(segs[0], ","))
	case r.Method == http.MethodPost && r.URL.Path == "/_aliases":
		c.updateAliases(w, body)
	case r.Method == http.MethodPost && r.URL.Path == "/_bulk":
		c.bulk(w, body)
	case r.Method == http.MethodPost && len(segs) == 2 && segs[1] == "_refresh":
		writeJSON(w, 200, map[string]any{"_shards": map[string]int{"total": 1, "successful": 1, "failed": 0}})
	case r.Method == http.MethodPut && len(segs) == 1:
		c.createIndex(w, segs[0], body)
	case r.Method == http.MethodDelete && len(segs) == 1:
		c.deleteIndexes(w, strings.Split(segs[0], ","))
	default:
		writeJSON(w, 400, errorBody(400, "illegal_argument_exception", fmt.Sprintf("fake cluster: no handler for %s %s", r.Method, r.URL.Path)))
	}
}

func (c *Cluster) getAliasByName(w http.ResponseWriter, names []string) {
	out := map[string]any{}
	found := map[string]bool{}
	for name, ix := range c.indexes {
		held := map[string]any{}
		for _, a := range names {
			if ix.aliases[a] {
				held[a] = map[string]any{}
				found[a] = true
			}
		}
		if len(held) > 0 {
			out[name] = map[string]any{"aliases": held}
		}
	}
	var missing []string
	for _, a := range names {
		if !found[a] {
			missing = append(missing, a)
		}
	}
	if len(missing) == 0 {
		writeJSON(w, 200, out)
		return
	}
	sort.Strings(missing)
	word := "alias"
	if len(missing) > 1 {
		word = "aliases"
	}
	out["error"] = fmt.Sprintf("%s [%s] missing", word, strings.Join(missing, ","))
	out["status"] = 404
	writeJSON(w, 404, out)
}

func (c *Cluster) getAliasByIndex(w http.ResponseWriter, patterns []string) {
	out := map[string]any{}
	for name, ix := range c.indexes {
		for _, p := range patterns {
			if ok, _ := path.Match(p, name); ok {
				held := map[string]any{}
				for a := range ix.aliases {
					held[a] = map[string]any{}
				}
				out[name] = map[string]any{"aliases": held}
				break
			}
		}
	}
	writeJSON(w, 200, out)
}

func (c *Cluster) updateAliases(w http.ResponseWriter, body []byte) {
	var req struct {
		Actions []map[string]struct {
			Index string `json:"index"`
			Alias string `json:"alias"`
		} `json:"actions"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		writeJSON(w, 400, errorBody(400, "x_content_parse_exception", err.Error()))
		return
	}
	// Validate everything first: the real cluster applies all or nothing.
	for _, act := range req.Actions {
		for op, t := range act {
			ix := c.indexes[t.Index]
			if ix == nil {
				writeJSON(w, 404, errorBody(404, "index_not_found_exception", "no such index ["+t.Index+"]"))
				return
			}
			if op == "remove" && !ix.aliases[t.Alias] {
				writeJSON(w, 404, errorBody(404, "aliases_not_found_exception", "aliases ["+t.Alias+"] missing"))
				return
			}
		}
	}
	for _, act := range req.Actions {
		for op, t := range act {
			if op == "add" {
				c.indexes[t.Index].aliases[t.Alias] = true
			} else {
				delete(c.indexes[t.Index].aliases, t.Alias)
			}
		}
	}
	writeJSON(w, 200, map[string]any{"acknowledged": true})
}

func (c *Cluster) createIndex(w http.ResponseWriter, name string, body []byte) {
	if c.indexes[name] != nil {
		writeJSON(w, 400, errorBody(400, "resource_already_exists_exception", "index ["+name+"] already exists"))
		return
	}
	if !json.Valid(body) {
		writeJSON(w, 400, errorBody(400, "x_content_parse_exception", "invalid index definition"))
		return
	}
	c.indexes[name] = &index{aliases: map[string]bool{}, docs: map[string]bool{}}
	writeJSON(w, 200, map[string]any{"acknowledged": true, "shards_acknowledged": true, "index": name})
}

func (c *Cluster) deleteIndexes(w http.ResponseWriter, names []string) {
	for _, n := range names {
		if c.indexes[n] == nil {
			writeJSON(w, 404, errorBody(404, "index_not_found_exception", "no such index ["+n+"]"))
			return
		}
	}
	for _, n := range names {
		delete(c.indexes, n)
	}
	writeJSON(w, 200, map[string]any{"acknowledged": true})
}

func (c *Cluster) bulk(w http.ResponseWriter, body []byte) {
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(make([]byte, 1<<20), 200<<20)
	var items []map[string]any
	failed := false
	for sc.Scan() {
		var action map[string]struct {
			Index string `json:"_index"`
			ID    string `json:"_id"`
		}
		if err := json.Unmarshal(sc.Bytes(), &action); err != nil {
			writeJSON(w, 400, errorBody(400, "illegal_argument_exception", "malformed action line"))
			return
		}
		if !sc.Scan() || !json.Valid(sc.Bytes()) {
			writeJSON(w, 400, errorBody(400, "x_content_parse_exception", "malformed source line"))
			return
		}
		source := sc.Text()
		for op, meta := range action {
			item := map[string]any{"_index": meta.Index, "_id": meta.ID}
			ix := c.indexes[meta.Index]
			switch {
			case ix == nil:
				item["status"] = 404
				item["error"] = map[string]any{"type": "index_not_found_exception", "reason": "no such index [" + meta.Index + "]"}
				failed = true
			case c.FailMarker != "" && strings.Contains(source, c.FailMarker):
				item["status"] = 400
				item["error"] = map[string]any{"type": "mapper_parsing_exception", "reason": "failed to parse",
					"caused_by": map[string]any{"type": "illegal_argument_exception", "reason": "bad value"}}
				failed = true
			default:
				item["status"] = 201
				ix.docs[meta.ID] = true
			}
			items = append(items, map[string]any{op: item})
		}
	}
	writeJSON(w, 200, map[string]any{"took": 1, "errors": failed, "items": items})
}

func queryString(r *http.Request) string {
	q := r.URL.Query()
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		for _, v := range q[k] {
			parts = append(parts, k+"="+v)
		}
	}
	return strings.Join(parts, "&")
}

func errorBody(status int, typ, reason string) map[string]any {
	cause := map[string]any{"type": typ, "reason": reason}
	return map[string]any{"error": map[string]any{"root_cause": []any{cause}, "type": typ, "reason": reason}, "status": status}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
