package democorpus

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"time"
)

// DefaultN is the default number of contracts: enough that every contract
// type and jurisdiction appears several times and facets have something to
// count, small enough that a fresh clone builds its index in seconds.
const DefaultN = 300

// Options select a corpus. The same Options always give the same corpus,
// byte for byte.
type Options struct {
	// N is the number of contracts; 0 means DefaultN.
	N int
	// Seed selects every random choice.
	Seed uint64
}

// Formats of the files the corpus writes.
const (
	FormatText  = "txt"       // clean text, one paragraph per line
	FormatPaged = "txt-paged" // hard-wrapped pages with footers and page numbers
	FormatHTML  = "htm"       // an EDGAR-style HTML exhibit
	FormatEDGAR = "edgar"     // a full EDGAR submission (.txt) holding one or more exhibits
)

// Contract describes one generated contract: where it is and what a
// perfect parser would say about it. The manifest holds one row per
// Contract; ingest may use the filing columns as metadata, and evaluation
// the others as labels.
type Contract struct {
	ID       string // "dc-0001"
	File     string // path of its file, relative to the corpus directory, with / separators
	Format   string // one of the Format constants
	Exhibit  string // exhibit type, "EX-10.1"
	Sequence int    // the <SEQUENCE> of its document in an EDGAR submission, else 0

	Title        string
	Category     string // category value, "distributor-agreement"
	CategoryName string // "Distributor Agreement"
	Company      string // the filer's name
	CIK          string // the filer's CIK, ten digits
	Industry     string // the filer's industry value
	IndustryName string
	SIC          string
	FilingDate   string // YYYY-MM-DD
	FormType     string // "10-K"
	Accession    string // accession number, the filing_id
	Source       string // filing origin host

	Jurisdiction      string // name, "New York"
	JurisdictionValue string // "new-york-us"
	Country           string // "United States"
	CountryCode       string // "us"
	Parties           string
	AgreementDate     string // YYYY-MM-DD
	Lawfirm           string

	// DuplicateOf is the ID of the contract this one is a near-duplicate
	// of, and Variant how it was made: "refiled" (the same text in another
	// filing), "revised" (numbers and date changed) or "counterparty" (one
	// form signed with another party). Both are empty for originals.
	DuplicateOf, Variant string

	// Text is the canonical plain text: what a perfect reader recovers
	// from the file. It is not written to the manifest.
	Text string
}

// File is one file of the corpus.
type File struct {
	Path string // relative, with / separators
	Data []byte
}

// Corpus is a generated corpus.
type Corpus struct {
	Contracts []Contract // in ID order
	Files     []File     // in path order; the manifest is not among them
}

// Source is the source host every generated filing reports. It is a
// reserved .invalid name on purpose: the filings are made up, and must not
// be mistaken for, or linked to, real EDGAR documents.
const Source = "edgar.demo.invalid"

// item is one planned contract.
type item struct {
	id      string
	s       spec
	f       filing
	exhibit string
	format  string
	dupOf   string
	variant string
	bundle  int // contracts in the same EDGAR submission share a bundle number > 0
	redact  bool
}

// Generate makes the corpus for opts.
func Generate(opts Options) (*Corpus, error) {
	n := opts.N
	if n == 0 {
		n = DefaultN
	}
	if n < 0 {
		return nil, fmt.Errorf("democorpus: %d contracts requested", n)
	}
	r := newRNG(opts.Seed, 0)
	companies := newCompanies(r, max(24, n/3))
	types := newCycle(r, len(contractTypes), func(i int) int { return contractTypes[i].Weight })
	laws := newCycle(r, len(jurisdictions), func(i int) int { return jurisdictions[i].Weight })

	var items []item
	var originals []int
	bundles := 0
	for len(items) < n {
		i := len(items)
		id := fmt.Sprintf("dc-%04d", i+1)
		if len(originals) >= 8 && r.chance(0.14) {
			items = append(items, variantOf(r, items[pick(r, originals)], id, companies))
			continue
		}
		it := item{id: id, s: newSpec(r, &contractTypes[types.next()], &jurisdictions[laws.next()], companies)}
		it.f = newFiling(r, it.s.A, it.s.Date, &it.s)
		it.format = pickFormat(r)
		it.exhibit = exhibitType(r, it.s.Type, 1)
		it.redact = r.chance(0.12)
		originals = append(originals, i)
		items = append(items, it)
		// Now and then a filer files two agreements in one submission.
		if it.format == FormatEDGAR && len(items) < n && r.chance(0.25) {
			bundles++
			items[i].bundle = bundles
			second := item{id: fmt.Sprintf("dc-%04d", i+2), s: newSpec(r, &contractTypes[types.next()], &jurisdictions[laws.next()], companies)}
			second.s.A = it.s.A
			if second.s.B == it.s.A {
				second.s.B = companies[(slices.Index(companies, it.s.A)+1)%len(companies)]
			}
			second.f, second.format, second.bundle = it.f, FormatEDGAR, bundles
			second.exhibit = nextExhibit(it.exhibit, second.s.Type)
			originals = append(originals, i+1)
			items = append(items, second)
		}
	}
	return assemble(r, items), nil
}

// cycle picks indexes so that each appears once, in a shuffled order,
// before any repeats; after that, by weight.
type cycle struct {
	r       *rng
	order   []int
	weights []int
}

func newCycle(r *rng, n int, weight func(int) int) *cycle {
	c := &cycle{r: r, order: make([]int, n), weights: make([]int, n)}
	for i := range n {
		c.order[i], c.weights[i] = i, weight(i)
	}
	shuffle(r, c.order)
	return c
}

func (c *cycle) next() int {
	if len(c.order) > 0 {
		i := c.order[0]
		c.order = c.order[1:]
		return i
	}
	return c.r.weighted(c.weights)
}

// newSpec draws an original contract of type t under law j.
func newSpec(r *rng, t *contractType, j *jurisdiction, companies []*company) spec {
	a := companies[r.intn(len(companies))]
	s := spec{Type: t, Law: j, A: a, Seed: r.uint64()}
	if t.Person {
		s.P = newPerson(r)
	} else {
		for s.B == nil || s.B == a {
			s.B = companies[r.intn(len(companies))]
		}
	}
	start := time.Date(1998, 1, 1, 0, 0, 0, 0, time.UTC)
	s.Date = start.AddDate(0, 0, r.intn(26*365))
	return s
}

// newFiling files a contract signed on date, by its first party.
func newFiling(r *rng, filer *company, date time.Time, s *spec) filing {
	forms := []string{"10-K", "10-Q", "10-Q", "8-K", "8-K", "S-1", "10-12G"}
	switch s.Type.Exhibit {
	case "2":
		forms = []string{"8-K", "8-K", "S-4", "10-Q"}
	case "1":
		forms = []string{"8-K", "S-1/A", "S-1"}
	}
	if filer.Inc.CountryCode != "us" && r.chance(0.6) {
		forms = []string{"20-F", "F-1", "6-K"}
	}
	d := date.AddDate(0, 0, r.between(1, 75))
	return filing{
		Filer:     filer,
		Form:      pick(r, forms),
		Date:      d,
		Accession: fmt.Sprintf("%s-%02d-%06d", filer.CIK, d.Year()%100, r.between(1, 999999)),
	}
}

func pickFormat(r *rng) string {
	return []string{FormatText, FormatPaged, FormatHTML, FormatEDGAR}[r.weighted([]int{30, 15, 25, 30})]
}

// exhibitType numbers an exhibit of type t; nth is its place in the
// submission.
func exhibitType(r *rng, t *contractType, nth int) string {
	switch t.Exhibit {
	case "10":
		return fmt.Sprintf("EX-10.%d", r.between(1, 30)+nth-1)
	default:
		return fmt.Sprintf("EX-%s.%d", t.Exhibit, nth)
	}
}

// nextExhibit numbers the second exhibit of a submission after first:
// EX-10.7 → EX-10.8 for another material contract, or the type's own
// family otherwise.
func nextExhibit(first string, t *contractType) string {
	fam, num, _ := strings.Cut(strings.TrimPrefix(first, "EX-"), ".")
	if fam == t.Exhibit {
		var n int
		fmt.Sscan(num, &n)
		return fmt.Sprintf("EX-%s.%d", fam, n+1)
	}
	return fmt.Sprintf("EX-%s.1", t.Exhibit)
}

// variantOf makes a near-duplicate of an original.
func variantOf(r *rng, orig item, id string, companies []*company) item {
	v := item{id: id, s: orig.s, dupOf: orig.id, format: pickFormat(r), redact: orig.redact}
	switch x := r.intn(100); {
	case x < 40 && orig.s.B != nil:
		// The other party files the same agreement.
		v.variant = "refiled"
		v.f = newFiling(r, orig.s.B, orig.s.Date, &v.s)
	case x < 75:
		// The agreement is re-signed later with new numbers.
		v.variant = "revised"
		v.s.Revision = uint64(1 + r.intn(1000))
		v.s.Date = orig.s.Date.AddDate(0, r.between(1, 30), 0)
		v.f = newFiling(r, v.s.A, v.s.Date, &v.s)
	default:
		// The filer signs the same form with another counterparty.
		v.variant = "counterparty"
		if orig.s.Type.Person {
			v.s.P = newPerson(r)
		} else {
			for v.s.B == orig.s.B || v.s.B == v.s.A {
				v.s.B = companies[r.intn(len(companies))]
			}
		}
		v.s.Date = orig.s.Date.AddDate(0, 0, r.between(10, 400))
		v.f = newFiling(r, v.s.A, v.s.Date, &v.s)
	}
	v.exhibit = exhibitType(r, v.s.Type, 1)
	return v
}

// assemble renders every planned contract into files and manifest rows.
func assemble(r *rng, items []item) *Corpus {
	c := &Corpus{}
	usedPath := map[string]bool{}
	unique := func(p string) string {
		base, ext := strings.TrimSuffix(p, path.Ext(p)), path.Ext(p)
		for k := 2; usedPath[p]; k++ {
			p = fmt.Sprintf("%s (%d)%s", base, k, ext)
		}
		usedPath[p] = true
		return p
	}
	for i := 0; i < len(items); {
		group := []item{items[i]}
		for i+len(group) < len(items) && items[i].bundle > 0 && items[i+len(group)].bundle == items[i].bundle {
			group = append(group, items[i+len(group)])
		}
		i += len(group)
		var exhibits []exhibit
		var rows []Contract
		for k, it := range group {
			bt := build(it.s)
			blocks := bt.Blocks
			if it.redact {
				blocks = redactBlocks(blocks)
			}
			lg := legend{Redacted: it.redact}
			if r.chance(0.7) {
				lg.Exhibit = "Exhibit " + strings.TrimPrefix(it.exhibit, "EX-")
			}
			row := contractRow(it, bt, plainText(blocks))
			var data string
			switch it.format {
			case FormatText:
				data = renderText(lg, blocks)
				row.File = unique("txt/" + fileName(it, bt.Title) + ".txt")
			case FormatPaged:
				p := paged{Width: pick(r, []int{72, 76, 80}), PageLines: r.between(44, 56), NumStyle: r.intn(3), Hyphenate: r.chance(0.5)}
				if r.chance(0.6) {
					p.Footer = fmt.Sprintf("Source: %s, %s, %d/%d/%d", strings.ToUpper(it.f.Filer.Name), it.f.Form, it.f.Date.Month(), it.f.Date.Day(), it.f.Date.Year())
				}
				data = renderPaged(lg, blocks, p, r)
				row.File = unique("txt/" + fileName(it, bt.Title) + ".txt")
			case FormatHTML:
				data = renderHTML(lg, bt.Title, blocks, htmlStyle{CurlyEntities: r.chance(0.5), PageEvery: r.between(10, 25), Upper: r.chance(0.3)})
				row.File = unique("htm/" + fileName(it, bt.Title) + ".htm")
			case FormatEDGAR:
				var body string
				if it.f.Date.Year() < 2002 {
					body = renderText(lg, blocks)
				} else {
					body = renderHTML(lg, bt.Title, blocks, htmlStyle{CurlyEntities: r.chance(0.5), PageEvery: r.between(10, 25), Upper: r.chance(0.3)})
				}
				exhibits = append(exhibits, exhibit{Type: it.exhibit, FileName: exhibitFileName(it), Body: body})
				row.Sequence = k + 2
			}
			if data != "" {
				c.Files = append(c.Files, File{Path: row.File, Data: []byte(data)})
			}
			rows = append(rows, row)
		}
		if len(exhibits) > 0 {
			p := unique("edgar/" + group[0].f.Accession + ".txt")
			c.Files = append(c.Files, File{Path: p, Data: []byte(renderSubmission(group[0].f, exhibits))})
			for k := range rows {
				rows[k].File = p
			}
		}
		c.Contracts = append(c.Contracts, rows...)
	}
	slices.SortFunc(c.Files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return c
}

// redactBlocks applies redact to every text of blocks.
func redactBlocks(blocks []block) []block {
	out := slices.Clone(blocks)
	for i := range out {
		out[i].Text = redact(out[i].Text)
	}
	return out
}

// fileName names a text or HTML file as CUAD's files are named:
// FILER_MM_DD_YYYY-EX-10.1-TITLE.
func fileName(it item, title string) string {
	filer := strings.ToUpper(strings.NewReplacer(" ", "", ",", "", ".", "", "'", "").Replace(it.f.Filer.Name))
	return fmt.Sprintf("%s_%s-%s-%s", filer, it.f.Date.Format("01_02_2006"), it.exhibit, title)
}

// exhibitFileName is the <FILENAME> of an exhibit in a submission.
func exhibitFileName(it item) string {
	ext := ".htm"
	if it.f.Date.Year() < 2002 {
		ext = ".txt"
	}
	return fmt.Sprintf("d%sd%s%s", it.f.Accession[14:], strings.ToLower(strings.NewReplacer("-", "", ".", "").Replace(it.exhibit)), ext)
}

func contractRow(it item, bt built, text string) Contract {
	s, f := it.s, it.f
	return Contract{
		ID: it.id, Format: it.format, Exhibit: it.exhibit,
		Title: bt.Title, Category: s.Type.Slug, CategoryName: s.Type.Name,
		Company: f.Filer.Name, CIK: f.Filer.CIK,
		Industry: f.Filer.Ind.Slug, IndustryName: f.Filer.Ind.Name, SIC: f.Filer.Ind.SIC,
		FilingDate: f.Date.Format(time.DateOnly), FormType: f.Form, Accession: f.Accession, Source: Source,
		Jurisdiction: s.Law.Name, JurisdictionValue: s.Law.Value, Country: s.Law.Country, CountryCode: s.Law.CountryCode,
		Parties: bt.Parties, AgreementDate: s.Date.Format(time.DateOnly), Lawfirm: bt.Lawfirm,
		DuplicateOf: it.dupOf, Variant: it.variant,
		Text: text,
	}
}
