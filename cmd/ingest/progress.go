package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/contractsearch/contractsearch/internal/cliprogress"
	"github.com/contractsearch/contractsearch/internal/ingest"
)

// progress shows how far ingest has come, on standard error: a bar with
// rate and ETA on a terminal, a plain line every lineEvery otherwise (logs,
// CI, make run's output), or nothing.
type progress struct {
	mode string // "bar", "lines" or "none"
	w    io.Writer

	mu    sync.Mutex
	phase string
	bar   *progressbar.ProgressBar
	start time.Time // of the phase
	last  time.Time // last line printed
	cur   ingest.Progress
}

// lineEvery is how often the plain mode prints.
const lineEvery = 5 * time.Second

// newProgress picks the mode: "auto" is a bar when w is a terminal.
func newProgress(mode string, w io.Writer) *progress {
	return &progress{mode: cliprogress.Mode(mode, w), w: w}
}

// update is ingest.Options.Progress.
func (p *progress) update(pr ingest.Progress) {
	if p.mode == "none" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if pr.Phase != p.phase {
		p.finishPhase()
		p.phase, p.start, p.last = pr.Phase, now, now
		if p.mode == "bar" {
			p.bar = p.newBar(pr)
		}
	}
	p.cur = pr
	if p.mode == "bar" {
		if pr.Phase == "parse" {
			p.bar.Describe(fmt.Sprintf("parsing %d/%d files, %d contracts, %d skipped", pr.Files, pr.TotalFiles, pr.Contracts, pr.Skipped))
			_ = p.bar.Set64(pr.Bytes)
		} else {
			_ = p.bar.Set(pr.Records)
		}
		return
	}
	if now.Sub(p.last) >= lineEvery {
		p.last = now
		fmt.Fprintln(p.w, p.line(now))
	}
}

func (p *progress) newBar(pr ingest.Progress) *progressbar.ProgressBar {
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetWidth(30),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionShowCount(),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionOnCompletion(func() { fmt.Fprintln(p.w) }),
	}
	if pr.Phase == "parse" {
		opts = append(opts, progressbar.OptionShowBytes(true), progressbar.OptionSetDescription("parsing"))
		return progressbar.NewOptions64(max(pr.TotalBytes, 1), opts...)
	}
	opts = append(opts, progressbar.OptionShowIts(), progressbar.OptionSetItsString("records"),
		progressbar.OptionSetDescription("writing records"))
	return progressbar.NewOptions(max(pr.TotalRecords, 1), opts...)
}

// line is the plain report of the current phase.
func (p *progress) line(now time.Time) string {
	pr := p.cur
	secs := now.Sub(p.start).Seconds()
	eta := func(done, total float64) string {
		if done <= 0 || secs <= 0 {
			return "?"
		}
		return (time.Duration((total - done) / (done / secs) * float64(time.Second))).Round(time.Second).String()
	}
	if pr.Phase == "parse" {
		return fmt.Sprintf("ingest: parsed %d/%d files (%.1f/%.1f MB, %.1f MB/s), %d contracts, %d skipped, ETA %s",
			pr.Files, pr.TotalFiles, float64(pr.Bytes)/1e6, float64(pr.TotalBytes)/1e6, float64(pr.Bytes)/1e6/max(secs, 1e-9),
			pr.Contracts, pr.Skipped, eta(float64(pr.Bytes), float64(pr.TotalBytes)))
	}
	return fmt.Sprintf("ingest: wrote %d/%d records (%.0f records/s), ETA %s",
		pr.Records, pr.TotalRecords, float64(pr.Records)/max(secs, 1e-9), eta(float64(pr.Records), float64(pr.TotalRecords)))
}

// finishPhase ends the current phase's display; p.mu is held.
func (p *progress) finishPhase() {
	switch {
	case p.phase == "":
	case p.mode == "bar" && p.bar != nil:
		_ = p.bar.Finish()
		p.bar = nil
	case p.mode == "lines":
		fmt.Fprintln(p.w, p.line(time.Now()))
	}
	p.phase = ""
}

// done ends the display of the current phase, if any.
func (p *progress) done() {
	if p.mode == "none" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.finishPhase()
}

// note ends the current phase's display and prints msg on a line of its
// own.
func (p *progress) note(msg string) {
	if p.mode == "none" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.finishPhase()
	fmt.Fprintln(p.w, msg)
}
