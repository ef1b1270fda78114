package stress

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// Report is the results file: header lines (what ran, where), one line
// per family, the totals against the bounds, footer lines, each family's
// slowest reply, then every failure.
type Report struct {
	Header   []string
	Families []FamilyReport
	// Footer are lines after the totals (how the gateway stopped).
	Footer []string
	// MaxRSS is the bound on the gateway's peak resident memory, in bytes.
	MaxRSS int64
	Runner *Runner
}

// Failures lists every result that broke the rules, as "family / body:
// why".
func (r *Report) Failures() []string {
	var out []string
	for _, f := range r.Families {
		for _, res := range f.Results {
			if why := r.Runner.Failure(res); why != "" {
				out = append(out, fmt.Sprintf("%s / %s: %s", f.Family, clip(res.Body.Name, 80), why))
			}
		}
	}
	return out
}

// PeakRSS is the largest family peak.
func (r *Report) PeakRSS() int64 {
	var p int64
	for _, f := range r.Families {
		p = max(p, f.PeakRSS)
	}
	return p
}

// WriteTo writes the report.
func (r *Report) WriteTo(w io.Writer) (int64, error) {
	var sb strings.Builder
	for _, h := range r.Header {
		fmt.Fprintf(&sb, "# %s\n", h)
	}
	tw := tabwriter.NewWriter(&sb, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "family\tbodies\tmax ms\tover timeout ms: client\tserver\tless CPU wait\tpeak RSS MiB\t  statuses\n")
	total := 0
	for i := range r.Families {
		f := &r.Families[i]
		total += len(f.Results)
		var st []string
		for _, s := range f.Statuses() {
			st = append(st, fmt.Sprintf("%s: %d", s.Status, s.N))
		}
		var lat time.Duration
		if res := f.Slowest(); res != nil {
			lat = res.Latency
		}
		client, server, working := r.Runner.MaxOverTimeout(f)
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%.0f\t  %s\n", f.Family, len(f.Results), lat.Milliseconds(),
			client.Milliseconds(), server.Milliseconds(), working.Milliseconds(), mib(f.PeakRSS), strings.Join(st, ", "))
	}
	if err := tw.Flush(); err != nil {
		return 0, err
	}
	failures := r.Failures()
	fmt.Fprintf(&sb, "\n%d bodies, %d failures; peak RSS %.0f MiB (bound %.0f MiB)\n", total, len(failures), mib(r.PeakRSS()), mib(r.MaxRSS))
	for _, l := range r.Footer {
		fmt.Fprintf(&sb, "%s\n", l)
	}
	for i := range r.Families {
		f := &r.Families[i]
		if res := f.Slowest(); res != nil {
			fmt.Fprintf(&sb, "slowest of %s: %s (%s; server %s, %s of it waiting for a CPU)\n", f.Family, clip(res.Body.Name, 80),
				res.Latency.Round(time.Millisecond), res.Server.Round(time.Millisecond), res.CPU.Waited.Round(time.Millisecond))
		}
	}
	for _, f := range failures {
		fmt.Fprintf(&sb, "FAIL %s\n", f)
	}
	n, err := io.WriteString(w, sb.String())
	return int64(n), err
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

// clip shortens a body's name for a report line (some are the body).
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
