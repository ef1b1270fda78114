// Package jurisdiction owns the gazetteer of places whose law governs
// contracts — US states, Canadian provinces, Australian states, the parts
// of the United Kingdom, every country — and the matching of their names
// in text: "the State of New York" → New York, new-york-us;
// "People's Republic of China" / "PRC" → peoples-republic-of-china-cn;
// "English law" → England and Wales, england-gb.
//
// A value is "<region-slug>-<country-code>" with the ISO 3166-1 alpha-2
// code in lower case; for a country the region is the country itself
// ("israel-il"). Finding which sentence of a contract states its governing
// law is the parser's work; this package only says which place a stretch
// of text names.
package jurisdiction
