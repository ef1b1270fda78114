package integration

import (
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/api/openapi/openapitest"
)

// checkOpenAPI validates every exchange of the suite against the service's
// OpenAPI document (internal/api/openapi): each request answered with a
// success against its operation (parameters, token, body), and every
// answer — successes and every error the suite provokes — against its
// operation's responses (status, content type, headers, body), or, for
// paths and methods the document does not describe, against its 404 and
// 405 rules and the Error schema (package openapitest).
//
// Refused requests are not checked against the request schema, since
// many break rules a schema cannot hold (clause counts, depth, the result
// window); but a request refused with parsing_exception names a member,
// clause or option the gateway does not know, or a value of the wrong JSON
// kind, which the document's closed schemas describe too: the document
// must refuse those as well, so that it does not promise what the gateway
// refuses.
func (s *suite) checkOpenAPI(t *testing.T) {
	c, err := openapitest.New()
	if err != nil {
		t.Fatal(err)
	}
	byStatus := map[int]int{}
	var refusedToo, parsing int
	failures := 0
	for _, e := range s.log.all() {
		x := openapitest.Exchange{Method: e.method, Target: e.target, Header: e.reqHeader, Body: []byte(e.body),
			Status: e.status, RespHeader: e.header, RespBody: []byte(e.raw)}
		if err := c.Check(x); err != nil {
			failures++
			t.Errorf("%s %s %s\n%v\nanswer: %s", e.method, e.target, clip(e.body), err, clip(e.raw))
		}
		byStatus[e.status]++
		// A body that is not one JSON value is refused before any schema
		// could look at it.
		if e.isSearch() && e.status == http.StatusBadRequest && errorType(e.raw) == "parsing_exception" && json.Valid([]byte(e.body)) {
			parsing++
			x.Status = http.StatusOK // check the request as if it had been accepted
			if c.CheckRequest(x) != nil {
				refusedToo++
			} else {
				t.Errorf("the gateway refused %s with a parsing_exception, but the OpenAPI document allows it:\n%s", clip(e.body), clip(e.raw))
			}
		}
		if failures > 20 {
			t.Fatal("more than 20 exchanges do not match the OpenAPI document; stopping")
		}
	}
	statuses := make([]string, 0, len(byStatus))
	for st, n := range byStatus {
		statuses = append(statuses, strconv.Itoa(st)+": "+strconv.Itoa(n))
	}
	sort.Strings(statuses)
	t.Logf("%d exchanges checked against the OpenAPI document (by status %s); %d of %d parsing_exception refusals refused by the document too",
		len(s.log.all()), strings.Join(statuses, ", "), refusedToo, parsing)
	// The suite sends a few hundred successful searches and errors of
	// every kind it can provoke; far fewer means the log missed them.
	for _, want := range []struct{ status, least int }{{200, 250}, {400, 60}, {401, 5}, {404, 3}, {405, 3}, {406, 1}, {413, 1}} {
		if byStatus[want.status] < want.least {
			t.Errorf("only %d exchanges answered %d", byStatus[want.status], want.status)
		}
	}
}

// errorType is error.type of an error answer, "" for another body.
func errorType(raw string) string {
	var body struct {
		Error struct {
			Type string `json:"type"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(raw), &body) != nil {
		return ""
	}
	return body.Error.Type
}
