package source

import (
	"bytes"
	"fmt"
	"mime"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	xunicode "golang.org/x/text/encoding/unicode"
)

// The encodings a file can be read in, as Document.Encoding names them.
// A charset an HTML document declares is named by its WHATWG name and
// " (declared)": "iso-8859-2 (declared)", "shift_jis (declared)".
const (
	EncUTF8    = "utf-8"
	EncUTF16LE = "utf-16le"
	EncUTF16BE = "utf-16be"
	// EncMixed is UTF-8 with stray bytes that are not, each read as
	// Windows-1252: text pasted together from two sources.
	EncMixed = "utf-8 with windows-1252 bytes"
	// EncAssumed is text that is not UTF-8 and declares nothing: EDGAR's
	// older exhibits and files saved by Windows editors.
	EncAssumed = "windows-1252 (assumed)"
)

// readUTF16 transcodes UTF-16 text to UTF-8 and reports which it was;
// other data comes back as it is, with enc "". UTF-16 is known by its
// byte order mark or, without one, by its NUL bytes: text in Latin
// scripts has a NUL in every other byte, all at even offsets (big
// endian) or all at odd ones (little endian). It runs before the binary
// check, to which those NULs would look binary.
func readUTF16(data []byte) (out []byte, enc string) {
	var e encoding.Encoding
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		e, enc = xunicode.UTF16(xunicode.LittleEndian, xunicode.ExpectBOM), EncUTF16LE
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		e, enc = xunicode.UTF16(xunicode.BigEndian, xunicode.ExpectBOM), EncUTF16BE
	default:
		switch nulParity(data[:min(len(data), 4096)]) {
		case 1:
			e, enc = xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM), EncUTF16LE+" (no BOM)"
		case 0:
			e, enc = xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM), EncUTF16BE+" (no BOM)"
		default:
			return data, ""
		}
	}
	// The UTF-16 decoder writes U+FFFD for a lone surrogate or an odd
	// last byte and never fails on content.
	out, err := e.NewDecoder().Bytes(data)
	if err != nil {
		return data, ""
	}
	return out, enc
}

// nulParity returns 0 when the NUL bytes of head are at even offsets, 1
// when at odd ones — at least four in ten of those, and almost none of the
// others — and -1 otherwise.
func nulParity(head []byte) int {
	if len(head) < 8 {
		return -1
	}
	var nul [2]int
	for i, c := range head {
		if c == 0 {
			nul[i%2]++
		}
	}
	half := len(head) / 2
	for p := range 2 {
		if nul[p]*10 >= half*4 && nul[1-p]*50 <= half {
			return p
		}
	}
	return -1
}

// decodeText returns data (not UTF-16, its byte order mark dropped) as
// UTF-8 and the encoding it was read in, or why it cannot be read; markup
// says whether data is an HTML document, which can declare its charset.
// The rule, in order:
//
//  1. valid UTF-8 is UTF-8 (so is UTF-8 with characters outside ASCII
//     whose last character was cut short, which is dropped), whatever an
//     HTML document declares: an old <meta> left in a template saved as
//     UTF-8 is the common mistake;
//  2. an HTML document's declared charset (<meta charset>, <meta
//     http-equiv="Content-Type" content="…; charset=…">, or an XML
//     declaration's encoding) is honoured, by its WHATWG label, so
//     "iso-8859-1" and "us-ascii" read as Windows-1252 as browsers do;
//  3. UTF-8 with a few stray bytes that are not (more well-formed
//     multi-byte characters than bad bytes) keeps its UTF-8 and reads
//     each stray byte as Windows-1252;
//  4. anything else is Windows-1252, a superset of the printable Latin-1
//     that EDGAR's older exhibits and Windows editors write, unless that
//     reading shows another encoding (garbled), which is refused rather
//     than indexed as mojibake.
//
// The result is always valid UTF-8.
func decodeText(data []byte, markup bool) (text []byte, enc, why string) {
	if utf8.Valid(data) {
		return data, EncUTF8, ""
	}
	if cut := cutRune(data); cut < len(data) && utf8.Valid(data[:cut]) && !isASCII(data[:cut]) {
		return data[:cut], EncUTF8, ""
	}
	if markup {
		if e, name := declaredEncoding(data); e != nil {
			out, err := e.NewDecoder().Bytes(data)
			if err != nil {
				return nil, "", fmt.Sprintf("declared charset %s: %v", name, err)
			}
			return bytes.ToValidUTF8(out, []byte("\uFFFD")), name + " (declared)", ""
		}
	}
	if multi, bad := utf8Counts(data); multi > bad {
		return mixedToUTF8(data), EncMixed, ""
	}
	out, err := charmap.Windows1252.NewDecoder().Bytes(data)
	if err != nil { // a single-byte decoder has no failing input; kept for safety
		return nil, "", fmt.Sprintf("windows-1252: %v", err)
	}
	if why := garbled(out); why != "" {
		return nil, "", fmt.Sprintf("not UTF-8, first bad byte at offset %d, and %s: convert it to UTF-8 or declare its charset", invalidAt(data), why)
	}
	return out, EncAssumed, ""
}

// cutRune returns the length of data without an incomplete UTF-8
// character at its end (a file truncated mid-character), or len(data).
func cutRune(data []byte) int {
	for i := len(data) - 1; i >= 0 && i >= len(data)-3; i-- {
		if utf8.RuneStart(data[i]) {
			if data[i] >= 0xc0 && !utf8.FullRune(data[i:]) {
				return i
			}
			break
		}
	}
	return len(data)
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// utf8Counts counts the well-formed multi-byte UTF-8 characters of data
// and the bytes that belong to none.
func utf8Counts(data []byte) (multi, bad int) {
	for i := 0; i < len(data); {
		if data[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			bad++
		} else {
			multi++
		}
		i += n
	}
	return multi, bad
}

// mixedToUTF8 keeps data's well-formed UTF-8 and reads every other byte
// as Windows-1252.
func mixedToUTF8(data []byte) []byte {
	out := make([]byte, 0, len(data)+len(data)/16)
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			out = utf8.AppendRune(out, charmap.Windows1252.DecodeByte(data[i]))
			i++
			continue
		}
		out = append(out, data[i:i+n]...)
		i += n
	}
	return out
}

// garbled says why a Windows-1252 reading is not text in Windows-1252,
// or "". It counts the words that no language writes in Windows-1252: a
// byte Windows-1252 leaves undefined, a run of Latin-1 symbols between
// two letters ("zosta³a", "wi¹¿e": Polish in Windows-1250), or three
// characters outside ASCII in a row ("Äîãîâîð": Cyrillic in Windows-1251;
// Greek and Asian code pages alike). English, French or German text has
// none; a file where at least one word in a thousand is such a word, and
// three of them or half its words, is in another encoding.
func garbled(text []byte) string {
	words, odd := 0, 0
	example := ""
	for w := range bytes.FieldsSeq(text) {
		words++
		if oddWord(w) {
			odd++
			if example == "" {
				example = string(w)
			}
		}
	}
	if odd > 0 && odd*1000 >= words && (odd >= 3 || odd*2 >= words) {
		return fmt.Sprintf("read as Windows-1252 %d of its %d words are garbled (%q)", odd, words, example)
	}
	return ""
}

// oddWord reports whether w, read as Windows-1252, shows another
// encoding (garbled's rule).
func oddWord(w []byte) bool {
	high := 0 // characters outside ASCII in a row
	var before, prev rune
	inSymbols := false
	for _, r := range string(w) {
		if r == utf8.RuneError {
			return true
		}
		if r == 0xad {
			continue // a soft hyphen, anywhere in a word ("Grö\u00adße")
		}
		if r >= utf8.RuneSelf && !(r >= 0x2000 && r <= 0x206f) { // general punctuation: quotes, dashes, bullets
			if high++; high == 3 {
				return true
			}
		} else {
			high = 0
		}
		if latin1Symbol(r) {
			if !inSymbols {
				inSymbols, before = true, prev
			}
			continue
		}
		if inSymbols && unicode.IsLetter(before) && unicode.IsLetter(r) {
			return true
		}
		inSymbols, prev = false, r
	}
	return false
}

// latin1Symbol reports whether r is a symbol or punctuation mark of
// Latin-1 (¡ to ¿) that real text does not put between letters; the
// acute accent and diaeresis typed for an apostrophe, the soft hyphen
// and the middle dot ("l·l") it does.
func latin1Symbol(r rune) bool {
	return r >= 0xa1 && r <= 0xbf && r != 0xb4 && r != 0xa8 && r != 0xad && r != 0xb7
}

// xmlEncoding matches the encoding of an XML declaration: XHTML exhibits
// declare their charset there.
var xmlEncoding = regexp.MustCompile(`^\s*<\?xml[^>]*\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']`)

// declaredEncoding returns the encoding an HTML document declares in its
// first 1024 bytes (where the HTML standard's prescan looks) by an XML
// declaration or a <meta> tag, and its WHATWG name; nil when it declares
// none, an unknown one, or UTF-8 or UTF-16, which bytes that are not
// UTF-8 cannot be (HTML reads a declared UTF-16 as UTF-8).
func declaredEncoding(data []byte) (encoding.Encoding, string) {
	head := data[:min(len(data), 1024)]
	label := ""
	if m := xmlEncoding.FindSubmatch(head); m != nil {
		label = string(m[1])
	} else {
		label = metaCharset(head)
	}
	if label == "" {
		return nil, ""
	}
	e, name := charset.Lookup(label)
	if e == nil || name == "utf-8" || strings.HasPrefix(name, "utf-16") || name == "replacement" {
		return nil, ""
	}
	return e, name
}

// metaCharset returns the charset label of the first <meta charset> or
// <meta http-equiv="Content-Type" content="text/html; charset=…"> in
// head, or "".
func metaCharset(head []byte) string {
	z := html.NewTokenizer(bytes.NewReader(head))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			if string(name) != "meta" {
				continue
			}
			var pragma bool
			var cs, content string
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch string(k) {
				case "charset":
					cs = string(v)
				case "http-equiv":
					pragma = strings.EqualFold(strings.TrimSpace(string(v)), "content-type")
				case "content":
					content = string(v)
				}
			}
			if cs != "" {
				return strings.TrimSpace(cs)
			}
			if pragma && content != "" {
				if _, params, err := mime.ParseMediaType(content); err == nil && params["charset"] != "" {
					return params["charset"]
				}
				// "text/html; charset=iso-8859-1;", which the MIME
				// parser refuses, browsers read
				if i := indexASCIIFold(content, "charset="); i >= 0 {
					v := strings.Trim(content[i+len("charset="):], "\"' ")
					if j := strings.IndexAny(v, "; \t\"'"); j >= 0 {
						v = v[:j]
					}
					return v
				}
			}
		}
	}
}

// indexASCIIFold is the index of the first instance of lower (ASCII, lower
// case) in s, ignoring ASCII case, or -1. strings.ToLower would not do:
// lowering some runes changes their length, and the index must be s's.
func indexASCIIFold(s, lower string) int {
	for i := 0; i+len(lower) <= len(s); i++ {
		j := 0
		for ; j < len(lower); j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != lower[j] {
				break
			}
		}
		if j == len(lower) {
			return i
		}
	}
	return -1
}
