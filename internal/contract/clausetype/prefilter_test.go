package clausetype

import (
	"math/rand/v2"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
)

// checkImplied reports the patterns matching the normalised sentence s
// whose rule's cues or own literals s lacks: such a prefilter would hide
// a match the pattern finds.
func checkImplied(t *testing.T, s string) {
	t.Helper()
	for _, r := range rules {
		for i, p := range r.patterns {
			if !p.re().MatchString(s) {
				continue
			}
			if !(refHasCues(s, r.cues) && refHasCues(s, p.needs)) {
				t.Errorf("%s pattern %d matches %q, which lacks its cues %q or literals %q", r.slug, i, s, r.cues, p.needs)
			}
			if !p.loose().MatchString(s) {
				t.Errorf("%s pattern %d matches %q, its loose form %q does not", r.slug, i, s, p.loose())
			}
		}
	}
}

// sentences returns the normalised sentences and clause parts of text.
func sentences(text string) []string { return refParts(text) }

// Every sentence a pattern matches holds the literals checked before it:
// on the examples of the tests, and on sentences generated from each
// pattern's own syntax tree, which cover its every alternative.
func TestPrefilterImplied(t *testing.T) {
	for _, tt := range classifyTests {
		for _, s := range sentences(tt.text) {
			checkImplied(t, s)
		}
	}
	if testing.Short() {
		// The generated sentences below take a minute under the race
		// detector; make test's heavy step runs them without it.
		return
	}
	// Generated sentences per pattern: fewer under the race detector,
	// where each costs several times more. Fewer than 250 leaves rare
	// patterns with no match to check.
	count := 1000
	if raceDetector {
		count = 250
	}
	// One subtest per rule, in parallel (each checks its sentences against
	// every pattern: the longest part of make test's heavy step), each
	// with its own seeded source so that the sentences do not depend on
	// the order the subtests run in.
	for ri, r := range rules {
		t.Run(r.slug, func(t *testing.T) {
			t.Parallel()
			rnd := rand.New(rand.NewPCG(1, uint64(ri)))
			for i, p := range r.patterns {
				re, err := syntax.Parse(p.re().String(), syntax.Perl)
				if err != nil {
					t.Fatal(err)
				}
				// simplified once: Simplify allocates a new tree each call
				re = re.Simplify()
				matched := 0
				for range count {
					var b strings.Builder
					generate(rnd, re, &b)
					s := normText(b.String())
					if !p.re().MatchString(s) {
						continue
					}
					matched++
					checkImplied(t, s)
					if strings.ContainsAny(s, ".;") || p.unless != nil && p.unless().MatchString(s) {
						// a sentence the pattern's exception takes back is
						// no hit of it
						continue
					}
					if got := textTypes(s); !slices.Contains(got, r.slug) {
						t.Errorf("%s pattern %d matches %q, textTypes gives %q", r.slug, i, s, got)
					}
				}
				if matched < max(1, count/200) {
					t.Errorf("%s pattern %d: only %d of %d generated sentences match it", r.slug, i, matched, count)
				}
			}
		})
	}
}

// fill is what a generated sentence holds where a pattern allows any
// character: letters, spaces and a few words of the rules, so fillers
// sometimes complete another pattern.
var fill = []string{"a", "e", "s", "t", " ", " ", " the ", " not ", " law ", " party ", " consent ", " records ", " of "}

// generate writes a random string the expression re may match (word
// boundaries are not enforced, so some do not match; the caller checks).
func generate(rnd *rand.Rand, re *syntax.Regexp, b *strings.Builder) {
	switch re.Op {
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			b.WriteRune(r)
		}
	case syntax.OpCharClass:
		var in []string
		for _, f := range fill {
			if r := []rune(f)[0]; len(f) == 1 && inClass(re.Rune, r) {
				in = append(in, f)
			}
		}
		if inClass(re.Rune, 'a') && inClass(re.Rune, ' ') {
			in = fill
		}
		if len(in) > 0 {
			b.WriteString(in[rnd.IntN(len(in))])
			return
		}
		lo, hi := re.Rune[0], re.Rune[1]
		b.WriteRune(lo + rnd.Int32N(hi-lo+1))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteString(fill[rnd.IntN(len(fill))])
	case syntax.OpCapture:
		generate(rnd, re.Sub[0], b)
	case syntax.OpConcat:
		for _, s := range re.Sub {
			generate(rnd, s, b)
		}
	case syntax.OpAlternate:
		generate(rnd, re.Sub[rnd.IntN(len(re.Sub))], b)
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		lo, hi := 0, 3
		switch re.Op {
		case syntax.OpPlus:
			lo = 1
		case syntax.OpQuest:
			hi = 1
		case syntax.OpRepeat:
			lo, hi = re.Min, re.Max
			if hi < 0 || hi > lo+12 {
				hi = lo + 12
			}
		}
		for range lo + rnd.IntN(hi-lo+1) {
			generate(rnd, re.Sub[0], b)
		}
	}
}

func inClass(ranges []rune, r rune) bool {
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i] <= r && r <= ranges[i+1] {
			return true
		}
	}
	return false
}

// FuzzTextTypes checks textTypes against the reference on any text, and
// the prefilter on its sentences.
func FuzzTextTypes(f *testing.F) {
	for _, tt := range classifyTests {
		f.Add(tt.text)
	}
	f.Add("No  party\u00a0may\tassign. İt; K")
	f.Add("  leading. trailing  ;  both  ")
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := textTypes(text), refTextTypes(text); !slices.Equal(got, want) {
			t.Errorf("textTypes(%q) = %q, reference %q", text, got, want)
		}
		for _, s := range sentences(text) {
			checkImplied(t, s)
		}
	})
}

// TestPatternsCompile compiles every expression of every rule, which the
// package otherwise does on first use only.
func TestPatternsCompile(t *testing.T) {
	for _, r := range rules {
		for i, p := range r.patterns {
			func() {
				defer func() {
					if e := recover(); e != nil {
						t.Errorf("%s pattern %d does not compile: %v", r.slug, i, e)
					}
				}()
				p.re()
				p.loose()
				if p.unless != nil {
					p.unless()
				}
			}()
		}
	}
}
