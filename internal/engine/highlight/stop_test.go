package highlight

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/engine/search"
)

// TestStopsWhenContextEnds checks that one value too costly to highlight
// in a request's time stops at the context's end with its error. Without
// the checks inside the value, the repeated-word phrases below run for
// minutes (measured: 3m15s for the first over a 338 KB CUAD contract), so
// a regression fails this test by go test's timeout, not by a clock
// reading here.
func TestStopsWhenContextEnds(t *testing.T) {
	the := strings.Fields(strings.Repeat("the ", 200))
	body := strings.Repeat("the parties agree that the terms of the agreement bind the successors of the parties. ", 4000)
	var prefixes []search.Query
	for c := 'a'; c <= 'z'; c++ {
		prefixes = append(prefixes, &search.PrefixQuery{Field: "body", Prefix: string(c)})
	}
	cancelled, cancel := context.WithCancel(t.Context())
	cancel()
	tests := []struct {
		name  string
		query search.Query
		opts  Options
		ctx   func() (context.Context, context.CancelFunc)
		want  error
	}{
		{"cancelled before", tq("agreement"), bOpts(nil),
			func() (context.Context, context.CancelFunc) { return cancelled, func() {} }, context.Canceled},
		{"sloppy repeated word", phrase(10, the...), bOpts(nil),
			func() (context.Context, context.CancelFunc) {
				return context.WithTimeout(t.Context(), 20*time.Millisecond)
			},
			context.DeadlineExceeded},
		{"unordered repeated word, whole value", phrase(100, the...), bOpts(func(o *Options) { o.NumberOfFragments = 0 }),
			func() (context.Context, context.CancelFunc) {
				return context.WithTimeout(t.Context(), 20*time.Millisecond)
			},
			context.DeadlineExceeded},
		{"exact repeated word", phrase(0, the...), bOpts(nil),
			func() (context.Context, context.CancelFunc) {
				return context.WithTimeout(t.Context(), 20*time.Millisecond)
			},
			nil}, // finishes or stops: either is fine, it must return
		{"prefix storm", &search.BoolQuery{Should: prefixes}, bOpts(func(o *Options) { o.NumberOfFragments = 1000; o.FragmentSize = 20 }),
			func() (context.Context, context.CancelFunc) {
				return context.WithTimeout(t.Context(), time.Millisecond)
			},
			nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := tc.ctx()
			defer cancel()
			frags, err := Highlight(ctx, tc.query, "body", []string{body}, tc.opts)
			switch {
			case tc.want != nil && !errors.Is(err, tc.want):
				t.Fatalf("got %d fragments, error %v; want %v", len(frags), err, tc.want)
			case tc.want == nil && err != nil && !errors.Is(err, context.DeadlineExceeded):
				t.Fatalf("got error %v", err)
			case err != nil && frags != nil:
				t.Fatalf("stopped with %d fragments", len(frags))
			}
		})
	}
}

// TestMaxBytes checks the bound on one hit's fragments: within it the
// fragments are those without a bound, beyond it a *TooLargeError. The
// tags are long (the bound is met by tags, which format counts before
// building), padded with whitespace that trimming removes at either end
// of the fragment, or nothing but whitespace.
func TestMaxBytes(t *testing.T) {
	body := strings.Repeat("the parties agree that the terms bind the parties. ", 200)
	long := strings.Repeat("<b>", 3000)
	for _, tags := range [][2]string{{long, long}, {"\t  " + long + " ", "\n" + long + "\t \n"}, {strings.Repeat(" ", 9000), "\t"}} {
		whole := func(o *Options) { o.NumberOfFragments = 0; o.PreTag, o.PostTag = tags[0], tags[1] }
		want, err := Highlight(t.Context(), tq("the"), "body", []string{" " + body}, bOpts(whole))
		if err != nil || len(want) != 1 {
			t.Fatalf("unbounded: %d fragments, %v", len(want), err)
		}
		size := len(want[0])
		tests := []struct {
			max     int
			tooMuch bool
		}{
			{0, false}, {size + 10, false}, {size, false}, {size - 1, true}, {1 << 20, size > 1<<20}, {10, true},
		}
		for _, tc := range tests {
			got, err := Highlight(t.Context(), tq("the"), "body", []string{" " + body}, bOpts(func(o *Options) { whole(o); o.MaxBytes = tc.max }))
			var tl *TooLargeError
			switch {
			case tc.tooMuch && (!errors.As(err, &tl) || tl.Max != tc.max || tl.Field != "body"):
				t.Errorf("tags of %d bytes, max %d: got %d fragments, error %v; want a TooLargeError", len(tags[0]), tc.max, len(got), err)
			case !tc.tooMuch && (err != nil || len(got) != 1 || got[0] != want[0]):
				t.Errorf("tags of %d bytes, max %d: got %d fragments, error %v; want the unbounded fragment", len(tags[0]), tc.max, len(got), err)
			}
		}
	}
}

// TestTagsFloor checks the least trimmed length format assumes before
// building a fragment against the fragments it builds.
func TestTagsFloor(t *testing.T) {
	tests := []struct {
		n         int
		pre, post string
		want      int
	}{
		{0, "<b>", "</b>", 0},
		{1, "<b>", "</b>", 7},
		{3, " <b>", "</b>\t", 3*9 - 1 - 1},
		{2, "  ", "</b>", 0},
		{2, "<b>", "", 0},
	}
	for _, tc := range tests {
		if got := tagsFloor(tc.n, tc.pre, tc.post); got != tc.want {
			t.Errorf("tagsFloor(%d, %q, %q) = %d, want %d", tc.n, tc.pre, tc.post, got, tc.want)
		}
	}
	// Whatever the text around them, a fragment is never shorter.
	for _, text := range []string{"the", "  the  ", "the the the", " x the\tthe y ", "the\u2029"} {
		for _, tags := range [][2]string{{" <b> ", " </b> "}, {"<", ">"}, {"\t\t[", "]\n"}} {
			frags, err := Highlight(t.Context(), tq("the"), "body", []string{text}, bOpts(func(o *Options) {
				o.NumberOfFragments = 0
				o.PreTag, o.PostTag = tags[0], tags[1]
			}))
			if err != nil || len(frags) != 1 {
				t.Fatalf("%q: %d fragments, %v", text, len(frags), err)
			}
			n := strings.Count(frags[0], strings.TrimSpace(tags[0]))
			if floor := tagsFloor(n, tags[0], tags[1]); floor > len(frags[0]) {
				t.Errorf("%q with tags %q: fragment %q of %d bytes, floor %d", text, tags, frags[0], len(frags[0]), floor)
			}
		}
	}
}
