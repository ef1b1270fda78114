package main

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/contractsearch/contractsearch/internal/cliprogress"
	"github.com/contractsearch/contractsearch/internal/edgar"
)

// progress shows how far a run has come on standard error: a bar with
// rate and ETA on a terminal, a plain line every lineEvery otherwise, or
// nothing. edgar.Run calls update from one goroutine at a time.
type progress struct {
	mode string // "bar", "lines" or "none"
	w    io.Writer
	bar  *progressbar.ProgressBar
	last time.Time
	cur  edgar.Progress
}

const lineEvery = 10 * time.Second

func newProgress(mode string, w io.Writer) *progress {
	return &progress{mode: cliprogress.Mode(mode, w), w: w}
}

func (p *progress) update(pr edgar.Progress) {
	p.cur = pr
	switch p.mode {
	case "bar":
		if p.bar == nil {
			p.bar = progressbar.NewOptions(pr.TotalFilings,
				progressbar.OptionSetWriter(p.w),
				progressbar.OptionSetDescription("filings"),
				progressbar.OptionShowCount(),
				progressbar.OptionShowIts(),
				progressbar.OptionSetItsString("filings"),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionThrottle(200*time.Millisecond),
			)
		}
		_ = p.bar.Set(pr.Filings) // writes to standard error; nothing to do if they fail
	case "lines":
		if now := time.Now(); p.last.IsZero() || now.Sub(p.last) >= lineEvery {
			p.last = now
			p.line()
		}
	}
}

func (p *progress) line() {
	fmt.Fprintf(p.w, "edgar: %d of %d filings, %d exhibits written, %d requests\n",
		p.cur.Filings, p.cur.TotalFilings, p.cur.Exhibits, p.cur.Requests)
}

// done ends the display.
func (p *progress) done() {
	switch {
	case p.bar != nil:
		_ = p.bar.Exit()
		fmt.Fprintln(p.w)
	case p.mode == "lines" && !p.last.IsZero():
		p.line()
	}
}
