package category

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// headNouns end the noun phrase that names a document.
var headNouns = map[string]bool{
	"agreement": true, "agreements": true, "contract": true, "contracts": true, "arrangement": true,
	"deed": true, "protocol": true, "memorandum": true, "mou": true, "terms": true, "letter": true,
	"indenture": true, "certificate": true, "addendum": true, "amendment": true, "schedule": true,
	"statement": true, "order": true,
}

type match struct {
	kind int
	pos  int // token index of the keyword's last word
}

type index struct {
	byKey    map[string]int // keyword → kind index
	maxWords int
}

var load = sync.OnceValue(func() *index {
	ix := &index{byKey: make(map[string]int)}
	for i, k := range taxonomy {
		for _, kw := range k.keywords {
			ix.byKey[kw] = i
			ix.maxWords = max(ix.maxWords, strings.Count(kw, " ")+1)
		}
	}
	return ix
})

// Classify returns the contract type a title names, or false when it names
// none the taxonomy knows.
func Classify(title string) (*contract.Attr, bool) {
	k, ok := classify(title)
	if !ok {
		return nil, false
	}
	name := taxonomy[k].name
	return &contract.Attr{Name: name, Value: contract.Slug(name)}, true
}

// Names lists every category name of the taxonomy, in its order.
func Names() []string {
	out := make([]string, len(taxonomy))
	for i, k := range taxonomy {
		out[i] = k.name
	}
	return out
}

func classify(title string) (int, bool) {
	ix := load()
	toks := tokens(title)
	var found []match
	lastHead := -1
	for i := 0; i < len(toks); {
		if headNouns[toks[i]] {
			lastHead = i
		}
		n := 0
		for w := min(ix.maxWords, len(toks)-i); w >= 1; w-- {
			if k, ok := ix.byKey[strings.Join(toks[i:i+w], " ")]; ok {
				found = append(found, match{kind: k, pos: i + w - 1})
				n = w
				break
			}
		}
		if n == 0 {
			i++
		} else {
			i += n
		}
	}
	if len(found) == 0 {
		return 0, false
	}
	cands := found
	if lastHead >= 0 {
		var before []match
		for _, m := range found {
			if m.pos < lastHead {
				before = append(before, m)
			}
		}
		if len(before) > 0 {
			cands = before
		}
	}
	best := -1
	for i, m := range cands {
		if best < 0 || taxonomy[m.kind].tier <= taxonomy[cands[best].kind].tier {
			best = i
		}
	}
	return cands[best].kind, true
}

// tokens lower-cases s and splits it into words at anything that is not
// a letter or digit; "CO-BRANDING" gives "co", "branding".
func tokens(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); {
		r, n := rune(0), 1
		if i < len(s) {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		isWord := i < len(s) && (unicode.IsLetter(r) || unicode.IsDigit(r))
		if isWord && start < 0 {
			start = i
		}
		if !isWord && start >= 0 {
			out = append(out, strings.ToLower(s[start:i]))
			start = -1
		}
		i += n
	}
	return out
}
