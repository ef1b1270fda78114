package analysis

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// tok is an expected token: term and byte offsets (positions are the index).
type tok struct {
	term       string
	start, end int
}

func (t tok) String() string { return fmt.Sprintf("%q[%d,%d)", t.term, t.start, t.end) }

func tokensOf(a *Analyzer, text string) []tok {
	var got []tok
	want := 0
	a.Analyze(text, func(t Token) {
		if t.Position != want {
			panic(fmt.Sprintf("position %d, want %d", t.Position, want))
		}
		want++
		got = append(got, tok{string(t.Term), t.Start, t.End})
	})
	return got
}

// terms is a shorthand for expectations without offsets.
func terms(ts ...string) []string { return ts }

// TestAnalyzeTerms pins the terms of the cases that make StandardTokenizer
// differ from splitting on spaces and punctuation. Every expectation is
// Lucene's (the same inputs are in testdata/sentences.golden.jsonl).
func TestAnalyzeTerms(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"apostrophe straight", "Licensee's don't parties' 'Products'", terms("licensee's", "don't", "parties", "products")},
		{"apostrophe curly", "Licensee’s obligations", terms("licensee’s", "obligations")},
		{"section sign", "§ 5.2 and §§ 4.1–4.7 and §5.2(c)", terms("5.2", "and", "4.1", "4.7", "and", "5.2", "c")},
		{"numbering", "Section 3.2(a)(iv) and 12.1", terms("section", "3.2", "a", "iv", "and", "12.1")},
		{"money", "$1,000,000.00 and $5.2 million", terms("1,000,000.00", "and", "5.2", "million")},
		{"percent", "10% and 7.5%", terms("10", "and", "7.5")},
		{"dates", "12/31/2020 2020-01-01 03.15.2022", terms("12", "31", "2020", "2020", "01", "01", "03.15.2022")},
		{"abbreviations", "U.S. Inc. e.g. L.L.C.", terms("u.s", "inc", "e.g", "l.l.c")},
		{"hyphens", "non-compete third-party", terms("non", "compete", "third", "party")},
		{"email", "legal@example.com", terms("legal", "example.com")},
		{"url", "https://www.sec.gov/x", terms("https", "www.sec.gov", "x")},
		{"underscores", "customer_id __init__ ____ _a", terms("customer_id", "__init__", "_a")},
		{"all caps", "GOVERNING LAW", terms("governing", "law")},
		{"quotes", "“Affiliate” means \"Affiliate\"", terms("affiliate", "means", "affiliate")},
		// A MidLetter joins letters, a MidNum digits; "a1.b2" has neither around ".".
		{"letters and digits", "abc123 1a.2b a1.b2 1.a a.1 1.2 a.b 10-K", terms("abc123", "1a", "2b", "a1", "b2", "1", "a", "a", "1", "1.2", "a.b", "10", "k")},
		{"accents", "Société Générale café", terms("société", "générale", "café")},
		{"combining marks", "cafe\u0301", terms("cafe\u0301")},
		{"sharp s", "Straße GROSSE ẞ", terms("straße", "grosse", "ß")},
		// Java's simple case mapping: İ → i and I → i (no Turkish locale).
		{"turkish dotted I", "İstanbul IĞDIR ışık", terms("istanbul", "iğdir", "ışık")},
		{"greek sigma", "ΟΔΟΣ Οδός", terms("οδοσ", "οδός")},
		{"cyrillic", "Договор № 15", terms("договор", "15")},
		{"hebrew quotes", "צה\"ל ג'ירפה א'1", terms("צה\"ל", "ג'ירפה", "א'1")},
		{"thai run", "ภาษาไทย ภาษา", terms("ภาษาไทย", "ภาษา")},
		{"han one per ideograph", "中文2021年", terms("中", "文", "2021", "年")},
		{"hiragana one per char", "ひらがな", terms("ひ", "ら", "が", "な")},
		{"katakana run", "カタカナ・コンピューター", terms("カタカナ", "コンピューター")},
		{"katakana meets latin only via _", "カタカナabc カタ_abc", terms("カタカナ", "abc", "カタ_abc")},
		{"hangul", "한국어 LG전자", terms("한국어", "lg전자")},
		{"fullwidth", "ＡＢＣ１２３ ｶﾀｶﾅ", terms("ａｂｃ１２３", "ｶﾀｶﾅ")},
		{"symbols that are emoji", "Microsoft® © ™ ☐ ☒", terms("microsoft", "®", "©", "™", "☐", "☒")},
		{"emoji", "🙂 👍🏽 🇺🇸 👨‍👩‍👧", terms("🙂", "👍🏽", "🇺🇸", "👨‍👩‍👧")},
		{"lone regional indicator", "🇯 x", terms("x")},
		{"keycaps", "1️⃣ #️⃣ #1", terms("1️⃣", "#️⃣", "1")},
		{"text presentation selector", "☺︎ ☺️", terms("☺", "☺️")},
		{"skin tone alone", "x🏽 🙂🏽", terms("x", "🏽", "🙂", "🏽")},
		{"emoji letters", "Ⓜa ℹx 🅰", terms("ⓜa", "ℹx", "🅰")},
		{"non-BMP letters", "𝐀𝐁𝐂 𐌰𐌱", terms("𝐀𝐁𝐂", "𐌰𐌱")},
		{"soft hyphen", "indem\u00ADnification", terms("indem\u00ADnification")},
		{"zero width space", "zero\u200Bwidth", terms("zero", "width")},
		{"fractions and superscripts", "½ x² Ⅻ", terms("x", "ⅻ")},
		{"nothing", " \t\n§ $ % — … ", nil},
	}
	a := NewStandard(255)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := a.Terms(tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("Terms(%q)\n got %q\nwant %q", tt.text, got, tt.want)
			}
		})
	}
}

// TestAnalyzeOffsets pins byte offsets where bytes, runes and UTF-16 units
// differ, where ZWJ sequences split, and where long tokens are cut.
func TestAnalyzeOffsets(t *testing.T) {
	a300 := strings.Repeat("a", 300)
	tests := []struct {
		name, text string
		want       []tok
	}{
		{"ascii", "Hello, World!", []tok{{"hello", 0, 5}, {"world", 7, 12}}},
		{"tabs and newlines", "a\tb\r\nc", []tok{{"a", 0, 1}, {"b", 2, 3}, {"c", 5, 6}}},
		{"two-byte letters", "é É", []tok{{"é", 0, 2}, {"é", 3, 5}}},
		{"İ shrinks", "İX", []tok{{"ix", 0, 3}}},
		{"emoji after word", "great👍", []tok{{"great", 0, 5}, {"👍", 5, 9}}},
		{"zwj ends word", "a\u200D🙂", []tok{{"a\u200D", 0, 4}, {"🙂", 4, 8}}},
		{"zwj starts emoji", "$\u200D\u200D🙂", []tok{{"\u200D\u200D🙂", 1, 11}}},
		{"300 letters split 255+45", a300, []tok{{a300[:255], 0, 255}, {a300[:45], 255, 300}}},
		{"exactly 255", a300[:255], []tok{{a300[:255], 0, 255}}},
		// 254 units, then 𝐀 (2 units) does not fit: the first token stops
		// before it, as Lucene's scanner holds back the high surrogate.
		{"surrogate pair at the limit", a300[:254] + "𝐀bb", []tok{{a300[:254], 0, 254}, {"𝐀bb", 254, 260}}},
		{"surrogate pair fits", a300[:253] + "𝐀bb", []tok{{a300[:253] + "𝐀", 0, 257}, {"bb", 257, 259}}},
		// The window ends at a MidLetter: the match ends before it.
		{"limit at a full stop", a300[:254] + ".bc", []tok{{a300[:254], 0, 254}, {"bc", 255, 257}}},
		// Lucene drops leading "_" one by one until the word fits.
		{"long underscore run", strings.Repeat("_", 300) + "ab", []tok{{strings.Repeat("_", 254) + "a", 46, 301}, {"b", 301, 302}}},
	}
	a := NewStandard(255)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tokensOf(a, tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("Analyze(%.40q…)\n got %v\nwant %v", tt.text, got, tt.want)
			}
		})
	}
}

// TestMaxTokenLength checks the splitting with a small maximum, counted in
// UTF-16 units (a non-BMP letter counts two).
func TestMaxTokenLength(t *testing.T) {
	a := NewStandard(4)
	got := tokensOf(a, "abcdefghij 𝐀𝐁𝐂 12.34.56")
	want := []tok{{"abcd", 0, 4}, {"efgh", 4, 8}, {"ij", 8, 10}, {"𝐀𝐁", 11, 19}, {"𝐂", 19, 23}, {"12.3", 24, 28}, {"4.56", 28, 32}}
	if !slices.Equal(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
	if a.MaxTokenLength() != 4 {
		t.Errorf("MaxTokenLength = %d", a.MaxTokenLength())
	}
	for _, bad := range []int{0, -1, MaxTokenLengthLimit + 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewStandard(%d) did not panic", bad)
				}
			}()
			NewStandard(bad)
		}()
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"agree", "agree"},
		{"AGREE*", "agree*"},
		{"Licensee’s", "licensee’s"},
		{"İSTANBUL", "istanbul"},
		{"ΟΔΟΣ", "οδοσ"},
		{"Non-Compete Agreement", "non-compete agreement"}, // not tokenised
		{"𝐀BC", "𝐀bc"},
		{"a\xffB", "a\xffb"}, // invalid bytes pass through
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if s := "already lower"; Normalize(s) != s || testing.AllocsPerRun(10, func() { Normalize(s) }) != 0 {
		t.Error("Normalize allocates for lower-case input")
	}
}

// TestInvalidUTF8 checks that bytes Java would decode to U+FFFD (a symbol)
// separate words and never end up inside a term.
func TestInvalidUTF8(t *testing.T) {
	got := NewStandard(255).Terms("ab\xffcd \xe2\x82 e\xc3")
	if want := terms("ab", "cd", "e"); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestConcurrentAnalyze runs one Analyzer on many goroutines (run with -race).
func TestConcurrentAnalyze(t *testing.T) {
	a := NewStandard(255)
	want := a.Terms(contractText)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				if got := a.Terms(contractText); !slices.Equal(got, want) {
					t.Error("concurrent Analyze differs")
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestAnalyzeAllocations checks that analysis allocates nothing per call in
// steady state (the term buffer comes from a pool).
func TestAnalyzeAllocations(t *testing.T) {
	if raceDetector {
		// Under the race detector sync.Pool drops a quarter of what is
		// put back, on purpose, so the pooled buffer is allocated again
		// at random: counting allocations would measure that.
		t.Skip("allocations are counted without the race detector")
	}
	a := NewStandard(255)
	fn := func(Token) {}
	a.Analyze(contractText, fn)
	if n := testing.AllocsPerRun(20, func() { a.Analyze(contractText, fn) }); n > 0 {
		t.Errorf("Analyze allocates %.1f times per call", n)
	}
}

// FuzzAnalyze checks invariants on arbitrary input: no panic; positions
// 0, 1, 2 …; offsets in bounds, on code point boundaries, increasing and
// non-overlapping; every term is exactly the lower-casing of its source
// text (split tokens included: a split never cuts inside a code point); no
// token longer than the maximum; every token holds a character a Lucene
// token must hold; Terms agrees with Analyze.
func FuzzAnalyze(f *testing.F) {
	for _, s := range []string{
		"", "Hello, World!", "Licensee’s § 5.2", "a\u200D🙂", "👨‍👩‍👧 🇺🇸🇬", "ภาษาไทย", "中文ひらがなカタカナ",
		"צה\"ל א'1", strings.Repeat("_", 20) + "ab", strings.Repeat("x", 300), "\xff\xfe", "1️⃣#️⃣", "x🏽",
	} {
		f.Add(s)
	}
	analyzers := []*Analyzer{NewStandard(255), NewStandard(7), NewStandard(2)}
	f.Fuzz(func(t *testing.T, text string) {
		// Code point boundaries as Go decodes: an invalid byte is one unit.
		boundary := make([]bool, len(text)+1)
		for i := 0; i < len(text); {
			boundary[i] = true
			_, n := utf8.DecodeRuneInString(text[i:])
			i += n
		}
		boundary[len(text)] = true
		for _, a := range analyzers {
			prevEnd, n := 0, 0
			var terms []string
			a.Analyze(text, func(tk Token) {
				if tk.Position != n {
					t.Fatalf("position %d, want %d", tk.Position, n)
				}
				n++
				if tk.Start < prevEnd || tk.Start >= tk.End || tk.End > len(text) {
					t.Fatalf("offsets [%d,%d) after %d in %d bytes", tk.Start, tk.End, prevEnd, len(text))
				}
				prevEnd = tk.End
				src := text[tk.Start:tk.End]
				if !boundary[tk.Start] || !boundary[tk.End] {
					t.Fatalf("token [%d,%d) cuts a code point", tk.Start, tk.End)
				}
				if want := string(appendLower(nil, src)); string(tk.Term) != want {
					t.Fatalf("term %q is not the lower-casing %q of %q", tk.Term, want, src)
				}
				if u := utf16Len(src); u > a.MaxTokenLength() {
					t.Fatalf("token %q is %d UTF-16 units, max %d", src, u, a.MaxTokenLength())
				}
				starter := false
				for i := 0; i < len(src); {
					_, w, fl := classAt(src, i)
					starter = starter || fl&fStarter != 0
					i += w
				}
				if !starter {
					t.Fatalf("token %q has no letter, digit, ideograph or emoji", src)
				}
				terms = append(terms, string(tk.Term))
			})
			if got := a.Terms(text); !slices.Equal(got, terms) {
				t.Fatalf("Terms %q, Analyze %q", got, terms)
			}
		}
	})
}
