package analysis

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// randomAlphabets mix the characters whose handling differs between plain
// UAX#29 and Lucene's grammar, weighted towards the awkward ones.
var randomAlphabets = [][]string{
	{ // everything
		"a", "B", "z", "é", "1", "9", "_", ".", ",", "'", "’", ":", "\"", "-", " ", " ", "\n", "\t", "$", "§", "%",
		"\u0301", "\u00AD", "\u200B", "\u200C", "\u200D", "\u200D", "\uFE0F", "\uFE0E", "\u20E3", "#", "*",
		"🙂", "👍", "🏽", "🇺", "🇸", "©", "®", "™", "☐", "☺", "❤", "↔", "Ⓜ", "ℹ", "🅰",
		"中", "文", "あ", "カ", "ー", "ｶ", "한", "ก", "\u0E31", "า", "ລ", "ក", "\u17B6", "א", "ב", "ع", "١",
		"𝐀", "𠀀", "\U000E0067", "\U000E007F", "🏴", "½", "²", "Ⅳ", "〇", "々", "\u3000", "\uFFFD", "\u0085",
	},
	{ // word grammar: Hebrew quotes, Katakana, MidLetter, ExtendNumLet
		"א", "ב", "'", "\"", ".", ":", "a", "1", "_", "ア", "ー", ",", "\u05B0", "\u200D", "ℹ", "Ⓜ", " ", "׳", "״",
	},
	{ // emoji sequences
		"🙂", "👍", "☝", "🏽", "🏻", "\u200D", "\u200D", "\uFE0F", "\uFE0E", "\u20E3", "#", "*", "1", "🇺", "🇸",
		"🏴", "\U000E0067", "\U000E0062", "\U000E007F", "a", " ", "©", "\u0301", "_", "Ⓜ", "🅰",
	},
	{ // Southeast Asian runs and CJK
		"ก", "า", "\u0E31", "\u0E48", "ລ", "ក", "\u17B6", "မ", "\u103A", "中", "あ", "ア", "ー", "한", "a", "1",
		"๑", "_", "\u200D", "\u200B", " ", ".", "々", "〆", "ゝ", "ヽ", "゛", "\u3099", "ｱ", "ﾞ",
	},
}

// TestMatchesLuceneRandom compares Analyze with Lucene on random strings
// (fixed seeds), short ones and ones longer than the maximum token length,
// with the default maximum and small ones that make splitting frequent.
func TestMatchesLuceneRandom(t *testing.T) {
	skipUnderRace(t)
	t.Parallel() // CI runs these four on their own: one core each
	lucene(t)
	n := 4000
	if testing.Short() {
		n = 500
	}
	for _, maxLen := range []int{255, 13, 5, 2} {
		rng := rand.New(rand.NewPCG(uint64(maxLen), 2))
		var texts []string
		for _, alpha := range randomAlphabets {
			for i := range n {
				size := 1 + rng.IntN(30)
				if i%10 == 0 {
					size = 240 + rng.IntN(300)
				}
				var b strings.Builder
				for range size {
					b.WriteString(alpha[rng.IntN(len(alpha))])
				}
				texts = append(texts, b.String())
			}
		}
		want := luceneAnalyzeMax(t, texts, maxLen)
		a := NewStandard(maxLen)
		bad := 0
		for i, text := range texts {
			if d := diffLucene(text, want[i].Tokens, analyzeAll(a, text)); d != "" {
				bad++
				if bad <= 10 {
					t.Errorf("max %d: %+.200q\n\t%s", maxLen, text, d)
				}
			}
		}
		t.Logf("max token length %d: %d of %d random strings differ", maxLen, bad, len(texts))
	}
}

// unicodeDivergences are the code points on which we differ from Lucene in
// TestEveryCodePointMatchesLucene, all because their Word_Break property
// changed between Unicode 9 (Lucene's grammar) and Unicode 17 (the uax29
// segmenter). See "Known divergences" in the package documentation.
var unicodeDivergences = map[rune]string{
	// MidLetter in Unicode 9 (joins letters, not digits), MidNumLet later:
	// UAX#29 joins 1˗1, Lucene does not.
	0x02D7: "MODIFIER LETTER MINUS SIGN: MidLetter in 9, MidNumLet later",
	// MidNum in Unicode 9, no longer: Lucene joins 1︐1, UAX#29 does not.
	0xFE10: "PRESENTATION FORM FOR VERTICAL COMMA: MidNum in 9 only",
	0xFE14: "PRESENTATION FORM FOR VERTICAL SEMICOLON: MidNum in 9 only",
	// Format (prepended concatenation marks) or Extend in Unicode 9, so
	// Lucene attaches them to what precedes; UAX#29 now starts a segment
	// with them after an ideograph, kana, Thai letter, MidLetter or keycap
	// base, where they end the token instead.
	0x0600: "ARABIC NUMBER SIGN: Format in 9", 0x0601: "ARABIC SIGN SANAH: Format in 9",
	0x0602: "ARABIC FOOTNOTE MARKER: Format in 9", 0x0603: "ARABIC SIGN SAFHA: Format in 9",
	0x0604: "ARABIC SIGN SAMVAT: Format in 9", 0x0605: "ARABIC NUMBER MARK ABOVE: Format in 9",
	0x06DD: "ARABIC END OF AYAH: Format in 9", 0x070F: "SYRIAC ABBREVIATION MARK: Format in 9",
	0x08E2: "ARABIC DISPUTED END OF AYAH: Format in 9", 0x110BD: "KAITHI NUMBER SIGN: Format in 9",
	0x1CF2: "VEDIC SIGN ARDHAVISARGA: Extend in 9", 0x1CF3: "VEDIC SIGN ROTATED ARDHAVISARGA: Extend in 9",
}

// TestEveryCodePointMatchesLucene analyses every assigned or classified code
// point in contexts that exercise each rule (between letters, digits, Thai,
// Katakana, Hebrew, ideographs, kana, after ZWJ, before a skin tone …) with
// Lucene and with Analyze. Only unicodeDivergences may differ.
func TestEveryCodePointMatchesLucene(t *testing.T) {
	skipUnderRace(t)
	t.Parallel() // CI runs these four on their own: one core each
	java, cp := lucene(t)
	if testing.Short() {
		t.Skip("exhaustive; skipped with -short")
	}
	const x = -1 // the code point under test
	templates := [][]rune{
		{'a', x, 'a'}, {'1', x, '1'}, {x, x}, {'x', ' ', x, ' ', 'y'}, {'ก', x, 'ก'}, {'🙂', x, 'a'},
		{x, '\u0301', 'a'}, {'_', x, '_'}, {'ア', x, 'ア'}, {'א', x, 'א'}, {'a', '\u200D', x}, {x, '🏻'},
		{'中', x, '中'}, {'あ', x, 'あ'}, {'🙂', x, '🙂'}, {'#', x, '\u20E3'}, {'🇺', x, '🇸'}, {'☝', x, '🏻'},
		{'a', x, '🙂'}, {'ก', '\u0E31', x}, {x, '\u200D', '🙂'}, {'a', '.', x, 'b'},
	}
	var cps []rune
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if (r < 0xD800 || r > 0xDFFF) && (classOf(r) != 0 ||
			unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc, unicode.Cf)) {
			cps = append(cps, r)
		}
	}
	var in bytes.Buffer
	for _, c := range cps {
		for _, tp := range templates {
			for i, r := range tp {
				if r == x {
					r = c
				}
				if i > 0 {
					in.WriteByte(' ')
				}
				fmt.Fprintf(&in, "%x", r)
			}
			in.WriteByte('\n')
		}
	}
	out := runJava(t, java, cp, in.Bytes(), "Classes", "probe")
	sc := bufio.NewScanner(bytes.NewReader(out))
	a := NewStandard(255)
	var got strings.Builder
	diverging := map[rune]bool{}
	for i := 0; sc.Scan(); i++ {
		c, tp := cps[i/len(templates)], templates[i%len(templates)]
		rs := slices.Clone(tp)
		for j := range rs {
			if rs[j] == x {
				rs[j] = c
			}
		}
		s := string(rs)
		got.Reset()
		a.Analyze(s, func(tk Token) {
			fmt.Fprintf(&got, "%d-%d,", utf8.RuneCountInString(s[:tk.Start]), utf8.RuneCountInString(s[:tk.End]))
		})
		if got.String() == sc.Text() {
			continue
		}
		if _, ok := unicodeDivergences[c]; ok {
			diverging[c] = true
			continue
		}
		t.Errorf("U+%04X in %+q: Lucene tokens %s, ours %s (code point offsets)", c, s, sc.Text(), got.String())
	}
	for c, why := range unicodeDivergences {
		if !diverging[c] {
			t.Errorf("U+%04X (%s) is listed in unicodeDivergences but matches Lucene: remove it", c, why)
		}
	}
	t.Logf("%d code points × %d contexts; %d known divergences", len(cps), len(templates), len(diverging))
}
