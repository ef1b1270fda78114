package democorpus

import (
	"fmt"
	"strings"
	"time"
)

// filing is the EDGAR submission a contract was filed with.
type filing struct {
	Filer     *company
	Form      string // "10-K", "8-K", …
	Date      time.Time
	Accession string // "0009123456-14-000123"
}

// exhibit is one contract inside a submission.
type exhibit struct {
	Type     string // "EX-10.1"
	FileName string // the document's own name inside the submission
	Body     string // HTML or plain text
}

// renderSubmission writes an EDGAR full-submission text file: the SEC
// header, the form's cover document, then each exhibit as a <DOCUMENT>.
func renderSubmission(f filing, exhibits []exhibit) string {
	c := f.Filer
	var b strings.Builder
	day := f.Date.Format("20060102")
	fmt.Fprintf(&b, "<SEC-DOCUMENT>%s.txt : %s\n", f.Accession, day)
	fmt.Fprintf(&b, "<SEC-HEADER>%s.hdr.sgml : %s\n", f.Accession, day)
	fmt.Fprintf(&b, "<ACCEPTANCE-DATETIME>%s163%03d\n", day, len(exhibits)*7)
	fmt.Fprintf(&b, "ACCESSION NUMBER:\t\t%s\n", f.Accession)
	fmt.Fprintf(&b, "CONFORMED SUBMISSION TYPE:\t%s\n", f.Form)
	fmt.Fprintf(&b, "PUBLIC DOCUMENT COUNT:\t\t%d\n", len(exhibits)+1)
	fmt.Fprintf(&b, "CONFORMED PERIOD OF REPORT:\t%s\n", f.Date.AddDate(0, 0, -2).Format("20060102"))
	fmt.Fprintf(&b, "FILED AS OF DATE:\t\t%s\n", day)
	fmt.Fprintf(&b, "DATE AS OF CHANGE:\t\t%s\n\n", day)
	b.WriteString("FILER:\n\n\tCOMPANY DATA:\t\n")
	fmt.Fprintf(&b, "\t\tCOMPANY CONFORMED NAME:\t\t\t%s\n", conformedName(c.Name))
	fmt.Fprintf(&b, "\t\tCENTRAL INDEX KEY:\t\t\t%s\n", c.CIK)
	fmt.Fprintf(&b, "\t\tSTANDARD INDUSTRIAL CLASSIFICATION:\t%s [%s]\n", c.Ind.Name, c.Ind.SIC)
	fmt.Fprintf(&b, "\t\tIRS NUMBER:\t\t\t\t%s\n", strings.ReplaceAll(c.IRS, "-", ""))
	fmt.Fprintf(&b, "\t\tSTATE OF INCORPORATION:\t\t\t%s\n", c.Inc.EDGAR)
	b.WriteString("\t\tFISCAL YEAR END:\t\t\t1231\n\n")
	b.WriteString("\tFILING VALUES:\n")
	fmt.Fprintf(&b, "\t\tFORM TYPE:\t\t%s\n", f.Form)
	b.WriteString("\t\tSEC ACT:\t\t1934 Act\n")
	fmt.Fprintf(&b, "\t\tSEC FILE NUMBER:\t001-%s\n", c.CIK[5:])
	fmt.Fprintf(&b, "\t\tFILM NUMBER:\t\t%s%s\n\n", f.Accession[11:13], f.Accession[14:])
	b.WriteString("\tBUSINESS ADDRESS:\t\n")
	fmt.Fprintf(&b, "\t\tSTREET 1:\t\t%s\n", strings.ToUpper(c.Street))
	fmt.Fprintf(&b, "\t\tCITY:\t\t\t%s\n", strings.ToUpper(strings.SplitN(c.City, ",", 2)[0]))
	fmt.Fprintf(&b, "\t\tBUSINESS PHONE:\t\t%s\n", strings.ReplaceAll(c.Phone, "-", ""))
	b.WriteString("</SEC-HEADER>\n")

	doc := func(typ string, seq int, name, desc, body string) {
		fmt.Fprintf(&b, "<DOCUMENT>\n<TYPE>%s\n<SEQUENCE>%d\n<FILENAME>%s\n<DESCRIPTION>%s\n<TEXT>\n%s</TEXT>\n</DOCUMENT>\n", typ, seq, name, desc, body)
	}
	doc(f.Form, 1, strings.ToLower(strings.NewReplacer("-", "", "/", "").Replace(f.Form))+".htm", "FORM "+f.Form, cover(f, exhibits))
	for i, e := range exhibits {
		doc(e.Type, i+2, e.FileName, e.Type, e.Body)
	}
	b.WriteString("</SEC-DOCUMENT>\n")
	return b.String()
}

// cover is the form's own document, which is not a contract: readers must
// skip it and take only the exhibits.
func cover(f filing, exhibits []exhibit) string {
	var list strings.Builder
	for _, e := range exhibits {
		fmt.Fprintf(&list, "<tr><td>%s</td><td>Material agreement</td></tr>\n", strings.TrimPrefix(e.Type, "EX-"))
	}
	return fmt.Sprintf(`<html><head><title>%s</title></head><body>
<p align="center"><b>UNITED STATES<br>SECURITIES AND EXCHANGE COMMISSION</b><br>Washington, D.C. 20549</p>
<p align="center"><b>FORM %s</b></p>
<p align="center">%s<br>(Exact name of registrant as specified in its charter)</p>
<p>The registrant entered into the agreements filed as exhibits to this report. The descriptions of the agreements are qualified in their entirety by reference to the full text of the agreements.</p>
<p><b>Exhibits</b></p>
<table>
%s</table>
</body></html>
`, f.Form, f.Form, conformedName(f.Filer.Name), list.String())
}

// conformedName is a company name as EDGAR conforms it: upper case,
// without the commas and periods of the suffix, in ASCII.
func conformedName(name string) string {
	return strings.ToUpper(strings.NewReplacer(",", "", ".", "", "é", "e", "É", "E").Replace(name))
}
