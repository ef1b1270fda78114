package benchscale

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// DropPerMille is how many body and snippet words in a thousand a copy
// other than copy 0 leaves out, so that no two copies are identical.
const DropPerMille = 10

// Copy k's records get this suffix and k on their ids ("en/1a2b~3").
const idSuffix = "~"

// sharedIndexes are the group records every copy shares: a corpus 32
// times larger still has the same categories and jurisdictions, so copy 0
// writes them and copies reference them as they are.
var sharedIndexes = map[string]bool{"category": true, "jurisdiction": true}

// ReplicateStats counts what a replication wrote.
type ReplicateStats struct {
	// Records counts records per index.
	Records map[string]int64
	// Bytes is the size of the bulk file written.
	Bytes int64
}

// Replicate writes copies of a bulk NDJSON file (action line, source line)
// to w, reading the file anew for each copy through open, so memory stays
// bounded by one record whatever the number of copies. Copy 0 is the file
// as it is. Copy k > 0:
//   - gives every contract, clause, definition and company record the id,
//     group_id and url of its own (suffix ~k), and rewrites the references
//     between them (a contract's company.value and sections[].group_id, a
//     clause's url to its contract), so parents and children stay linked
//     within the copy and no copy merges with another;
//   - keeps group_size and weight_rank: a copy is a new, separate group of
//     the same size, not a member of the original's group (a real ingest
//     would group near-identical copies into one, which a benchmark of a
//     larger corpus must not do);
//   - leaves out the category and jurisdiction records, which copy 0
//     wrote: contracts of every copy reference the same ones;
//   - drops about DropPerMille words in a thousand of each body and
//     snippet, chosen by a hash of (k, word position).
//
// progress, if not nil, hears of each copy written.
func Replicate(w io.Writer, open func() (io.ReadCloser, error), copies int, progress func(copy int)) (*ReplicateStats, error) {
	if copies < 1 {
		return nil, fmt.Errorf("replicate: %d copies: want at least 1", copies)
	}
	cw := &countingWriter{w: w}
	bw := bufio.NewWriterSize(cw, 1<<20)
	stats := &ReplicateStats{Records: map[string]int64{}}
	for k := range copies {
		r, err := open()
		if err != nil {
			return nil, fmt.Errorf("replicate: copy %d: %w", k, err)
		}
		err = replicateCopy(bw, r, k, stats)
		r.Close()
		if err != nil {
			return nil, fmt.Errorf("replicate: copy %d: %w", k, err)
		}
		if progress != nil {
			progress(k)
		}
	}
	if err := bw.Flush(); err != nil {
		return nil, fmt.Errorf("replicate: %w", err)
	}
	stats.Bytes = cw.n
	return stats, nil
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// action is a bulk action line's metadata.
type action struct {
	Index string `json:"_index"`
	ID    string `json:"_id"`
}

func replicateCopy(w *bufio.Writer, r io.Reader, k int, stats *ReplicateStats) error {
	br := bufio.NewReaderSize(r, 1<<20)
	for line := 1; ; line += 2 {
		head, err := readLine(br)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if len(bytes.TrimSpace(head)) == 0 {
			line--
			continue
		}
		src, err := readLine(br)
		if err == io.EOF {
			return fmt.Errorf("line %d: an action without its source", line)
		}
		if err != nil {
			return err
		}
		var act map[string]action
		if err := json.Unmarshal(head, &act); err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
		if len(act) != 1 {
			return fmt.Errorf("line %d: want one action, got %d", line, len(act))
		}
		var verb string
		var a action
		for verb, a = range act {
		}
		if k > 0 && sharedIndexes[a.Index] {
			continue
		}
		stats.Records[a.Index]++
		if k == 0 {
			w.Write(head)
			w.WriteByte('\n')
			w.Write(src)
			w.WriteByte('\n')
			continue
		}
		a.ID += idSuffix + strconv.Itoa(k)
		newHead, err := json.Marshal(map[string]action{verb: a})
		if err != nil {
			return err
		}
		newSrc, err := rewriteSource(src, a.Index, k)
		if err != nil {
			return fmt.Errorf("line %d: %w", line+1, err)
		}
		w.Write(newHead)
		w.WriteByte('\n')
		w.Write(newSrc)
		if err := w.WriteByte('\n'); err != nil {
			return err
		}
	}
}

// readLine reads one line, without its newline, however long.
func readLine(br *bufio.Reader) ([]byte, error) {
	b, err := br.ReadBytes('\n')
	if len(b) > 0 && errors.Is(err, io.EOF) {
		err = nil
	}
	return bytes.TrimRight(b, "\r\n"), err
}

// rewriteSource is copy k's version of a record's source (see Replicate).
func rewriteSource(src []byte, index string, k int) ([]byte, error) {
	d := json.NewDecoder(bytes.NewReader(src))
	d.UseNumber() // numbers stay as written
	var doc map[string]any
	if err := d.Decode(&doc); err != nil {
		return nil, fmt.Errorf("source: %w", err)
	}
	suffix := idSuffix + strconv.Itoa(k)
	if g, ok := doc["group_id"].(string); ok {
		doc["group_id"] = g + suffix
	}
	if u, ok := doc["url"].(string); ok {
		doc["url"] = contractURL(u, suffix)
	}
	for _, f := range []string{"body", "snippet"} {
		if s, ok := doc[f].(string); ok {
			doc[f] = DropWords(s, k)
		}
	}
	if index == "contract" {
		if c, ok := doc["company"].(map[string]any); ok {
			if v, ok := c["value"].(string); ok {
				c["value"] = v + suffix
			}
		}
		if secs, ok := doc["sections"].([]any); ok {
			for _, s := range secs {
				if m, ok := s.(map[string]any); ok {
					if g, ok := m["group_id"].(string); ok {
						m["group_id"] = g + suffix
					}
				}
			}
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// contractURL gives a /contracts/<id>[#anchor] url the copy's suffix on
// the contract id; other urls are left alone.
func contractURL(u, suffix string) string {
	const prefix = "/contracts/"
	if !strings.HasPrefix(u, prefix) {
		return u
	}
	id, anchor, found := strings.Cut(u[len(prefix):], "#")
	if found {
		anchor = "#" + anchor
	}
	return prefix + id + suffix + anchor
}

// DropWords leaves out of s the words (maximal runs of letters and
// digits) whose position i is chosen by dropped(k, i), with the spaces
// after each, so copy k's text differs from the original's by about
// DropPerMille words in a thousand. Copy 0 is returned unchanged.
func DropWords(s string, k int) string {
	if k == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	pos := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !isWordRune(r) {
			b.WriteString(s[i : i+size])
			i += size
			continue
		}
		j := i
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if !isWordRune(r) {
				break
			}
			j += size
		}
		if dropped(k, pos) {
			for j < len(s) && s[j] == ' ' {
				j++
			}
		} else {
			b.WriteString(s[i:j])
		}
		pos++
		i = j
	}
	return b.String()
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// dropped reports whether copy k leaves out the word at position pos: a
// SplitMix64 hash of both, so the choice is the same in every run.
func dropped(k, pos int) bool {
	z := uint64(k)<<32 ^ uint64(pos) + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	return z%1000 < DropPerMille
}
