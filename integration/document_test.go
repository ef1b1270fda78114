package integration

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// get fetches a path of the gateway with an Accept header.
func (g *gateway) get(t *testing.T, path, accept string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest("GET", g.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(out)
}

// documentJSON is the JSON document view.
type documentJSON struct {
	Index  string `json:"_index"`
	ID     string `json:"_id"`
	Source struct {
		Name     string `json:"name"`
		Body     string `json:"body"`
		URL      string `json:"url"`
		Sections []struct {
			Type       string   `json:"type"`
			Name       string   `json:"name"`
			ClauseType []string `json:"clause_type"`
			Span       *struct {
				Start int `json:"start"`
				End   int `json:"end"`
			} `json:"span"`
		} `json:"sections"`
	} `json:"_source"`
}

// pageOf parses an HTML document view into the ids it defines, the
// targets of its in-page links and the text of its marks.
func pageOf(t *testing.T, body string) (ids map[string]bool, links, marks []string) {
	t.Helper()
	root, err := html.Parse(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	ids = map[string]bool{}
	var text func(*html.Node) string
	text = func(n *html.Node) string {
		if n.Type == html.TextNode {
			return n.Data
		}
		var b strings.Builder
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			b.WriteString(text(c))
		}
		return b.String()
	}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				switch {
				case a.Key == "id":
					ids[a.Val] = true
				case a.Key == "href" && n.Data == "a" && strings.HasPrefix(a.Val, "#"):
					links = append(links, a.Val[1:])
				}
			}
			if n.Data == "mark" {
				marks = append(marks, text(n))
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	return ids, links, marks
}

// TestDocuments runs contract files through ingest into an embedded index
// and checks that the url of every kind of hit resolves through the
// running gateway: a contract hit's to its record (JSON) and a clause
// hit's to the page of a contract holding the clause, at the clause's
// anchor, with the query's matches marked by the engine's highlighter.
func TestDocuments(t *testing.T) {
	g := startGateway(t, map[string]string{"API_TOKENS": "tok", "INDEX_DIR": indexContracts(t, clauseTypeContracts), "INDEX_POLL_INTERVAL": "1h"})

	firstURL := func(t *testing.T, index string) string {
		t.Helper()
		status, _, out := g.post(t, "?token=tok", `{"query":{"q":"Delaware","_index":"`+index+`"}}`)
		var a struct {
			Hits struct {
				Hits []struct {
					Source struct {
						URL string `json:"url"`
					} `json:"_source"`
				} `json:"hits"`
			} `json:"hits"`
		}
		if status != 200 || json.Unmarshal([]byte(out), &a) != nil || len(a.Hits.Hits) == 0 {
			t.Fatalf("search %s: %d %s", index, status, out)
		}
		return a.Hits.Hits[0].Source.URL
	}

	// A contract hit's url is its document view.
	contractURL := firstURL(t, "contract")
	if !strings.HasPrefix(contractURL, "/contracts/") {
		t.Fatalf("contract url %q", contractURL)
	}
	status, hdr, out := g.get(t, contractURL+"?token=tok", "")
	if status != 200 || hdr.Get("Content-Type") != "application/json" {
		t.Fatalf("GET %s: %d %s %s", contractURL, status, hdr.Get("Content-Type"), out)
	}
	var doc documentJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Index != "contract" || "/contracts/"+strings.TrimPrefix(doc.ID, "en/") != contractURL || doc.Source.Name != "SUPPLY AGREEMENT" || doc.Source.URL != contractURL {
		t.Errorf("document %+v", doc)
	}
	// Each section's span is where its heading and text are in the body.
	var choice string
	for _, s := range doc.Source.Sections {
		if s.Span == nil || s.Span.Start >= s.Span.End || s.Span.End > len(doc.Source.Body) {
			t.Fatalf("section %s: span %+v", s.Name, s.Span)
		}
		if s.Name == "Choice of Law" {
			choice = doc.Source.Body[s.Span.Start:s.Span.End]
		}
	}
	if !strings.HasPrefix(choice, "2. Choice of Law") || !strings.Contains(choice, "State of Delaware") {
		t.Errorf("the Choice of Law span holds %q", choice)
	}

	// A clause hit's url is a contract's page at the clause's anchor.
	clauseURL := firstURL(t, "clause")
	path, anchor, ok := strings.Cut(clauseURL, "#")
	if !ok || path != contractURL || anchor == "" {
		t.Fatalf("clause url %q, want %s#section-<n>", clauseURL, contractURL)
	}
	status, hdr, out = g.get(t, path+"?token=tok&q="+url.QueryEscape("delaware laws"), "text/html,*/*;q=0.8")
	if status != 200 || !strings.HasPrefix(hdr.Get("Content-Type"), "text/html") {
		t.Fatalf("GET %s as HTML: %d %s", path, status, out)
	}
	ids, links, marks := pageOf(t, out)
	if !ids[anchor] {
		t.Errorf("the page has no anchor %q: %s", anchor, out)
	}
	for _, l := range links {
		if !ids[l] {
			t.Errorf("link #%s leads nowhere", l)
		}
	}
	if strings.Join(marks, ",") != "laws,Delaware" {
		t.Errorf("marks %q", marks)
	}

	// Unknown and malformed ids, and a missing token.
	for _, c := range []struct {
		path   string
		status int
	}{
		{"/contracts/0000000000000000?token=tok", 404},
		{"/contracts/a,b?token=tok", 400},
		{contractURL, 401},
	} {
		if status, _, out := g.get(t, c.path, ""); status != c.status || !strings.Contains(out, `"status":`) {
			t.Errorf("GET %s: %d %s, want %d in the API's error shape", c.path, status, out, c.status)
		}
	}
}
