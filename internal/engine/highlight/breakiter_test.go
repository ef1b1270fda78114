package highlight

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

// dumpBreaks prints what testdata/reference/BreakDump.java prints for one
// text (without the F line): the same calls, on this package's iterators.
func dumpBreaks(text string) string {
	u := utf16.Encode([]rune(text))
	var b strings.Builder
	forward := func(tag string, d *ruleData) {
		it := newRuleIter(d)
		it.setText(u)
		b.WriteString(tag)
		for x := 0; x != breakDone; x = it.next() {
			fmt.Fprintf(&b, " %d", x)
		}
		b.WriteByte('\n')
	}
	forward("S", sentenceData)
	forward("W", wordData)
	s, w := newRuleIter(sentenceData), newRuleIter(wordData)
	s.setText(u)
	w.setText(u)
	b.WriteString("R")
	const step = 211
	for o := 1; o <= len(u); o += step {
		fmt.Fprintf(&b, " %d %d %d %d", s.preceding(o), s.following(o-1), w.preceding(o), w.following(o))
	}
	if len(u) > 0 {
		const back = 1009
		for o := 1 + ((len(u)-1)/back)*back; o >= 1; o -= back {
			fmt.Fprintf(&b, " %d %d", s.following(o), w.preceding(o))
		}
	}
	b.WriteByte('\n')
	return b.String()
}

// TestBreaksGolden compares the iterators with Java's answers, recorded in
// testdata/breaks.golden for the texts of testdata/breaks.txt (one text per
// paragraph, separated by lines of "----"). Regenerate with -update (needs
// Java 21 or later on PATH or in $HIGHLIGHT_JAVA).
func TestBreaksGolden(t *testing.T) {
	texts := readBreakTexts(t)
	golden := filepath.Join("testdata", "breaks.golden")
	if *update {
		dir := t.TempDir()
		var files []string
		for i, text := range texts {
			f := filepath.Join(dir, fmt.Sprintf("text%03d.txt", i))
			if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		out := runBreakDump(t, files)
		if err := os.WriteFile(golden, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	compareBreakDump(t, want, func(name string) string {
		i, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, "text"), ".txt"))
		if err != nil || i >= len(texts) {
			t.Fatalf("golden names unknown text %q", name)
		}
		return texts[i]
	})
}

func readBreakTexts(t *testing.T) []string {
	data, err := os.ReadFile(filepath.Join("testdata", "breaks.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n----\n")
}

// TestBreaksMatchJavaOnCUAD runs BreakDump.java over every CUAD contract
// and compares. It skips when the corpus or Java is missing.
func TestBreaksMatchJavaOnCUAD(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode: runs Java over every CUAD contract; make test runs it")
	}
	files, _ := filepath.Glob(filepath.Join(cuadDir, "contracts", "*.txt"))
	if len(files) == 0 {
		t.Skipf("CUAD corpus not found at %s", cuadDir)
	}
	out := runBreakDump(t, files)
	texts := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts[filepath.Base(f)] = string(data)
	}
	n := compareBreakDump(t, out, func(name string) string { return texts[name] })
	if n != len(files) {
		t.Errorf("compared %d files of %d", n, len(files))
	}
}

// compareBreakDump checks every file of a BreakDump output and returns how
// many it compared.
func compareBreakDump(t *testing.T, out []byte, text func(name string) string) int {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<30)
	n, bad := 0, 0
	for sc.Scan() {
		line := sc.Text()
		name, ok := strings.CutPrefix(line, "F ")
		if !ok {
			t.Fatalf("unexpected line %.80q", line)
		}
		var want strings.Builder
		for range 3 {
			if !sc.Scan() {
				t.Fatal("truncated output")
			}
			want.WriteString(sc.Text())
			want.WriteByte('\n')
		}
		n++
		got := dumpBreaks(text(name))
		if got != want.String() {
			bad++
			if bad <= 5 {
				t.Errorf("%s: breaks differ:\n%s", name, firstDiff(got, want.String()))
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return n
}

func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] == w[i] {
			continue
		}
		gf, wf := strings.Fields(g[i]), strings.Fields(w[i])
		for j := range min(len(gf), len(wf)) {
			if gf[j] != wf[j] {
				lo := max(0, j-3)
				return fmt.Sprintf("line %d field %d: got %v, want %v", i, j, gf[lo:min(len(gf), j+4)], wf[lo:min(len(wf), j+4)])
			}
		}
		return fmt.Sprintf("line %d: got %d fields, want %d", i, len(gf), len(wf))
	}
	return "different line counts"
}

// runBreakDump runs BreakDump.java on files, skipping the test when Java is
// not available.
func runBreakDump(t *testing.T, files []string) []byte {
	t.Helper()
	java := javaCommand(t)
	args := append([]string{filepath.Join("testdata", "reference", "BreakDump.java")}, files...)
	cmd := exec.Command(java, args...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s BreakDump.java: %v", java, err)
	}
	return out
}
