package highlight

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

var update = flag.Bool("update", false, "regenerate golden files from the Java reference")

// cuadDir is the shared CUAD corpus (not in the repository).
var cuadDir = filepath.Join("..", "..", "..", "..", "shared", "corpora", "cuad")

// javaCommand returns a Java 21+ launcher ($HIGHLIGHT_JAVA, else java on
// PATH), or skips the test: the break tables come from a recent JDK, and
// the reference harness needs source-file launch.
func javaCommand(t *testing.T) string {
	t.Helper()
	java := os.Getenv("HIGHLIGHT_JAVA")
	if java == "" {
		var err error
		if java, err = exec.LookPath("java"); err != nil {
			t.Skip("java not found (set HIGHLIGHT_JAVA to a Java 21+ launcher)")
		}
	}
	out, err := exec.Command(java, "-version").CombinedOutput()
	if err != nil {
		t.Skipf("%s -version: %v", java, err)
	}
	m := regexp.MustCompile(`version "(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Skipf("cannot read the version of %s", java)
	}
	if v, _ := strconv.Atoi(string(m[1])); v < 21 {
		t.Skipf("%s is Java %d; the reference needs Java 21 or later (set HIGHLIGHT_JAVA)", java, v)
	}
	return java
}
