package generation

import (
	"context"
	"runtime/debug"
	"testing"
)

// BenchmarkSearchGate measures what serving adds to every search: the
// snapshot as before (Acquire, Release), and with the verification gate
// (AcquireVerified: one non-blocking inotify read; Wait again before
// answering: another) and the memory-fault guard the embedded backend
// sets around a search (SetPanicOnFault twice, a deferred recover).
func BenchmarkSearchGate(b *testing.B) {
	d, _ := OpenDir(b.TempDir())
	publish(b, d, "a", map[string]int{"f": 4096})
	l, err := NewLive(d, openTag, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	ctx := context.Background()
	if _, err := l.AcquireVerified(ctx); err != nil {
		b.Fatal(err)
	}
	b.Run("acquire", func(b *testing.B) {
		for b.Loop() {
			l.Acquire().Release()
		}
	})
	b.Run("verified+guard", func(b *testing.B) {
		for b.Loop() {
			func() {
				s, err := l.AcquireVerified(ctx)
				if err != nil {
					b.Fatal(err)
				}
				defer s.Release()
				defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
				defer func() {
					if r := recover(); r != nil {
						b.Fatal(r)
					}
				}()
				if err := s.Wait(ctx); err != nil {
					b.Fatal(err)
				}
			}()
		}
	})
}
