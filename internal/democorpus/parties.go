package democorpus

import (
	"fmt"
	"strings"
)

// company is a made-up filer or counterparty.
type company struct {
	Name  string // "Kestrel Therapeutics, Inc."
	Short string // "Kestrel"
	// CIK has ten digits, as EDGAR prints it, drawn from 0009000000 to
	// 0009999999: above the keys EDGAR has assigned so far, so a demo
	// company is never confused with a real filer.
	CIK string
	IRS string // nine digits
	Ind *industry
	Inc *jurisdiction // where it is organised
	// Street and City make its address; City is "City, Region Postcode".
	Street, City string
	Phone        string
	Officer      person // who signs for it
}

// person is an individual party or signatory.
type person struct {
	Name, Title string
	City        string // residence, for individual parties
}

// Addr is the company's one-line address.
func (c *company) Addr() string { return c.Street + ", " + c.City }

// Describe is how a preamble introduces the company: "a Delaware
// corporation".
func (c *company) Describe() string {
	entity := c.Inc.Entity
	if strings.HasSuffix(c.Name, " LLC") {
		entity = "limited liability company"
	}
	return article(c.Inc.Adjective) + " " + c.Inc.Adjective + " " + entity
}

func article(word string) string {
	if strings.ContainsRune("AEIOU", rune(word[0])) {
		return "an"
	}
	return "a"
}

// newCompanies makes n companies with distinct names and CIKs. Most are
// organised in Delaware, Nevada or another US state, as SEC filers are.
func newCompanies(r *rng, n int) []*company {
	stems := append([]string(nil), nameStems...)
	shuffle(r, stems)
	usedName := map[string]bool{}
	usedCIK := map[string]bool{}
	var out []*company
	for i := 0; len(out) < n; i++ {
		stem := stems[i%len(stems)]
		ind := &industries[r.intn(len(industries))]
		var inc *jurisdiction
		switch x := r.intn(100); {
		case x < 45:
			inc = jurisdictionByValue("delaware-us")
		case x < 55:
			inc = jurisdictionByValue("nevada-us")
		case x < 80:
			inc = &jurisdictions[r.intn(17)] // a US state
		default:
			inc = &jurisdictions[r.intn(len(jurisdictions))]
		}
		name := stem + " " + pick(r, ind.Words)
		suffix := pick(r, inc.Suffixes)
		if strings.HasPrefix(suffix, "Holdings") || strings.HasPrefix(suffix, "Technology") {
			name += " " + suffix
		} else if strings.HasPrefix(suffix, "Inc") {
			name += ", " + suffix
		} else {
			name += " " + suffix
		}
		cik := fmt.Sprintf("%010d", r.between(9000000, 9999999))
		if usedName[name] || usedCIK[cik] {
			continue
		}
		usedName[name], usedCIK[cik] = true, true
		c := &company{
			Name: name, Short: strings.Fields(stem)[0], CIK: cik,
			IRS: fmt.Sprintf("%02d-%07d", r.between(10, 99), r.intn(10000000)),
			Ind: ind, Inc: inc,
			Street: fmt.Sprintf("%d %s %s", r.between(10, 9900), pick(r, streetNames), pick(r, streetKinds)),
			City:   pick(r, inc.Cities),
			Phone:  fmt.Sprintf("%03d-%03d-%04d", r.between(201, 989), r.between(200, 999), r.intn(10000)),
		}
		if r.chance(0.4) {
			c.Street += fmt.Sprintf(", Suite %d", r.between(100, 2900))
		}
		c.Officer = newPerson(r)
		c.Officer.Title = pick(r, officerTitles)
		out = append(out, c)
	}
	return out
}

func newPerson(r *rng) person {
	name := pick(r, firstNames) + " "
	if r.chance(0.6) {
		name += pick(r, middleInitials) + " "
	}
	j := &jurisdictions[r.intn(17)]
	return person{Name: name + pick(r, lastNames), City: pick(r, j.Cities)}
}

func jurisdictionByValue(v string) *jurisdiction {
	for i := range jurisdictions {
		if jurisdictions[i].Value == v {
			return &jurisdictions[i]
		}
	}
	panic("democorpus: no jurisdiction " + v)
}
