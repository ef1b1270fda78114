package docview

import (
	"reflect"
	"strings"
	"testing"
)

const record = `{"name":"SUPPLY AGREEMENT","body":"SUPPLY AGREEMENT\n\n1. Definitions\n\n\"Products\" means goods.\n\n2. Governing Law\n\nThe laws of New York govern.",` +
	`"url":"https://www.sec.gov/Archives/edgar/data/1/x.htm","category":{"name":"Supply Agreement","value":"supply-agreement"},` +
	`"company":{"name":"Acme Corp","value":"1001"},"jurisdiction":{"name":"New York","value":"new-york-us"},"filing_date":"2010-01-02",` +
	`"group_id":"g","group_size":3,"sections":[` +
	`{"type":"clause","name":"Definitions","span":{"start":18,"end":57}},` +
	`{"type":"definition","name":"Products","span":{"start":34,"end":57}},` +
	`{"type":"clause","name":"Governing Law","clause_type":["governing-law"],"span":{"start":59,"end":105}},` +
	`{"type":"clause","name":"Notices"},` +
	`{"type":"clause","name":"Bad","span":{"start":50,"end":500}}]}`

func TestDecode(t *testing.T) {
	v, err := Decode("c1", []byte(record))
	if err != nil {
		t.Fatal(err)
	}
	if v.Name != "SUPPLY AGREEMENT" || !strings.HasPrefix(v.Body, "SUPPLY AGREEMENT\n\n1. Definitions") {
		t.Errorf("name %q body %q", v.Name, v.Body)
	}
	wantAttrs := []Attribute{
		{Label: "Category", Name: "Supply Agreement", Value: "supply-agreement"},
		{Label: "Company", Name: "Acme Corp", Value: "1001"},
		{Label: "Jurisdiction", Name: "New York", Value: "new-york-us"},
		{Label: "Filing date", Name: "2010-01-02"},
		{Label: "Original", Name: "https://www.sec.gov/Archives/edgar/data/1/x.htm", Href: "https://www.sec.gov/Archives/edgar/data/1/x.htm"},
		{Label: "Near-duplicates", Name: "3 documents in this group"},
	}
	if !reflect.DeepEqual(v.Attributes, wantAttrs) {
		t.Errorf("attributes\n got %+v\nwant %+v", v.Attributes, wantAttrs)
	}
	var got []string
	for _, s := range v.Sections {
		span := "-"
		if s.Span != nil {
			span = v.Body[s.Span.Start:min(s.Span.Start+10, s.Span.End)]
		}
		got = append(got, s.Anchor+" "+string(s.Type)+" "+s.Name+" "+span)
	}
	want := []string{
		"section-0 clause Definitions 1. Definit",
		`section-1 definition Products "Products"`,
		"section-2 clause Governing Law 2. Governi",
		"section-3 clause Notices -",
		"section-4 clause Bad -",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("sections\n got %q\nwant %q", got, want)
	}
	if n := len(v.Clauses()); n != 4 {
		t.Errorf("%d clauses", n)
	}
	if d := v.Definitions(); len(d) != 1 || d[0].Offset != 1 {
		t.Errorf("definitions %+v", d)
	}

	// A bare record gets its id as title and no attributes.
	v, err = Decode("c2", []byte(`{"url":"/contracts/c2","body":""}`))
	if err != nil || v.Name != "c2" || len(v.Attributes) != 0 {
		t.Errorf("bare record: %+v, %v", v, err)
	}
	for _, src := range []string{`[1]`, `"x"`, `null`, `{`, ``} {
		if _, err := Decode("c3", []byte(src)); err == nil {
			t.Errorf("source %q accepted", src)
		}
	}
}

// TestDecodeAsOpenSearchReads: any record a backend accepts is shown —
// arrays for single values, numbers for text, one object for an array of
// them; nulls are not sections, so offsets count as the backends count
// nested children.
func TestDecodeAsOpenSearchReads(t *testing.T) {
	v, err := Decode("c1", []byte(`{"name":["Supply", "Agreement"],"body":"abc","company":[{"name":"Acme","value":1001},null,{"name":"Beta"}],`+
		`"filing_date":null,"group_size":"4","sections":[null,{"type":"clause","name":7,"clause_type":"notices","span":{"start":0,"end":"3"}},{"type":"definition","span":{"start":1,"end":3}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if v.Name != "Supply; Agreement" {
		t.Errorf("name %q", v.Name)
	}
	want := []Attribute{{Label: "Company", Name: "Acme", Value: "1001"}, {Label: "Company", Name: "Beta"}, {Label: "Near-duplicates", Name: "4 documents in this group"}}
	if !reflect.DeepEqual(v.Attributes, want) {
		t.Errorf("attributes %+v", v.Attributes)
	}
	if len(v.Sections) != 2 || v.Sections[0].Name != "7" || v.Sections[0].Anchor != "section-0" || !reflect.DeepEqual(v.Sections[0].ClauseTypes, []string{"notices"}) ||
		v.Sections[0].Span != nil || v.Sections[1].Name != "(untitled definition)" || *v.Sections[1].Span != (Span{1, 3}) {
		t.Errorf("sections %+v", v.Sections)
	}
	v, err = Decode("c1", []byte(`{"sections":{"type":"clause","name":"Only"}}`))
	if err != nil || len(v.Sections) != 1 || v.Sections[0].Name != "Only" {
		t.Errorf("one section object: %+v, %v", v, err)
	}
}

func TestValidSpan(t *testing.T) {
	body := "aé b" // é is two bytes, at 1..3
	for _, tc := range []struct {
		start, end int
		want       bool
	}{
		{0, 5, true}, {1, 3, true}, {3, 5, true}, {0, 0, false}, {2, 4, false}, {1, 2, false},
		{-1, 2, false}, {4, 6, false}, {3, 1, false},
	} {
		if got := validSpan(body, tc.start, tc.end); got != tc.want {
			t.Errorf("validSpan(%d, %d) = %v, want %v", tc.start, tc.end, got, tc.want)
		}
	}
}

func TestMarks(t *testing.T) {
	const body = "  The Licensee shall pay.\n\nThe licensee may assign.\u2029"
	for _, tc := range []struct {
		name, fragment string
		want           []string // marked text
		ok             bool
	}{
		{"trimmed, two marks", "The <Licensee> shall pay.\n\nThe <licensee> may assign.", []string{"Licensee", "licensee"}, true},
		{"adjacent marks", "The <Licensee> <shall> pay.\n\nThe licensee may assign.", []string{"Licensee", "shall"}, true},
		{"no mark", "The Licensee shall pay.\n\nThe licensee may assign.", nil, true},
		{"empty mark is dropped", "The <>Licensee shall pay.", nil, true},
		{"unclosed", "The <Licensee shall pay.", nil, false},
		{"stray close", "The Licensee> shall pay.", nil, false},
		{"nested", "The <Lic<ensee> shall pay.", nil, false},
		{"not the body", "The <Licensor> shall pay.", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			marks, ok := Marks(body, tc.fragment, "<", ">")
			var got []string
			for _, m := range marks {
				got = append(got, body[m.Start:m.End])
			}
			if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %q, %v; want %q, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestPieces(t *testing.T) {
	v := &View{
		Body: "abc def ghi",
		Sections: []Section{
			{Anchor: "section-0", Span: &Span{0, 11}},
			{Anchor: "section-1", Span: &Span{5, 11}}, // inside the mark "def"
			{Anchor: "section-2"},                     // no span: no anchor
			{Anchor: "section-3", Span: &Span{8, 11}}, // where a mark starts
		},
		Marks: []Span{{4, 7}, {8, 11}},
	}
	var got []string
	for _, p := range v.Pieces() {
		switch {
		case p.Anchor != "":
			got = append(got, "#"+p.Anchor)
		case p.Mark:
			got = append(got, "["+p.Text+"]"+p.MarkID)
		default:
			got = append(got, p.Text)
		}
	}
	want := []string{"#section-0", "abc ", "[d]match-1", "#section-1", "[ef]", " ", "#section-3", "[ghi]match-2"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// FuzzMarks: whatever the fragment, Marks does not panic and returns
// sorted, disjoint, in-range marks; a fragment made by tagging ranges of
// the trimmed body gives back exactly those ranges.
func FuzzMarks(f *testing.F) {
	f.Add("  The Licensee shall pay. ", uint64(0x0304), "x<y>z")
	f.Add("a\ue000b", uint64(1), "<a>")
	f.Fuzz(func(t *testing.T, body string, cuts uint64, fragment string) {
		check := func(marks []Span) {
			prev := 0
			for _, m := range marks {
				if m.Start < prev || m.End <= m.Start || m.End > len(body) {
					t.Fatalf("bad marks %v for body %q", marks, body)
				}
				prev = m.End
			}
		}
		marks, _ := Marks(body, fragment, "<", ">")
		check(marks)

		if strings.ContainsAny(body, "<>") {
			return
		}
		trimmed := strings.TrimSpace(body)
		off := strings.Index(body, trimmed)
		// Tag up to four ranges chosen by cuts.
		var want []Span
		var b strings.Builder
		pos := 0
		for i := 0; i < 4 && len(trimmed) > 0; i++ {
			s := pos + int(cuts>>(16*i)&0xff)%(len(trimmed)+1-pos)
			e := s + int(cuts>>(16*i+8)&0xff)%(len(trimmed)+1-s)
			if e == s {
				continue
			}
			b.WriteString(trimmed[pos:s] + "<" + trimmed[s:e] + ">")
			want = append(want, Span{off + s, off + e})
			pos = e
		}
		b.WriteString(trimmed[pos:])
		got, ok := Marks(body, b.String(), "<", ">")
		if strings.Index(body, trimmed) != off || !ok {
			t.Fatalf("Marks(%q, %q) not ok", body, b.String())
		}
		check(got)
		if !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("Marks(%q, %q) = %v, want %v", body, b.String(), got, want)
		}
	})
}
