//go:build unix

package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user and system CPU time so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkManyClauseBool searches a boolean query of 900 should term
// clauses over 2,000 records, as a fuzzy storm rewrites to, without a
// timeout (no deadline: nothing is counted) and with one that never comes
// (the deadline is counted while the weights and scorers are built and
// while the clauses are advanced, and the clock read): what reading the
// deadline costs such a query. Besides wall time it reports the process's
// CPU time per search (cpu-ns/op), which a machine shared with other work
// leaves far less noisy.
func BenchmarkManyClauseBool(b *testing.B) {
	const vocabulary, clauses = 1000, 900
	r := rand.New(rand.NewPCG(5, 6))
	names := make([]string, 2000)
	for i := range names {
		var sb strings.Builder
		for j := range 20 {
			if j > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "w%d", r.IntN(vocabulary))
		}
		names[i] = sb.String()
	}
	s := NewSearcher(companyIndex(&testing.T{}, names...))
	q := &BoolQuery{}
	for i := range clauses {
		q.Should = append(q.Should, &TermQuery{Field: "name", Term: fmt.Sprintf("w%d", i)})
	}
	for _, timeout := range []bool{false, true} {
		name := "no timeout"
		if timeout {
			name = "timeout"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime(b)
			for b.Loop() {
				req := Request{Indexes: []string{"company"}, Query: q, Size: 10}
				if timeout {
					req.QueryDeadline = time.Now().Add(time.Hour)
				}
				res, err := s.Search(context.Background(), req)
				if err != nil || res.TimedOut {
					b.Fatal(err, res.TimedOut)
				}
			}
			b.ReportMetric(float64(cpuTime(b)-start)/float64(b.N), "cpu-ns/op")
		})
	}
}
