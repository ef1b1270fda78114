// Command stress is `make stress`: it builds an index (CUAD when the
// corpus is there, the demo corpus otherwise) with the ingest binary,
// starts the gateway binary on it, sends the hostile bodies of
// internal/stress one at a time, then the concurrency family's at once,
// then stops the gateway with SIGTERM while some are in flight; it reads
// the gateway's peak resident memory per family and each request's
// server time from the gateway's log, writes the results file and exits
// 1 when any body got a status it may not get, a 5xx, or no reply within
// its bounds, when the peak exceeds -max-rss, when the gateway died, or
// when it did not stop cleanly under load.
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/contractsearch/contractsearch/internal/runinfo"
	"github.com/contractsearch/contractsearch/internal/stress"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "stress:", err)
		os.Exit(1)
	}
}

// options are the command's flags.
type options struct {
	bin, cuad, work, index, out, bodies string
	maxRSS                              int64
	budget                              time.Duration
}

func run() error {
	var o options
	var maxRSSMiB int64
	flag.StringVar(&o.bin, "bin", "bin", "folder of the gateway, ingest and democorpus binaries")
	flag.StringVar(&o.cuad, "cuad", "../shared/corpora/cuad", "the CUAD corpus; the demo corpus is indexed when it is absent")
	flag.StringVar(&o.work, "work", filepath.Join(os.TempDir(), "contractsearch-stress"), "working folder (index, logs), emptied first")
	flag.StringVar(&o.index, "index", "", "serve this existing index instead of building one")
	flag.StringVar(&o.out, "out", "bench/stress.txt", "results file")
	flag.StringVar(&o.bodies, "bodies", "", "also write every body's result to this file (tab-separated)")
	flag.Int64Var(&maxRSSMiB, "max-rss", 512, "bound on the gateway's peak resident memory, MiB")
	flag.DurationVar(&o.budget, "max-timeout", time.Second, "the gateway's MAX_TIMEOUT: the bound of a body without a timeout")
	flag.Parse()
	o.maxRSS = maxRSSMiB << 20

	start := time.Now()
	header := []string{
		fmt.Sprintf("make stress, %s, commit %s", start.UTC().Format(time.RFC3339), runinfo.Commit()),
		fmt.Sprintf("%s, %d cpus, %s; load average at start %s", runtime.GOOS+"/"+runtime.GOARCH, runtime.NumCPU(), runtime.Version(), runinfo.LoadAverage()),
	}
	// make's timeout (or ^C) stops the run, the gateway and ingest with it.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	if o.index == "" {
		if err := os.RemoveAll(o.work); err != nil {
			return err
		}
		if err := os.MkdirAll(o.work, 0o755); err != nil {
			return err
		}
		o.index = filepath.Join(o.work, "index")
		corpus, err := buildIndex(ctx, o)
		if err != nil {
			return err
		}
		header = append(header, fmt.Sprintf("index: %s, built with cmd/ingest in %s", corpus, time.Since(start).Round(100*time.Millisecond)))
	} else {
		if err := os.MkdirAll(o.work, 0o755); err != nil {
			return err
		}
		header = append(header, "index: "+o.index+" (given)")
	}

	logPath := filepath.Join(o.work, "gateway.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return err
	}
	defer logFile.Close()
	const token = "stress-token"
	// Shorter than the requests in flight when the suite stops the
	// gateway, so that they outlive the listener.
	const drain = 500 * time.Millisecond
	env := []string{
		"PATH=" + os.Getenv("PATH"), "API_TOKENS=" + token, "INDEX_DIR=" + o.index, "INDEX_POLL_INTERVAL=1h",
		"MAX_TIMEOUT=" + o.budget.String(), "SHUTDOWN_DRAIN=" + drain.String(), "LOG_LEVEL=info",
		// The suite measures what a request costs, not the rate limiter:
		// one client sending as fast as it can would otherwise get 429s.
		"RATE_LIMIT_RPS=1000", "RATE_LIMIT_BURST=1000",
	}
	startCtx, cancel := context.WithTimeout(ctx, time.Minute)
	g, err := stress.StartGateway(startCtx, filepath.Join(o.bin, "gateway"), env, logFile)
	cancel()
	if err != nil {
		return fmt.Errorf("%w (log: %s)", err, logPath)
	}
	defer g.Stop()
	if err := g.WaitReady(ctx, time.Minute); err != nil {
		return err
	}
	idle, err := g.PeakRSS()
	if err != nil {
		return err
	}
	header = append(header,
		fmt.Sprintf("gateway: %s with MAX_TIMEOUT=%s, RATE_LIMIT_RPS=1000, other settings default; peak RSS once ready %.0f MiB",
			filepath.Join(o.bin, "gateway"), o.budget, float64(idle)/(1<<20)),
		fmt.Sprintf("rules: status allowed for the body (200, 400, 413, 429 as each body says), never 5xx; the server's time (its log's duration) less its threads' wait for a CPU within the timeout (MAX_TIMEOUT when the body has none) + %s, the client's within it + %s; peak RSS below -max-rss", stress.ServerSlack, stress.WallSlack),
		"bodies are sent one at a time, but for the concurrency family (client's bound only); a family's peak RSS is VmHWM, reset (clear_refs) before the family")

	r := &stress.Runner{
		URL:      "http://" + g.Addr + "/api/v1alpha/search?token=" + token,
		Budget:   o.budget,
		Client:   &http.Client{Transport: &http.Transport{DisableCompression: true}},
		CPUTimes: g.CPUTimes,
	}
	rep := &stress.Report{Header: header, MaxRSS: o.maxRSS, Runner: r}
	var problems []string
	resetOK := true
	for _, fam := range stress.Families() {
		if err := g.ResetPeak(); err != nil && resetOK {
			resetOK = false
			rep.Header = append(rep.Header, "peak RSS not reset between families ("+err.Error()+"): each is the peak so far")
		}
		fr := stress.FamilyReport{Family: fam.Name}
		for _, b := range fam.Bodies {
			fr.Results = append(fr.Results, r.Send(ctx, b))
		}
		if ctx.Err() != nil {
			return fmt.Errorf("stopped during %s: %w", fam.Name, ctx.Err())
		}
		if fr.PeakRSS, err = g.PeakRSS(); err != nil {
			problems = append(problems, fmt.Sprintf("after %s: %v", fam.Name, err))
		}
		rep.Families = append(rep.Families, fr)
		fmt.Fprintf(os.Stderr, "stress: %-22s %3d bodies, peak RSS %4.0f MiB\n", fam.Name, len(fr.Results), float64(fr.PeakRSS)/(1<<20))
		if alive, exit := g.Alive(); !alive {
			problems = append(problems, fmt.Sprintf("the gateway died during %s: %v (log: %s)", fam.Name, exit, logPath))
			break
		}
	}
	if alive, _ := g.Alive(); alive && ctx.Err() == nil {
		// Many costly bodies at once, ordinary searches meanwhile.
		if err := g.ResetPeak(); err != nil && resetOK {
			rep.Header = append(rep.Header, "peak RSS not reset before the concurrency family ("+err.Error()+")")
		}
		slow, normal := stress.ConcurrentBodies()
		fr := stress.FamilyReport{Family: "concurrency", Results: r.Concurrent(ctx, slow, normal)}
		if fr.PeakRSS, err = g.PeakRSS(); err != nil {
			problems = append(problems, fmt.Sprintf("after concurrency: %v", err))
		}
		rep.Families = append(rep.Families, fr)
		fmt.Fprintf(os.Stderr, "stress: %-22s %3d bodies, peak RSS %4.0f MiB\n", fr.Family, len(fr.Results), float64(fr.PeakRSS)/(1<<20))

		// SIGTERM with costly requests in flight: they are answered, and
		// /readyz says the gateway is going away until it is gone.
		var inFlight []stress.Body
		for _, b := range slow {
			if r.Timeout(b) >= 2*drain {
				inFlight = append(inFlight, b)
			}
		}
		dr := stress.StopUnderLoad(ctx, g, r, inFlight, 10*time.Second)
		rep.Footer = append(rep.Footer, dr.String())
		problems = append(problems, dr.Problems(r)...)
		fmt.Fprintf(os.Stderr, "stress: %s\n", dr.String())
	}
	// Stopped first, so that the log holds the line of every request.
	g.Stop()
	if err := serverTimes(rep, logPath); err != nil {
		problems = append(problems, err.Error())
	}
	if o.bodies != "" {
		if err := writeBodies(o.bodies, rep); err != nil {
			return err
		}
	}
	if rep.PeakRSS() > o.maxRSS {
		problems = append(problems, fmt.Sprintf("peak RSS %.0f MiB above the bound of %d MiB", float64(rep.PeakRSS())/(1<<20), maxRSSMiB))
	}
	if log, err := os.ReadFile(logPath); err == nil && strings.Contains(string(log), "panic") {
		problems = append(problems, "the gateway's log mentions a panic: "+logPath)
	}
	for _, p := range problems {
		rep.Header = append(rep.Header, "PROBLEM: "+p)
	}
	rep.Header = append(rep.Header, fmt.Sprintf("whole run (index, gateway, bodies): %s", time.Since(start).Round(100*time.Millisecond)))
	if err := writeReport(o.out, rep); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "stress: results in %s\n", o.out)
	if n := len(rep.Failures()); n > 0 || len(problems) > 0 {
		return fmt.Errorf("%w: %d failures, %d problems (see %s)", stress.ErrFailed, n, len(problems), o.out)
	}
	return nil
}

// buildIndex indexes CUAD, or the demo corpus when CUAD is absent, into
// o.index, and says which.
func buildIndex(ctx context.Context, o options) (string, error) {
	in, corpus := o.cuad, "CUAD ("+o.cuad+")"
	if _, err := os.Stat(filepath.Join(o.cuad, "contracts")); err != nil {
		in, corpus = filepath.Join(o.work, "demo"), "demo corpus (cmd/democorpus -n 300 -seed 1; CUAD absent at "+o.cuad+")"
		if err := command(ctx, filepath.Join(o.bin, "democorpus"), "-out", in, "-n", "300", "-seed", "1"); err != nil {
			return "", err
		}
	}
	if err := command(ctx, filepath.Join(o.bin, "ingest"), "-in", in, "-index-dir", o.index, "-progress", "none"); err != nil {
		return "", err
	}
	return corpus, nil
}

// command runs a binary, its output shown only when it fails.
func command(ctx context.Context, bin string, args ...string) error {
	out, err := exec.CommandContext(ctx, bin, args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %w\n%s", filepath.Base(bin), strings.Join(args, " "), err, out)
	}
	return nil
}

// serverTimes fills every result's server time from the gateway's log.
func serverTimes(rep *stress.Report, logPath string) error {
	f, err := os.Open(logPath)
	if err != nil {
		return err
	}
	defer f.Close()
	times, err := stress.ServerTimes(f)
	if err != nil {
		return err
	}
	for i := range rep.Families {
		for j := range rep.Families[i].Results {
			res := &rep.Families[i].Results[j]
			res.Server = times[res.RequestID]
		}
	}
	return nil
}

// writeBodies writes one line per body: family, name, status, timeout,
// the client's and the server's time.
func writeBodies(path string, rep *stress.Report) error {
	var sb strings.Builder
	sb.WriteString("family\tbody\tstatus\ttimed_out\ttimeout_ms\tclient_ms\tserver_ms\tcpu_ran_ms\tcpu_waited_ms\n")
	for _, f := range rep.Families {
		for _, res := range f.Results {
			fmt.Fprintf(&sb, "%s\t%q\t%d\t%v\t%d\t%.1f\t%.1f\t%.1f\t%.1f\n", f.Family, res.Body.Name, res.Status, res.TimedOut,
				rep.Runner.Timeout(res.Body).Milliseconds(), ms(res.Latency), ms(res.Server), ms(res.CPU.Ran), ms(res.CPU.Waited))
		}
	}
	return os.WriteFile(path, []byte(sb.String()), 0o644)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func writeReport(path string, rep *stress.Report) error {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := rep.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
