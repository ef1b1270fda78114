package relevance

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Query is one search of the query set: a text a lawyer would type to find
// contracts with one CUAD clause category.
type Query struct {
	ID       string `json:"id"`
	Category string `json:"category"` // a CUAD category: the judgments
	// Split is "tune" (rankings may be tuned on it) or "heldout" (never
	// looked at while tuning; the targets are measured on it).
	Split string `json:"split"`
	// Style is "plain" (words) or "operators" (the spec's q operators).
	Style string `json:"style"`
	Q     string `json:"q"`
}

// The split names.
const (
	Tune    = "tune"
	HeldOut = "heldout"
)

//go:embed testdata/cuad-queries.jsonl
var cuadQueries []byte

// CUADQueries is the committed query set: four queries for each of 36
// CUAD clause categories, a plain and an operator query in each split.
func CUADQueries() ([]Query, error) { return ReadQueries(bytes.NewReader(cuadQueries)) }

// ReadQueries reads a query set, one JSON object a line; blank lines are
// skipped. Every query needs an id, a category and a q; ids are unique.
func ReadQueries(r io.Reader) ([]Query, error) {
	var qs []Query
	seen := map[string]bool{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(text))
		dec.DisallowUnknownFields()
		var q Query
		if err := dec.Decode(&q); err != nil {
			return nil, fmt.Errorf("query set line %d: %w", line, err)
		}
		switch {
		case q.ID == "" || q.Category == "" || strings.TrimSpace(q.Q) == "":
			return nil, fmt.Errorf("query set line %d: id, category and q are required", line)
		case seen[q.ID]:
			return nil, fmt.Errorf("query set line %d: id %q is given twice", line, q.ID)
		case q.Split != Tune && q.Split != HeldOut && q.Split != "":
			return nil, fmt.Errorf("query set line %d: split %q is neither %q nor %q", line, q.Split, Tune, HeldOut)
		}
		seen[q.ID] = true
		qs = append(qs, q)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("query set: %w", err)
	}
	return qs, nil
}
