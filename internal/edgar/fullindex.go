package edgar

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract/source"
)

// Quarter is one quarter of EDGAR's full index: its files are under
// /Archives/edgar/full-index/<Year>/QTR<Q>/.
type Quarter struct {
	Year int
	Q    int // 1 to 4
}

func (q Quarter) String() string { return fmt.Sprintf("%dQ%d", q.Year, q.Q) }

// dir is the quarter's folder under the archive root.
func (q Quarter) dir() string { return fmt.Sprintf("edgar/full-index/%d/QTR%d", q.Year, q.Q) }

func (q Quarter) next() Quarter {
	if q.Q == 4 {
		return Quarter{q.Year + 1, 1}
	}
	return Quarter{q.Year, q.Q + 1}
}

func (q Quarter) before(r Quarter) bool {
	return q.Year < r.Year || q.Year == r.Year && q.Q < r.Q
}

// EDGAR's electronic filings start in 1993; years past maxYear are typing
// mistakes.
const (
	minYear     = 1993
	maxYear     = 2200
	maxQuarters = 4 * (maxYear - minYear + 1)
)

var quarterRE = regexp.MustCompile(`^(\d{4})(?:-?[Qq]([1-4]))?$`)

// ParseQuarters reads a list of quarters as a user writes it: items
// separated by commas, each a year ("2023": its four quarters), a quarter
// ("2023Q2", "2023-q2") or a range of them ("2022Q3..2023Q2", "2021..2022";
// a year opens a range at its first quarter and closes it at its last).
// The quarters come back sorted, each once.
func ParseQuarters(s string) ([]Quarter, error) {
	seen := map[Quarter]bool{}
	var out []Quarter
	add := func(q Quarter) {
		if !seen[q] {
			seen[q] = true
			out = append(out, q)
		}
	}
	items := strings.Split(s, ",")
	for _, item := range items {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		lo, hi, isRange := strings.Cut(item, "..")
		first, firstWhole, err := parseQuarter(lo)
		if err != nil {
			return nil, err
		}
		last := first
		if firstWhole {
			last.Q = 4
		}
		if isRange {
			var lastWhole bool
			if last, lastWhole, err = parseQuarter(hi); err != nil {
				return nil, err
			}
			if lastWhole {
				last.Q = 4
			}
		}
		if last.before(first) {
			return nil, fmt.Errorf("quarters %q: %s comes after %s", item, first, last)
		}
		for q := first; !last.before(q); q = q.next() {
			add(q)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no quarter in %q: give a year (2023), a quarter (2023Q2) or a range (2022Q3..2023Q2)", s)
	}
	sortQuarters(out)
	return out, nil
}

// parseQuarter reads "2023Q2" or "2023"; whole says a year was given (its
// Q is 1).
func parseQuarter(s string) (q Quarter, whole bool, err error) {
	s = strings.TrimSpace(s)
	m := quarterRE.FindStringSubmatch(s)
	if m == nil {
		return Quarter{}, false, fmt.Errorf("quarter %q: write a year (2023) or a year and quarter (2023Q2)", s)
	}
	y, _ := strconv.Atoi(m[1])
	if y < minYear || y > maxYear {
		return Quarter{}, false, fmt.Errorf("quarter %q: EDGAR's full index covers %d onwards", s, minYear)
	}
	if m[2] == "" {
		return Quarter{y, 1}, true, nil
	}
	n, _ := strconv.Atoi(m[2])
	return Quarter{y, n}, false, nil
}

func sortQuarters(qs []Quarter) {
	slices.SortFunc(qs, func(a, b Quarter) int { return cmp.Or(cmp.Compare(a.Year, b.Year), cmp.Compare(a.Q, b.Q)) })
}

// Filing is one line of a full index: a filing of one form by one filer.
type Filing struct {
	FormType string
	Company  string
	// CIK is the filer's Central Index Key, leading zeros removed.
	CIK string
	// DateFiled is YYYY-MM-DD.
	DateFiled string
	// FileName is the complete submission's path under /Archives/:
	// "edgar/data/1084869/0001437749-23-001234.txt".
	FileName string
	// Accession is the accession number, "0001437749-23-001234".
	Accession string
}

// folder is the filing's folder under /Archives/:
// "edgar/data/1084869/000143774923001234".
func (f Filing) folder() string {
	return path.Dir(f.FileName) + "/" + strings.ReplaceAll(f.Accession, "-", "")
}

// IndexKind names a full-index file by the order of its columns.
type IndexKind string

// The three full-index files of a quarter. form.idx and company.idx are
// fixed-width text; master.idx separates its columns with '|'.
const (
	FormIndex    IndexKind = "form.idx"    // Form Type, Company Name, CIK, Date Filed, File Name
	CompanyIndex IndexKind = "company.idx" // Company Name, Form Type, CIK, Date Filed, File Name
	MasterIndex  IndexKind = "master.idx"  // CIK|Company Name|Form Type|Date Filed|Filename
)

// LineError is a line of a full index left out, and why.
type LineError struct {
	Line   int
	Reason string
}

func (e LineError) String() string { return fmt.Sprintf("line %d: %s", e.Line, e.Reason) }

var accessionRE = regexp.MustCompile(`^\d{10}-\d{2}-\d{6}$`)

// ParseFullIndex reads a quarter's full index of the given kind: a
// preamble, a header line naming the columns, a line of dashes, then one
// filing a line. The header locates the columns of the fixed-width
// kinds, so a form type with spaces ("SC 13G") or a company name with
// runs of spaces stays whole. A line that does not hold a filing (too
// few columns, a CIK that is not a number, a date that is not one, a file
// name without an accession number) is returned in bad and left out; a
// file without the header and dashes is an error, since nothing in it can
// be trusted to be a filing.
func ParseFullIndex(kind IndexKind, data []byte) (filings []Filing, bad []LineError, err error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var (
		header  string
		inBody  bool
		lineNum int
	)
	for sc.Scan() {
		lineNum++
		line := strings.ToValidUTF8(strings.TrimRight(sc.Text(), " \t\r"), "\uFFFD")
		if !inBody {
			switch {
			case isDashes(line) && header != "":
				inBody = true
			case strings.Contains(line, "CIK") && strings.Contains(strings.ToLower(line), "date filed"):
				header = line
			}
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		f, reason := parseIndexLine(kind, header, line)
		if reason != "" {
			bad = append(bad, LineError{lineNum, reason})
			continue
		}
		filings = append(filings, f)
	}
	if err := sc.Err(); err != nil {
		return filings, bad, fmt.Errorf("%s: line %d: %w", kind, lineNum+1, err)
	}
	if !inBody {
		return nil, bad, fmt.Errorf("%s: not an EDGAR full index (no header line naming CIK and Date Filed above a line of dashes)", kind)
	}
	return filings, bad, nil
}

func isDashes(s string) bool {
	return len(s) >= 10 && strings.Trim(s, "-") == ""
}

// parseIndexLine reads one filing line; reason says why it is not one.
func parseIndexLine(kind IndexKind, header, line string) (Filing, string) {
	for _, r := range line {
		if unicode.IsControl(r) && r != '\t' {
			return Filing{}, "control character in the line"
		}
	}
	var f Filing
	var cik, date, rest string
	if kind == MasterIndex {
		cols := strings.Split(line, "|")
		if len(cols) != 5 {
			return Filing{}, fmt.Sprintf("%d columns separated by '|', not 5", len(cols))
		}
		for i := range cols {
			cols[i] = strings.TrimSpace(cols[i])
		}
		cik, f.Company, f.FormType, date, f.FileName = cols[0], cols[1], cols[2], cols[3], cols[4]
	} else {
		// The last three columns hold no spaces: read them from the right;
		// what is left holds the first two.
		rest = line
		var fields [3]string
		for i := 2; i >= 0; i-- {
			rest = strings.TrimRight(rest, " \t")
			cut := strings.LastIndexAny(rest, " \t")
			if cut < 0 {
				return Filing{}, "fewer than five columns"
			}
			fields[i] = rest[cut+1:]
			rest = rest[:cut]
		}
		cik, date, f.FileName = fields[0], fields[1], fields[2]
	}
	if cik == "" || len(cik) > 10 || strings.Trim(cik, "0123456789") != "" {
		return Filing{}, fmt.Sprintf("CIK %q is not a number of at most 10 digits", clip(cik))
	}
	f.CIK = strings.TrimLeft(cik, "0")
	if f.CIK == "" {
		return Filing{}, "CIK is 0"
	}
	if f.DateFiled = source.NormalizeDate(date); f.DateFiled == "" {
		return Filing{}, fmt.Sprintf("date filed %q is not a date", clip(date))
	}
	if kind != MasterIndex {
		first, second, ok := splitFixed(header, rest, kind)
		if !ok {
			return Filing{}, "form type and company name cannot be told apart"
		}
		if kind == CompanyIndex {
			f.Company, f.FormType = first, second
		} else {
			f.FormType, f.Company = first, second
		}
	}
	if f.FormType == "" || f.Company == "" {
		return Filing{}, "empty form type or company name"
	}
	f.FileName = strings.TrimPrefix(f.FileName, "/")
	acc := strings.TrimSuffix(path.Base(f.FileName), ".txt")
	if !strings.HasPrefix(f.FileName, "edgar/data/") || !accessionRE.MatchString(acc) || path.Clean(f.FileName) != f.FileName {
		return Filing{}, fmt.Sprintf("file name %q is not edgar/data/<cik>/<accession number>.txt", clip(f.FileName))
	}
	f.Accession = acc
	return f, ""
}

// splitFixed splits the first two columns of a fixed-width line at the
// column where the header's second title starts; when the line is not
// aligned there, at a run of two or more spaces (the first for form.idx,
// whose form types never hold one; the last for company.idx).
func splitFixed(header, s string, kind IndexKind) (first, second string, ok bool) {
	title := "Company Name"
	if kind == CompanyIndex {
		title = "Form Type"
	}
	if col := strings.Index(header, title); col > 0 && col < len(s) && (s[col-1] == ' ' || s[col-1] == '\t') {
		first, second = strings.TrimSpace(s[:col]), strings.TrimSpace(s[col:])
		if first != "" && second != "" {
			return first, second, true
		}
	}
	s = strings.TrimSpace(s)
	var at int
	if kind == CompanyIndex {
		at = strings.LastIndex(s, "  ")
	} else {
		at = strings.Index(s, "  ")
	}
	if at < 0 {
		return "", "", false
	}
	first, second = strings.TrimSpace(s[:at]), strings.TrimSpace(s[at:])
	return first, second, first != "" && second != ""
}

// clip shortens a value quoted in a message.
func clip(s string) string {
	if len(s) <= 60 {
		return s
	}
	cut := 60
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
