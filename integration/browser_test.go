package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/contractsearch/contractsearch/internal/contract/source"
	"github.com/contractsearch/contractsearch/internal/democorpus"
	"github.com/contractsearch/contractsearch/internal/ingest"
)

// chromium finds a Chromium or Chrome binary: $CHROMIUM, else the names
// Debian's and Google's packages install.
func chromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// markupContract is a contract whose text holds markup and a word found
// nowhere else: its highlighted fragments must show the markup as text.
const markupContract = "SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Acme Corp and Beta LLC.\n\n" +
	"1. Supply\n\nAcme Corp shall supply the zorblatt units <img src=x onerror=\"window.pwned=1\"> " +
	"and <script>window.pwned=2</script> to Beta LLC each month.\n"

// demoIndex builds an embedded index of an n-contract demo corpus (with its
// manifest's metadata) plus markupContract: the directory.
func demoIndex(t *testing.T, n int) string {
	t.Helper()
	dc, err := democorpus.Generate(democorpus.Options{N: n, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(t.TempDir(), "demo")
	if err := dc.Write(in); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(in, "markup.txt"), []byte(markupContract), 0o644); err != nil {
		t.Fatal(err)
	}
	mpath := filepath.Join(in, democorpus.ManifestName)
	m, err := source.LoadManifest(mpath, source.ManifestColumns{})
	if err != nil {
		t.Fatal(err)
	}
	return ingestIndex(t, in, ingest.Options{Manifest: m, ManifestPath: mpath})
}

// pageHit is a hit as the page shows it.
type pageHit struct {
	Index string   `json:"index"`
	Title string   `json:"title"`
	Href  string   `json:"href"`
	Text  string   `json:"text"`
	Marks []string `json:"marks"`
}

// readHits is the script that reads the page's hits.
const readHits = `[...document.querySelectorAll('#hits > li.hit')].map(li => ({
	index: li.dataset.index,
	title: (li.querySelector('.title') || {}).textContent || '',
	href: (li.querySelector('a.title') || {}).href || '',
	text: li.textContent,
	marks: [...li.querySelectorAll('mark')].map(m => m.textContent),
}))`

// settled is true once the page has answered the search its address
// describes: no search in flight, and hits or a status shown.
const settled = `!document.getElementById('results').hasAttribute('aria-busy') && document.getElementById('status').textContent !== '' && document.getElementById('status').textContent !== 'Searching…'`

// TestSearchPage drives the search page in a headless Chromium against the
// gateway serving a demo corpus index: the token asked for (a refused one
// asked for again) and kept, a query typed and submitted with Enter, hits
// with highlighted fragments, index tabs counting what the API counts, the
// suggester's spelling offered, markup in a record shown as text, the next
// page, a category facet, a document opened from a hit and the way back,
// the jurisdiction filter with clause search-within, company suggestions,
// and the layout on a phone's width. It skips when no
// Chromium is installed (Debian: apt-get install chromium). With
// PAGE_SCREENSHOT=FILE it saves a PNG of the page with results there.
func TestSearchPage(t *testing.T) {
	browser := chromium()
	if browser == "" {
		t.Skip("no Chromium found (install Debian's chromium package, or set CHROMIUM=/path/to/chrome): the search page is not tested in a browser")
	}
	g := startGateway(t, map[string]string{"API_TOKENS": "tok", "INDEX_DIR": demoIndex(t, 60), "INDEX_POLL_INTERVAL": "1h"})

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser), chromedp.WindowSize(1280, 900),
		// No back-forward cache: a page it restores keeps none of the
		// document state chromedp's element queries rely on, so they would
		// wait forever; Back then loads the page again, as it does when
		// the cache is full.
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,BackForwardCache"))
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox) // Chromium refuses to run as root with its sandbox
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()

	// Every uncaught exception of the page's script fails the test.
	var mu sync.Mutex
	var jsErrors []string
	exceptions := chromedp.Events(ctx, runtime.ExceptionThrown)
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			mu.Lock()
			jsErrors = append(jsErrors, (&chromedp.ExceptionError{ExceptionDetails: ev.ExceptionDetails}).Error())
			mu.Unlock()
		}
	}()
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range jsErrors {
			t.Errorf("the page's script threw: %s", e)
		}
	}()

	began := time.Now()
	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		t.Logf("%6.2fs %s", time.Since(began).Seconds(), what)
		// The bound only keeps a broken page from hanging the test.
		sctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := chromedp.Do(sctx, steps...); err != nil {
			t.Fatalf("%s: %v\npage: %s", what, err, pageState(ctx))
		}
	}
	// wait polls a predicate; the bound only keeps a broken page from
	// hanging the test.
	// wait evaluates a predicate until it holds. (chromedp.Poll keeps the
	// execution context it started in, which a page restored from the
	// back-forward cache does not have.) The bound only keeps a broken
	// page from hanging the test.
	wait := func(what, predicate string) {
		t.Helper()
		t.Logf("%6.2fs %s", time.Since(began).Seconds(), what)
		deadline := time.Now().Add(20 * time.Second)
		for {
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!(`+predicate+`)`))
			if err == nil && ok {
				return
			}
			if time.Now().After(deadline) || ctx.Err() != nil {
				t.Fatalf("%s: not after 20 s (%v)\npage: %s", what, err, pageState(ctx))
			}
			time.Sleep(25 * time.Millisecond)
		}
	}
	eval := func(expr string, v any) {
		t.Helper()
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](expr))
		if err == nil {
			err = json.Unmarshal(raw, v)
		}
		if err != nil {
			t.Fatalf("evaluate %.60s: %v", expr, err)
		}
	}
	hits := func() []pageHit {
		t.Helper()
		var h []pageHit
		eval(readHits, &h)
		return h
	}

	// The page asks for the token; Enter submits it.
	do("open the page", chromedp.Navigate(g.URL+"/"), chromedp.WaitVisible(chromedp.ID("token")))
	var unlabelled []string
	eval(`[...document.querySelectorAll('input, select')].filter(e => !e.labels || e.labels.length === 0).map(e => e.id)`, &unlabelled)
	if len(unlabelled) != 0 {
		t.Errorf("form fields without a label: %q", unlabelled)
	}
	// A refused token is asked for again, and not kept.
	do("give a wrong token", chromedp.SendKeys(chromedp.ID("token"), "nope"+kb.Enter))
	wait("the token refused", `!document.getElementById('token-error').hidden && document.getElementById('token-form').hidden === false && sessionStorage.getItem('contractsearch.token') === null`)
	do("give the token", chromedp.SendKeys(chromedp.ID("token"), "tok"+kb.Enter))
	wait("first search", settled+` && document.querySelectorAll('#hits > li.hit').length > 0`)
	var stored string
	eval(`sessionStorage.getItem('contractsearch.token')`, &stored)
	if stored != "tok" {
		t.Errorf("sessionStorage holds %q", stored)
	}

	// A query typed and submitted with Enter: hits with the query's words
	// marked, and the address holds the query, not the token.
	const query = "confidential information"
	do("type a query", chromedp.SendKeys(chromedp.ID("q"), query+kb.Enter))
	wait("the query's results", settled+` && new URLSearchParams(location.search).get('q') === `+jsString(query))
	page1 := hits()
	if len(page1) != 10 {
		t.Fatalf("%d hits on the first page, want 10", len(page1))
	}
	marked := 0
	for _, h := range page1 {
		for _, m := range h.Marks {
			if w := strings.ToLower(m); w != "confidential" && w != "information" {
				t.Errorf("hit %q marks %q", h.Title, m)
			}
		}
		if len(h.Marks) > 0 {
			marked++
		}
		if h.Index == "contract" && !strings.Contains(h.Href, "/contracts/") {
			t.Errorf("contract hit %q links to %q", h.Title, h.Href)
		}
	}
	if marked == 0 {
		t.Error("no hit has a highlighted fragment")
	}
	var loc string
	eval(`location.href`, &loc)
	if strings.Contains(loc, "tok") {
		t.Errorf("the page's address %s holds the token", loc)
	}

	// The tabs count what the API counts for the same query.
	var tabs map[string]string
	eval(`Object.fromEntries([...document.querySelectorAll('#tabs button')].map(b => [b.dataset.index, b.querySelector('.count').textContent]))`, &tabs)
	var api struct {
		Hits struct {
			Total struct {
				Value int `json:"value"`
			} `json:"total"`
		} `json:"hits"`
		Aggregations struct {
			Index struct {
				Buckets []struct {
					Key   string `json:"key"`
					Count int    `json:"doc_count"`
				} `json:"buckets"`
			} `json:"_index"`
		} `json:"aggregations"`
	}
	status, _, out := g.post(t, "?token=tok", `{"query":{"q":"`+query+`"}}`)
	if status != 200 || json.Unmarshal([]byte(out), &api) != nil {
		t.Fatalf("the same search through the API: %d %s", status, out)
	}
	want := map[string]string{"": fmt.Sprint(api.Hits.Total.Value)}
	for _, name := range []string{"contract", "clause", "definition", "company", "category", "jurisdiction"} {
		want[name] = "0"
	}
	for _, b := range api.Aggregations.Index.Buckets {
		want[b.Key] = fmt.Sprint(b.Count)
	}
	if fmt.Sprint(tabs) != fmt.Sprint(want) {
		t.Errorf("tab counts %v, the API's %v", tabs, want)
	}

	if path := os.Getenv("PAGE_SCREENSHOT"); path != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// A misspelt query is offered the suggester's spelling.
	do("misspell", chromedp.Evaluate[chromedp.Void](`document.getElementById('q').value = ''`), chromedp.SendKeys(chromedp.ID("q"), "confidentail informaton"+kb.Enter))
	wait("the suggestion", settled+` && !document.getElementById('suggestion').hidden`)
	do("take the suggestion", chromedp.Click(chromedp.CSS("#suggestion button")))
	wait("the suggested query's results", settled+` && new URLSearchParams(location.search).get('q') === `+jsString(query)+
		` && document.querySelectorAll('#hits mark').length > 0`)

	// Markup in a record is shown as the characters it is, never run.
	do("search the markup contract", chromedp.Evaluate[chromedp.Void](`document.getElementById('q').value = ''`), chromedp.SendKeys(chromedp.ID("q"), "zorblatt"+kb.Enter))
	wait("the markup contract", settled+` && new URLSearchParams(location.search).get('q') === 'zorblatt'`)
	var injected struct {
		Pwned    bool `json:"pwned"`
		Elements int  `json:"elements"`
	}
	eval(`({pwned: window.pwned !== undefined, elements: document.querySelectorAll('#hits img, #hits script').length})`, &injected)
	mk := hits()
	if injected.Pwned || injected.Elements != 0 || len(mk) == 0 || !strings.Contains(mk[0].Text, `<img src=x onerror="window.pwned=1">`) ||
		!slices.Contains(mk[0].Marks, "zorblatt") {
		t.Errorf("markup in a record: %+v, hits %+v", injected, mk)
	}
	do("back to the query", chromedp.Evaluate[chromedp.Void](`setTimeout(() => history.back(), 0)`))
	wait("the query again", settled+` && document.getElementById('q').value === `+jsString(query))

	// The next page: hits 11 to 20, the page in the address, focus on the results.
	do("next page", chromedp.Click(chromedp.ID("next")))
	wait("page 2", settled+` && new URLSearchParams(location.search).get('p') === '2'`)
	page2 := hits()
	var start int
	eval(`document.getElementById('hits').start`, &start)
	if len(page2) == 0 || start != 11 || page2[0].Href == page1[0].Href {
		t.Errorf("page 2: start %d, %d hits, first %+v (page 1's first %+v)", start, len(page2), page2, page1[0])
	}
	wait("focus on the results", `document.activeElement && document.activeElement.id === 'results'`)

	// A category facet: the results are that category's, counted as the
	// facet said, from the first page.
	var facet struct {
		Value string `json:"value"`
		Count string `json:"count"`
	}
	eval(`(b => ({value: b.dataset.category, count: b.querySelector('.count').textContent}))(document.querySelector('#categories button.facet[data-category]'))`, &facet)
	do("click a facet", chromedp.Click(chromedp.CSS(`#categories button.facet[data-category="`+facet.Value+`"]`)))
	wait("the facet's results", settled+` && new URLSearchParams(location.search).get('category') === `+jsString(facet.Value))
	var after struct {
		Pressed string `json:"pressed"`
		Status  string `json:"status"`
		Page    string `json:"page"`
	}
	eval(`({pressed: document.querySelector('#categories button[aria-pressed=true]').dataset.category,
		status: document.getElementById('status').textContent, page: new URLSearchParams(location.search).get('p') || '1'})`, &after)
	if after.Pressed != facet.Value || !strings.HasPrefix(after.Status, facet.Count+" result") || after.Page != "1" {
		t.Errorf("after the facet %+v: %+v", facet, after)
	}

	// A document opened from a hit: the document view, the query's
	// matches marked; then back to the same results. (history.back, not
	// chromedp.NavigateBack, which waits for a load event that a page
	// restored from the back-forward cache never fires; and from a timer,
	// so that the evaluation has answered before the page navigates away:
	// a navigation that overtakes the answer fails the evaluation with
	// "Inspected target navigated or closed".)
	first := hits()[0]
	do("open a document", chromedp.Click(chromedp.CSS("#hits a.title")))
	wait("the document view", `location.pathname.startsWith('/contracts/') && document.querySelector('h1') !== null`)
	var doc struct {
		URL   string   `json:"url"`
		Title string   `json:"title"`
		Marks []string `json:"marks"`
	}
	eval(`({url: location.href, title: document.querySelector('h1').textContent, marks: [...document.querySelectorAll('mark')].map(m => m.textContent.toLowerCase())})`, &doc)
	if !strings.HasPrefix(first.Href, strings.SplitN(doc.URL, "#", 2)[0]) || !strings.Contains(doc.URL, "token=tok") ||
		!strings.Contains(doc.URL, "q=confidential") || len(doc.Marks) == 0 || strings.TrimSpace(doc.Title) == "" {
		t.Errorf("document view %+v, from the hit %+v", doc, first)
	}
	do("back to the results", chromedp.Evaluate[chromedp.Void](`setTimeout(() => history.back(), 0)`))
	wait("the results again", settled+` && new URLSearchParams(location.search).get('category') === `+jsString(facet.Value))
	if again := hits(); len(again) == 0 || again[0].Href != first.Href {
		t.Errorf("back from the document: %+v, want first %q", again, first.Href)
	}

	// Attribute filters and search-within: a jurisdiction picked by its
	// name from the list the page loads, and a clause with its text; every
	// hit is a contract under that law, with links to its matching clause.
	wait("the jurisdiction list", `document.querySelector('#jurisdiction-list option[value="New York"]') !== null`)
	do("filters", chromedp.Click(chromedp.ID("clear")),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('q').value = ''`),
		chromedp.SendKeys(chromedp.ID("jurisdiction"), "New York"),
		chromedp.SendKeys(chromedp.ID("within-name"), "Governing Law"),
		chromedp.SendKeys(chromedp.ID("within-text"), "New York"+kb.Enter))
	wait("the filtered results", settled+` && new URLSearchParams(location.search).get('jurisdiction') === 'new-york-us' && new URLSearchParams(location.search).get('wn') === 'Governing Law'`)
	var within []struct {
		Index    string   `json:"index"`
		Meta     string   `json:"meta"`
		Sections []string `json:"sections"`
	}
	eval(`[...document.querySelectorAll('#hits > li.hit')].map(li => ({index: li.dataset.index, meta: li.querySelector('.meta').textContent,
		sections: [...li.querySelectorAll('.sections a')].map(a => a.getAttribute('href'))}))`, &within)
	if len(within) == 0 {
		t.Error("no contract under New York law with a Governing Law clause")
	}
	for _, h := range within {
		if h.Index != "contract" || !strings.Contains(h.Meta, "New York") || len(h.Sections) == 0 ||
			!strings.Contains(h.Sections[0], "token=tok") || !strings.Contains(h.Sections[0], "#section-") {
			t.Errorf("filtered hit %+v", h)
		}
	}

	// The company box suggests names as they are typed.
	status, _, out = g.post(t, "?token=tok", `{"query":{"q":"","_index":"company"}}`)
	var company struct {
		Hits struct {
			Hits []struct {
				Source struct {
					Name string `json:"name"`
				} `json:"_source"`
			} `json:"hits"`
		} `json:"hits"`
	}
	if status != 200 || json.Unmarshal([]byte(out), &company) != nil || len(company.Hits.Hits) == 0 {
		t.Fatalf("companies: %d %s", status, out)
	}
	name := company.Hits.Hits[0].Source.Name
	do("type a company", chromedp.SendKeys(chromedp.ID("company"), name[:4]))
	wait("the company suggested", `[...document.querySelectorAll('#company-list option')].some(o => o.value === `+jsString(name)+`)`)

	// On a phone's width nothing runs off the side.
	do("phone width", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	var overflow int
	eval(`document.documentElement.scrollWidth - window.innerWidth`, &overflow)
	if overflow > 0 {
		t.Errorf("at 390 px wide the page is %d px too wide", overflow)
	}
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// pageState describes the page for a failure message.
func pageState(ctx context.Context) string {
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + ' | status: ' + (document.getElementById('status') || {}).textContent + ' | error: ' + (document.getElementById('form-error') || {}).textContent`))
	if err != nil {
		return err.Error()
	}
	return s
}
