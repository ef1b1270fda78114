package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// TestUsage: the command refuses to start without a contact, or with
// flags it cannot honour, and says what to give.
func TestUsage(t *testing.T) {
	noEnv := func(string) string { return "" }
	for _, tc := range []struct {
		args []string
		env  func(string) string
		want string
	}{
		{[]string{"-quarters", "2023"}, noEnv, "the SEC asks every automated client to declare who it is"},
		{[]string{"-quarters", "2023", "-user-agent", "Jane Doe"}, noEnv, `user agent "Jane Doe"`},
		{[]string{"-user-agent", "Jane Doe jane@example.com"}, noEnv, "-quarters is required"},
		{[]string{"-quarters", "2023Q7"}, func(string) string { return "Jane Doe jane@example.com" }, "-quarters: quarter \"2023Q7\""},
		{[]string{"-quarters", "2023", "-rate", "20"}, func(string) string { return "Jane Doe jane@example.com" }, "at most 10 (the SEC's fair-access limit)"},
		{[]string{"-quarters", "2023", "-progress", "fancy"}, func(string) string { return "Jane Doe jane@example.com" }, "-progress \"fancy\""},
		{[]string{"-quarters", "2023", "extra"}, func(string) string { return "Jane Doe jane@example.com" }, `unexpected argument "extra"`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), tc.args, tc.env, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}

// TestRun fetches one filing's exhibit from a minimal EDGAR, prints the
// summary, and on a second run does nothing again.
func TestRun(t *testing.T) {
	const folder = "/Archives/edgar/data/1000001/000100000123000010/"
	pages := map[string]string{
		"/Archives/edgar/full-index/2023/QTR1/form.idx": "Form Type   Company Name                                                  CIK         Date Filed  File Name\n" +
			strings.Repeat("-", 141) + "\n" +
			"10-K        ACME WIDGETS INC                                              1000001     2023-02-15  edgar/data/1000001/0001000001-23-000010.txt\n",
		folder + "0001000001-23-000010-index.htm": `<table class="tableFile"><tr><th>Seq</th><th>Description</th><th>Document</th><th>Type</th><th>Size</th></tr>
<tr><td>2</td><td>SUPPLY AGREEMENT</td><td><a href="` + folder + `ex10-1.htm">ex10-1.htm</a></td><td>EX-10.1</td><td>9</td></tr></table>
<div class="companyInfo">ACME WIDGETS INC CIK: 0001000001 SIC: 7372</div>`,
		folder + "ex10-1.htm": "<p>SUPPLY AGREEMENT</p>",
	}
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		if body, ok := pages[r.URL.Path]; ok {
			_, _ = w.Write([]byte(body))
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	out := t.TempDir()
	args := []string{"-user-agent", "Jane Doe jane@example.com", "-quarters", "2023Q1", "-out", out, "-base-url", srv.URL, "-progress", "none"}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), args, os.Getenv, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{
		"edgar 2023Q1..2023Q1, forms 10-K,10-Q,8-K, exhibits EX-10 → " + out,
		"full index: 2023Q1 form.idx",
		"filings: 1 selected, 0 done by an earlier run, 1 done now",
		"exhibits: 1 written, 0 kept from an interrupted run, 0 missing on EDGAR (404)",
		"requests: 3 (0 retries)",
		"manifest: " + filepath.Join(out, "manifest.csv") + ", 1 exhibits",
	} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, stdout.String())
		}
	}
	manifest, err := os.ReadFile(filepath.Join(out, "manifest.csv"))
	if err != nil || !strings.Contains(string(manifest), "1000001/0001000001-23-000010/ex10-1.htm,1000001,ACME WIDGETS INC,7372,10-K,2023-02-15,0001000001-23-000010,EX-10.1,") {
		t.Errorf("manifest %q %v", manifest, err)
	}
	stdout.Reset()
	if code := run(context.Background(), args, os.Getenv, &stdout, &stderr); code != 0 || requests.Load() != 3 || !strings.Contains(stdout.String(), "1 done by an earlier run, 0 done now") {
		t.Errorf("second run: exit %d, %d requests in all:\n%s", code, requests.Load(), stdout.String())
	}

	// Interrupted before it starts: exit 1, saying how to resume.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stderr.Reset()
	if code := run(ctx, append(args[:len(args):len(args)], "-out", t.TempDir()), os.Getenv, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "run the same command again to resume") {
		t.Errorf("interrupted: exit %d, %s", code, stderr.String())
	}
}
