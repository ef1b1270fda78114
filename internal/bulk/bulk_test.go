package bulk

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// readAll returns the items as "line op index id source" and the bad lines.
func readAll(t testing.TB, input string, maxLine int) (items, bad []string, r *Reader) {
	t.Helper()
	r = NewReader(strings.NewReader(input), maxLine, func(line int, reason string) {
		bad = append(bad, fmt.Sprintf("%d: %s", line, reason))
	})
	for {
		it, err := r.Next()
		if errors.Is(err, io.EOF) {
			return items, bad, r
		}
		if err != nil {
			t.Fatal(err)
		}
		items = append(items, fmt.Sprintf("%d %s %s %s %s", it.Line, it.Op, it.Index, it.ID, it.Source))
	}
}

func TestReader(t *testing.T) {
	input := strings.Join([]string{
		`{"index":{"_index":"contract","_id":"en/1"}}`, // 1
		`{"name":"a"}`,                   // 2
		``,                               // 3 blank lines are skipped
		`{"create":{"_index":"clause"}}`, // 4: no _id
		`  {"name":"b"}  `,               // 5: trimmed
		`{"index":{"_index":"nosuch","_id":"x"}}`,       // 6: bad, its source (7) skipped
		`{"name":"skipped with its action"}`,            // 7
		`{"delete":{"_index":"contract","_id":"en/1"}}`, // 8: bad, no source
		`{"update":{"_index":"contract","_id":"en/1"}}`, // 9: bad, source (10) skipped
		`{"doc":{}}`, // 10
		`not json`,   // 11
		`{"index":{"_index":"contract","_id":"en/2"}}`, // 12
		`[1]`,                                    // 13: source not an object
		`{"index":{"_index":"company","_id":5}}`, // 14: _id not a string
		`{}`,                                     // 15
		`{"index":{"_index":"company"},"create":{}}`, // 16: two members
		`{"index":"x"}`, // 17: metadata not an object
		`{"index":{"_index":"category","_id":"en/c"}}`,     // 18
		`{"name":"` + strings.Repeat("x", 80) + `"}`,       // 19: too long
		`{"index":{"_index":"jurisdiction","_id":"en/j"}}`, // 20: no source at the end
	}, "\n")
	items, bad, r := readAll(t, input, 64)
	wantItems := []string{
		`1 index contract en/1 {"name":"a"}`,
		`4 create clause  {"name":"b"}`,
	}
	wantBad := []string{
		`6: "index" action: unknown index "nosuch" (want one of category, clause, company, contract, definition, jurisdiction)`,
		`8: action "delete" is not supported: a version's indexes start empty`,
		`9: action "update" is not supported: a version's indexes start empty; use "index"`,
		`11: not a JSON object: invalid character 'o' in literal null (expecting 'u') at byte 2`,
		`13: source of the action on line 12 is not a JSON object`,
		`14: "index" action: _id is not a string`,
		`16: an action line has exactly one member (index or create), found 2`,
		`17: "index" action: metadata is not a JSON object`,
		`19: line longer than 64 bytes`,
		`20: action has no source line`,
	}
	if fmt.Sprint(items) != fmt.Sprint(wantItems) {
		t.Errorf("items\n%v\nwant\n%v", strings.Join(items, "\n"), strings.Join(wantItems, "\n"))
	}
	if strings.Join(bad, "\n") != strings.Join(wantBad, "\n") {
		t.Errorf("bad\n%s\nwant\n%s", strings.Join(bad, "\n"), strings.Join(wantBad, "\n"))
	}
	if r.Lines != 20 || r.BadLines != len(wantBad) {
		t.Errorf("lines %d bad %d", r.Lines, r.BadLines)
	}
}

// FuzzReader: any input gives items whose sources are JSON objects and
// whose line numbers increase, never a panic.
func FuzzReader(f *testing.F) {
	f.Add("{\"index\":{\"_index\":\"contract\",\"_id\":\"a\"}}\n{\"x\":1}\n")
	f.Add("{\"create\":{\"_index\":\"clause\"}}\n[\n{}\n")
	f.Add("\n\n{")
	f.Fuzz(func(t *testing.T, input string) {
		r := NewReader(strings.NewReader(input), 256, nil)
		last := 0
		for {
			it, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if it.Line <= last || !isJSONObject(it.Source) || it.Index == "" {
				t.Fatalf("bad item %+v after line %d", it, last)
			}
			last = it.Line
		}
		if r.BadLines > r.Lines {
			t.Fatalf("%d bad of %d lines", r.BadLines, r.Lines)
		}
	})
}

// TestAllowDelete: with AllowDelete, delete actions come through without
// a source line; a bad one swallows no line.
func TestAllowDelete(t *testing.T) {
	input := strings.Join([]string{
		`{"index":{"_index":"contract","_id":"en/1"}}`, // 1
		`{"name":"a"}`, // 2
		`{"delete":{"_index":"contract","_id":"en/1"}}`, // 3
		`{"delete":{"_index":"contract"}}`,              // 4: no _id
		`{"delete":{"_index":"nosuch","_id":"x"}}`,      // 5
		`{"index":{"_index":"contract","_id":"en/2"}}`,  // 6
		`{"name":"b"}`, // 7
	}, "\n")
	r := NewReader(strings.NewReader(input), 1024, nil)
	r.AllowDelete = true
	var items []string
	var bad []string
	r.onBad = func(line int, reason string) { bad = append(bad, fmt.Sprintf("%d: %s", line, reason)) }
	for {
		it, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		items = append(items, fmt.Sprintf("%d %s %s %s %s", it.Line, it.Op, it.Index, it.ID, it.Source))
	}
	want := []string{`1 index contract en/1 {"name":"a"}`, `3 delete contract en/1 `, `6 index contract en/2 {"name":"b"}`}
	wantBad := []string{
		`4: action_request_validation_exception: Validation Failed: 1: id is missing;`,
		`5: "delete" action: unknown index "nosuch" (want one of category, clause, company, contract, definition, jurisdiction)`,
	}
	if fmt.Sprint(items) != fmt.Sprint(want) || fmt.Sprint(bad) != fmt.Sprint(wantBad) {
		t.Errorf("items %q\nbad %q", items, bad)
	}
}
