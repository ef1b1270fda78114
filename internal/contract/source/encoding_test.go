package source

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestDecodeText is decodeText's rule case by case: valid UTF-8 first,
// then a charset HTML declares, then UTF-8 with stray bytes, then
// Windows-1252 unless that reading is garbled.
func TestDecodeText(t *testing.T) {
	for _, tc := range []struct {
		name   string
		in     string
		markup bool
		want   string // the text, or the refusal's detail when enc is ""
		enc    string
	}{
		{"ASCII", "SUPPLY AGREEMENT", false, "SUPPLY AGREEMENT", EncUTF8},
		{"UTF-8", "Société “Générale”", false, "Société “Générale”", EncUTF8},
		{"UTF-8 cut in its last character", "Société \xe2\x80", false, "Société ", EncUTF8},
		{"ASCII and a last byte outside it", "Soci\xe9t\xe9 G\xe9n\xe9rale \xe9", false, "Société Générale é", EncAssumed},
		{"Windows-1252 quotes, dash, section sign", "\x93Agreement\x94 \x96 \xa7 5", false, "“Agreement” – § 5", EncAssumed},
		{"Latin-1 accents", "Soci\xe9t\xe9 G\xe9n\xe9rale", false, "Société Générale", EncAssumed},
		{"valid UTF-8 wins over a declared Latin-1", `<meta charset="iso-8859-1"><p>Société`, true, `<meta charset="iso-8859-1"><p>Société`, EncUTF8},
		{"meta charset", "<meta charset=iso-8859-2><p>Umowa wi\xb1\xbfe", true, "<meta charset=iso-8859-2><p>Umowa wiąże", "iso-8859-2 (declared)"},
		{"meta http-equiv", `<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=windows-1251"><p>` + "\xc4\xee\xe3\xee\xe2\xee\xf0", true,
			`<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=windows-1251"><p>Договор`, "windows-1251 (declared)"},
		{"content with a trailing semicolon", `<meta http-equiv="content-type" content="text/html; charset=iso-8859-1;"><p>Soci` + "\xe9t\xe9", true,
			`<meta http-equiv="content-type" content="text/html; charset=iso-8859-1;"><p>Société`, "windows-1252 (declared)"},
		{"XML declaration", `<?xml version="1.0" encoding="ISO-8859-1"?><html><p>` + "\xe9", true, `<?xml version="1.0" encoding="ISO-8859-1"?><html><p>é`, "windows-1252 (declared)"},
		{"Shift_JIS", "<meta charset=shift_jis><p>\x8c_\x96\xf1", true, "<meta charset=shift_jis><p>契約", "shift_jis (declared)"},
		{"declared UTF-8 that is not", "<meta charset=utf-8><p>Licensor\x92s", true, "<meta charset=utf-8><p>Licensor’s", EncAssumed},
		{"unknown charset", "<meta charset=klingon><p>Licensor\x92s", true, "<meta charset=klingon><p>Licensor’s", EncAssumed},
		{"a declaration in plain text is text", "<meta charset=iso-8859-2> wi\xb1\xbfe", false, "<meta charset=iso-8859-2> wi±¿e", EncAssumed},
		{"UTF-8 with a stray Windows-1252 byte", "“Company” means Acme\x92s parent — “Acme”", false, "“Company” means Acme’s parent — “Acme”", EncMixed},
		{"Cyrillic in Windows-1251, undeclared", "\xc4\xee\xe3\xee\xe2\xee\xf0 \xef\xee\xf1\xf2\xe0\xe2\xea\xe8", false,
			`not UTF-8, first bad byte at offset 0, and read as Windows-1252 2 of its 2 words are garbled ("Äîãîâîð"): convert it to UTF-8 or declare its charset`, ""},
		{"Polish in Windows-1250, undeclared", "Umowa zosta\xb3a zawarta, by\xb3o, wi\xb9\xbfe strony.", false,
			`not UTF-8, first bad byte at offset 11, and read as Windows-1252 3 of its 6 words are garbled ("zosta³a"): convert it to UTF-8 or declare its charset`, ""},
		{"bytes Windows-1252 leaves undefined", "Acme\x81s and Beta\x8ds and Gamma\x9ds agree", false,
			"not UTF-8, first bad byte at offset 4, and read as Windows-1252 3 of its 6 words are garbled (\"Acme\ufffds\"): convert it to UTF-8 or declare its charset", ""},
	} {
		out, enc, why := decodeText([]byte(tc.in), tc.markup)
		got := string(out)
		if enc == "" {
			got = why
		}
		if got != tc.want || enc != tc.enc {
			t.Errorf("%s: decodeText(%q) = %q, %q; want %q, %q", tc.name, tc.in, got, enc, tc.want, tc.enc)
		}
	}
}

// TestGarbledLeavesRealText checks that text really in Windows-1252 —
// French, German, English with typographic marks — is not taken for
// another encoding.
func TestGarbledLeavesRealText(t *testing.T) {
	for _, s := range []string{
		"Le présent contrat est conclu entre la Société Générale et l’Acheteur, ci-après « l’Acheteur », à Paris, le 1er février.",
		"Dieser Vertrag unterliegt dem Recht der Bundesrepublik Deutschland; Gerichtsstand ist München. Größe, Maße, Übergabe, Grö\u00adße, Grö\u00adße, Grö\u00adße.",
		"Licensor’s “Software” – see § 5.2 — ½ of the fee, 20° C, ©2001 Acme®, Acme™ Inc., Catalunya l·l, Licensee´s rights.",
	} {
		if why := garbled([]byte(s)); why != "" {
			t.Errorf("garbled(%q) = %q", s, why)
		}
	}
}

// FuzzDecodeText checks the decoder on any bytes: no panic, valid UTF-8
// out or a reason, and valid UTF-8 in comes back unchanged.
func FuzzDecodeText(f *testing.F) {
	for _, s := range []string{
		"", "abc", "abc\xe2\x80", "\x93x\x94", "<meta charset=iso-8859-2>\xb1", "<?xml encoding='latin1'?>\xe9",
		"<meta http-equiv=content-type content='text/html; charset=shift_jis'>\x8c_", "\xc4\xee\xe3", "“a”\x92",
		"<meta charset=utf-16>\xff", "<meta charset=replacement>\xff",
	} {
		f.Add([]byte(s), true)
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, in []byte, markup bool) {
		out, enc, why := decodeText(in, markup)
		if (enc == "") == (why == "") {
			t.Fatalf("decodeText(%q) = enc %q, why %q: want exactly one", in, enc, why)
		}
		if enc != "" && !utf8.Valid(out) {
			t.Fatalf("decodeText(%q) = %q: not UTF-8", in, out)
		}
		if utf8.Valid(in) && (enc != EncUTF8 || string(out) != string(in)) {
			t.Fatalf("valid UTF-8 %q came back %q as %s", in, out, enc)
		}
		if enc == EncAssumed && strings.ContainsRune(string(in), 0) != strings.ContainsRune(string(out), 0) {
			t.Fatalf("NUL bytes changed: %q → %q", in, out)
		}
	})
}
