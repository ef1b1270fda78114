package generation

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"
)

// errorLog collects what a Live reports.
type errorLog struct {
	mu   sync.Mutex
	errs []error
}

func (e *errorLog) add(err error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.errs = append(e.errs, err)
}

// count returns how many reports mention s.
func (e *errorLog) count(s string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, err := range e.errs {
		if strings.Contains(err.Error(), s) {
			n++
		}
	}
	return n
}

// openTag opens a generation as the tag its file f was written with.
func openTag(g *Generation) (string, error) {
	f, ok := g.File("f")
	if !ok {
		return "", errors.New("no file f")
	}
	return string(f[:strings.IndexByte(string(f), '/')]), nil
}

// flip alters one byte of a generation's file in place, as a disk error or
// a stray write would.
func flip(t *testing.T, d *Dir, n uint64, name string, at int64) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(d.Path(), genName(n), name), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := make([]byte, 1)
	if _, err := f.ReadAt(b, at); err != nil {
		t.Fatal(err)
	}
	b[0] ^= 0x20
	if _, err := f.WriteAt(b, at); err != nil {
		t.Fatal(err)
	}
}

// serving returns the verified value a search would get, or its error.
func serving(l *Live[string]) (string, uint64, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s, err := l.AcquireVerified(ctx)
	if err != nil {
		return "", 0, err
	}
	defer s.Release()
	return s.Value, s.Generation(), nil
}

// TestLiveStartsOnNewestGood: at start-up a bad newest generation — an
// empty or half-written directory, a truncated, missing or corrupt file —
// is skipped for the older good one, and reported once.
func TestLiveStartsOnNewestGood(t *testing.T) {
	files := map[string]int{"f": 5000, "g": 300}
	tests := []struct {
		name   string
		damage func(t *testing.T, d *Dir, path string)
		reason string
	}{
		{"empty directory", func(t *testing.T, d *Dir, path string) {
			if err := os.RemoveAll(path); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
		}, "missing"},
		{"no MANIFEST (half-written)", func(t *testing.T, d *Dir, path string) {
			if err := os.Remove(filepath.Join(path, manifestName)); err != nil {
				t.Fatal(err)
			}
		}, "missing"},
		{"MANIFEST cut short", func(t *testing.T, d *Dir, path string) {
			if err := os.Truncate(filepath.Join(path, manifestName), 10); err != nil {
				t.Fatal(err)
			}
		}, "truncated"},
		{"file missing", func(t *testing.T, d *Dir, path string) {
			if err := os.Remove(filepath.Join(path, "g")); err != nil {
				t.Fatal(err)
			}
		}, "missing"},
		{"file truncated", func(t *testing.T, d *Dir, path string) {
			if err := os.Truncate(filepath.Join(path, "f"), 1000); err != nil {
				t.Fatal(err)
			}
		}, "truncated"},
		{"byte flipped", func(t *testing.T, d *Dir, path string) { flip(t, d, 2, "f", 2500) }, "corrupt"},
		{"checksum flipped", func(t *testing.T, d *Dir, path string) { flip(t, d, 2, "g", 299) }, "corrupt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, _ := OpenDir(t.TempDir())
			publish(t, d, "old", files)
			n := publish(t, d, "new", files)
			tt.damage(t, d, filepath.Join(d.Path(), genName(n)))
			var log errorLog
			l, err := NewLive(d, openTag, nil, log.add)
			if err != nil {
				t.Fatal(err)
			}
			defer l.Close()
			if v, gen, err := serving(l); v != "old" || gen != 1 || err != nil {
				t.Fatalf("serving %q (generation %d), %v; want the old generation", v, gen, err)
			}
			for range 3 {
				if _, err := l.Refresh(); err != nil {
					t.Fatal(err)
				}
			}
			if c := log.count("generation 2"); c != 1 {
				t.Errorf("generation 2 reported %d times, want once: %v", c, log.errs)
			}
			st := l.Status()
			if st.Generation != 1 || st.State != "verified" || len(st.Bad) != 1 || st.Bad[0].N != 2 {
				t.Fatalf("status %+v", st)
			}
			var de *DamageError
			if !errors.As(st.Bad[0].Err, &de) || de.Reason() != tt.reason {
				t.Errorf("bad generation's error %v, want a DamageError for %q", st.Bad[0].Err, tt.reason)
			}
			// Generation 1 is kept: the newest good one is served even
			// when a newer bad one exists.
			if gens, _ := d.Generations(); fmt.Sprint(gens) != "[1 2]" {
				t.Errorf("generations %v", gens)
			}
		})
	}
}

// TestLiveNoGoodGeneration: with every generation bad, start-up fails
// naming each; with the only one found damaged in the background, it is
// served and every search gets its damage.
func TestLiveNoGoodGeneration(t *testing.T) {
	d, _ := OpenDir(t.TempDir())
	publish(t, d, "a", map[string]int{"f": 100})
	if err := os.Truncate(filepath.Join(d.Path(), genName(1), "f"), 50); err != nil {
		t.Fatal(err)
	}
	if _, err := NewLive(d, openTag, nil, nil); err == nil || !strings.Contains(err.Error(), "generation 1: f:") {
		t.Fatalf("start-up with no good generation: %v", err)
	}

	d, _ = OpenDir(t.TempDir())
	publish(t, d, "a", map[string]int{"f": 100})
	flip(t, d, 1, "f", 10)
	l, err := NewLive(d, openTag, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	for range 2 {
		var de *DamageError
		if _, _, err := serving(l); !errors.As(err, &de) || de.Gen != 1 || de.File != "f" || de.Reason() != "corrupt" {
			t.Fatalf("search on a damaged generation: %v", err)
		}
	}
	if st := l.Status(); st.Generation != 1 || st.State != "damaged" || st.Damage == nil {
		t.Errorf("status %+v", st)
	}
}

// TestLiveBadNewerWhileServing: a newer generation that fails is not
// swapped in, is reported once however many polls see it, and is tried
// again once its directory changes; a good newer one then replaces the
// served one.
func TestLiveBadNewerWhileServing(t *testing.T) {
	d, _ := OpenDir(t.TempDir())
	publish(t, d, "a", map[string]int{"f": 3000})
	var log errorLog
	l, err := NewLive(d, openTag, nil, log.add)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	publish(t, d, "b", map[string]int{"f": 3000})
	flip(t, d, 2, "f", 7)
	if err := os.Mkdir(filepath.Join(d.Path(), genName(3)), 0o755); err != nil {
		t.Fatal(err)
	}
	for range 4 {
		if swapped, err := l.Refresh(); swapped || err != nil {
			t.Fatalf("refresh: %v %v", swapped, err)
		}
	}
	if v, _, err := serving(l); v != "a" || err != nil {
		t.Fatalf("serving %q, %v", v, err)
	}
	if log.count("generation 2") != 1 || log.count("generation 3") != 1 {
		t.Errorf("reports %v, want each bad generation once", log.errs)
	}
	if st := l.Status(); len(st.Bad) != 2 || st.Bad[0].N != 3 || st.Bad[1].N != 2 {
		t.Errorf("status %+v", st)
	}
	// Generation 3 is copied in, as a restore would: it is tried again.
	publish(t, d, "c", map[string]int{"f": 3000}) // generation 4
	src, dst := filepath.Join(d.Path(), genName(4)), filepath.Join(d.Path(), genName(3))
	if err := os.Remove(dst); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(src, dst); err != nil {
		t.Fatal(err)
	}
	if swapped, err := l.Refresh(); !swapped || err != nil {
		t.Fatalf("refresh after the directory was completed: %v %v", swapped, err)
	}
	if v, gen, err := serving(l); v != "c" || gen != 3 || err != nil {
		t.Fatalf("serving %q (generation %d), %v", v, gen, err)
	}
}

// TestLiveDamageWhileServing: a file of the served generation altered or
// truncated in place is seen by the next search, which gets the damage
// rather than an answer from the altered bytes — through inotify at once,
// or through the next Refresh's stat where inotify is missing — and an
// older good generation, when there is one, takes over.
func TestLiveDamageWhileServing(t *testing.T) {
	for _, inotify := range []bool{true, false} {
		for _, how := range []string{"flip", "truncate", "replace"} {
			t.Run(fmt.Sprintf("%s/inotify=%v", how, inotify), func(t *testing.T) {
				d, _ := OpenDir(t.TempDir())
				publish(t, d, "a", map[string]int{"f": 3000})
				l, err := NewLive(d, openTag, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer l.Close()
				if !inotify && l.watch != nil {
					l.watch.close()
					l.watch = nil
				}
				if _, _, err := serving(l); err != nil {
					t.Fatal(err)
				}
				path := filepath.Join(d.Path(), genName(1), "f")
				switch how {
				case "flip":
					flip(t, d, 1, "f", 100)
				case "truncate":
					if err := os.Truncate(path, 1000); err != nil {
						t.Fatal(err)
					}
				case "replace":
					data, _ := os.ReadFile(path)
					if err := os.Remove(path); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				if !inotify {
					if _, err := l.Refresh(); err != nil {
						t.Fatal(err)
					}
				}
				var de *DamageError
				if _, _, err := serving(l); !errors.As(err, &de) || de.File != "f" {
					t.Fatalf("search after the damage: %v", err)
				}
			})
		}
	}

	// With an older good generation kept (the newer was never verified
	// good, so nothing was collected), searches move to it.
	d, _ := OpenDir(t.TempDir())
	publish(t, d, "a", map[string]int{"f": 3000})
	publish(t, d, "b", map[string]int{"f": 3000})
	flip(t, d, 2, "f", 100)
	l, err := NewLive(d, openTag, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if v, gen, err := serving(l); v != "a" || gen != 1 || err != nil {
		t.Fatalf("serving %q (generation %d), %v", v, gen, err)
	}
}

// TestFaultError: reading a mapped file truncated after Open faults; with
// SetPanicOnFault the fault is a recoverable panic, which FaultError turns
// into an error.
func TestFaultError(t *testing.T) {
	d, _ := OpenDir(t.TempDir())
	publish(t, d, "a", map[string]int{"f": 1 << 16})
	g, err := d.Open(1)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Release()
	if err := os.Truncate(filepath.Join(g.Path, "f"), 0); err != nil {
		t.Fatal(err)
	}
	f, _ := g.File("f")
	read := func() (b byte, err error) {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() {
			if r := recover(); r != nil {
				if err = FaultError(r); err == nil {
					panic(r)
				}
			}
		}()
		return f[len(f)-1], nil
	}
	if _, err := read(); err == nil || !strings.Contains(err.Error(), "memory fault") {
		t.Fatalf("read past the truncation: %v", err)
	}
	if FaultError("not a fault") != nil {
		t.Error("a plain panic value taken for a fault")
	}
}
