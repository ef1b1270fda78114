package analysis

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode"
)

// -update regenerates classes_lucene.go and testdata/sentences.golden.jsonl
// from Lucene (needs the Lucene jar, javac and java).
var update = flag.Bool("update", false, "regenerate classes_lucene.go and the golden file from Lucene")

// luceneCoreJar is Debian's liblucene8-java core jar: StandardAnalyzer,
// StandardTokenizer and LowerCaseFilter live in lucene-core in 8.x.
const luceneCoreJar = "/usr/share/java/lucene-core-8.7.0.jar"

// javaTools is the compiled Java helpers of testdata/lucene, built once per
// test binary.
var javaTools struct {
	once    sync.Once
	dir     string // compiled classes
	java    string
	missing string // why Lucene cannot run here, if it cannot
}

// lucene returns the java binary and class path for the helpers in
// testdata/lucene, or skips the test saying exactly what is missing.
func lucene(t testing.TB) (java, classpath string) {
	t.Helper()
	javaTools.once.Do(func() {
		var missing []string
		if _, err := os.Stat(luceneCoreJar); err != nil {
			missing = append(missing, "the Lucene core jar "+luceneCoreJar+" (Debian package liblucene8-java)")
		}
		javac, err := exec.LookPath("javac")
		if err != nil {
			missing = append(missing, "javac on PATH (a JDK, e.g. openjdk-17-jdk-headless)")
		}
		java, err := exec.LookPath("java")
		if err != nil {
			missing = append(missing, "java on PATH")
		}
		if len(missing) > 0 {
			javaTools.missing = strings.Join(missing, "; ")
			return
		}
		dir, err := os.MkdirTemp("", "analysis-lucene-")
		if err != nil {
			javaTools.missing = err.Error()
			return
		}
		srcs, _ := filepath.Glob(filepath.Join("testdata", "lucene", "*.java"))
		args := append([]string{"-encoding", "UTF-8", "-cp", luceneCoreJar, "-d", dir}, srcs...)
		if out, err := exec.Command(javac, args...).CombinedOutput(); err != nil {
			javaTools.missing = fmt.Sprintf("a working javac: compiling testdata/lucene failed: %v\n%s", err, out)
			return
		}
		javaTools.dir, javaTools.java = dir, java
	})
	if javaTools.missing != "" {
		t.Skipf("Lucene cannot run here; missing: %s", javaTools.missing)
	}
	return javaTools.java, luceneCoreJar + string(os.PathListSeparator) + javaTools.dir
}

// TestMain removes the compiled Java helpers.
func TestMain(m *testing.M) {
	code := m.Run()
	if javaTools.dir != "" {
		os.RemoveAll(javaTools.dir)
	}
	os.Exit(code)
}

// runJava runs one of the helpers with stdin and returns its stdout.
func runJava(t testing.TB, java, classpath string, stdin []byte, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(java, append([]string{"-cp", classpath}, args...)...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("java %v: %v\n%s", args, err, stderr.Bytes())
	}
	return out
}

// luceneToken is one token as testdata/lucene/Tokens.java prints it; offsets
// are UTF-16 code units.
type luceneToken struct {
	Term        string `json:"term"`
	Type        string `json:"type"`
	Position    int    `json:"position"`
	StartOffset int    `json:"startOffset"`
	EndOffset   int    `json:"endOffset"`
}

// luceneLine is Tokens.java's output for one input.
type luceneLine struct {
	Text   string        `json:"text"`
	Tokens []luceneToken `json:"tokens"`
}

// luceneAnalyze analyses each text with Lucene's StandardAnalyzer.
func luceneAnalyze(t testing.TB, texts []string) []luceneLine {
	return luceneAnalyzeMax(t, texts, 255)
}

// luceneAnalyzeMax is luceneAnalyze with another maximum token length.
func luceneAnalyzeMax(t testing.TB, texts []string, maxTokenLength int) []luceneLine {
	lines, _ := luceneAnalyzeRaw(t, texts, maxTokenLength)
	return lines
}

// luceneAnalyzeRaw also returns Tokens.java's output as printed.
func luceneAnalyzeRaw(t testing.TB, texts []string, maxTokenLength int) ([]luceneLine, []byte) {
	t.Helper()
	java, cp := lucene(t)
	var in bytes.Buffer
	for _, s := range texts {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		in.Write(b)
		in.WriteByte('\n')
	}
	out := runJava(t, java, cp, in.Bytes(), "Tokens", fmt.Sprint(maxTokenLength))
	var lines []luceneLine
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var l luceneLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("Tokens.java output: %v: %.200s", err, sc.Text())
		}
		lines = append(lines, l)
	}
	if len(lines) != len(texts) {
		t.Fatalf("Tokens.java answered %d lines for %d inputs", len(lines), len(texts))
	}
	return lines, out
}

// TestClassTableMatchesLucene checks classes_lucene.go against the classes
// Lucene's tokenizer shows today, and rewrites it with -update.
func TestClassTableMatchesLucene(t *testing.T) {
	java, cp := lucene(t)
	out := runJava(t, java, cp, nil, "Classes", "classes")
	var got []classRange
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var r classRange
		if _, err := fmt.Sscanf(sc.Text(), "%x %x %x", &r.lo, &r.hi, &r.flags); err != nil {
			t.Fatalf("Classes.java output %q: %v", sc.Text(), err)
		}
		got = append(got, r)
	}
	if len(got) < 500 {
		t.Fatalf("Classes.java printed only %d ranges", len(got))
	}
	if *update {
		var b strings.Builder
		b.WriteString("// Code generated by `go test -run TestClassTableMatchesLucene -update`; DO NOT EDIT.\n")
		b.WriteString("// Source: Lucene's StandardTokenizer (lucene-core 8.7, the grammar of Lucene 10 too),\n")
		b.WriteString("// probed code point by code point by testdata/lucene/Classes.java.\n\n")
		b.WriteString("package analysis\n\n")
		b.WriteString("// luceneClassRanges lists, in code point order, the runs of code points that share\n")
		b.WriteString("// one non-zero set of class flags (see classes.go); unlisted code points have none.\n")
		b.WriteString("var luceneClassRanges = []classRange{\n")
		for _, r := range got {
			fmt.Fprintf(&b, "\t{0x%04X, 0x%04X, 0x%04X},\n", r.lo, r.hi, r.flags)
		}
		b.WriteString("}\n")
		if err := os.WriteFile("classes_lucene.go", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote classes_lucene.go (%d ranges); rebuild to use it", len(got))
		return
	}
	if len(got) != len(luceneClassRanges) {
		t.Fatalf("Lucene shows %d class ranges, classes_lucene.go has %d: regenerate with -update", len(got), len(luceneClassRanges))
	}
	for i := range got {
		if got[i] != luceneClassRanges[i] {
			t.Fatalf("range %d: Lucene %+v, classes_lucene.go %+v: regenerate with -update", i, got[i], luceneClassRanges[i])
		}
	}
}

// TestLowerCaseMatchesJava compares lowerRune with the JVM's
// Character.toLowerCase(int), which Lucene's LowerCaseFilter applies, on
// every code point. They may differ only where one side's Unicode version
// does not assign the code point at all (Go 1.26: Unicode 15.0; Java 17:
// 13.0; Java 21: 15.0; Java 24+: 16.0).
func TestLowerCaseMatchesJava(t *testing.T) {
	java, cp := lucene(t)
	javas := []string{java}
	// A newer JDK, when installed, shows what OpenSearch's bundled JDK does.
	if more, _ := filepath.Glob("/usr/lib/jvm/*-2[1-9]-*/bin/java"); len(more) > 0 {
		javas = append(javas, more...)
	}
	for _, j := range javas {
		out := runJava(t, j, cp, nil, "Classes", "lower")
		javaLower := map[rune]rune{}
		var defined []classRange
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			var lo, hi rune
			if _, err := fmt.Sscanf(sc.Text(), "defined %x %x", &lo, &hi); err == nil {
				defined = append(defined, classRange{lo: lo, hi: hi})
			} else if _, err := fmt.Sscanf(sc.Text(), "%x %x", &lo, &hi); err == nil {
				javaLower[lo] = hi
			} else {
				t.Fatalf("%s: Classes lower: %q", j, sc.Text())
			}
		}
		javaDefined := func(r rune) bool {
			for _, d := range defined {
				if d.lo <= r && r <= d.hi {
					return true
				}
			}
			return false
		}
		goAssigned := func(r rune) bool {
			return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z,
				unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs)
		}
		unassigned := 0
		for r := rune(0); r <= unicode.MaxRune; r++ {
			want, ok := javaLower[r]
			if !ok {
				want = r
			}
			if got := lowerRune(r); got != want {
				if !javaDefined(r) || !goAssigned(r) {
					unassigned++
					continue
				}
				t.Errorf("%s: U+%04X lower-cases to U+%04X in Java, U+%04X in Go", j, r, want, got)
			}
		}
		t.Logf("%s: lower-casing identical on every code point both assign; %d differ where one side's Unicode does not assign the code point", j, unassigned)
	}
}
