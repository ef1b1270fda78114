//go:build !unix

package parse

import "time"

// processCPU is unknown here; the benchmarks then report wall time only.
func processCPU() time.Duration { return 0 }
