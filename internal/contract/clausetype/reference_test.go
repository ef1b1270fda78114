package clausetype

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract/sentence"
)

// refTextTypes is the plain form of textTypes: every rule's cues and
// every pattern's literals checked with strings.Contains on each sentence
// (refParts), then the pattern (its bounded form only, not the loose prefilter) and
// its exception. textTypes must give what it gives; it is the
// specification the fast matcher is tested against.
func refTextTypes(text string) []string {
	parts := refParts(text)
	var out []string
	for _, r := range rules {
		if refMatches(r, parts) {
			out = append(out, r.slug)
		}
	}
	return out
}

// refParts returns the sentences and clause parts of text, lower-cased
// with white space runs as single spaces: split at ";" and where
// sentence.EndsAt says a period ends a sentence, the periods left inside
// ("section 23", "us patent", "acme inc shall") taken out.
func refParts(text string) []string {
	t := strings.Join(strings.Fields(strings.ToLower(text)), " ")
	var parts []string
	from := 0
	for i := 0; i <= len(t); i++ {
		if i < len(t) && !(t[i] == ';' || t[i] == '.' && sentence.EndsAt(t, i)) {
			continue
		}
		if part := strings.ReplaceAll(t[from:i], ".", ""); part != "" {
			parts = append(parts, part)
		}
		from = i + 1
	}
	return parts
}

func refMatches(r rule, parts []string) bool {
	for _, part := range parts {
		if !refHasCues(part, r.cues) {
			continue
		}
		for _, p := range r.patterns {
			if refHasCues(part, p.needs) && p.re().MatchString(part) && (p.unless == nil || !p.unless().MatchString(part)) {
				return true
			}
		}
	}
	return false
}

func refHasCues(s string, groups [][]string) bool {
	for _, g := range groups {
		if !refContainsAny(s, g) {
			return false
		}
	}
	return true
}

func refContainsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// cuadTexts returns the CUAD contract texts when the corpus is next to the
// repository ($CUAD_CONTRACTS or ../shared/corpora/cuad/contracts), for
// the tests that compare with the reference on real wording.
func cuadTexts(tb testing.TB) []string {
	dir := os.Getenv("CUAD_CONTRACTS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "..", "shared", "corpora", "cuad", "contracts")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		tb.Skip("no CUAD contracts at", dir)
	}
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// The fast matcher types every paragraph of CUAD as the reference does.
func TestTextTypesMatchesReferenceOnCUAD(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	// Under the race detector (make test) every fourth paragraph, in a
	// fixed order; a plain go test compares them all.
	step := 1
	if raceDetector {
		step = 4
	}
	n, i := 0, 0
	for _, c := range cuadTexts(t) {
		for _, para := range strings.Split(c, "\n\n") {
			if i++; i%step != 0 {
				continue
			}
			n++
			if got, want := textTypes(para), refTextTypes(para); !slices.Equal(got, want) {
				t.Errorf("textTypes = %q, reference %q, on %.300q", got, want, para)
			}
		}
	}
	t.Logf("%d paragraphs", n)
}

// BenchmarkTextTypes types every paragraph of CUAD.
func BenchmarkTextTypes(b *testing.B) {
	var paras []string
	n := 0
	for _, c := range cuadTexts(b) {
		for _, p := range strings.Split(c, "\n\n") {
			paras = append(paras, p)
			n += len(p)
		}
	}
	b.SetBytes(int64(n))
	b.ResetTimer()
	for range b.N {
		for _, p := range paras {
			textTypes(p)
		}
	}
}
