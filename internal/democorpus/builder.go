package democorpus

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// spec is everything that decides one contract's text. Two contracts with
// equal specs have equal text; near-duplicates are made by copying a spec
// and changing a field.
type spec struct {
	Type *contractType
	Law  *jurisdiction
	A    *company
	B    *company // nil when the second party is a person
	P    person   // the second party when it is a person
	Date time.Time
	// Seed drives structure and wording choices; Revision re-draws the
	// numbers (fees, periods) and nothing else.
	Seed     uint64
	Revision uint64
}

// built is a contract ready to render.
type built struct {
	Title   string
	Blocks  []block
	Parties string // "Name (“Role”); Name (“Role”)", as CUAD lists parties
	Lawfirm string
}

// Heading styles, the ways agreements number and set their headings.
const (
	styleNumberedCaps  = iota // "5. TERM AND TERMINATION" / "5.1 Term. …"
	styleNumberedRunIn        // "5. Term and Termination." / "5.1 Term. …"
	styleArticle              // "ARTICLE V" / "TERM AND TERMINATION" / "Section 5.1 Term. …"
	styleCaps                 // "TERM AND TERMINATION" / "(a) Term. …"
	styleSectionWord          // "Section 5. Term and Termination." / "Section 5.1 Term. …"
	numStyles
)

// builder holds one contract's choices while its blocks are produced.
type builder struct {
	s      spec
	r      *rng // structure and wording
	style  int
	open   string // quote marks
	close  string
	rep    *strings.Replacer
	blocks []block
}

// build turns a spec into blocks. It consumes randomness in a fixed order
// so that a spec always gives the same text.
func build(s spec) built {
	b := &builder{s: s, r: newRNG(s.Seed, 1)}
	t := s.Type
	b.style = b.r.intn(numStyles)
	b.open, b.close = `"`, `"`
	if b.r.chance(0.35) {
		b.open, b.close = "\u201c", "\u201d"
	}
	title := pick(b.r, t.Titles)
	product := pick(b.r, t.Subject)
	b.rep = strings.NewReplacer(b.slots(product)...)

	b.add(block{Kind: blockTitle, Text: title})
	b.preamble(title)
	b.recitals()

	var sections []sec
	if b.r.chance(0.8) {
		sections = append(sections, b.definitions())
	}
	sections = append(sections, t.Sections...)
	for _, g := range generalArticles {
		v := pick(b.r, g.Variants)
		if !slices.Contains(t.Omit, g.Key) {
			sections = append(sections, v)
		}
	}
	misc := b.misc()
	flat := b.style == styleCaps || b.style == styleNumberedRunIn && b.r.chance(0.5)
	if flat {
		for _, m := range misc {
			sections = append(sections, sec{Head: m.Head, Subs: []sub{{"", m.Text}}})
		}
	} else {
		sections = append(sections, sec{Head: pick(b.r, miscTitles), Subs: misc})
	}
	for i, sc := range sections {
		b.section(i+1, sc)
	}
	b.signatures()
	if t.Schedule != nil {
		b.add(block{Kind: blockBreak})
		b.add(block{Kind: blockHeading, Num: "EXHIBIT A", Sep: "\n", Head: strings.ToUpper(b.fill(t.Schedule.Head))})
		for _, x := range t.Schedule.Subs {
			b.add(block{Kind: blockPara, Text: b.fill(x.Text)})
		}
	}
	return built{Title: title, Blocks: b.blocks, Parties: b.parties(), Lawfirm: b.lawfirm()}
}

func (b *builder) add(x block) { b.blocks = append(b.blocks, x) }

// fill picks one of the " || " alternatives of text and replaces its
// placeholders.
func (b *builder) fill(text string) string {
	if strings.Contains(text, " || ") {
		text = pick(b.r, strings.Split(text, " || "))
	}
	return b.rep.Replace(text)
}

// q quotes a defined term with the document's quote marks.
func (b *builder) q(term string) string { return b.open + term + b.close }

// slots returns the placeholder replacements. Numbers come from a
// generator seeded by Seed and Revision, so a revision changes them alone.
func (b *builder) slots(product string) []string {
	s := b.s
	n := newRNG(s.Seed^(s.Revision*0x9e3779b97f4a7c15), 2)
	termYears := pick(n, []int{1, 2, 3, 3, 5, 5, 7, 10})
	percent := pick(n, []int{2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 25})
	fee := pick(n, []int{25, 40, 50, 75, 100, 150, 250, 400, 500, 750, 1000, 2500, 5000}) * 1000
	cap := pick(n, []string{
		"the total amounts paid or payable under this Agreement in the twelve (12) months preceding the event giving rise to the claim",
		money(pick(n, []int{1, 2, 5, 10}) * 1000000),
		"the fees paid by " + s.Type.Roles[1] + " under this Agreement",
	})
	aName, bName := s.A.Name, s.P.Name
	if s.B != nil {
		bName = s.B.Name
	}
	building := fmt.Sprintf("%d %s %s, %s", n.between(100, 2500), pick(n, streetNames), pick(n, streetKinds), pick(n, s.Law.Cities))
	return []string{
		"{q}", b.open, "{/q}", b.close,
		"{A}", s.Type.Roles[0], "{B}", s.Type.Roles[1],
		"{AName}", aName, "{BName}", bName,
		"{Product}", product,
		"{Field}", pick(n, fields),
		"{Territory}", "the Territory",
		"{Exclusivity}", pick(n, []string{"exclusive", "non-exclusive"}),
		"{TermYears}", period(termYears, "year"),
		"{TermOrdinal}", ordinals[termYears],
		"{RenewYears}", period(pick(n, []int{1, 1, 2}), "year"),
		"{NoticeDays}", period(pick(n, []int{30, 60, 90, 180}), "day"),
		"{CureDays}", period(pick(n, []int{10, 15, 30, 45, 60}), "day"),
		"{PayDays}", period(pick(n, []int{15, 30, 45, 60}), "day"),
		"{Days}", period(pick(n, []int{10, 15, 20, 30, 45, 60, 90, 120}), "day"),
		"{Percent}", fmt.Sprintf("%s percent (%d%%)", numberWords(percent), percent),
		"{Fee}", money(fee),
		"{Retainer}", money(n.between(5, 60) * 1000),
		"{Rate}", money(n.between(6, 20) * 25),
		"{Cap}", cap,
		"{Arbitrators}", pick(n, []string{"a single arbitrator", "three (3) arbitrators"}),
		"{Hours}", spelled(pick(n, []int{4, 6, 8, 10, 12, 20, 24, 40})),
		"{Units}", grouped(n.between(1, 500) * 1000),
		"{Miles}", spelled(pick(n, []int{3, 5, 10, 25})),
		"{Officer}", pick(n, []string{"Chief Financial Officer", "Chief Operating Officer", "Chief Technology Officer", "Executive Vice President, Sales", "General Counsel"}),
		"{Reports}", pick(n, []string{"Chief Executive Officer", "Board of Directors of the Company (the " + b.q("Board") + ")"}),
		"{Salary}", money(n.between(18, 90) * 10000),
		"{Principal}", money(n.between(2, 60) * 5000000),
		"{Margin}", fmt.Sprintf("%.2f%%", float64(n.between(5, 16))*0.25),
		"{PerShare}", fmt.Sprintf("$%d.%02d", n.between(4, 95), n.intn(4)*25),
		"{Rent}", fmt.Sprintf("$%d.%02d", n.between(18, 85), n.intn(4)*25),
		"{Street}", building,
	}
}

// fields are what agreements say they are about.
var fields = []string{
	"medical imaging", "enterprise data analytics", "consumer electronics", "renewable energy",
	"specialty chemicals", "digital media distribution", "oncology therapeutics", "logistics software",
	"food service", "payment processing", "industrial automation", "wireless communications",
}

// preamble introduces the agreement, its date and its parties, defining
// their names inline.
func (b *builder) preamble(title string) {
	s, t := b.s, b.s.Type
	date := longDate(s.Date)
	if s.Law.CountryCode != "us" && b.r.chance(0.5) {
		date = europeanDate(s.Date)
	} else if b.r.chance(0.2) {
		date = dayOfDate(s.Date)
	}
	partyA := fmt.Sprintf("%s, %s with its principal place of business at %s", s.A.Name, s.A.Describe(), s.A.Addr())
	var partyB string
	if s.B != nil {
		partyB = fmt.Sprintf("%s, %s with offices at %s", s.B.Name, s.B.Describe(), s.B.Addr())
	} else {
		partyB = fmt.Sprintf("%s, an individual residing in %s", s.P.Name, s.P.City)
	}
	roleA, roleB := b.q(t.Roles[0]), b.q(t.Roles[1])
	if b.r.chance(0.5) {
		roleA, roleB = "the "+roleA, "the "+roleB
	}
	parties := ""
	if b.r.chance(0.5) {
		parties = " (each, a " + b.q("Party") + " and together, the " + b.q("Parties") + ")"
	}
	var text string
	switch b.r.intn(3) {
	case 0:
		text = fmt.Sprintf("This %s (this %s) is entered into as of %s (the %s) by and between %s (%s), and %s (%s)%s.",
			titleCase(title), b.q("Agreement"), date, b.q("Effective Date"), partyA, roleA, partyB, roleB, parties)
	case 1:
		text = fmt.Sprintf("THIS %s (the %s) is made and entered into on %s (the %s), by and between %s (%s) and %s (%s)%s.",
			title, b.q("Agreement"), date, b.q("Effective Date"), partyA, roleA, partyB, roleB, parties)
	default:
		text = fmt.Sprintf("This %s (hereinafter referred to as the %s), dated %s (the %s), is made between %s (hereinafter %s) and %s (hereinafter %s)%s.",
			titleCase(title), b.q("Agreement"), date, b.q("Effective Date"), partyA, roleA, partyB, roleB, parties)
	}
	b.add(block{Kind: blockPara, Text: text})
}

// recitals writes the background in one of the three usual forms.
func (b *builder) recitals() {
	rs := b.s.Type.Recitals
	switch b.r.intn(3) {
	case 0:
		b.add(block{Kind: blockHeading, Head: "RECITALS"})
		for i, x := range rs {
			b.add(block{Kind: blockPara, Num: string(rune('A'+i)) + ".", Text: capitalize(b.fill(x)) + "."})
		}
	case 1:
		for i, x := range rs {
			end := "; and"
			if i == len(rs)-1 {
				end = "."
			}
			b.add(block{Kind: blockPara, Text: "WHEREAS, " + b.fill(x) + end})
		}
	default:
		b.add(block{Kind: blockHeading, Head: "BACKGROUND"})
		for _, x := range rs {
			b.add(block{Kind: blockPara, Text: capitalize(b.fill(x)) + "."})
		}
	}
	b.add(block{Kind: blockPara, Text: pick(b.r, []string{
		"NOW, THEREFORE, in consideration of the mutual covenants and agreements set forth herein, and for other good and valuable consideration, the receipt and sufficiency of which are hereby acknowledged, the Parties agree as follows:",
		"NOW, THEREFORE, the Parties, intending to be legally bound, hereby agree as follows:",
		"In consideration of the premises and the mutual promises in this Agreement, the Parties agree as follows:",
	})})
}

func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// commonDefs are definitions most agreements share.
var commonDefs = []def{
	{"Affiliate", "means any entity that directly or indirectly controls, is controlled by or is under common control with a Party, where {q}control{/q} means ownership of more than fifty percent (50%) of the voting securities of such entity."},
	{"Confidential Information", "means all non-public information disclosed by or on behalf of a Party, whether orally or in writing, that is designated as confidential or that ought reasonably to be understood to be confidential."},
	{"Territory", "means {TerritoryText}."},
	{"Effective Date", "has the meaning set forth in the preamble."},
	{"Business Day", "means a day other than a Saturday, Sunday or public holiday on which banks are open for business in {City}."},
}

var territories = []string{
	"the United States of America, its territories and possessions", "Canada", "North America",
	"the member states of the European Union and the United Kingdom", "all countries of the world",
	"the People's Republic of China, excluding Hong Kong, Macau and Taiwan", "Japan", "Latin America",
}

// definitions returns the definitions article: the type's definitions
// and the common ones it needs, in alphabetical order as drafters keep
// them.
func (b *builder) definitions() sec {
	t := b.s.Type
	defs := append([]def(nil), t.Defs...)
	for _, d := range commonDefs {
		in := b.r.chance(0.7)
		switch {
		case slices.ContainsFunc(defs, func(x def) bool { return x.Term == d.Term }):
		case d.Term == "Territory" && !mentions(t, "Territory"):
		case in:
			defs = append(defs, d)
		}
	}
	slices.SortFunc(defs, func(x, y def) int { return strings.Compare(x.Term, y.Term) })
	subs := []sub{{"", pick(b.r, []string{
		"In this Agreement, the following terms have the meanings set forth below:",
		"Capitalized terms used in this Agreement have the following meanings:",
		"The following capitalized terms, when used in this Agreement, shall have the meanings set forth in this Article:",
	})}}
	city := strings.SplitN(b.s.Law.Seat, ",", 2)[0]
	for _, d := range defs {
		text := strings.ReplaceAll(d.Text, "{TerritoryText}", pick(b.r, territories))
		text = strings.ReplaceAll(text, "{City}", city)
		if strings.HasPrefix(text, "means ") && b.r.chance(0.3) {
			text = "shall mean " + strings.TrimPrefix(text, "means ")
		}
		subs = append(subs, sub{Head: "\x00" + d.Term, Text: text}) // \x00 marks a definition
	}
	return sec{Head: "Definitions", Subs: subs}
}

// mentions reports whether any text of t uses word, so that a common
// definition is added only where the agreement needs it.
func mentions(t *contractType, word string) bool {
	texts := append([]string(nil), t.Recitals...)
	for _, d := range t.Defs {
		texts = append(texts, d.Text)
	}
	for _, s := range t.Sections {
		for _, x := range s.Subs {
			texts = append(texts, x.Text)
		}
	}
	return slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(s, word) })
}

// misc returns the general provisions this contract includes.
func (b *builder) misc() []sub {
	var out []sub
	for _, m := range miscClauses {
		in := b.r.chance(m.P)
		var x sub
		switch m.Key {
		case "notices":
			x = b.notices()
		case "governing-law":
			x = governingLaw(b.r, b.s.Law)
		case "disputes":
			x = disputes(b.r, b.s.Law)
		default:
			x = pick(b.r, m.Alts)
		}
		if in && !slices.Contains(b.s.Type.Omit, m.Key) {
			out = append(out, x)
		}
	}
	return out
}

// notices is the notices clause, with the parties' addresses and, for the
// first party, its counsel.
func (b *builder) notices() sub {
	s := b.s
	bAddr := s.P.City
	bAttn := s.P.Name
	if s.B != nil {
		bAddr, bAttn = s.B.Name+", "+s.B.Addr(), s.B.Officer.Title
	}
	text := fmt.Sprintf("All notices under this Agreement shall be in writing and shall be deemed given when delivered personally, one (1) business day after deposit with an internationally recognized overnight courier, or when sent by email with confirmation of transmission, addressed as follows: if to {A}, to %s, %s, Attention: %s, with a copy (which shall not constitute notice) to %s, Attention: %s; and if to {B}, to %s, Attention: %s; or to such other address as a Party may designate by notice.",
		s.A.Name, s.A.Addr(), s.A.Officer.Title, b.lawfirm(), pick(b.r, lastNames)+", Esq.", bAddr, bAttn)
	return sub{"Notices", text}
}

// lawfirm is the first party's counsel, named in the notices clause.
func (b *builder) lawfirm() string {
	x := newRNG(b.s.Seed, 3)
	return pick(x, lawFirms)
}

// parties lists the parties as CUAD's labels do.
func (b *builder) parties() string {
	s := b.s
	bName := s.P.Name
	if s.B != nil {
		bName = s.B.Name
	}
	return fmt.Sprintf("%s (%s); %s (%s)", s.A.Name, b.q(s.Type.Roles[0]), bName, b.q(s.Type.Roles[1]))
}

// section writes top-level section n in the document's heading style.
func (b *builder) section(n int, sc sec) {
	head := b.fill(sc.Head)
	single := len(sc.Subs) == 1 && sc.Subs[0].Head == ""
	var num, sep, shown string
	switch b.style {
	case styleNumberedCaps:
		num, sep, shown = fmt.Sprintf("%d.", n), " ", strings.ToUpper(head)
	case styleNumberedRunIn:
		num, sep, shown = fmt.Sprintf("%d.", n), " ", head+"."
	case styleArticle:
		num, sep, shown = "ARTICLE "+roman(n), "\n", strings.ToUpper(head)
	case styleCaps:
		num, sep, shown = "", "", strings.ToUpper(head)
	case styleSectionWord:
		num, sep, shown = fmt.Sprintf("Section %d.", n), " ", head+"."
	}
	if single && b.style != styleArticle && b.style != styleCaps {
		b.add(block{Kind: blockRunIn, Num: num, Head: head, Text: b.fill(sc.Subs[0].Text)})
		return
	}
	b.add(block{Kind: blockHeading, Num: num, Sep: sep, Head: shown})
	plainDefs := b.r.chance(0.4)
	k := 0 // numbered subsections so far
	for j, x := range sc.Subs {
		isDef := strings.HasPrefix(x.Head, "\x00")
		numbered := !(isDef && plainDefs) && !(x.Head == "" && (single || j == 0))
		if b.style == styleArticle && j == 0 && x.Head == "" {
			numbered = false
		}
		sn := ""
		if numbered {
			k++
			switch b.style {
			case styleArticle, styleSectionWord:
				sn = fmt.Sprintf("Section %d.%d", n, k)
			case styleCaps:
				sn = "(" + string(rune('a'+k-1)) + ")"
			default:
				sn = fmt.Sprintf("%d.%d", n, k)
			}
		}
		switch {
		case isDef:
			b.add(block{Kind: blockDef, Num: sn, Term: b.open + x.Head[1:] + b.close, Text: b.fill(x.Text)})
		case x.Head == "":
			b.add(block{Kind: blockPara, Num: sn, Text: b.fill(x.Text)})
		default:
			b.add(block{Kind: blockRunIn, Num: sn, Head: b.fill(x.Head), Text: b.fill(x.Text)})
		}
	}
}

// signatures writes the testimonium and a signature block per party.
func (b *builder) signatures() {
	s := b.s
	b.add(block{Kind: blockPara, Text: pick(b.r, []string{
		"IN WITNESS WHEREOF, the Parties have caused this Agreement to be executed by their duly authorized representatives as of the Effective Date.",
		"IN WITNESS WHEREOF, the parties hereto have executed this Agreement as of the date first written above.",
	})})
	conformed := b.r.chance(0.7)
	sign := func(name string) string {
		if conformed {
			return "By: /s/ " + name
		}
		return "By: ______________________________"
	}
	b.add(block{Kind: blockSig, Lines: []string{strings.ToUpper(s.A.Name), sign(s.A.Officer.Name), "Name: " + s.A.Officer.Name, "Title: " + s.A.Officer.Title}})
	if s.B != nil {
		b.add(block{Kind: blockSig, Lines: []string{strings.ToUpper(s.B.Name), sign(s.B.Officer.Name), "Name: " + s.B.Officer.Name, "Title: " + s.B.Officer.Title}})
	} else {
		line := "/s/ " + s.P.Name
		if !conformed {
			line = "______________________________"
		}
		b.add(block{Kind: blockSig, Lines: []string{strings.ToUpper(s.Type.Roles[1]), line, s.P.Name}})
	}
}
