package helpers

import (
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestRunEveryPartOnce runs parts that take a while, so that helpers
// start: each part runs once, and a worker never runs two at a time.
func TestRunEveryPartOnce(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one processor: Run starts no helper")
	}
	const n = 40
	var runs [n]atomic.Int32
	var busy [4]atomic.Int32
	var workers sync.Map
	Run(n, 3, 0, func(w, i int) {
		if busy[w].Add(1) != 1 {
			t.Errorf("worker %d runs two parts at once", w)
		}
		workers.Store(w, true)
		runs[i].Add(1)
		time.Sleep(time.Millisecond)
		busy[w].Add(-1)
	})
	for i := range runs {
		if got := runs[i].Load(); got != 1 {
			t.Errorf("part %d ran %d times", i, got)
		}
	}
	count := 0
	workers.Range(func(any, any) bool { count++; return true })
	if count < 2 {
		t.Errorf("%d workers ran parts, want the caller and a helper", count)
	}
}

// TestRunCheapStaysOnCaller: parts over before the delay never wait for
// a helper, and run on the caller, in order.
func TestRunCheapStaysOnCaller(t *testing.T) {
	var order []int
	Run(5, 3, time.Hour, func(w, i int) {
		if w != 0 {
			t.Errorf("part %d ran on worker %d", i, w)
		}
		order = append(order, i)
	})
	for i, got := range order {
		if got != i {
			t.Fatalf("parts ran in order %v", order)
		}
	}
}

// TestRunPanicOnCaller: a part that panics on a helper makes Run panic on
// the caller's goroutine with the same value, and helpers run with the
// caller's panic-on-fault setting.
func TestRunPanicOnCaller(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one processor: Run starts no helper")
	}
	type boom struct{}
	var mu sync.Mutex
	faults := map[int]bool{}
	var got any
	func() {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() { got = recover() }()
		Run(2, 1, 0, func(w, i int) {
			fault := debug.SetPanicOnFault(false)
			debug.SetPanicOnFault(fault)
			mu.Lock()
			faults[w] = fault
			mu.Unlock()
			if w == 0 {
				time.Sleep(20 * time.Millisecond) // the helper claims the other part
				return
			}
			panic(boom{})
		})
		t.Error("Run returned instead of panicking")
	}()
	if got != (boom{}) {
		t.Fatalf("recovered %v, want the helper's panic", got)
	}
	mu.Lock()
	defer mu.Unlock()
	if !faults[1] {
		t.Errorf("the helper ran without the caller's panic-on-fault setting (%v)", faults)
	}
}
