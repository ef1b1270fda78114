package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/docview"
	"github.com/contractsearch/contractsearch/internal/dsl"
)

// DocumentPath is the route of a contract's document view: the spec's
// hit url shape, /contracts/<contract_id>.
const DocumentPath = "/contracts/:id"

// The answer formats of the document view.
const (
	formatJSON = "json"
	formatHTML = "html"
)

// htmlPolicy is the Content-Security-Policy of the document page: it loads
// nothing, runs nothing, and is framed by nobody; its one style block is
// inline.
const htmlPolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// document is the handler of GET /contracts/{id}: the contract record as
// JSON, or, for a client that prefers text/html, the readable page with
// the matches of ?q= marked.
func (s *Server) document(c echo.Context) error {
	sc := scopeOf(c)
	r := c.Request()
	id := c.Param("id")
	if !contract.ValidID(id) {
		return apierr.BadRequest("[%s] is not a contract id: an id is 1 to 509 letters, digits, '-', '_', '.' or '~'", id)
	}
	sc.Format = negotiate(r.Header.Get(echo.HeaderAccept))
	c.Response().Header().Add(echo.HeaderVary, echo.HeaderAccept)

	// The server's bound on the work, as for a search (search.go): the
	// lookup and the highlighting search share it.
	ctx, cancel := context.WithTimeout(r.Context(), s.searchBudget)
	defer cancel()
	start := time.Now()
	doc, err := s.opts.Backend.Document(ctx, "contract", contract.DocIDPrefix+id)
	s.backendCall(sc, start)
	if errors.Is(err, backend.ErrNotFound) {
		return apierr.New(http.StatusNotFound, apierr.TypeNotFound, "no contract with id [%s]", id)
	}
	if err != nil {
		return s.backendError(sc, r, err, "document lookup")
	}
	if sc.Format == formatHTML {
		return s.documentPage(ctx, c, id, doc)
	}
	out := s.buffer()
	defer s.release(out)
	enc := json.NewEncoder(out)
	// The record's text arrives as written, as in search responses.
	enc.SetEscapeHTML(false)
	if err := enc.Encode(documentJSON{Index: doc.Index, ID: doc.ID, Source: doc.Source}); err != nil {
		return apierr.Internal(sc.RequestID, fmt.Errorf("document %s: %w", id, err))
	}
	b := bytes.TrimSuffix(out.Bytes(), []byte{'\n'})
	if wantsPretty(c) {
		b = indent(b)
	}
	return s.deliver(c, echo.MIMEApplicationJSON, b)
}

// documentJSON is the JSON answer: the record as OpenSearch's GET of a
// document names it, so the _source is the one search hits carry.
type documentJSON struct {
	Index  string          `json:"_index"`
	ID     string          `json:"_id"`
	Source json.RawMessage `json:"_source"`
}

// documentPage renders the HTML page. The matches of q come from the
// backend's highlighter (dsl.BodyHighlight), so they are the words a search
// for q marks; when that search fails the page is still served, saying
// the matches could not be marked, and the failure is logged.
func (s *Server) documentPage(ctx context.Context, c echo.Context, id string, doc *backend.Document) error {
	sc := scopeOf(c)
	v, err := docview.Decode(id, doc.Source)
	if err != nil {
		return apierr.Internal(sc.RequestID, err)
	}
	if q := c.QueryParam("q"); strings.TrimSpace(q) != "" {
		req, err := s.opts.Parser.BodyHighlight(doc.ID, q, docview.MarkPre, docview.MarkPost)
		if err != nil {
			return err
		}
		fragment, err := s.highlightedBody(ctx, c, req)
		if err != nil {
			sc.Err = err
			v.Query, v.Unmarked = q, true
		} else {
			v.SetMarks(q, fragment)
		}
	}
	out := s.buffer()
	defer s.release(out)
	if err := v.WriteHTML(out); err != nil {
		return apierr.Internal(sc.RequestID, err)
	}
	h := c.Response().Header()
	h.Set("Content-Security-Policy", htmlPolicy)
	// The page's address holds the token: no Referer may carry it away.
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	return s.deliver(c, echo.MIMETextHTMLCharsetUTF8, out.Bytes())
}

// highlightedBody runs the highlighting search and returns the body's one
// fragment, "" when nothing in it matched.
func (s *Server) highlightedBody(ctx context.Context, c echo.Context, req *dsl.SearchRequest) (string, error) {
	start := time.Now()
	resp, err := s.opts.Backend.Search(ctx, &backend.Request{Indexes: []string{"contract"}, Search: req})
	s.backendCall(scopeOf(c), start)
	if err != nil {
		return "", s.backendError(scopeOf(c), c.Request(), err, "highlighting search")
	}
	if len(resp.Hits.Hits) == 0 || len(resp.Hits.Hits[0].Highlight) == 0 {
		return "", nil
	}
	var hl struct {
		Body []string `json:"body"`
	}
	if err := json.Unmarshal(resp.Hits.Hits[0].Highlight, &hl); err != nil {
		return "", fmt.Errorf("decode the body's highlight: %w", err)
	}
	if len(hl.Body) == 0 {
		return "", nil
	}
	return hl.Body[0], nil
}

// backendCall records one backend call of a document view that began at
// start: in the request's backend time and in its histogram.
func (s *Server) backendCall(sc *Scope, start time.Time) {
	d := time.Since(start)
	sc.Backend += d
	s.metrics.documentBackend.Observe(d.Seconds())
}

// negotiate chooses the answer's format from an Accept header: html when
// the client ranks text/html above application/json (a browser's
// "text/html,…,*/*;q=0.8"), else json — for no header, "*/*", a tie, or
// only types the view cannot give, since the endpoint is an API first.
// Each type gets the quality of the most specific range that covers it
// (type/subtype over type/* over */*; of a range given twice, the better);
// malformed ranges are skipped.
func negotiate(accept string) string {
	htmlQ, jsonQ := accepted(accept, "text", "html"), accepted(accept, "application", "json")
	if htmlQ > jsonQ {
		return formatHTML
	}
	return formatJSON
}

// accepted returns the quality an Accept header gives typ/sub, 0 when no
// range covers it.
func accepted(accept, typ, sub string) float64 {
	best, q := -1, 0.0
	for _, rng := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(rng))
		if err != nil {
			continue
		}
		t, st, ok := strings.Cut(mt, "/")
		if !ok {
			continue
		}
		spec := -1
		switch {
		case t == typ && st == sub:
			spec = 2
		case t == typ && st == "*":
			spec = 1
		case t == "*" && st == "*":
			spec = 0
		}
		if spec < 0 || spec < best {
			continue
		}
		quality := 1.0
		if v, ok := params["q"]; ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f < 0 || f > 1 {
				continue
			}
			quality = f
		}
		if spec > best {
			best, q = spec, quality
		} else {
			q = max(q, quality) // the same range twice: the better
		}
	}
	return q
}
