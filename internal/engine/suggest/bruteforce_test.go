package suggest

// A literal transcription of OpenSearch's term suggester, checked against
// the package on random indexes: DirectSpellChecker.suggestSimilar as
// Lucene writes it (terms walked in byte order, each tested against the
// prefix and the edit distance, a priority queue with Lucene's skip and
// eviction rules, the HashSet union, the comparator), and Suggest.reduce.
// It shares no code with the package but the analyzer and
// termdict.EditDistance (itself checked against the textbook recurrence),
// so it checks the top-k shortcut, the merge of segment dictionaries and
// every threshold.

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/engine/termdict"
)

// bruteDict is a shard's field dictionary: sorted terms and frequencies.
type bruteDict struct {
	terms  []string
	df     map[string]int
	maxDoc int
}

func newBruteDict(docs []string) *bruteDict {
	d := &bruteDict{df: map[string]int{}, maxDoc: len(docs)}
	a := analysis.NewStandard(255)
	for _, doc := range docs {
		seen := map[string]bool{}
		for _, term := range a.Terms(doc) {
			if !seen[term] {
				seen[term] = true
				d.df[term]++
			}
		}
	}
	for term := range d.df {
		d.terms = append(d.terms, term)
	}
	sort.Strings(d.terms) // BytesRef order
	return d
}

type scoreTerm struct {
	term  string
	boost float32
	df    int
}

// less is ScoreTerm.compareTo(a, b) < 0: lower boost, or on equal boost
// the greater term.
func (a scoreTerm) less(b scoreTerm) bool {
	if a.boost == b.boost {
		return b.term < a.term
	}
	return a.boost < b.boost
}

// brutePass is DirectSpellChecker's protected suggestSimilar.
func (d *bruteDict) brutePass(term string, numSug, docfreq, editDistance int, accuracy float32, minPrefix int) []scoreTerm {
	q := []rune(term)
	prefix := min(max(minPrefix, editDistance-1), len(q))
	var pq []scoreTerm
	peek := func() scoreTerm {
		m := pq[0]
		for _, x := range pq[1:] {
			if x.less(m) {
				m = x
			}
		}
		return m
	}
	for _, cand := range d.terms {
		c := []rune(cand)
		if len(c) < prefix || string(c[:prefix]) != string(q[:prefix]) {
			continue
		}
		ed := termdict.EditDistance(string(q[prefix:]), string(c[prefix:]), true)
		if ed > editDistance {
			continue
		}
		score := float32(1)
		if ed > 0 {
			score = 1 - float32(float32(ed)/float32(min(len(c), len(q))))
		}
		if len(pq) >= numSug && score <= peek().boost {
			continue
		}
		if cand == term {
			continue
		}
		df := d.df[cand]
		if df <= docfreq {
			continue
		}
		if score < accuracy {
			continue
		}
		pq = append(pq, scoreTerm{cand, score, df})
		if len(pq) > numSug {
			m := peek()
			pq = slices.DeleteFunc(pq, func(x scoreTerm) bool { return x.term == m.term })
		}
	}
	return pq
}

// bruteSuggest is DirectSpellChecker.suggestSimilar(term, numSug, ir, mode).
func (d *bruteDict) bruteSuggest(term string, s *Settings) []Option {
	numSug := s.shardSize()
	textLength := utf8.RuneCountInString(term)
	if textLength < s.MinWordLength {
		return nil
	}
	docfreq := d.df[term]
	if s.Mode == Missing && docfreq > 0 {
		return nil
	}
	if s.MaxTermFreq >= 1 && float32(docfreq) > s.MaxTermFreq {
		return nil
	} else if s.MaxTermFreq < 1 && docfreq > int(math.Ceil(float64(s.MaxTermFreq*float32(d.maxDoc)))) {
		return nil
	}
	if s.Mode != Popular {
		docfreq = 0
	}
	if s.MinDocFreq >= 1 {
		docfreq = max(docfreq, int(s.MinDocFreq))
	} else if s.MinDocFreq > 0 {
		docfreq = max(docfreq, int(s.MinDocFreq*float32(d.maxDoc))-1)
	}
	inspections := numSug * s.MaxInspections
	terms := d.brutePass(term, inspections, docfreq, 1, s.Accuracy, s.PrefixLength)
	if s.MaxEdits > 1 && len(terms) < inspections {
		set := map[string]scoreTerm{}
		for _, x := range terms {
			set[x.term] = x
		}
		for _, x := range d.brutePass(term, inspections, docfreq, s.MaxEdits, s.Accuracy, s.PrefixLength) {
			if _, ok := set[x.term]; !ok {
				set[x.term] = x
			}
		}
		terms = terms[:0]
		for _, x := range set {
			terms = append(terms, x)
		}
	}
	// SuggestWordScoreComparator, then reversed.
	cmp := func(first, second scoreTerm) int {
		switch {
		case first.boost > second.boost:
			return 1
		case first.boost < second.boost:
			return -1
		case first.df > second.df:
			return 1
		case first.df < second.df:
			return -1
		}
		return javaCompare(second.term, first.term)
	}
	sort.Slice(terms, func(i, j int) bool { return cmp(terms[i], terms[j]) > 0 })
	if len(terms) > numSug {
		terms = terms[:numSug]
	}
	var out []Option
	for _, x := range terms {
		out = append(out, Option{Text: x.term, Score: x.boost, Freq: x.df})
	}
	return out
}

// javaCompare is String.compareTo on the UTF-16 encodings.
func javaCompare(a, b string) int {
	ua, ub := utf16Units(a), utf16Units(b)
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			return int(ua[i]) - int(ub[i])
		}
	}
	return len(ua) - len(ub)
}

func utf16Units(s string) []uint16 {
	var u []uint16
	for _, r := range s {
		if r >= 0x10000 {
			r -= 0x10000
			u = append(u, uint16(0xD800+(r>>10)), uint16(0xDC00+(r&0x3FF)))
		} else {
			u = append(u, uint16(r))
		}
	}
	return u
}

// bruteShard is TermSuggester.innerExecute, offsets counted by encoding
// the prefix of the text to UTF-16.
func (d *bruteDict) bruteShard(text string, s *Settings) []Entry {
	var out []Entry
	analysis.NewStandard(255).Analyze(text, func(t analysis.Token) {
		e := Entry{
			Text:   string(t.Term),
			Offset: len(utf16Units(text[:t.Start])),
			Length: len(utf16Units(text[t.Start:t.End])),
		}
		if d.maxDoc > 0 {
			e.Options = d.bruteSuggest(e.Text, s)
		}
		out = append(out, e)
	})
	return out
}

// bruteReduce is Suggest.reduce and trim.
func bruteReduce(shards [][]Entry, size int) []Entry {
	leader := shards[0]
	for i := range leader {
		if len(shards) > 1 {
			merged := map[string]*Option{}
			for _, sh := range shards {
				for _, o := range sh[i].Options {
					if m := merged[o.Text]; m != nil {
						m.Score = max(m.Score, o.Score)
						m.Freq += o.Freq
					} else {
						merged[o.Text] = &o
					}
				}
			}
			var opts []Option
			for _, o := range merged {
				opts = append(opts, *o)
			}
			sort.Slice(opts, func(a, b int) bool {
				x, y := opts[a], opts[b]
				if x.Score != y.Score {
					return x.Score > y.Score
				}
				if x.Freq != y.Freq {
					return x.Freq > y.Freq
				}
				return x.Text < y.Text
			})
			leader[i].Options = opts
		}
		if len(leader[i].Options) > size {
			leader[i].Options = leader[i].Options[:size]
		}
	}
	return leader
}

// randomWord draws a word over an alphabet small enough for words to be
// near each other, with a two-byte, a four-byte and a private-use letter.
func randomWord(r *rand.Rand) string {
	alphabet := []string{"a", "b", "c", "é", "𝒜", "\U00010400", "d"}
	n := 1 + r.IntN(7)
	var b strings.Builder
	for range n {
		if r.IntN(3) == 0 {
			b.WriteString(alphabet[0])
			continue
		}
		b.WriteString(alphabet[r.IntN(len(alphabet))])
	}
	return b.String()
}

func randomSettings(r *rand.Rand, field string) Settings {
	s := Defaults(field)
	s.Mode = Mode(r.IntN(3))
	s.Size = 1 + r.IntN(6)
	if r.IntN(2) == 0 {
		s.ShardSize = 1 + r.IntN(4)
	}
	s.MaxEdits = 1 + r.IntN(2)
	s.PrefixLength = r.IntN(3)
	s.MinWordLength = 1 + r.IntN(4)
	s.MaxInspections = 1 + r.IntN(3)
	s.MaxTermFreq = []float32{0.01, 0.3, 0.5, 2, 5}[r.IntN(5)]
	s.MinDocFreq = []float32{0, 0, 0.2, 1, 2}[r.IntN(5)]
	s.Accuracy = []float32{0.5, 0.5, 0, 0.3, 0.7}[r.IntN(5)]
	return s
}

// randomShard builds docs into 1–3 segments of the named index.
func randomShard(t testing.TB, r *rand.Rand, name, field string) (*search.Index, *bruteDict) {
	docs := make([]string, 1+r.IntN(40))
	for i := range docs {
		ws := make([]string, 1+r.IntN(6))
		for j := range ws {
			ws[j] = randomWord(r)
		}
		docs[i] = strings.Join(ws, " ")
	}
	var segs [][]string
	for rest := docs; len(rest) > 0; {
		n := 1 + r.IntN(len(rest))
		if r.IntN(3) == 0 {
			n = len(rest)
		}
		var srcs []string
		for _, d := range rest[:n] {
			b, _ := json.Marshal(map[string]string{field: d})
			srcs = append(srcs, string(b))
		}
		segs = append(segs, srcs)
		rest = rest[n:]
	}
	return buildIndex(t, name, segs...), newBruteDict(docs)
}

func TestMatchesTranscription(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	rounds := 150
	if testing.Short() {
		rounds = 30
	}
	checked := 0
	for round := range rounds {
		a, da := randomShard(t, r, "clause", "snippet")
		b, db := randomShard(t, r, "definition", "snippet")
		for range 10 {
			s := randomSettings(r, "snippet")
			ws := make([]string, 1+r.IntN(3))
			for i := range ws {
				ws[i] = randomWord(r)
			}
			text := strings.Join(ws, " ")
			want := bruteReduce([][]Entry{da.bruteShard(text, &s), db.bruteShard(text, &s)}, s.Size)
			res, err := Run(context.Background(), []*search.Index{a, b}, []Suggester{{Name: "s", Text: text, Settings: s}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := res.Suggestions[0].Entries
			if g, w := entriesString(got), entriesString(want); g != w {
				t.Fatalf("round %d, %q, %+v:\ngot  %s\nwant %s", round, text, s, g, w)
			}
			one, err := Shard(context.Background(), a, text, &s, nil)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := entriesString(one), entriesString(da.bruteShard(text, &s)); g != w {
				t.Fatalf("round %d, one shard, %q, %+v:\ngot  %s\nwant %s", round, text, s, g, w)
			}
			for _, e := range got {
				checked += len(e.Options)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no options compared")
	}
	t.Logf("%d merged options compared", checked)
}
