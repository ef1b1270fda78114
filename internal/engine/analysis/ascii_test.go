package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/democorpus"
)

// tokenStream is everything Analyze reports for a text, one token a line.
func tokenStream(a *Analyzer, text string, fast bool) ([]string, int) {
	var out []string
	a.analyze(text, func(t Token) {
		out = append(out, fmt.Sprintf("%d %d-%d %q", t.Position, t.Start, t.End, t.Term))
	}, fast)
	return out, len(out)
}

// diffPaths compares the fast and the general path on text and describes
// the first difference, or returns "".
func diffPaths(a *Analyzer, text string) (string, int) {
	want, n := tokenStream(a, text, false)
	got, _ := tokenStream(a, text, true)
	for i := range max(len(want), len(got)) {
		var w, g string
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			return fmt.Sprintf("token %d: general path %s, fast path %s", i, w, g), n
		}
	}
	return "", n
}

// fastPathMaxLens are the maximum token lengths the corpus comparison
// uses: the default and a small one that makes long words, and so the
// general path's splitting next to fast chunks, common. (All of 255, 13, 5,
// 2 and 1 pass too, in about 35 s; the fuzz target draws lengths 1–300.)
var fastPathMaxLens = []int{255, 5}

// TestASCIIFastPathMatchesScanner requires the ASCII fast path to report the
// same tokens (terms, positions, offsets) as the general scanner on every
// CUAD contract and every text of the demo corpus, each analysed whole, as
// the highlighter analyses a field value.
func TestASCIIFastPathMatchesScanner(t *testing.T) {
	skipUnderRace(t)
	t.Parallel() // CI runs these four on their own: one core each
	var texts []string
	dir, where := cuadDir()
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		t.Logf("CUAD contracts not found, comparing the demo corpus only: no *.txt in %s (%s; set CUAD_CONTRACTS to override)", dir, where)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data))
	}
	nCUAD := len(texts)
	c, err := democorpus.Generate(democorpus.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range c.Files {
		texts = append(texts, string(f.Data))
	}
	for _, k := range c.Contracts {
		texts = append(texts, k.Text)
	}
	maxLens := fastPathMaxLens
	if testing.Short() {
		maxLens = maxLens[:1]
	}
	for _, maxLen := range maxLens {
		a := NewStandard(maxLen)
		var tokens, bytes int
		for i, text := range texts {
			d, n := diffPaths(a, text)
			tokens += n
			bytes += len(text)
			if d != "" {
				name := "demo corpus text"
				if i < nCUAD {
					name = filepath.Base(files[i])
				}
				t.Fatalf("max token length %d, %s: %s", maxLen, name, d)
			}
		}
		t.Logf("max token length %d: %d CUAD contracts and %d demo corpus texts (%d MB), %d tokens identical",
			maxLen, nCUAD, len(texts)-nCUAD, bytes>>20, tokens)
	}
}

// asciiFastPathSeeds are texts where the ASCII rules are easy to get wrong.
var asciiFastPathSeeds = []string{
	"e.g.", "U.S.A.", "1,000.50", "don't", "a_b", "x:y", "3rd", "AT&T", "foo--bar", "'quoted'",
	"a.b.c", ".5", "5.", "_x_", "__", "_", "a_.b", "a._b", "1:2", "a:1", "1;2", "a;b", "1'2", "a,b",
	"1.a", "a.1", "a1b2c3", "1a2b3c", "x.y.z.", "$1,250,000.00", "4.2(b)(iii)", "12/31/2025",
	"legal@example.com", "https://www.example.com/terms.", "\"quoted\"", "#1", "*a*", "a#b", "a*b",
	"a..b", "a.'b", "1.,2", "1,,2", "a' b", "it's'", "a\tb\nc\r\nd", "  a  ", "",
	strings.Repeat("a", 255), strings.Repeat("a", 256), strings.Repeat("ab.", 100),
	strings.Repeat("1,", 200) + "1", strings.Repeat("_", 300) + "a", "a" + strings.Repeat("_", 600),
	strings.Repeat("a.1.", 20), strings.Repeat("a ", 300),
	"café au lait", "naïve", "e\u0301.g", "a.\u0301b", "a \u0301b", "a \u200d🙂", "a\u200d🙂", "1\ufe0f\u20e3",
	"#\u20e3", "🙂a", "a🙂", "中文abc", "abc中文", "a\u00a0b", "a\u00a0 b", "Licensee\u2019s", "a\u3000b",
	"\u05d0'b", "\u05d0\"\u05d1", "x \u0e01\u0e32 y", "\u00ad", "a\u00adb", "\xff", "a\xffb", "a \xff b",
}

// FuzzASCIIFastPath compares the ASCII fast path with the general scanner
// on arbitrary text and maximum token lengths.
func FuzzASCIIFastPath(f *testing.F) {
	for _, s := range asciiFastPathSeeds {
		for _, m := range []int{255, 5, 2} {
			f.Add(s, uint16(m))
		}
	}
	f.Fuzz(func(t *testing.T, text string, maxLen uint16) {
		a := NewStandard(1 + int(maxLen)%300)
		if d, _ := diffPaths(a, text); d != "" {
			t.Fatalf("max token length %d, %q: %s", a.maxTokenLength, text, d)
		}
	})
}

// TestASCIIKindFollowsClasses checks the fast path's byte kinds against the
// class table the general scanner uses.
func TestASCIIKindFollowsClasses(t *testing.T) {
	for c := range utf8.RuneSelf {
		k, f := asciiKind[c], bmpClass[c]
		if (k == kSep) != (f == 0) || (k == kLetter || k == kDigit) != (f&fCore != 0) || (k == kUnder) != (f&fENL != 0) {
			t.Errorf("%q: kind %d, class flags %b", rune(c), k, f)
		}
	}
	for c := utf8.RuneSelf; c < 256; c++ {
		if asciiKind[c] != kHigh {
			t.Errorf("byte %#x: kind %d, want kHigh", c, asciiKind[c])
		}
	}
}

// skipUnderRace skips a corpus-scale comparison under the race detector:
// the comparisons are single-threaded, so the detector adds nothing but a
// sevenfold cost; make test runs them again without it (its "analysis
// corpus comparisons" step), so CI still runs every one.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("single-threaded corpus comparison: make test runs it without the race detector")
	}
}
