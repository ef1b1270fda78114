package suggest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
)

// Mode is the suggest_mode: which words get suggestions.
type Mode uint8

const (
	// Missing suggests only for words the shard does not have (default).
	Missing Mode = iota
	// Popular suggests terms in more documents than the word.
	Popular
	// Always suggests for every word.
	Always
)

// ParseMode reads a suggest_mode value; like OpenSearch's
// SuggestMode.resolve it ignores case.
func ParseMode(s string) (Mode, error) {
	switch strings.ToLower(s) {
	case "missing":
		return Missing, nil
	case "popular":
		return Popular, nil
	case "always":
		return Always, nil
	}
	return 0, fmt.Errorf("suggest: unknown suggest_mode [%s]", s)
}

func (m Mode) String() string {
	switch m {
	case Missing:
		return "missing"
	case Popular:
		return "popular"
	case Always:
		return "always"
	}
	return "Mode(" + strconv.Itoa(int(m)) + ")"
}

// Settings are a term suggester's options, named and defaulted as in
// OpenSearch's TermSuggestionBuilder (Defaults). Sorting is always by score
// and the string distance always "internal": the gateway offers no other,
// and those are the defaults.
type Settings struct {
	// Field is the text field whose terms are suggested.
	Field string
	Mode  Mode
	// Size is how many options each entry keeps after the merge (5).
	Size int
	// ShardSize is how many options each shard answers per entry; 0 means
	// max(Size, 5), OpenSearch's default.
	ShardSize int
	// MaxEdits is the largest edit distance of a candidate, 1 or 2 (2).
	MaxEdits int
	// PrefixLength code points must match exactly (1).
	PrefixLength int
	// MinWordLength is the fewest code points a word needs to be
	// corrected (4).
	MinWordLength int
	// MaxInspections multiplies ShardSize into the number of candidates
	// each pass keeps (5).
	MaxInspections int
	// MaxTermFreq: a word in more documents than this (a fraction of the
	// shard's documents below 1, else a count) is not corrected (0.01).
	MaxTermFreq float32
	// MinDocFreq: a candidate must be in at least this many documents (a
	// fraction below 1, else a count); 0 turns it off (0).
	MinDocFreq float32
	// Accuracy is the lowest score a candidate may have (0.5).
	Accuracy float32
}

// Defaults returns OpenSearch's term suggester defaults for field
// (DirectSpellcheckerSettings, TermSuggestionBuilder, SuggestionContext).
func Defaults(field string) Settings {
	return Settings{
		Field:          field,
		Mode:           Missing,
		Size:           5,
		MaxEdits:       2,
		PrefixLength:   1,
		MinWordLength:  4,
		MaxInspections: 5,
		MaxTermFreq:    0.01,
		Accuracy:       0.5,
	}
}

// Validate reports settings OpenSearch would refuse (TermSuggestionBuilder's
// setters, DirectSpellChecker's) or could not run: max_inspections 0 passes
// OpenSearch's check but ends in a NullPointerException on the shard.
func (s *Settings) Validate() error {
	switch {
	case s.Field == "":
		return fmt.Errorf("suggest: field must not be empty")
	case s.Size < 1:
		return fmt.Errorf("suggest: size must be positive, got %d", s.Size)
	case s.ShardSize < 0:
		return fmt.Errorf("suggest: shard_size must not be negative, got %d", s.ShardSize)
	case s.MaxEdits < 1 || s.MaxEdits > 2:
		return fmt.Errorf("suggest: max_edits must be between 1 and 2, got %d", s.MaxEdits)
	case s.PrefixLength < 0:
		return fmt.Errorf("suggest: prefix_length must not be negative, got %d", s.PrefixLength)
	case s.MinWordLength < 1:
		return fmt.Errorf("suggest: min_word_length must be at least 1, got %d", s.MinWordLength)
	case s.MaxInspections < 1:
		return fmt.Errorf("suggest: max_inspections must be at least 1, got %d", s.MaxInspections)
	case !validFreq(s.MaxTermFreq):
		return fmt.Errorf("suggest: max_term_freq must be a fraction below 1 or a whole count, got %v", s.MaxTermFreq)
	case !validFreq(s.MinDocFreq):
		return fmt.Errorf("suggest: min_doc_freq must be a fraction below 1 or a whole count, got %v", s.MinDocFreq)
	case !(s.Accuracy >= 0 && s.Accuracy <= 1):
		return fmt.Errorf("suggest: accuracy must be between 0 and 1, got %v", s.Accuracy)
	case s.Mode > Always:
		return fmt.Errorf("suggest: unknown mode %d", s.Mode)
	}
	return nil
}

func validFreq(f float32) bool {
	return f >= 0 && (f < 1 || f == float32(math.Trunc(float64(f)))) && !math.IsInf(float64(f), 1)
}

// shardSize is the number of options a shard answers per entry.
func (s *Settings) shardSize() int {
	if s.ShardSize > 0 {
		return s.ShardSize
	}
	return max(s.Size, 5)
}

// Option is one suggested term.
type Option struct {
	Text string
	// Score is 1 − edits / min(len(word), len(Text)) in code points; after
	// a merge, the best shard's.
	Score float32
	// Freq is the term's document frequency, summed over the shards that
	// suggested it.
	Freq int
}

// Entry is one analysed word of the suggest text with its options.
type Entry struct {
	// Text is the analysed term (lower-cased), not the original spelling.
	Text string
	// Offset and Length locate the word in the suggest text in UTF-16
	// code units, as OpenSearch reports them (Java string offsets).
	Offset, Length int
	Options        []Option
}

// Suggester is one named term suggester of a request.
type Suggester struct {
	Name string
	// Text is the text to correct: the suggester's own or the request's
	// global text.
	Text     string
	Settings Settings
	// Analyzer analyses Text; nil means the standard analyzer with the
	// default maximum token length (255), every text field's analyzer.
	Analyzer *analysis.Analyzer
}

// Suggestion is the merged answer of one suggester.
type Suggestion struct {
	Name    string
	Entries []Entry
}

// ShardFailure is a logical index whose shard failed the request.
type ShardFailure struct {
	Index string
	// Type and Reason are OpenSearch's error type and reason.
	Type, Reason string
}

// Result is the suggest member of a response.
type Result struct {
	// Suggestions are sorted by name (Java String order), as OpenSearch's
	// Suggest sorts them.
	Suggestions []Suggestion
	// TimedOut is set when the deadline passed before every word got its
	// options (Run).
	TimedOut bool
	// Failures lists, in index order, the shards that failed. OpenSearch
	// fails the whole shard (hits, aggregations and suggestions): the
	// caller must report them in _shards and leave those indexes' hits out,
	// and answer "all shards failed" when no index is left.
	Failures []ShardFailure
}

var standard = analysis.NewStandard(255)

// Run runs suggesters over indexes, one OpenSearch shard each, and merges
// the shard answers as the coordinating node does. mapped reports whether
// an index's mapping has a field; nil means every index has every field.
// An index lacking any suggester's field fails (see Result.Failures) and
// takes no part in any suggestion. When ctx's deadline passes, the words
// not reached yet get no options and the result is marked TimedOut; a
// cancelled ctx is an error.
func Run(ctx context.Context, indexes []*search.Index, suggesters []Suggester, mapped func(index, field string) bool) (*Result, error) {
	for i := range suggesters {
		if err := suggesters[i].Settings.Validate(); err != nil {
			return nil, fmt.Errorf("suggestion [%s]: %w", suggesters[i].Name, err)
		}
	}
	res := &Result{}
	var ok []*search.Index
	for _, ix := range indexes {
		failed := false
		for i := range suggesters {
			f := suggesters[i].Settings.Field
			if mapped != nil && !mapped(ix.Name, f) {
				res.Failures = append(res.Failures, ShardFailure{
					Index:  ix.Name,
					Type:   "illegal_argument_exception",
					Reason: "no mapping found for field [" + f + "]",
				})
				failed = true
				break
			}
		}
		if !failed {
			ok = append(ok, ix)
		}
	}
	if len(ok) == 0 {
		return res, nil
	}
	for i := range suggesters {
		sg := &suggesters[i]
		shards := make([][]Entry, 0, len(ok))
		for _, ix := range ok {
			entries, err := Shard(ctx, ix, sg.Text, &sg.Settings, sg.Analyzer)
			if errors.Is(err, context.DeadlineExceeded) {
				res.TimedOut = true // the entries keep the options found in time
				err = nil
			}
			if err != nil {
				return nil, fmt.Errorf("suggestion [%s] on [%s]: %w", sg.Name, ix.Name, err)
			}
			shards = append(shards, entries)
		}
		res.Suggestions = append(res.Suggestions, Suggestion{Name: sg.Name, Entries: Reduce(shards, sg.Settings.Size)})
	}
	slices.SortStableFunc(res.Suggestions, func(a, b Suggestion) int { return compareUTF16(a.Name, b.Name) })
	return res, nil
}

// Shard runs one suggester on one logical index, as TermSuggester does on
// one shard: an entry per token of text, each with up to shard_size
// options in the spell checker's order. a nil analyzer means the standard
// one. s must be valid (Settings.Validate). ctx is checked before each
// word: once it ends, the entries are returned as they are (the later
// ones without options) with ctx's error.
func Shard(ctx context.Context, ix *search.Index, text string, s *Settings, a *analysis.Analyzer) ([]Entry, error) {
	if a == nil {
		a = standard
	}
	entries := tokens(a, text)
	c := newChecker(ix, s)
	if c.numDocs == 0 {
		// Suggester.execute: an empty shard answers entries without
		// options, whatever its dictionary.
		return entries, nil
	}
	for i := range entries {
		if err := ctx.Err(); err != nil {
			return entries, err
		}
		opts, err := c.suggest(entries[i].Text)
		if err != nil {
			return nil, err
		}
		entries[i].Options = opts
	}
	return entries, nil
}

// tokens analyses text into entries, converting the analyser's byte
// offsets into UTF-16 offsets.
func tokens(a *analysis.Analyzer, text string) []Entry {
	var entries []Entry
	pos, units := 0, 0 // a byte offset and its UTF-16 offset
	a.Analyze(text, func(t analysis.Token) {
		units += utf16Len(text[pos:t.Start])
		n := utf16Len(text[t.Start:t.End])
		entries = append(entries, Entry{Text: string(t.Term), Offset: units, Length: n})
		pos, units = t.End, units+n
	})
	return entries
}

// utf16Len returns the length of s in UTF-16 code units; an invalid byte
// counts as the one U+FFFD Go decodes it to.
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			n++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// Reduce merges the shards' answers of one suggester as OpenSearch's
// Suggest.reduce and trim do, in place: one shard's answer is kept as it
// is; several are merged entry by entry (options by text, best score,
// frequencies summed) and sorted by score, frequency and UTF-8 text. Every
// entry is then cut to size. All shards analysed the same text, so their
// entries correspond one to one.
func Reduce(shards [][]Entry, size int) []Entry {
	if len(shards) == 0 {
		return nil
	}
	leader := shards[0]
	if len(shards) > 1 {
		for i := range leader {
			leader[i].Options = mergeOptions(shards, i)
		}
	}
	for i := range leader {
		if len(leader[i].Options) > size {
			leader[i].Options = leader[i].Options[:size]
		}
	}
	return leader
}

func mergeOptions(shards [][]Entry, i int) []Option {
	var out []Option
	at := map[string]int{}
	for _, sh := range shards {
		for _, o := range sh[i].Options {
			if j, ok := at[o.Text]; ok {
				out[j].Score = max(out[j].Score, o.Score)
				out[j].Freq += o.Freq
				continue
			}
			at[o.Text] = len(out)
			out = append(out, o)
		}
	}
	// TermSuggestion.Score: score, then frequency, descending; then
	// Text.compareTo, which compares UTF-8 bytes.
	slices.SortFunc(out, func(a, b Option) int {
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		if a.Freq != b.Freq {
			return b.Freq - a.Freq
		}
		return strings.Compare(a.Text, b.Text)
	})
	return out
}

// compareUTF16 compares strings as Java's String.compareTo does: by UTF-16
// code units, where a supplementary character (a surrogate pair,
// 0xD800–0xDBFF first) sorts before U+E000–U+FFFF, unlike in UTF-8.
func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return cmpUnit(ra) - cmpUnit(rb)
		}
		a, b = a[na:], b[nb:]
	}
	return len(a) - len(b)
}

// cmpUnit maps a code point to a key ordered like its first UTF-16 unit,
// refined by the code point: supplementary characters go between
// U+D7FF and U+E000.
func cmpUnit(r rune) int {
	switch {
	case r < 0xD800:
		return int(r)
	case r >= 0x10000:
		return 0xD800 + int(r-0x10000) // below 0xD800+0x100000
	default:
		return int(r) + 0x100000 // U+E000–U+FFFF after every surrogate pair
	}
}

// AppendJSON appends the suggest member's value as OpenSearch writes it:
// {"name":[{"text","offset","length","options":[{"text","score","freq"}]}]}.
func (r *Result) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	for i, s := range r.Suggestions {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, s.Name)
		dst = append(dst, ':')
		dst = AppendEntries(dst, s.Entries)
	}
	return append(dst, '}')
}

// AppendEntries appends a suggestion's entries as a JSON array.
func AppendEntries(dst []byte, entries []Entry) []byte {
	dst = append(dst, '[')
	for i, e := range entries {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"text":`...)
		dst = appendString(dst, e.Text)
		dst = append(dst, `,"offset":`...)
		dst = strconv.AppendInt(dst, int64(e.Offset), 10)
		dst = append(dst, `,"length":`...)
		dst = strconv.AppendInt(dst, int64(e.Length), 10)
		dst = append(dst, `,"options":[`...)
		for j, o := range e.Options {
			if j > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, `{"text":`...)
			dst = appendString(dst, o.Text)
			dst = append(dst, `,"score":`...)
			dst = similarity.AppendJavaFloat(dst, o.Score)
			dst = append(dst, `,"freq":`...)
			dst = strconv.AppendInt(dst, int64(o.Freq), 10)
			dst = append(dst, '}')
		}
		dst = append(dst, "]}"...)
	}
	return append(dst, ']')
}

// appendString appends s as a JSON string escaped as Jackson escapes it:
// quote, backslash and control characters only (\b \t \n \f \r, else
// \u00XX with upper-case hex); everything else, non-ASCII included, as
// is. Invalid UTF-8 becomes U+FFFD so that the output stays valid JSON.
func appendString(dst []byte, s string) []byte {
	const hex = "0123456789ABCDEF"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				dst = utf8.AppendRune(dst, utf8.RuneError)
			} else {
				dst = append(dst, s[i:i+n]...)
			}
			i += n
			continue
		}
		switch c {
		case '"':
			dst = append(dst, `\"`...)
		case '\\':
			dst = append(dst, `\\`...)
		case '\b':
			dst = append(dst, `\b`...)
		case '\t':
			dst = append(dst, `\t`...)
		case '\n':
			dst = append(dst, `\n`...)
		case '\f':
			dst = append(dst, `\f`...)
		case '\r':
			dst = append(dst, `\r`...)
		default:
			if c < 0x20 {
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			} else {
				dst = append(dst, c)
			}
		}
		i++
	}
	return append(dst, '"')
}
