package benchscale

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Load is one run of the gateway driver.
type Load struct {
	Concurrency int
	Requests    int
	// Errors counts answers other than 200 and failed requests.
	Errors int
	// QPS is requests per second of wall time.
	QPS float64
	// P50 and P99 are latency percentiles (nearest rank) in milliseconds.
	P50, P99 float64
}

// Drive sends total requests to url from concurrency clients, each body
// of bodies in turn (client i starts at body i), and measures each
// request from sending to reading the whole answer.
func Drive(ctx context.Context, client *http.Client, url string, bodies [][]byte, concurrency, total int) (Load, error) {
	if len(bodies) == 0 || concurrency < 1 || total < 1 {
		return Load{}, fmt.Errorf("drive: %d bodies, concurrency %d, %d requests", len(bodies), concurrency, total)
	}
	lat := make([]float64, total)
	var next, errs atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= total || ctx.Err() != nil {
					return
				}
				t := time.Now()
				ok := send(ctx, client, url, bodies[i%len(bodies)])
				lat[i] = float64(time.Since(t).Nanoseconds()) / 1e6
				if !ok {
					errs.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	wall := time.Since(start)
	if err := ctx.Err(); err != nil {
		return Load{}, err
	}
	return Load{Concurrency: concurrency, Requests: total, Errors: int(errs.Load()),
		QPS: float64(total) / wall.Seconds(), P50: Percentile(lat, 50), P99: Percentile(lat, 99)}, nil
}

// TimeRequests sends each body warmup untimed times, then repeat timed
// times, one request at a time, and returns each body's median latency in
// microseconds (from sending to reading the whole answer) and how many
// answers were not 200.
func TimeRequests(ctx context.Context, client *http.Client, url string, bodies [][]byte, warmup, repeat int) ([]float64, int, error) {
	if repeat < 1 {
		return nil, 0, fmt.Errorf("time requests: %d timed runs", repeat)
	}
	medians := make([]float64, len(bodies))
	errs := 0
	lat := make([]float64, repeat)
	for i, body := range bodies {
		for range warmup {
			if !send(ctx, client, url, body) {
				errs++
			}
		}
		for k := range lat {
			t := time.Now()
			if !send(ctx, client, url, body) {
				errs++
			}
			lat[k] = micros(time.Since(t))
		}
		if err := ctx.Err(); err != nil {
			return nil, errs, err
		}
		medians[i] = Median(lat)
	}
	return medians, errs, nil
}

func send(ctx context.Context, client *http.Client, url string, body []byte) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return false
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	_, err = io.Copy(io.Discard, resp.Body)
	return err == nil && resp.StatusCode == http.StatusOK
}

// Percentile is the nearest-rank p-th percentile of xs (0 for none); xs is
// not changed.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	rank := int(p/100*float64(len(s)) + 0.999999)
	return s[min(max(rank, 1), len(s))-1]
}

// Measured is what a finished process used.
type Measured struct {
	Wall time.Duration
	// PeakRSS is the largest resident set of the process and of the
	// children it waited for, in bytes (wait4's ru_maxrss).
	PeakRSS int64
}

// RunMeasured runs cmd to its end and returns its wall time and peak RSS.
func RunMeasured(cmd *exec.Cmd) (Measured, error) {
	start := time.Now()
	err := cmd.Run()
	m := Measured{Wall: time.Since(start)}
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			m.PeakRSS = ru.Maxrss << 10 // kB on Linux
		}
	}
	if err != nil {
		return m, fmt.Errorf("%s: %w", filepath.Base(cmd.Path), err)
	}
	return m, nil
}

// DirBytes is the total size of the regular files under dir.
func DirBytes(dir string) (int64, error) {
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			info, err := d.Info()
			if err != nil {
				return err
			}
			n += info.Size()
		}
		return nil
	})
	return n, err
}
