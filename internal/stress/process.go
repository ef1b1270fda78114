package stress

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Gateway is a gateway process started for the suite.
type Gateway struct {
	// Addr is the address it listens on (host:port).
	Addr string
	cmd  *exec.Cmd
	done chan struct{}
	err  error // the process's exit, once done is closed
}

// StartGateway runs the gateway binary bin with env (LISTEN_ADDR is set
// to a free port of 127.0.0.1) and waits for its "gateway listening" log
// line; its output goes to logTo. It gives up when ctx ends.
func StartGateway(ctx context.Context, bin string, env []string, logTo io.Writer) (*Gateway, error) {
	cmd := exec.Command(bin)
	cmd.Env = append(append([]string{}, env...), "LISTEN_ADDR=127.0.0.1:0")
	// The gateway dies with the suite, however the suite ends.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	cmd.Stderr = logTo
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	g := &Gateway{cmd: cmd, done: make(chan struct{})}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		sent := false
		for sc.Scan() {
			line := sc.Bytes()
			if !sent {
				if a := listeningAddr(line); a != "" {
					addr <- a
					sent = true
				}
			}
			logTo.Write(append(line, '\n'))
		}
		_, _ = io.Copy(logTo, out) // a line beyond the scanner's buffer
		g.err = cmd.Wait()
		close(g.done)
	}()
	select {
	case a := <-addr:
		g.Addr = a
		return g, nil
	case <-g.done:
		return nil, fmt.Errorf("gateway exited before listening: %v", g.err)
	case <-ctx.Done():
		g.Stop()
		return nil, fmt.Errorf("gateway did not listen: %w", ctx.Err())
	}
}

// listeningAddr is the address of the gateway's "gateway listening" JSON
// log line, or "" for any other line.
func listeningAddr(line []byte) string {
	if !bytes.Contains(line, []byte(`"gateway listening"`)) {
		return ""
	}
	var l struct {
		Msg, Addr string
	}
	if json.Unmarshal(line, &l) != nil || l.Msg != "gateway listening" {
		return ""
	}
	return l.Addr
}

// Alive reports whether the process is still running, and its exit
// otherwise.
func (g *Gateway) Alive() (bool, error) {
	select {
	case <-g.done:
		return false, g.err
	default:
		return true, nil
	}
}

// PeakRSS is the process's peak resident memory in bytes (VmHWM of
// /proc/<pid>/status), since it started or since the last ResetPeak.
func (g *Gateway) PeakRSS() (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", g.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	return vmHWM(b)
}

// RSS is the process's resident memory now, in bytes (VmRSS of
// /proc/<pid>/status).
func (g *Gateway) RSS() (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", g.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	return statusBytes(b, "VmRSS")
}

// vmHWM reads the VmHWM line of a /proc/<pid>/status file, in bytes.
func vmHWM(status []byte) (int64, error) { return statusBytes(status, "VmHWM") }

// statusBytes reads a "key: N kB" line of a /proc/<pid>/status file, in
// bytes.
func statusBytes(status []byte, key string) (int64, error) {
	for line := range strings.Lines(string(status)) {
		rest, ok := strings.CutPrefix(line, key+":")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0, fmt.Errorf("%s line %q", key, strings.TrimSpace(line))
		}
		kb, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%s line %q: %w", key, strings.TrimSpace(line), err)
		}
		return kb << 10, nil
	}
	return 0, fmt.Errorf("no %s line", key)
}

// WaitReady waits until /readyz answers 200 (the index is verified and
// searches are served), for at most within.
func (g *Gateway) WaitReady(ctx context.Context, within time.Duration) error {
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+g.Addr+"/readyz", nil)
		if err != nil {
			return err
		}
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if alive, err := g.Alive(); !alive {
			return fmt.Errorf("the gateway exited before it was ready: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("the gateway was not ready within %s", within)
}

// CPUTimes are a process's times summed over its threads, from
// /proc/<pid>/task/*/schedstat: how long they ran, and how long they were
// ready to run but waited for a CPU (the kernel's run queue).
type CPUTimes struct {
	Ran, Waited time.Duration
}

// Sub is the times spent between o and c.
func (c CPUTimes) Sub(o CPUTimes) CPUTimes {
	// A thread that ended in between takes its times with it: no
	// difference is negative.
	return CPUTimes{Ran: max(0, c.Ran-o.Ran), Waited: max(0, c.Waited-o.Waited)}
}

// CPUTimes reads the process's CPU times now.
func (g *Gateway) CPUTimes() (CPUTimes, error) {
	dir := fmt.Sprintf("/proc/%d/task", g.cmd.Process.Pid)
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return CPUTimes{}, err
	}
	var sum CPUTimes
	for _, t := range tasks {
		b, err := os.ReadFile(filepath.Join(dir, t.Name(), "schedstat"))
		if err != nil {
			continue // the thread ended
		}
		ct, err := schedstat(b)
		if err != nil {
			return CPUTimes{}, err
		}
		sum.Ran += ct.Ran
		sum.Waited += ct.Waited
	}
	return sum, nil
}

// schedstat reads a schedstat file: nanoseconds on a CPU, nanoseconds
// waiting on a run queue, time slices.
func schedstat(b []byte) (CPUTimes, error) {
	f := strings.Fields(string(b))
	if len(f) != 3 {
		return CPUTimes{}, fmt.Errorf("schedstat %q: want 3 fields", strings.TrimSpace(string(b)))
	}
	ran, err1 := strconv.ParseInt(f[0], 10, 64)
	waited, err2 := strconv.ParseInt(f[1], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return CPUTimes{}, fmt.Errorf("schedstat %q: %w", strings.TrimSpace(string(b)), err)
	}
	return CPUTimes{Ran: time.Duration(ran), Waited: time.Duration(waited)}, nil
}

// ResetPeak starts a new peak: VmHWM becomes the current resident memory
// (writing 5 to /proc/<pid>/clear_refs), so each family's peak is its
// own.
func (g *Gateway) ResetPeak() error {
	return os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", g.cmd.Process.Pid), []byte("5"), 0)
}

// Stop sends SIGTERM and waits for the process, killing it after 10 s.
func (g *Gateway) Stop() {
	_ = g.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-g.done:
	case <-time.After(10 * time.Second):
		_ = g.cmd.Process.Kill()
		<-g.done
	}
}
