package stress

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestFamilies checks the suite itself: at least 200 bodies, every name
// unique, every body with statuses it may get and never a 5xx among
// them, and the families the issue names all present.
func TestFamilies(t *testing.T) {
	fams := Families()
	total := 0
	names := map[string]bool{}
	for _, f := range fams {
		if len(f.Bodies) == 0 || f.Doc == "" {
			t.Errorf("family %s: %d bodies, doc %q", f.Name, len(f.Bodies), f.Doc)
		}
		for _, b := range f.Bodies {
			total++
			key := f.Name + "/" + b.Name
			if names[key] {
				t.Errorf("%s: name used twice", key)
			}
			names[key] = true
			if len(b.Allowed) == 0 {
				t.Errorf("%s: no allowed status", key)
			}
			for _, s := range b.Allowed {
				if s >= 500 {
					t.Errorf("%s: allows %d", key, s)
				}
			}
			if len(b.Data) > MaxBodyBytes && !slices.Equal(b.Allowed, tooLarge) {
				t.Errorf("%s: %d bytes, allowed %v", key, len(b.Data), b.Allowed)
			}
		}
	}
	if total < 200 {
		t.Errorf("%d bodies, want at least 200", total)
	}
	for _, want := range []string{"deep-nesting", "operator-storms", "sloppy-phrases", "fuzzy-storms", "prefix-storms", "huge-terms",
		"aggregation-floods", "oversized-highlights", "huge-pages", "deep-json", "giant-strings", "wrong-types", "invalid-utf8",
		"duplicate-keys", "form-a-storms"} {
		if !slices.ContainsFunc(fams, func(f Family) bool { return f.Name == want }) {
			t.Errorf("no family %s", want)
		}
	}
	// The random bodies are the same on every call.
	first, again := operatorStorms(), operatorStorms()
	for i := range first.Bodies {
		if !bytes.Equal(first.Bodies[i].Data, again.Bodies[i].Data) {
			t.Fatalf("%s differs between calls", first.Bodies[i].Name)
		}
	}
}

// TestConcurrentBodies checks that the concurrency family finds its
// eight slow bodies in the suite.
func TestConcurrentBodies(t *testing.T) {
	slow, normal := ConcurrentBodies()
	if len(slow) != 8 || len(normal) == 0 {
		t.Errorf("%d slow bodies, %d normal", len(slow), len(normal))
	}
}

// TestFailure checks the rules applied to each result.
func TestFailure(t *testing.T) {
	r := &Runner{Budget: time.Second}
	timed := Body{Name: "b", Timeout: 300 * time.Millisecond, Allowed: answerOrRefusal}
	untimed := Body{Name: "a", Allowed: refusal}
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	tests := []struct {
		name string
		res  Result
		want string
	}{
		{"allowed, in time", Result{Body: timed, Status: 200, Latency: ms(1299), Server: ms(400)}, ""},
		{"at the bounds", Result{Body: timed, Status: 400, Latency: ms(1300), Server: ms(400)}, ""},
		{"late", Result{Body: timed, Status: 200, Latency: ms(1301), Server: ms(400)}, "replied in 1.301s, bound 1.3s"},
		{"server late", Result{Body: timed, Status: 200, Latency: ms(600), Server: ms(401)},
			"the server took 401ms, 0s of it waiting for a CPU; bound 400ms"},
		{"server late, waiting for a CPU", Result{Body: timed, Status: 200, Latency: ms(900), Server: ms(800), CPU: CPUTimes{Ran: ms(100), Waited: ms(400)}}, ""},
		{"server late, waiting less", Result{Body: timed, Status: 200, Latency: ms(900), Server: ms(800), CPU: CPUTimes{Ran: ms(100), Waited: ms(399)}},
			"the server took 800ms, 399ms of it waiting for a CPU; bound 400ms"},
		{"not logged", Result{RequestID: "stress-7", Body: timed, Status: 200, Latency: ms(10)}, "request stress-7 is not in the gateway's log"},
		{"429 not logged", Result{Body: timed, Status: 429, Latency: ms(10)}, ""},
		{"server budget", Result{Body: untimed, Status: 400, Latency: ms(1900), Server: ms(1100)}, ""},
		{"server budget, late", Result{Body: untimed, Status: 400, Latency: ms(2100), Server: ms(10)}, "replied in 2.1s, bound 2s"},
		{"5xx", Result{Body: timed, Status: 503}, "status 503"},
		{"not allowed", Result{Body: untimed, Status: 200}, "status 200, allowed [400 429]"},
		{"no reply", Result{Body: timed, Err: errors.New("connection reset")}, "no reply: connection reset"},
	}
	for _, tc := range tests {
		if got := r.Failure(tc.res); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestServerTimes reads request durations from a gateway log: the
// suite's requests only, and only their access log lines.
func TestServerTimes(t *testing.T) {
	log := strings.Join([]string{
		`{"time":"t","level":"INFO","msg":"request","request_id":"stress-1","method":"POST","path":"/api/v1alpha/search","status":200,"duration_ms":41.641,"bytes_out":10}`,
		`{"time":"t","level":"INFO","msg":"request","request_id":"other","status":200,"duration_ms":3}`,
		`{"time":"t","level":"INFO","msg":"other","request_id":"stress-2","duration_ms":5}`,
		`not json "request_id":"stress-3"`,
		`{"time":"t","level":"WARN","msg":"request","request_id":"stress-4","status":499,"duration_ms":1250.5,"error":"x"}`,
	}, "\n")
	got, err := ServerTimes(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]time.Duration{"stress-1": 41641 * time.Microsecond, "stress-4": 1250500 * time.Microsecond}
	if len(got) != len(want) {
		t.Errorf("got %v, want %v", got, want)
	}
	for id, d := range want {
		if got[id] != d {
			t.Errorf("%s: got %s, want %s", id, got[id], d)
		}
	}
}

func TestSchedstat(t *testing.T) {
	tests := []struct {
		in   string
		want CPUTimes
		err  bool
	}{
		{"564931659 1367326805 543\n", CPUTimes{Ran: 564931659, Waited: 1367326805}, false},
		{"1 2\n", CPUTimes{}, true},
		{"x 2 3\n", CPUTimes{}, true},
	}
	for _, tc := range tests {
		got, err := schedstat([]byte(tc.in))
		if got != tc.want || (err != nil) != tc.err {
			t.Errorf("%q: got %v, %v", tc.in, got, err)
		}
	}
	// A thread that ended between two readings makes no negative time.
	if d := (CPUTimes{Ran: 5, Waited: 1}).Sub(CPUTimes{Ran: 7, Waited: 0}); d != (CPUTimes{Ran: 0, Waited: 1}) {
		t.Errorf("Sub: got %v", d)
	}
}

// TestSend runs bodies against a fake gateway: status, timed_out and the
// reply that is not a search response.
func TestSend(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b bytes.Buffer
		b.ReadFrom(r.Body)
		if !strings.HasPrefix(r.Header.Get("X-Request-Id"), requestIDPrefix) {
			w.WriteHeader(http.StatusTeapot)
			return
		}
		switch b.String() {
		case "timed":
			w.Write([]byte(`{"took":5,"timed_out":true,"hits":{"hits":[]}}`))
		case "bad":
			w.WriteHeader(http.StatusBadRequest)
			w.Write([]byte(`{"error":{},"status":400}`))
		default:
			w.Write([]byte(`not json`))
		}
	}))
	defer srv.Close()
	r := &Runner{URL: srv.URL, Budget: time.Second, Client: srv.Client()}
	tests := []struct {
		data      string
		status    int
		timedOut  bool
		errSubstr string
	}{
		{"timed", 200, true, ""},
		{"bad", 400, false, ""},
		{"other", 200, false, "not a search response"},
	}
	for _, tc := range tests {
		res := r.Send(context.Background(), Body{Name: tc.data, Data: []byte(tc.data), Allowed: answer})
		if res.Status != tc.status || res.TimedOut != tc.timedOut || (tc.errSubstr == "") != (res.Err == nil) ||
			res.Err != nil && !strings.Contains(res.Err.Error(), tc.errSubstr) {
			t.Errorf("%s: got status %d, timed out %v, error %v", tc.data, res.Status, res.TimedOut, res.Err)
		}
	}
}

// TestReport compares the results file of fixed results with
// testdata/report.golden.
func TestReport(t *testing.T) {
	r := &Runner{Budget: time.Second}
	b := func(name string, timeout time.Duration, allowed []int) Body {
		return Body{Name: name, Timeout: timeout, Allowed: allowed}
	}
	rep := &Report{
		Header: []string{"make stress, fixed results"},
		MaxRSS: 512 << 20,
		Runner: r,
		Families: []FamilyReport{
			{Family: "deep-nesting", PeakRSS: 70 << 20, Results: []Result{
				{Body: b("bool x5", heavy, answerOrRefusal), Status: 200, Latency: 40 * time.Millisecond, Server: 38 * time.Millisecond},
				{Body: b("bool x2000", heavy, refusal), Status: 400, Latency: 3 * time.Millisecond, Server: time.Millisecond},
			}},
			{Family: "sloppy-phrases", PeakRSS: 110 << 20, Results: []Result{
				{Body: b("form A the x800", 0, answerOrRefusal), Status: 200, TimedOut: true, Latency: 1090 * time.Millisecond, Server: 1080 * time.Millisecond},
				{Body: b("late one", heavy, answerOrRefusal), Status: 200, TimedOut: true, Latency: 1400 * time.Millisecond, Server: 1390 * time.Millisecond,
					CPU: CPUTimes{Ran: 300 * time.Millisecond, Waited: 800 * time.Millisecond}},
				{Body: b("gone", heavy, answerOrRefusal), Err: errors.New("EOF"), Latency: 20 * time.Millisecond},
			}},
		},
	}
	var got bytes.Buffer
	if _, err := rep.WriteTo(&got); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "report.golden")
	if *update {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("report differs from %s (go test -update rewrites it):\n%s", golden, got.String())
	}
}

func TestVmHWM(t *testing.T) {
	tests := []struct {
		status string
		want   int64
		err    bool
	}{
		{"Name:\tgateway\nVmPeak:\t 1000 kB\nVmHWM:\t   50024 kB\nVmRSS:\t 4000 kB\n", 50024 << 10, false},
		{"VmHWM:\t12 MB\n", 0, true},
		{"VmHWM:\tx kB\n", 0, true},
		{"Name:\tgateway\n", 0, true},
	}
	for _, tc := range tests {
		got, err := vmHWM([]byte(tc.status))
		if got != tc.want || (err != nil) != tc.err {
			t.Errorf("%q: got %d, %v", tc.status, got, err)
		}
	}
}

func TestListeningAddr(t *testing.T) {
	tests := []struct{ line, want string }{
		{`{"time":"t","level":"INFO","msg":"gateway listening","addr":"127.0.0.1:33205","backend":"embedded","tokens":1}`, "127.0.0.1:33205"},
		{`{"time":"t","level":"INFO","msg":"serving index","dir":"x","generation":1}`, ""},
		{`{"msg":"request","path":"\"gateway listening\"","addr":"1.2.3.4:5"}`, ""},
		{`gateway listening on :8080`, ""},
	}
	for _, tc := range tests {
		if got := listeningAddr([]byte(tc.line)); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.line, got, tc.want)
		}
	}
}

// ExampleRunner_Bound shows the bound of a body with a timeout and of one
// without.
func ExampleRunner_Bound() {
	r := &Runner{Budget: time.Second}
	timed := Body{Timeout: 300 * time.Millisecond}
	fmt.Println(r.Bound(timed), r.Bound(Body{}), r.ServerBound(timed), r.ServerBound(Body{}))
	// Output: 1.3s 2s 400ms 1.1s
}

// TestConcurrent runs slow and normal bodies against a fake gateway: the
// slow ones are all in flight together, the normal ones are sent until
// the slow ones are answered, each at least once, and every result is
// marked concurrent.
func TestConcurrent(t *testing.T) {
	release := make(chan struct{})
	var inFlight atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b bytes.Buffer
		b.ReadFrom(r.Body)
		if b.String() == "slow" {
			if inFlight.Add(1) == 3 {
				close(release) // all three slow requests are in flight
			}
			<-release
		}
		w.Write([]byte(`{"took":1,"timed_out":false,"hits":{"hits":[]}}`))
	}))
	defer srv.Close()
	r := &Runner{URL: srv.URL, Budget: time.Second, Client: srv.Client()}
	slowBody := Body{Name: "slow", Data: []byte("slow"), Allowed: answer}
	normal := []Body{{Name: "n1", Data: []byte("n1"), Allowed: answer}, {Name: "n2", Data: []byte("n2"), Allowed: answer}}
	got := r.Concurrent(t.Context(), []Body{slowBody, slowBody, slowBody}, normal)
	if len(got) < 5 {
		t.Fatalf("%d results, want 3 slow and at least 2 normal", len(got))
	}
	for i, res := range got {
		wantName := "slow"
		if i >= 3 {
			wantName = normal[(i-3)%2].Name
		}
		if res.Body.Name != wantName || !res.Concurrent || res.Status != 200 || r.Failure(res) != "" {
			t.Errorf("result %d: %s, concurrent %v, status %d, %q", i, res.Body.Name, res.Concurrent, res.Status, r.Failure(res))
		}
	}
}

// TestDrainProblems checks the rules of a stop under load.
func TestDrainProblems(t *testing.T) {
	r := &Runner{Budget: time.Second}
	ok := Result{Body: Body{Name: "b", Allowed: answer}, Status: 200, Latency: time.Second, Concurrent: true}
	late := ok
	late.Latency = 3 * time.Second
	tests := []struct {
		name string
		d    DrainResult
		want []string
	}{
		{"clean", DrainResult{InFlight: []Result{ok}, Readyz: map[int]int{503: 3}}, nil},
		{"never 503", DrainResult{InFlight: []Result{ok}, Readyz: map[int]int{}},
			[]string{"/readyz during the drain answered map[], want 503 only"}},
		{"ready again", DrainResult{Readyz: map[int]int{503: 1, 200: 1}},
			[]string{"/readyz during the drain answered map[200:1 503:1], want 503 only"}},
		{"late answer, bad exit", DrainResult{InFlight: []Result{late}, Readyz: map[int]int{503: 1}, Exit: errors.New("exit status 1")},
			[]string{"in flight at SIGTERM / b: replied in 3s, bound 2s", "the gateway did not stop cleanly after SIGTERM: exit status 1"}},
	}
	for _, tc := range tests {
		if got := tc.d.Problems(r); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
