package parse

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// ErrNotAgreement is why a document that reads as no agreement is refused:
// errors.Is(CheckAgreement(c), ErrNotAgreement).
var ErrNotAgreement = errors.New("not a contract")

// minLegalTerms is how many distinct terms of art (legalTerms) make a
// document that names no parties an agreement when it also names a kind of
// document ("agreement", "lease", "note" …), and one more when it does not.
const minLegalTerms = 2

// legalTerms are words that the language of agreements uses and other
// prose (a web page, an article, a letter to a friend) almost never does.
var legalTerms = map[string]bool{
	"shall": true, "hereby": true, "hereto": true, "hereof": true, "hereunder": true, "herein": true,
	"hereinafter": true, "heretofore": true, "whereas": true, "witnesseth": true, "whereof": true,
	"undersigned": true, "indemnify": true, "indemnification": true, "covenants": true, "warrants": true,
	"obligations": true, "breach": true, "termination": true, "governed": true, "executed": true,
	"parties": true, "party": true, "thereof": true, "therein": true, "pursuant": true, "notwithstanding": true,
	"whereby": true, "provisions": true, "amended": true, "agrees": true, "agreed": true,
}

// CheckAgreement reports why a parsed document is not an agreement, or
// nil when it is one: it names parties, it has a signature block, or it speaks the language of
// agreements — a kind of document and minLegalTerms distinct terms of art,
// or one term more without the kind of document. A web page about cats
// has neither; every CUAD contract and every demo contract is one (TestCUAD,
// TestCheckAgreementDemo). The test stops reading
// as soon as it is met, so an agreement costs a few kilobytes of its text.
func CheckAgreement(c *contract.Contract) error {
	if len(c.Parties) > 0 || isSigned(c.Body) {
		return nil
	}
	var (
		noun  string
		terms []string
		words int
	)
	met := func() bool {
		return noun != "" && len(terms) >= minLegalTerms || len(terms) >= minLegalTerms+1
	}
	body := c.Body
	for i := 0; i < len(body); {
		for i < len(body) && !isASCIILetter(body[i]) {
			i++
		}
		j := i
		for j < len(body) && isASCIILetter(body[j]) {
			j++
		}
		if j == i {
			break
		}
		words++
		w := asciiLower(body[i:j])
		i = j
		switch {
		case noun == "" && docNouns[w]:
			noun = w
		case legalTerms[w] && !slices.Contains(terms, w):
			terms = append(terms, w)
		default:
			continue
		}
		if met() {
			return nil
		}
	}
	if words == 0 {
		return fmt.Errorf("%w (no words)", ErrNotAgreement)
	}
	what := "names no kind of document"
	if noun != "" {
		what = fmt.Sprintf("names a %q", noun)
	}
	found := "none"
	if len(terms) > 0 {
		found = strings.Join(terms, ", ")
	}
	return fmt.Errorf("%w (no parties, and in %d words it %s and uses %d of the terms agreements use (shall, hereby, whereas, parties …): %s)",
		ErrNotAgreement, words, what, len(terms), found)
}

func isASCIILetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// isSigned reports whether body holds a signature block: "By:", "Name:"
// and "Title:" lines, as a joint filing agreement that is nothing but
// signatures has.
func isSigned(body string) bool {
	return strings.Contains(body, "By:") && strings.Contains(body, "Name:") && strings.Contains(body, "Title:")
}
