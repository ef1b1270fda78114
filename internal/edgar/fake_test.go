package edgar

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/time/rate"
)

// fakeEDGAR serves a small EDGAR archive in the SEC's documented formats:
// full indexes (form.idx, company.idx), filing index pages, folder
// listings (index.json) and documents. It counts the requests per path,
// refuses requests without a User-Agent (403) as EDGAR does, and can be
// told to answer some paths with given statuses first.
type fakeEDGAR struct {
	t       *testing.T
	srv     *httptest.Server
	filings []fakeFiling
	// extraLines are appended to the quarter's form.idx as they are:
	// malformed lines.
	extraLines []string
	// noIndexKinds are full-index files answered 404.
	noIndexKinds map[string]bool

	mu       sync.Mutex
	counts   map[string]int
	agents   map[string]bool
	statuses map[string][]fakeStatus // path → answers to give first, in order
	// onHit is called before answering, outside mu; when it returns true
	// the request gets no answer until the client gives up on it.
	onHit func(path string) (hang bool)
}

type fakeStatus struct {
	code       int
	retryAfter string
}

type fakeFiling struct {
	form, company, cik, date, accession, sic string
	docs                                     []fakeDoc
	// noPage serves no index page (the folder's index.json lists it).
	noPage bool
}

type fakeDoc struct {
	seq               int
	name, typ, desc   string
	body              string
	missing           bool // listed, but 404
	otherHostInLink   bool // the page links it on another host
	inlineViewerLinks bool // the page links it through /ix?doc=
}

func (f fakeFiling) folder() string {
	return "/Archives/edgar/data/" + f.cik + "/" + strings.ReplaceAll(f.accession, "-", "")
}

func newFakeEDGAR(t *testing.T, filings []fakeFiling) *fakeEDGAR {
	t.Helper()
	fe := &fakeEDGAR{t: t, filings: filings, counts: map[string]int{}, agents: map[string]bool{},
		statuses: map[string][]fakeStatus{}, noIndexKinds: map[string]bool{}}
	fe.srv = httptest.NewServer(http.HandlerFunc(fe.serve))
	t.Cleanup(fe.srv.Close)
	return fe
}

func (fe *fakeEDGAR) count(path string) int {
	fe.mu.Lock()
	defer fe.mu.Unlock()
	return fe.counts[path]
}

func (fe *fakeEDGAR) allCounts() map[string]int {
	fe.mu.Lock()
	defer fe.mu.Unlock()
	out := map[string]int{}
	for k, v := range fe.counts {
		out[k] = v
	}
	return out
}

func (fe *fakeEDGAR) answerFirst(path string, st ...fakeStatus) {
	fe.mu.Lock()
	defer fe.mu.Unlock()
	fe.statuses[path] = append(fe.statuses[path], st...)
}

func (fe *fakeEDGAR) serve(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	fe.mu.Lock()
	fe.counts[p]++
	fe.agents[r.UserAgent()] = true
	var st *fakeStatus
	if q := fe.statuses[p]; len(q) > 0 {
		st = &q[0]
		fe.statuses[p] = q[1:]
	}
	hit := fe.onHit
	fe.mu.Unlock()
	if hit != nil && hit(p) {
		<-r.Context().Done()
		return
	}
	if r.UserAgent() == "" || strings.HasPrefix(r.UserAgent(), "Go-http-client") {
		http.Error(w, "undeclared automated tool", http.StatusForbidden)
		return
	}
	if st != nil {
		if st.retryAfter != "" {
			w.Header().Set("Retry-After", st.retryAfter)
		}
		http.Error(w, http.StatusText(st.code), st.code)
		return
	}
	if body, ctype, ok := fe.content(p); ok {
		w.Header().Set("Content-Type", ctype)
		_, _ = w.Write([]byte(body))
		return
	}
	http.NotFound(w, r)
}

// content is what the archive holds at p.
func (fe *fakeEDGAR) content(p string) (body, ctype string, ok bool) {
	const idxDir = "/Archives/edgar/full-index/2023/QTR1/"
	switch p {
	case idxDir + "form.idx", idxDir + "company.idx":
		kind := strings.TrimPrefix(p, idxDir)
		if fe.noIndexKinds[kind] {
			return "", "", false
		}
		return fe.fullIndex(kind), "text/plain", true
	}
	for _, f := range fe.filings {
		switch p {
		case f.folder() + "/" + f.accession + "-index.htm":
			if f.noPage {
				return "", "", false
			}
			return fe.indexPage(f), "text/html", true
		case f.folder() + "/index.json":
			return fe.listing(f), "application/json", true
		}
		for _, d := range f.docs {
			if p == f.folder()+"/"+d.name && !d.missing {
				return d.body, "text/html", true
			}
		}
	}
	return "", "", false
}

// fullIndex writes form.idx or company.idx as EDGAR lays them out: a
// preamble, the column titles, dashes, fixed-width lines.
func (fe *fakeEDGAR) fullIndex(kind string) string {
	var b strings.Builder
	title := "Form Type"
	if kind == "company.idx" {
		title = "Company"
	}
	fmt.Fprintf(&b, "Description:           Master Index of EDGAR Dissemination Feed by %s\n", title)
	b.WriteString("Last Data Received:    March 31, 2023\nComments:              webmaster@sec.gov\nAnonymous FTP:         ftp://ftp.sec.gov/edgar/\n \n \n \n \n")
	if kind == "company.idx" {
		b.WriteString("Company Name                                                  Form Type   CIK         Date Filed  File Name\n")
	} else {
		b.WriteString("Form Type   Company Name                                                  CIK         Date Filed  File Name\n")
	}
	b.WriteString(strings.Repeat("-", 141) + "\n")
	fs := slices.Clone(fe.filings)
	slices.SortStableFunc(fs, func(a, b fakeFiling) int {
		if kind == "company.idx" {
			return strings.Compare(a.company, b.company)
		}
		return strings.Compare(a.form, b.form)
	})
	for _, f := range fs {
		file := "edgar/data/" + f.cik + "/" + f.accession + ".txt"
		if kind == "company.idx" {
			fmt.Fprintf(&b, "%-62s%-12s%-12s%-12s%s\n", f.company, f.form, f.cik, f.date, file)
		} else {
			fmt.Fprintf(&b, "%-12s%-62s%-12s%-12s%s\n", f.form, f.company, f.cik, f.date, file)
		}
	}
	if kind == "form.idx" {
		for _, l := range fe.extraLines {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// indexPage writes a filing index page shaped as EDGAR's.
func (fe *fakeEDGAR) indexPage(f fakeFiling) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>EDGAR Filing Documents for %[1]s</title></head><body>
<div id="PageTitle">Filing Detail</div>
<div id="formDiv"><div id="formHeader"><div id="formName"><strong>Form %[2]s</strong> - Annual report</div>
<div id="secNum"><strong>SEC Accession <acronym title="Number">No.</acronym></strong> %[1]s</div></div>
<div class="formContent"><div class="formGrouping"><div class="infoHead">Filing Date</div><div class="info">%[3]s</div></div></div></div>
<div id="formDiv"><div style="padding: 0px 0px 4px 0px; font-size: 12px; margin: 0px 2px 0px 5px; width: 100%%; overflow:hidden">
<p>Document Format Files</p>
<table class="tableFile" summary="Document Format Files">
<tr><th scope="col" style="width: 5%%;"><acronym title="Sequence Number">Seq</acronym></th><th scope="col" style="width: 40%%;">Description</th><th scope="col" style="width: 20%%;">Document</th><th scope="col" style="width: 10%%;">Type</th><th scope="col">Size</th></tr>
`, f.accession, html.EscapeString(f.form), f.date)
	for _, d := range f.docs {
		href := f.folder() + "/" + d.name
		switch {
		case d.otherHostInLink:
			href = "https://elsewhere.example" + href
		case d.inlineViewerLinks:
			href = "/ix?doc=" + href
		}
		fmt.Fprintf(&b, `<tr><td scope="row">%d</td><td scope="row">%s</td><td scope="row"><a href="%s">%s</a></td><td scope="row">%s</td><td scope="row">%d</td></tr>
`, d.seq, html.EscapeString(d.desc), html.EscapeString(href), html.EscapeString(d.name), html.EscapeString(d.typ), len(d.body))
	}
	fmt.Fprintf(&b, `<tr><td scope="row">&nbsp;</td><td scope="row">Complete submission text file</td><td scope="row"><a href="%[1]s/%[2]s.txt">%[2]s.txt</a></td><td scope="row">&nbsp;</td><td scope="row">100</td></tr>
</table></div></div>
<div id="filerDiv"><div class="mailer">Business Address<span class="mailerAddress">1 MAIN ST</span></div>
<div class="companyInfo"><span class="companyName">%[3]s (Filer)
<acronym title="Central Index Key">CIK</acronym>: <a href="/cgi-bin/browse-edgar?action=getcompany&amp;CIK=%010[4]s">%010[4]s (see all company filings)</a></span>
<p class="identInfo"><acronym title="Internal Revenue Service Number">IRS No.</acronym>: <strong>123456789</strong> | State of Incorp.: <strong>DE</strong> | Fiscal Year End: <strong>1231</strong><br />Type: <strong>%[5]s</strong> | Act: <strong>34</strong><br /><acronym title="Standard Industrial Code">SIC</acronym>: <b><a href="/cgi-bin/browse-edgar?action=getcompany&amp;SIC=%[6]s">%[6]s</a></b> Services-Prepackaged Software</p>
</div></div></body></html>
`, f.folder(), f.accession, html.EscapeString(f.company), f.cik, html.EscapeString(f.form), f.sic)
	return b.String()
}

// listing writes the folder's index.json.
func (fe *fakeEDGAR) listing(f fakeFiling) string {
	type item struct {
		LastModified string `json:"last-modified"`
		Name         string `json:"name"`
		Type         string `json:"type"`
		Size         string `json:"size"`
	}
	items := []item{
		{"2023-02-01 16:05:33", f.accession + "-index-headers.html", "text.gif", ""},
		{"2023-02-01 16:05:33", f.accession + "-index.html", "text.gif", ""},
		{"2023-02-01 16:05:33", f.accession + ".txt", "text.gif", ""},
	}
	for _, d := range f.docs {
		items = append(items, item{"2023-02-01 16:05:33", d.name, "text.gif", fmt.Sprint(len(d.body))})
	}
	out, _ := json.Marshal(map[string]any{"directory": map[string]any{
		"item": items, "name": f.folder(), "parent-dir": "/Archives/edgar/data/" + f.cik,
	}})
	return string(out)
}

// contractHTML is an exhibit holding a small contract.
func contractHTML(title, party, law, subject string) string {
	return fmt.Sprintf(`<html><head><title>%[1]s</title></head><body>
<p align="center"><b>%[1]s</b></p>
<p>This %[1]s (this "Agreement") is entered into as of January 5, 2023 by and between %[2]s, a Delaware corporation (the "Company"), and Northwind Traders LLC (the "Counterparty").</p>
<p><b>1. Definitions.</b> "Products" means the %[4]s described in Schedule A.</p>
<p><b>2. Term.</b> This Agreement begins on the date above and continues for three years unless terminated earlier.</p>
<p><b>3. Confidentiality.</b> Each party shall keep the other party's confidential information secret and use it only to perform this Agreement.</p>
<p><b>4. Governing Law.</b> This Agreement is governed by the laws of the State of %[3]s.</p>
<p>IN WITNESS WHEREOF, the parties have signed this Agreement.</p>
</body></html>
`, title, party, law, subject)
}

// sampleFilings is the fake's archive: three 10-K/10-Q/8-K filings with
// EX-10 exhibits, one form the defaults leave out, and one filing whose
// index page is gone (its folder listing remains).
func sampleFilings() []fakeFiling {
	return []fakeFiling{
		{form: "10-K", company: "ACME WIDGETS INC", cik: "1000001", date: "2023-02-15", accession: "0001000001-23-000010", sic: "7372",
			docs: []fakeDoc{
				{seq: 1, name: "acme-10k.htm", typ: "10-K", desc: "ANNUAL REPORT", body: "<html><body><p>Annual report.</p></body></html>"},
				{seq: 2, name: "ex10-1.htm", typ: "EX-10.1", desc: "SUPPLY AGREEMENT", body: contractHTML("SUPPLY AGREEMENT", "Acme Widgets Inc.", "Delaware", "industrial widgets")},
				{seq: 3, name: "ex10-2.htm", typ: "EX-10.2", desc: "EMPLOYMENT AGREEMENT", body: contractHTML("EMPLOYMENT AGREEMENT", "Acme Widgets Inc.", "New York", "consulting services"), inlineViewerLinks: true},
				{seq: 4, name: "ex21.htm", typ: "EX-21", desc: "SUBSIDIARIES", body: "<html><body>Subsidiaries</body></html>"},
				{seq: 5, name: "ex101.ins", typ: "EX-101.INS", desc: "XBRL INSTANCE", body: "<xbrl/>"},
			}},
		{form: "8-K", company: "BLUE RIVER BANCORP", cik: "1000002", date: "2023-03-01", accession: "0001000002-23-000003", sic: "6022",
			docs: []fakeDoc{
				{seq: 1, name: "brb-8k.htm", typ: "8-K", desc: "CURRENT REPORT", body: "<html><body>Current report.</body></html>"},
				{seq: 2, name: "ex10.htm", typ: "EX-10", desc: "LOAN AGREEMENT", body: contractHTML("LOAN AGREEMENT", "Blue River Bancorp", "Texas", "term loan"), otherHostInLink: true},
			}},
		{form: "10-Q", company: "CEDAR HEALTH CORP", cik: "1000003", date: "2023-03-20", accession: "0001000003-23-000007", sic: "8062",
			docs: []fakeDoc{
				{seq: 1, name: "cedar-10q.htm", typ: "10-Q", desc: "QUARTERLY REPORT", body: "<html><body>Quarterly report.</body></html>"},
				{seq: 2, name: "ex10-1.htm", typ: "EX-10.1", desc: "LICENSE AGREEMENT", body: contractHTML("LICENSE AGREEMENT", "Cedar Health Corp.", "California", "patient scheduling software")},
			}},
		{form: "S-1", company: "DELTA LABS INC", cik: "1000004", date: "2023-03-02", accession: "0001000004-23-000001", sic: "2834",
			docs: []fakeDoc{
				{seq: 1, name: "ex10-1.htm", typ: "EX-10.1", desc: "LEASE", body: contractHTML("LEASE AGREEMENT", "Delta Labs Inc.", "Ohio", "laboratory space")},
			}},
		{form: "10-K", company: "EMBER ENERGY CO", cik: "1000005", date: "2023-03-30", accession: "0001000005-23-000002", sic: "4911", noPage: true,
			docs: []fakeDoc{
				{seq: 1, name: "ember-10k.htm", typ: "10-K", body: "<html><body>Annual report.</body></html>"},
				{seq: 2, name: "d12345dex1001.htm", typ: "EX-10.01", body: contractHTML("POWER PURCHASE AGREEMENT", "Ember Energy Co.", "Nevada", "electric power")},
				{seq: 3, name: "d12345dex991.htm", typ: "EX-99.1", body: "<html><body>Press release.</body></html>"},
			}},
	}
}

// testConfig is a Config for the fake: no pacing or waiting, so tests
// run at once; the pacing itself is TestDefaultPacing's.
func testConfig(fe *fakeEDGAR, out string) Config {
	return Config{
		BaseURL:   fe.srv.URL,
		UserAgent: "Contract Search Tests tests@example.com",
		Quarters:  []Quarter{{2023, 1}},
		Out:       out,
		Workers:   1,
		Limiter:   rate.NewLimiter(rate.Inf, 1),
		Retry:     Retry{Attempts: 4, Base: time.Millisecond, Max: 4 * time.Millisecond, MaxRetryAfter: 10 * time.Minute},
	}
}
