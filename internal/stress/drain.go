package stress

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"time"
)

// DrainResult is what stopping the gateway under load showed.
type DrainResult struct {
	// InFlight are the requests sent before the signal.
	InFlight []Result
	// Readyz counts /readyz's statuses from its first 503 (the signal
	// handled) until the listener closed.
	Readyz map[int]int
	// Exited is how long after the signal the process ended, and Exit
	// how (nil: status 0).
	Exited time.Duration
	Exit   error
}

// Problems says what broke the rules of a stop under load: every request
// in flight answered within its rules, /readyz answering 503 during the
// drain and never 200, and the process ending on its own with status 0.
func (d *DrainResult) Problems(r *Runner) []string {
	var out []string
	for _, res := range d.InFlight {
		if why := r.Failure(res); why != "" {
			out = append(out, fmt.Sprintf("in flight at SIGTERM / %s: %s", clip(res.Body.Name, 80), why))
		}
	}
	if d.Readyz[http.StatusServiceUnavailable] == 0 || d.Readyz[http.StatusOK] > 0 {
		out = append(out, fmt.Sprintf("/readyz during the drain answered %v, want 503 only", d.Readyz))
	}
	if d.Exit != nil {
		out = append(out, fmt.Sprintf("the gateway did not stop cleanly after SIGTERM: %v", d.Exit))
	}
	return out
}

// String is the results file's line.
func (d *DrainResult) String() string {
	statuses := (&FamilyReport{Results: d.InFlight}).Statuses()
	var st []string
	for _, s := range statuses {
		st = append(st, fmt.Sprintf("%s: %d", s.Status, s.N))
	}
	exit := "status 0"
	if d.Exit != nil {
		exit = d.Exit.Error()
	}
	return fmt.Sprintf("SIGTERM under load: %d requests in flight (%s); /readyz during the drain %v; exited (%s) %s after the signal",
		len(d.InFlight), strings.Join(st, ", "), d.Readyz, exit, d.Exited.Round(10*time.Millisecond))
}

// StopUnderLoad sends inFlight at once, sends SIGTERM while they run,
// reads /readyz until the listener closes, then waits for the answers
// and for the process to end (at most wait).
func StopUnderLoad(ctx context.Context, g *Gateway, r *Runner, inFlight []Body, wait time.Duration) DrainResult {
	res := DrainResult{InFlight: make([]Result, len(inFlight)), Readyz: map[int]int{}}
	var wg sync.WaitGroup
	for i, b := range inFlight {
		wg.Go(func() { res.InFlight[i] = r.send(ctx, b, true) })
	}
	// Long enough for the requests to reach the engine, well within
	// their timeouts.
	time.Sleep(200 * time.Millisecond)
	signalled := time.Now()
	if err := g.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		res.Exit = err
		wg.Wait()
		return res
	}
	probe := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: time.Second}
	for ctx.Err() == nil {
		resp, err := probe.Get("http://" + g.Addr + "/readyz")
		if err != nil {
			break // the listener is closed
		}
		resp.Body.Close()
		// Until the gateway has handled the signal, it is ready.
		if resp.StatusCode != http.StatusOK || res.Readyz[http.StatusServiceUnavailable] > 0 {
			res.Readyz[resp.StatusCode]++
		}
		time.Sleep(50 * time.Millisecond)
	}
	wg.Wait()
	select {
	case <-g.done:
		res.Exited, res.Exit = time.Since(signalled), g.err
	case <-time.After(wait):
		res.Exited, res.Exit = time.Since(signalled), fmt.Errorf("still running %s after SIGTERM", wait)
	case <-ctx.Done():
		res.Exit = ctx.Err()
	}
	return res
}
