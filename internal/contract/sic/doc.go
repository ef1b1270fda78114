// Package sic owns the Standard Industrial Classification as the
// contracts' `industry` attribute: which industry a four-digit SIC code
// (an EDGAR header's STANDARD INDUSTRIAL CLASSIFICATION, a manifest's sic
// column) belongs to.
//
// The table is the public structure of the classification: ten divisions
// (A–J, and 99 for nonclassifiable establishments), each a range of
// two-digit major groups, each major group the range of the four-digit
// codes that start with it. An industry is a major group ("7372" →
// Business Services), the level at which EDGAR's codes are consistent
// across filers and coarse enough to facet on; a code whose major group is
// not in the classification falls back to its division.
package sic
