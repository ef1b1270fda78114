package analysis

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// knownDivergences lists the golden inputs on which we knowingly differ from
// Lucene, keyed by the start of the input, with the reason. Each entry is
// explained in the package documentation under "Known divergences"; the
// test fails if an entry no longer diverges, so the list stays true.
var knownDivergences = map[string]string{
	// Three of the 15 code points whose Word_Break property changed between
	// Unicode 9 (Lucene's grammar, in Lucene 10 too) and Unicode 17 (the
	// uax29 segmenter); all 15 are in unicodeDivergences. Lucene: "1",
	// "1", "1︐1", "ก؀ก"; we: "1˗1", "1", "1", "ก", "ก".
	"Word-break changes since Unicode 9:": "U+02D7, U+FE10, U+0600 changed Word_Break after Unicode 9",
}

// gotToken is a token with its term copied out of the callback.
type gotToken struct {
	Term       string
	Position   int
	Start, End int
}

func analyzeAll(a *Analyzer, text string) []gotToken {
	var got []gotToken
	a.Analyze(text, func(t Token) {
		got = append(got, gotToken{string(t.Term), t.Position, t.Start, t.End})
	})
	return got
}

// utf16ToByte maps every UTF-16 offset of s that falls on a code point
// boundary to the byte offset of the same place (and -1 elsewhere).
func utf16ToByte(s string) []int {
	m := make([]int, 0, len(s)+1)
	for i, r := range s {
		m = append(m, i)
		if r > 0xFFFF {
			m = append(m, -1)
		}
	}
	return append(m, len(s))
}

// diffLucene compares our tokens of text with Lucene's and describes the
// first difference, or returns "".
func diffLucene(text string, want []luceneToken, got []gotToken) string {
	off := utf16ToByte(text)
	conv := func(u int) int {
		if u < 0 || u >= len(off) {
			return -2
		}
		return off[u]
	}
	for i := 0; i < max(len(want), len(got)); i++ {
		switch {
		case i >= len(want):
			return fmt.Sprintf("token %d: extra %+v", i, got[i])
		case i >= len(got):
			return fmt.Sprintf("token %d: missing %q [%d,%d) utf16 (%s)", i, want[i].Term, want[i].StartOffset, want[i].EndOffset, want[i].Type)
		}
		w := gotToken{want[i].Term, want[i].Position, conv(want[i].StartOffset), conv(want[i].EndOffset)}
		if w != got[i] {
			return fmt.Sprintf("token %d: Lucene %q pos %d bytes [%d,%d) (%s), ours %q pos %d bytes [%d,%d)",
				i, w.Term, w.Position, w.Start, w.End, want[i].Type, got[i].Term, got[i].Position, got[i].Start, got[i].End)
		}
	}
	return ""
}

// readSentences returns the inputs of testdata/sentences.txt, unescaped.
func readSentences(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "sentences.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var inputs []string
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if line == "" || line == "#" || strings.HasPrefix(line, "# ") {
			continue
		}
		s, err := unescape(line)
		if err != nil {
			t.Fatalf("sentences.txt:%d: %v", i+1, err)
		}
		inputs = append(inputs, s)
	}
	return inputs
}

// unescape decodes \n \r \t \\ \uXXXX \UXXXXXXXX; other backslashes stay.
func unescape(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case '\\':
			b.WriteByte('\\')
		case 'u', 'U':
			n := 4
			if c == 'U' {
				n = 8
			}
			if i+n >= len(s) {
				return "", fmt.Errorf("short \\%c escape", c)
			}
			v, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32)
			if err != nil || !utf8.ValidRune(rune(v)) {
				return "", fmt.Errorf("bad \\%c escape %q", c, s[i+1:i+1+n])
			}
			b.WriteRune(rune(v))
			i += n
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

const goldenPath = "testdata/sentences.golden.jsonl"

// TestMatchesLuceneGolden compares Analyze with Lucene's output for every
// input of testdata/sentences.txt, as recorded in the golden file (regenerate
// with -update where Lucene runs).
func TestMatchesLuceneGolden(t *testing.T) {
	inputs := readSentences(t)
	if len(inputs) < 150 {
		t.Fatalf("sentences.txt has %d inputs, want at least 150", len(inputs))
	}
	if *update {
		_, out := luceneAnalyzeRaw(t, inputs, 255)
		if err := os.WriteFile(goldenPath, out, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s, Tokens.java's output as printed", goldenPath)
	}
	data, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	var golden []luceneLine
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var l luceneLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("%s:%d: %v", goldenPath, len(golden)+1, err)
		}
		golden = append(golden, l)
	}
	if len(golden) != len(inputs) {
		t.Fatalf("%s has %d lines for %d inputs: regenerate with -update", goldenPath, len(golden), len(inputs))
	}
	a := NewStandard(255)
	used := map[string]bool{}
	for i, in := range inputs {
		if golden[i].Text != in {
			t.Fatalf("%s:%d is for %.40q, sentences.txt has %.40q: regenerate with -update", goldenPath, i+1, golden[i].Text, in)
		}
		d := diffLucene(in, golden[i].Tokens, analyzeAll(a, in))
		key, reason := divergence(in)
		switch {
		case d != "" && reason == "":
			t.Errorf("%s:%d %.60q\n\t%s", goldenPath, i+1, in, d)
		case d != "":
			used[key] = true
			t.Logf("known divergence %s:%d (%s): %s", goldenPath, i+1, reason, d)
		case reason != "":
			t.Errorf("%s:%d %.60q is listed in knownDivergences but matches Lucene: remove the entry", goldenPath, i+1, in)
		}
	}
	for k := range knownDivergences {
		if !used[k] {
			t.Errorf("knownDivergences entry %q matches no diverging input", k)
		}
	}
}

func divergence(input string) (key, reason string) {
	for k, r := range knownDivergences {
		if strings.HasPrefix(input, k) {
			return k, r
		}
	}
	return "", ""
}

// cuadDir finds the CUAD contracts: $CUAD_CONTRACTS, or
// shared/corpora/cuad/contracts next to the repository root (found by
// walking up from this package to go.mod).
func cuadDir() (string, string) {
	if d := os.Getenv("CUAD_CONTRACTS"); d != "" {
		return d, "$CUAD_CONTRACTS"
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err.Error()
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "no go.mod above " + dir
		}
		dir = parent
	}
	return filepath.Join(filepath.Dir(dir), "shared", "corpora", "cuad", "contracts"), "the repository's ../shared/corpora/cuad/contracts"
}

// TestMatchesLuceneOnCUAD analyses every line of real contracts with Lucene
// and with Analyze and requires the same tokens, positions and offsets.
func TestMatchesLuceneOnCUAD(t *testing.T) {
	skipUnderRace(t)
	t.Parallel() // CI runs these four on their own: one core each
	dir, where := cuadDir()
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		t.Skipf("CUAD contracts not found: no *.txt in %s (%s; set CUAD_CONTRACTS to override)", dir, where)
	}
	lucene(t) // skips when Lucene cannot run
	n := len(files)
	if testing.Short() {
		n = min(n, 100)
	}
	var texts []string
	for _, f := range files[:n] {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// Java decodes invalid UTF-8 to U+FFFD; give both sides that text.
		for _, line := range strings.Split(strings.ToValidUTF8(string(data), "\uFFFD"), "\n") {
			if strings.TrimSpace(line) != "" {
				texts = append(texts, line)
			}
		}
	}
	want := luceneAnalyze(t, texts)
	a := NewStandard(255)
	var bad, tokens int
	for i, text := range texts {
		tokens += len(want[i].Tokens)
		if d := diffLucene(text, want[i].Tokens, analyzeAll(a, text)); d != "" {
			bad++
			if bad <= 20 {
				t.Errorf("line %.80q\n\t%s", text, d)
			}
		}
	}
	t.Logf("CUAD: %d contracts, %d lines, %d Lucene tokens; %d lines differ (%.4f%%) [%s/%s]",
		n, len(texts), tokens, bad, 100*float64(bad)/float64(len(texts)), runtime.GOOS, runtime.GOARCH)
}
