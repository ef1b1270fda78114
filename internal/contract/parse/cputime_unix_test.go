//go:build unix

package parse

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used, user and system, as
// the kernel counts it: on a machine shared with other work, throughput
// per CPU-second measures the parser, wall time measures the neighbours.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
