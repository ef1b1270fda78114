package benchscale

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func replicateBytes(t testing.TB, in []byte, copies int) ([]byte, *ReplicateStats) {
	t.Helper()
	var out bytes.Buffer
	stats, err := Replicate(&out, func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(in)), nil }, copies, nil)
	if err != nil {
		t.Fatal(err)
	}
	return out.Bytes(), stats
}

// record is one bulk record as the tests read it.
type record struct {
	index, id string
	src       map[string]any
}

func readRecords(t *testing.T, b []byte) []record {
	t.Helper()
	var out []record
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var head map[string]action
		if err := json.Unmarshal(sc.Bytes(), &head); err != nil {
			t.Fatalf("action line %s: %v", sc.Bytes(), err)
		}
		if !sc.Scan() {
			t.Fatal("an action without its source")
		}
		var src map[string]any
		if err := json.Unmarshal(sc.Bytes(), &src); err != nil {
			t.Fatalf("source line %s: %v", sc.Bytes(), err)
		}
		a := head["index"]
		out = append(out, record{index: a.Index, id: a.ID, src: src})
	}
	return out
}

func TestReplicateGolden(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("testdata", "tiny.ndjson"))
	if err != nil {
		t.Fatal(err)
	}
	got, stats := replicateBytes(t, in, 3)
	golden := filepath.Join("testdata", "tiny-x3.golden")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("3 copies of tiny.ndjson differ from %s (go test -run TestReplicateGolden -update rewrites it):\n%s", golden, got)
	}
	again, _ := replicateBytes(t, in, 3)
	if !bytes.Equal(got, again) {
		t.Error("two replications of the same file differ")
	}
	if !bytes.HasPrefix(got, in) {
		t.Error("copy 0 is not the input as it is")
	}
	wantStats := map[string]int64{"contract": 3, "clause": 3, "definition": 3, "company": 3, "category": 1, "jurisdiction": 1}
	if fmt.Sprint(stats.Records) != fmt.Sprint(wantStats) || stats.Bytes != int64(len(got)) {
		t.Errorf("stats %v, %d bytes; want %v, %d bytes", stats.Records, stats.Bytes, wantStats, len(got))
	}
}

// TestReplicateLinks checks that every copy's ids are new and that its
// references lead to records of the same copy: a contract's company and
// sections, a clause's or definition's contract; category and
// jurisdiction records are written once and shared.
func TestReplicateLinks(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("testdata", "tiny.ndjson"))
	if err != nil {
		t.Fatal(err)
	}
	out, _ := replicateBytes(t, in, 4)
	recs := readRecords(t, out)
	ids := map[string]bool{}
	groups := map[string]map[string]bool{} // index → group_id
	urls := map[string]bool{}
	for _, r := range recs {
		key := r.index + "/" + r.id
		if ids[key] {
			t.Errorf("id %s written twice", key)
		}
		ids[key] = true
		if g, ok := r.src["group_id"].(string); ok {
			if groups[r.index] == nil {
				groups[r.index] = map[string]bool{}
			}
			if groups[r.index][g] {
				t.Errorf("%s group_id %s written twice", r.index, g)
			}
			groups[r.index][g] = true
		}
		if r.index == "contract" {
			urls[r.src["url"].(string)] = true
		}
	}
	for _, r := range recs {
		switch r.index {
		case "contract":
			company := r.src["company"].(map[string]any)["value"].(string)
			if !groups["company"][company] {
				t.Errorf("contract %s: company %s has no company record", r.id, company)
			}
			if cat := r.src["category"].(map[string]any)["value"].(string); !groups["category"][cat] {
				t.Errorf("contract %s: category %s has no record", r.id, cat)
			}
			if !strings.HasSuffix(company, strings.TrimPrefix(r.id, "en/aa11")) {
				t.Errorf("contract %s references company %s of another copy", r.id, company)
			}
			for _, s := range r.src["sections"].([]any) {
				sec := s.(map[string]any)
				idx := sec["type"].(string)
				if g := sec["group_id"].(string); !ids[idx+"/"+g] {
					t.Errorf("contract %s: section %s has no %s record", r.id, g, idx)
				}
			}
		case "clause", "definition":
			u := r.src["url"].(string)
			contract, _, _ := strings.Cut(u, "#")
			if !urls[contract] {
				t.Errorf("%s %s: url %s leads to no contract", r.index, r.id, u)
			}
		}
	}
	if len(groups["category"]) != 1 || len(groups["jurisdiction"]) != 1 {
		t.Errorf("category and jurisdiction records: %v, want one each", groups)
	}
	if len(recs) != 4*4+2 {
		t.Errorf("%d records, want %d", len(recs), 4*4+2)
	}
}

func TestDropWords(t *testing.T) {
	words := make([]string, 20000)
	for i := range words {
		words[i] = fmt.Sprintf("w%d", i)
	}
	text := strings.Join(words, " ")
	if DropWords(text, 0) != text {
		t.Fatal("copy 0 changed")
	}
	kept := map[int]map[string]bool{}
	for _, k := range []int{1, 2, 31} {
		got := DropWords(text, k)
		if got != DropWords(text, k) {
			t.Fatalf("copy %d: two runs differ", k)
		}
		left := strings.Fields(got)
		// Each of 20,000 words goes with probability 1%: 200 expected,
		// with a standard deviation of 14; 140..260 is over 4 of them.
		if dropped := len(words) - len(left); dropped < 140 || dropped > 260 {
			t.Errorf("copy %d dropped %d of %d words, want about 1%%", k, dropped, len(words))
		}
		kept[k] = map[string]bool{}
		j := 0
		for _, w := range left {
			for j < len(words) && words[j] != w {
				j++
			}
			if j == len(words) {
				t.Fatalf("copy %d: %q is not in order or not a word of the text", k, w)
			}
			kept[k][w] = true
		}
	}
	same := 0
	for _, w := range words {
		if !kept[1][w] && !kept[2][w] {
			same++
		}
	}
	if same > 20 {
		t.Errorf("copies 1 and 2 both dropped %d words: the choice does not depend on the copy", same)
	}
	for _, tc := range []struct{ in string }{{""}, {"   "}, {"é, ü; «»"}, {"\xff\xfe bad utf-8"}} {
		for k := range 200 {
			if got := DropWords(tc.in, k); len(got) > len(tc.in) {
				t.Errorf("DropWords(%q, %d) = %q: longer than its input", tc.in, k, got)
			}
		}
	}
}

func TestReplicateRefusesDamage(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"action without source", `{"index":{"_index":"clause","_id":"a"}}` + "\n"},
		{"bad action", "{not json\n{}\n"},
		{"two actions", `{"index":{"_index":"clause","_id":"a"},"create":{"_index":"clause","_id":"b"}}` + "\n{}\n"},
		{"bad source", `{"index":{"_index":"clause","_id":"a"}}` + "\n[1,2\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Replicate(io.Discard, func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(tc.in)), nil }, 2, nil)
			if err == nil {
				t.Error("no error")
			}
		})
	}
}

// FuzzReplicate: any bulk file is replicated or refused, never a panic,
// and what is written for copy 0 is the input's records as they are.
func FuzzReplicate(f *testing.F) {
	in, err := os.ReadFile(filepath.Join("testdata", "tiny.ndjson"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(in)
	f.Add([]byte(`{"index":{"_index":"contract","_id":"x"}}` + "\n" + `{"url":"/contracts/x#a#b","company":{"value":1},"sections":[1,{"group_id":2}]}` + "\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		var out bytes.Buffer
		_, err := Replicate(&out, func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(in)), nil }, 2, nil)
		if err != nil {
			return
		}
		if out.Len() == 0 && len(bytes.TrimSpace(in)) > 0 && bytes.Count(in, []byte("\n")) > 1 {
			t.Errorf("nothing written for %q", in)
		}
	})
}
