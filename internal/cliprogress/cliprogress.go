// Package cliprogress holds what the commands that report progress
// (cmd/ingest, cmd/edgar) agree on: how the -progress flag's "auto" is
// resolved, so both draw a bar on a terminal and print lines in a log.
package cliprogress

import (
	"io"

	"golang.org/x/term"
)

// Mode resolves a -progress value: "auto" is "bar" when w is a terminal
// and "lines" otherwise; any other value is returned as it is.
func Mode(mode string, w io.Writer) string {
	if mode != "auto" {
		return mode
	}
	if f, ok := w.(interface{ Fd() uintptr }); ok && term.IsTerminal(int(f.Fd())) {
		return "bar"
	}
	return "lines"
}
