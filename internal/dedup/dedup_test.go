package dedup

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// words returns n distinct words with the given prefix, so that every
// shingle of a text made of them is distinct and Jaccard similarities can be
// constructed exactly.
func words(prefix string, n int) []string {
	w := make([]string, n)
	for i := range w {
		w[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return w
}

// exactJaccard is the Jaccard similarity of the 5-word shingle sets of a and
// b, computed with strings instead of hashes: the value signatures estimate.
func exactJaccard(a, b string) float64 {
	set := func(s string) map[string]bool {
		f := strings.Fields(strings.ToLower(s))
		m := make(map[string]bool)
		for i := 0; i+5 <= len(f); i++ {
			m[strings.Join(f[i:i+5], " ")] = true
		}
		return m
	}
	sa, sb := set(a), set(b)
	in := 0
	for s := range sa {
		if sb[s] {
			in++
		}
	}
	return float64(in) / float64(len(sa)+len(sb)-in)
}

// replaced returns base with the m words starting at position at replaced
// by fresh words.
func replaced(base []string, at, m int, fresh string) string {
	w := append([]string(nil), base...)
	copy(w[at:at+m], words(fresh, m))
	return strings.Join(w, " ")
}

// edits returns base with the word at each position replaced.
func edits(base []string, at ...int) []string {
	w := append([]string(nil), base...)
	for _, i := range at {
		w[i] = "edited"
	}
	return w
}

func mustBuilder(t testing.TB) *Builder {
	t.Helper()
	b, err := NewBuilder(DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func groupsOf(t testing.TB, docs map[string]string) map[string]Group {
	t.Helper()
	b := mustBuilder(t)
	for id, text := range docs {
		if err := b.Add(id, text); err != nil {
			t.Fatal(err)
		}
	}
	return b.Groups()
}

// TestGrouping covers the cases grouping exists for, on text shaped like
// contracts: identical copies, copies with a few words changed, re-wrapped
// and re-cased copies, and unrelated documents.
func TestGrouping(t *testing.T) {
	base := words("w", 2000)
	text := strings.Join(base, " ")
	other := strings.Join(words("o", 2000), " ")
	for _, tc := range []struct {
		name string
		a, b string
		same bool
	}{
		{"identical", text, text, true},
		{"five words changed", text, replaced(base, 1000, 5, "x"), true},
		{"three places changed", text, strings.Join(edits(base, 100, 900, 1700), " "), true},
		{"re-wrapped, re-cased, punctuated", text, strings.ToUpper(strings.ReplaceAll(text, " ", ",\n  ")), true},
		{"a fifth rewritten", text, replaced(base, 500, 400, "x"), false},
		{"unrelated", text, other, false},
		{"empty and empty", "", "", false},
		{"punctuation only", "— § ... ;", "— § ... ;", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := groupsOf(t, map[string]string{"a": tc.a, "b": tc.b})
			if got := g["a"].ID == g["b"].ID; got != tc.same {
				t.Errorf("same group = %v, want %v (exact Jaccard %.3f)", got, tc.same, exactJaccard(tc.a, tc.b))
			}
			want := 1
			if tc.same {
				want = 2
			}
			if g["a"].Size != want || g["b"].Size != want {
				t.Errorf("sizes %d, %d, want %d", g["a"].Size, g["b"].Size, want)
			}
		})
	}
}

// TestThresholdBoundary pins the threshold exactly, on signatures built to
// agree in a chosen number of positions: 0.8 of 256 is 204.8, so 205 equal
// values (estimate 0.801) join and 204 (0.797) do not.
func TestThresholdBoundary(t *testing.T) {
	p := DefaultParams()
	for _, tc := range []struct {
		threshold float64
		equal     int
		join      bool
	}{
		{0.8, 256, true},
		{0.8, 205, true},
		{0.8, 204, false},
		{0.8, 128, false},
		{0.5, 128, true},
		{0.5, 127, false},
		{1, 256, true},
		{1, 255, false},
	} {
		t.Run(fmt.Sprintf("%v/%d", tc.threshold, tc.equal), func(t *testing.T) {
			p.Threshold = tc.threshold
			b, err := NewBuilder(p)
			if err != nil {
				t.Fatal(err)
			}
			x := make(Signature, p.SignatureSize)
			y := make(Signature, p.SignatureSize)
			for i := range x {
				x[i] = uint32(i)
				y[i] = uint32(i)
				// Disagree in the last positions, so the first band
				// agrees and the pair is always a candidate.
				if i >= tc.equal {
					y[i] = uint32(i) + 1000
				}
			}
			if got := Similarity(x, y); got != float64(tc.equal)/256 {
				t.Fatalf("Similarity = %v, want %v", got, float64(tc.equal)/256)
			}
			if err := b.AddSignature("x", x); err != nil {
				t.Fatal(err)
			}
			if err := b.AddSignature("y", y); err != nil {
				t.Fatal(err)
			}
			g := b.Groups()
			if got := g["x"].ID == g["y"].ID; got != tc.join {
				t.Errorf("joined = %v, want %v", got, tc.join)
			}
		})
	}
}

// TestConstructedJaccard builds text pairs whose shingle sets have a known
// Jaccard similarity and checks both the estimate and the decision. Pairs
// at least 0.05 from the threshold (two standard errors) are decided by the
// true similarity; closer ones may fall either way, as any estimate would.
func TestConstructedJaccard(t *testing.T) {
	base := words("w", 3000)
	text := strings.Join(base, " ")
	for _, m := range []int{1, 40, 120, 200, 300, 400, 600, 1000, 2000} {
		other := replaced(base, 500, m, "x")
		j := exactJaccard(text, other)
		t.Run(fmt.Sprintf("J=%.3f", j), func(t *testing.T) {
			h, _ := NewHasher(DefaultParams())
			est := Similarity(h.Sign(text), h.Sign(other))
			se := math.Sqrt(j * (1 - j) / 256)
			if math.Abs(est-j) > 4*se+1e-9 {
				t.Errorf("estimate %.3f, exact %.3f, more than 4 standard errors (%.3f) apart", est, j, se)
			}
			g := groupsOf(t, map[string]string{"a": text, "b": other})
			joined := g["a"].ID == g["b"].ID
			switch {
			case j >= 0.85 && !joined:
				t.Errorf("exact %.3f (estimate %.3f) not joined", j, est)
			case j <= 0.75 && joined:
				t.Errorf("exact %.3f (estimate %.3f) joined", j, est)
			}
		})
	}
}

// TestEstimateAccuracy checks the estimator over many pairs of random texts
// whose exact similarity spreads over [0, 1]: the mean absolute error must
// be close to what sqrt(J(1-J)/256) predicts.
func TestEstimateAccuracy(t *testing.T) {
	h, _ := NewHasher(DefaultParams())
	state := uint64(7)
	var sumErr, sumSE float64
	const pairs = 200
	for range pairs {
		n := 200 + int(splitmix64(&state)%1500)
		base := words("w", n)
		m := int(splitmix64(&state) % uint64(n))
		at := int(splitmix64(&state) % uint64(n-m+1))
		a, b := strings.Join(base, " "), replaced(base, at, m, "x")
		j := exactJaccard(a, b)
		sumErr += math.Abs(Similarity(h.Sign(a), h.Sign(b)) - j)
		sumSE += math.Sqrt(j * (1 - j) / 256)
	}
	// For a normal error the mean absolute error is 0.8 of the standard
	// error; allow 1.5x that for densification and hash imperfections.
	if mae, want := sumErr/pairs, 1.5*0.8*sumSE/pairs; mae > want {
		t.Errorf("mean absolute error %.4f, want at most %.4f", mae, want)
	} else {
		t.Logf("mean absolute error %.4f (mean standard error %.4f)", mae, sumSE/pairs)
	}
}

// TestChain: grouping is transitive. b is a revision of a, c of b, and a
// and c are too far apart to be joined directly; all three form one group.
func TestChain(t *testing.T) {
	base := words("w", 2000)
	a := strings.Join(base, " ")
	bw := append([]string(nil), base...)
	copy(bw[0:150], words("b", 150))
	cw := append([]string(nil), bw...)
	copy(cw[1850:2000], words("c", 150))
	b, c := strings.Join(bw, " "), strings.Join(cw, " ")
	if j := exactJaccard(a, c); j > 0.75 {
		t.Fatalf("construction: J(a, c) = %.3f, want a pair below the threshold", j)
	}
	g := groupsOf(t, map[string]string{"a": a, "b": b, "c": c})
	if g["a"].ID != g["b"].ID || g["b"].ID != g["c"].ID || g["a"].Size != 3 {
		t.Errorf("groups %v, want one group of three", g)
	}
}

// TestGroupID pins the group id: the xxhash of the smallest member id in 16
// hex digits, the same in every process (a golden value).
func TestGroupID(t *testing.T) {
	text := strings.Join(words("w", 100), " ")
	g := groupsOf(t, map[string]string{"zeta": text, "alpha": text, "mu": text, "lonely": "other words entirely here now"})
	for _, id := range []string{"zeta", "alpha", "mu"} {
		if g[id] != (Group{ID: "c758e1011dda5848", Size: 3}) {
			t.Errorf("%s: %+v, want {c758e1011dda5848 3} (xxhash of %q)", id, g[id], "alpha")
		}
	}
	if want := groupID("lonely"); g["lonely"] != (Group{ID: want, Size: 1}) {
		t.Errorf("lonely: %+v, want {%s 1}", g["lonely"], want)
	}
}

// TestSignatureGolden pins the first values of one signature, so a change of
// tokenisation, hashing or densification, which would silently change every
// group id of a rebuilt index, shows up as a failing test.
func TestSignatureGolden(t *testing.T) {
	h, _ := NewHasher(DefaultParams())
	sig := h.Sign("This Agreement shall be governed by the laws of the State of New York.")
	got := fmt.Sprint(sig[:4])
	const want = "[460505712 2772372881 358260559 4073564126]"
	if got != want {
		t.Errorf("signature starts %s, want %s", got, want)
	}
	if short := h.Sign("Governing Law"); short == nil {
		t.Error("a text shorter than a shingle has no signature")
	}
	if h.Sign(" \n\t.,;") != nil {
		t.Error("a text without words has a signature")
	}
}

func TestBuilderErrors(t *testing.T) {
	b := mustBuilder(t)
	if err := b.Add("a", "some text"); err != nil {
		t.Fatal(err)
	}
	if err := b.Add("a", "other text"); err == nil || !strings.Contains(err.Error(), `"a" added twice`) {
		t.Errorf("duplicate id: %v", err)
	}
	if err := b.AddSignature("b", make(Signature, 3)); err == nil || !strings.Contains(err.Error(), "has 3 values, want 256") {
		t.Errorf("short signature: %v", err)
	}
	if err := b.AddSignature("c", nil); err != nil {
		t.Errorf("nil signature: %v", err)
	}
	if b.Len() != 2 {
		t.Errorf("Len = %d, want 2", b.Len())
	}
	if g := mustBuilder(t).Groups(); len(g) != 0 {
		t.Errorf("empty builder: %v", g)
	}
}

func TestParamsValidate(t *testing.T) {
	for _, tc := range []struct {
		edit func(*Params)
		want string
	}{
		{func(p *Params) {}, ""},
		{func(p *Params) { p.Shingle = 0 }, "shingle size 0"},
		{func(p *Params) { p.SignatureSize = 0 }, "signature size 0"},
		{func(p *Params) { p.Bands = 0 }, "0 bands of 8 rows"},
		{func(p *Params) { p.Bands = 33 }, "33 bands of 8 rows need a signature of 264 values, have 256"},
		{func(p *Params) { p.Threshold = 0 }, "threshold 0"},
		{func(p *Params) { p.Threshold = 1.5 }, "threshold 1.5"},
		{func(p *Params) { p.Threshold = math.NaN() }, "threshold NaN"},
	} {
		p := DefaultParams()
		tc.edit(&p)
		err := p.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%+v: %v", p, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%+v: error %v, want one containing %q", p, err, tc.want)
		}
		if _, herr := NewBuilder(p); (herr == nil) != (err == nil) {
			t.Errorf("NewBuilder and Validate disagree: %v vs %v", herr, err)
		}
	}
}

func TestWeightRank(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   RankInput
		want float64
	}{
		{"nothing", RankInput{}, 0.5},
		{"amendment", RankInput{Words: 300, Sections: 3, Attributes: 4}, 4.195},
		{"NDA", RankInput{Words: 1000, Sections: 15, Attributes: 6}, 12.925},
		{"commercial agreement", RankInput{Words: 8000, Sections: 35, Definitions: 15, Attributes: 5}, 31.117},
		{"same, filed twice", RankInput{Words: 8000, Sections: 35, Definitions: 15, Attributes: 5, GroupSize: 2}, 38.896},
		{"negative counts are zero", RankInput{Words: -5, Sections: -1, Definitions: -1, Attributes: -3, GroupSize: -2}, 0.5},
		{"attributes capped", RankInput{Attributes: 60}, 1},
	} {
		if got := WeightRank(tc.in); math.Abs(got-tc.want) > 0.001 {
			t.Errorf("%s: WeightRank(%+v) = %.3f, want %.3f", tc.name, tc.in, got, tc.want)
		}
	}
	// More of any input never lowers the rank.
	base := RankInput{Words: 1000, Sections: 10, Definitions: 5, Attributes: 3, GroupSize: 1}
	for _, bump := range []func(*RankInput){
		func(r *RankInput) { r.Words *= 2 },
		func(r *RankInput) { r.Sections++ },
		func(r *RankInput) { r.Definitions++ },
		func(r *RankInput) { r.Attributes++ },
		func(r *RankInput) { r.GroupSize++ },
	} {
		more := base
		bump(&more)
		if WeightRank(more) <= WeightRank(base) {
			t.Errorf("WeightRank(%+v) = %v not above WeightRank(%+v) = %v", more, WeightRank(more), base, WeightRank(base))
		}
	}
}

func TestPopularityRank(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want float64
	}{{0, 1}, {1, 1}, {2, 5}, {16, 17}, {256, 33}} {
		if got := PopularityRank(tc.n); got != tc.want {
			t.Errorf("PopularityRank(%d) = %v, want %v", tc.n, got, tc.want)
		}
	}
}
