package jurisdiction

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract"
	"golang.org/x/text/unicode/norm"
)

// Place is a jurisdiction: a country, or a region within one.
type Place struct {
	// Name is the display name: "New York", "People's Republic of China".
	Name string
	// Value is "<region-slug>-<country-code>": "new-york-us".
	Value string
	// Country is the ISO 3166-1 alpha-2 code in lower case: "us".
	Country string
	// CountryName is the country's short name: "United States", "China".
	CountryName string
	// Region is true for a place below a country (a state, a province).
	Region bool
}

// Attr is the place as a contract's jurisdiction attribute.
func (p Place) Attr() *contract.Attr { return &contract.Attr{Name: p.Name, Value: p.Value} }

// CountryAttr is the place's country as a contract's country attribute:
// the short name and the lower-case ISO code.
func (p Place) CountryAttr() *contract.Attr {
	return &contract.Attr{Name: p.CountryName, Value: p.Country}
}

// Match is a place named in a text.
type Match struct {
	Place Place
	// Start and End are byte offsets of the name in the text searched.
	Start, End int
	// Adjective is true when the text used the adjective ("English",
	// "Delaware" in "Delaware law" is a name).
	Adjective bool
}

// shortNames overrides a country's name where the country attribute uses
// a shorter one than the jurisdiction.
var shortNames = map[string]string{"cn": "China"}

type entry struct {
	place     Place
	adjective bool
}

type gazetteer struct {
	byKey map[string]entry
	// prefixes holds every proper word prefix of a key ("new", "papua new"),
	// so matching stops extending a phrase as soon as no name can follow.
	prefixes map[string]bool
	maxWords int
	byValue  map[string]Place
}

var load = sync.OnceValue(func() *gazetteer {
	g := &gazetteer{byKey: make(map[string]entry), prefixes: make(map[string]bool), byValue: make(map[string]Place)}
	countryNames := make(map[string]string)
	parse := func(table string, region bool) {
		for line := range strings.Lines(table) {
			line = strings.TrimSpace(line)
			if line == "" {
				continue
			}
			f := strings.Split(line, "|")
			for len(f) < 5 {
				f = append(f, "")
			}
			code, name := f[0], f[1]
			slug := f[4]
			if slug == "" {
				slug = contract.Slug(name)
			}
			p := Place{Name: name, Value: slug + "-" + code, Country: code, Region: region}
			if !region {
				cn := name
				if s, ok := shortNames[code]; ok {
					cn = s
				}
				countryNames[code] = cn
			}
			g.byValue[p.Value] = p
			g.add(name, p, false)
			for a := range strings.SplitSeq(f[2], ";") {
				g.add(a, p, false)
			}
			for a := range strings.SplitSeq(f[3], ";") {
				g.add(a, p, true)
			}
		}
	}
	parse(countries, false)
	parse(regions, true)
	for k, e := range g.byKey {
		e.place.CountryName = countryNames[e.place.Country]
		g.byKey[k] = e
	}
	for v, p := range g.byValue {
		p.CountryName = countryNames[p.Country]
		g.byValue[v] = p
	}
	return g
})

func (g *gazetteer) add(name string, p Place, adjective bool) {
	words := words(name, nil)
	if len(words) == 0 {
		return
	}
	key := joinWords(name, words)
	if _, dup := g.byKey[key]; dup && !p.Region {
		// Regions are added after countries and win a clash ("georgia").
		return
	}
	g.byKey[key] = entry{place: p, adjective: adjective}
	g.maxWords = max(g.maxWords, len(words))
	for i := 0; i < len(key); i++ {
		if key[i] == ' ' {
			g.prefixes[key[:i]] = true
		}
	}
}

// ByValue returns the place with the given value ("new-york-us").
func ByValue(value string) (Place, bool) {
	p, ok := load().byValue[value]
	return p, ok
}

// Lookup resolves a place name as a person would write it — "Ontario,
// Canada", "the State of New York", "England; Wales" — to the first place
// it names, preferring a region to the country it lies in.
func Lookup(name string) (Place, bool) {
	ms := FindAll(name)
	if len(ms) == 0 {
		return Place{}, false
	}
	return MostSpecific(ms), true
}

// MostSpecific picks from matches in reading order the first, unless a
// later one is a region of the first's country ("the laws of the United
// States and the State of Delaware" → Delaware).
func MostSpecific(ms []Match) Place {
	first := ms[0].Place
	if first.Region {
		return first
	}
	for _, m := range ms[1:] {
		if m.Place.Region && m.Place.Country == first.Country {
			return m.Place
		}
	}
	return first
}

// FindAll returns the places named in text, in reading order, longest name
// first at each word ("New York" before "York").
func FindAll(text string) []Match {
	g := load()
	var buf [64]word
	ws := words(text, buf[:0])
	var out []Match
	var key []byte
	for i := 0; i < len(ws); {
		key = key[:0]
		best, bestN := entry{}, 0
		for n := 1; n <= g.maxWords && i+n <= len(ws); n++ {
			if n > 1 {
				key = append(key, ' ')
			}
			key = appendKey(key, text[ws[i+n-1].start:ws[i+n-1].end])
			if e, ok := g.byKey[string(key)]; ok {
				best, bestN = e, n
			}
			if !g.prefixes[string(key)] {
				break
			}
		}
		if bestN == 0 {
			i++
			continue
		}
		out = append(out, Match{Place: best.place, Start: ws[i].start, End: ws[i+bestN-1].end, Adjective: best.adjective})
		i += bestN
	}
	return out
}

// First returns the first place named in text.
func First(text string) (Match, bool) {
	ms := FindAll(text)
	if len(ms) == 0 {
		return Match{}, false
	}
	return ms[0], true
}

// EndingAt returns a place whose name or adjective ends exactly at byte
// offset end of text, for "New York law" and "English law".
func EndingAt(text string, end int) (Match, bool) {
	g := load()
	start := max(0, end-80)
	var buf [16]word
	ws := words(text[start:end], buf[:0])
	for n := min(g.maxWords, len(ws)); n >= 1; n-- {
		sub := ws[len(ws)-n:]
		if sub[len(sub)-1].end != end-start {
			break
		}
		if e, ok := g.byKey[joinWords(text[start:end], sub)]; ok {
			return Match{Place: e.place, Start: start + sub[0].start, End: end, Adjective: e.adjective}, true
		}
	}
	return Match{}, false
}

// word is a run of letters and digits; apostrophes inside it are skipped.
type word struct{ start, end int }

func words(s string, out []word) []word {
	start := -1
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		isWord := r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') ||
			r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r))
		apostrophe := (r == '\'' || r == '’') && start >= 0 && i+n < len(s) && isLetterAt(s, i+n)
		switch {
		case isWord || apostrophe:
			if start < 0 {
				start = i
			}
		case r == '&':
			if start >= 0 {
				out = append(out, word{start, i})
			}
			out = append(out, word{i, i + n})
			start = -1
		default:
			if start >= 0 {
				out = append(out, word{start, i})
				start = -1
			}
		}
		i += n
	}
	if start >= 0 {
		out = append(out, word{start, len(s)})
	}
	return out
}

func isLetterAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r)
}

// joinWords builds the lookup key of ws: lower case, accents and
// apostrophes dropped, "&" as "and", one space between words.
func joinWords(s string, ws []word) string {
	var key []byte
	for i, w := range ws {
		if i > 0 {
			key = append(key, ' ')
		}
		key = appendKey(key, s[w.start:w.end])
	}
	return string(key)
}

// appendKey appends the key form of one word to key.
func appendKey(key []byte, t string) []byte {
	if t == "&" {
		return append(key, "and"...)
	}
	for j := 0; j < len(t); {
		c := t[j]
		if c < utf8.RuneSelf {
			switch {
			case c >= 'A' && c <= 'Z':
				key = append(key, c+'a'-'A')
			case c == '\'':
			default:
				key = append(key, c)
			}
			j++
			continue
		}
		r, n := utf8.DecodeRuneInString(t[j:])
		j += n
		if r == '’' {
			continue
		}
		for _, d := range norm.NFD.String(string(r)) {
			if !unicode.Is(unicode.Mn, d) {
				key = utf8.AppendRune(key, unicode.ToLower(d))
			}
		}
	}
	return key
}
