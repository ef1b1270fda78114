// Package runinfo describes the run a benchmark or evaluation program
// writes results for: the commit it was built from and the machine's
// load, so that a results file says where its numbers come from.
package runinfo

import (
	"os"
	"os/exec"
	"strings"
)

// Commit is the short hash of the checked-out commit, or "unknown"
// outside a git work tree.
func Commit() string {
	out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(out))
}

// LoadAverage is the 1, 5 and 15 minute load averages of /proc/loadavg,
// or "unknown" where there is none.
func LoadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
