package sic

import (
	"strconv"
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// Industry is the industry of a SIC code: its major group, and the
// division the group belongs to.
type Industry struct {
	// Code is the code as four digits: "0100", "7372".
	Code string
	// Group is the major group's name: "Business Services".
	Group string
	// Division is the division's name: "Services".
	Division string
}

// Attr is the contract's `industry` attribute: the major group's name,
// and its slug as the filter value ("business-services").
func (i Industry) Attr() *contract.Attr {
	return &contract.Attr{Name: i.Group, Value: contract.Slug(i.Group)}
}

// Lookup returns the industry of a SIC code written as one to four digits
// ("7372"; "100" for 0100, as a manifest that dropped leading zeros writes
// it), or as EDGAR prints it, "SERVICES-PREPACKAGED SOFTWARE [7372]".
// ok is false for anything else, and for a code no division holds.
func Lookup(code string) (Industry, bool) {
	code = strings.TrimSpace(code)
	if i := strings.LastIndexByte(code, '['); i >= 0 && strings.HasSuffix(code, "]") {
		code = strings.TrimSpace(code[i+1 : len(code)-1])
	}
	if code == "" || len(code) > 4 || strings.Trim(code, "0123456789") != "" {
		return Industry{}, false
	}
	n, err := strconv.Atoi(code)
	if err != nil || n <= 0 {
		return Industry{}, false
	}
	group := n / 100
	for _, d := range divisions {
		if group < d.first || group > d.last {
			continue
		}
		ind := Industry{Code: pad4(n), Division: d.name, Group: majorGroups[group]}
		if ind.Group == "" {
			ind.Group = d.name
		}
		return ind, true
	}
	return Industry{}, false
}

func pad4(n int) string {
	s := strconv.Itoa(n)
	return strings.Repeat("0", 4-len(s)) + s
}
