package parse

import "testing"

// Lines that open an exhibit or schedule after the signatures, and lines
// that only name one.
func TestAttachmentHeading(t *testing.T) {
	for _, tc := range []struct{ para, name string }{
		{"EXHIBIT A", "Exhibit A"},
		{"Exhibit B - Privacy Terms", "Exhibit B - Privacy Terms"},
		{"SCHEDULE 1.1", "Schedule 1.1"},
		{"ANNEX II FORM OF NOTICE", "Annex II Form of Notice"},
		{"Attachment 3:", "Attachment 3"},
		{"COMPENSATION SCHEDULE", "Compensation Schedule"},
		{"LICENSE RESELLING SCHEDULE", "License Reselling Schedule"},
		{"Exhibit A sets out the Products.", ""},
		{"Schedule hereto", ""},
		{"EXHIBIT", ""},
		{"Compensation Schedule", ""},
		{"THE PRICES SHALL BE AS SET OUT IN THE SCHEDULE", ""},
		{"Exhibit 10.26, as amended, and all schedules, annexes and other attachments thereto, shall be read together", ""},
	} {
		name, ok := attachmentHeading(tc.para)
		if ok != (tc.name != "") || name != tc.name {
			t.Errorf("attachmentHeading(%q) = %q, %v; want %q", tc.para, name, ok, tc.name)
		}
	}
}

// After a signature page the terms start again at a numbered heading or a
// heading with a clause's text; signature lines and addresses do not.
func TestResumesTerms(t *testing.T) {
	for _, tc := range []struct {
		para string
		want bool
	}{
		{"1. CONSTRUCTION", true},
		{"1.1. Definitions. Capitalized terms have the meanings given to them in the Services Schedule.", true},
		{"ARTICLE I DEFINITIONS", true},
		{"Section 2 Fees", true},
		{"AUDIT. Blue Harbor may, upon thirty days' notice and not more than once a year, audit the books and records of Northwind.", true},
		{"4900 W. Brown Deer Road 997 San Roberto Street Brown Deer, WI 53223", false},
		{"By: /s/ Paul T. Danola", false},
		{"Name: Paul T. Danola", false},
		{"SILVERLINE DATA CORPORATION", false},
		{"TERMS AND CONDITIONS", false},
		{"(a) the Customer", false},
		{"Senior Executive Vice President", false},
	} {
		if got := resumesTerms(tc.para); got != tc.want {
			t.Errorf("resumesTerms(%q) = %v, want %v", tc.para, got, tc.want)
		}
	}
}

// A paragraph under no heading is named by its numbering.
func TestNumberName(t *testing.T) {
	for _, tc := range []struct{ para, name string }{
		{"4.3 Kitov shall have the right to inspect the manufacturing facilities.", "Section 4.3"},
		{"5. In return for the exclusive appointment, Agency agrees not to sell competing products.", "Section 5"},
		{"Section 5.2 The Distributor shall keep records.", "Section 5.2"},
		{"ARTICLE V The Distributor shall keep records.", "Article V"},
		{"(b) Each Seller agrees not to compete.", "Paragraph (b)"},
		{"B. The records shall be available for examination.", "Paragraph B"},
		{"The Distributor shall keep records.", ""},
	} {
		name, ok := numberName(tc.para)
		if ok != (tc.name != "") || name != tc.name {
			t.Errorf("numberName(%q) = %q, %v; want %q", tc.para, name, ok, tc.name)
		}
	}
}

// A sentence's opening in capitals is not a heading; headings that start
// with the same words are.
func TestOpensSentence(t *testing.T) {
	for _, tc := range []struct {
		para string
		name string // "" when no heading
	}{
		{"NOTWITHSTANDING ANYTHING TO THE CONTRARY IN THIS AGREEMENT", ""},
		{"TO THE EXTENT PERMITTED BY APPLICABLE LAW", ""},
		{"EXCEPT AS SET FORTH HEREIN, NEITHER PARTY MAKES ANY WARRANTY.", ""},
		{"WITHOUT LIMITING THE FOREGOING", ""},
		{"SUBJECT MATTER", "Subject Matter"},
		{"TERM OF THIS AGREEMENT", "Term of this Agreement"},
		{"IN-LICENSED TECHNOLOGY", "In-Licensed Technology"},
		{"CONFIDENTIALITY. Each party shall keep the other's information confidential.", "Confidentiality"},
		{"5. Audit. Licensee shall keep books and records.", "Audit"},
	} {
		h, ok := parseHeading(tc.para)
		if ok != (tc.name != "") || h.name != tc.name {
			t.Errorf("parseHeading(%q) = %q, %v; want %q", tc.para, h.name, ok, tc.name)
		}
	}
}
