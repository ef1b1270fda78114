package source

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// TestCUADInWindows1252 saves every CUAD contract as a Windows editor
// would (Windows-1252, characters it lacks as "?") and reads it back: each
// must come back as its UTF-8 original, read as "windows-1252 (assumed)",
// none taken for garbled. It skips, saying so, without the corpus; under
// the race detector, which makes it ten times slower and finds nothing in
// one goroutine, it reads every tenth contract.
func TestCUADInWindows1252(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "..", "shared", "corpora", "cuad", "contracts")
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		t.Skipf("CUAD corpus not found at %s", dir)
	}
	if raceDetector {
		for i := range (len(files) + 9) / 10 {
			files[i] = files[i*10]
		}
		files = files[:(len(files)+9)/10]
	}
	enc := charmap.Windows1252.NewEncoder()
	assumed := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Map(func(r rune) rune {
			if _, ok := charmap.Windows1252.EncodeRune(r); !ok {
				return '?'
			}
			return r
		}, strings.TrimPrefix(string(data), "\uFEFF"))
		cp, err := enc.String(want)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		docs, err := Read(filepath.Base(f), []byte(cp), Options{})
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
			continue
		}
		if docs[0].Text != want {
			t.Errorf("%s: text differs after the round trip", filepath.Base(f))
		}
		if docs[0].Encoding == EncAssumed {
			assumed++
		}
	}
	t.Logf("%d of %d contracts outside ASCII read as %s", assumed, len(files), EncAssumed)
}
