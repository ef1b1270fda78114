package clausetype

// fRules are second rules for the competitive restriction exception and
// minimum commitment categories, for wordings their first rules (aRules,
// cRules) miss. A rule for no-solicit-of-customers ("shall not … sell any
// Products to the Retained Customers") was tried and dropped: on the dev
// half it added 3 labelled contracts and no other, on the check half 2
// labelled and 6 unlabelled. They follow rules.go:
// lower-case text with single spaces, [^.;]{0,n} gaps, the literals each
// pattern needs listed before it.
var fRules = []rule{
	{
		// "the restrictions set forth in this Section 2.3 shall not apply
		// to any Affiliates"; "this Section 2.2 shall not be deemed to
		// apply to agreements executed prior to the date of this
		// Agreement". The matcher ends a sentence part at the "." of a
		// section number, so the part these patterns see starts with the
		// number's tail ("3 shall not apply to …"): the section that does
		// not apply is named, and what it does not apply to is a person,
		// a product or a business, not information (a confidentiality
		// exception), a claim or a warranty. The words before the number
		// ("the warranty in Section 8") are in the part before, out of
		// sight, so the object carries the rule.
		slug: "competitive-restriction-exception",
		cues: [][]string{{"not apply", "not be deemed to apply"}},
		patterns: patterns([][]string{
			{"not apply|not be deemed to apply", `^ ?\d+(?:\([a-z0-9]+\))*,? (?:shall|will|does|do) not (?:be deemed to )?apply to (?:any |the )?(?:(?:of )?(?:its |their |such )?(?:affiliates?|products|agreements?|business(?:es)?|activit(?:y|ies)|acquisitions?|compan(?:y|ies)|entit(?:y|ies)|persons?|third part(?:y|ies))\b)`, notCompetitiveException + `|\bliabilit|\bdamages\b|\bindemn|\bwarrant|\bclaims?\b`},
		}),
	},
	{
		// "in a minimum level of two (2) weeks of supply"; "Products must
		// be ordered in the minimum and/or standard lot size quantities";
		// "the Quarterly Minimum Details"; "less than the Minimum
		// Balance"; not "nothing … obligates a party to purchase any …
		// minimum level of products".
		slug: "minimum-commitment",
		cues: [][]string{{"minimum"}},
		patterns: patterns([][]string{
			{"minimum", `\bminimum (?:(?:annual|monthly|quarterly|yearly|aggregate|total|guaranteed|initial|cumulative|net|revenue|sales|performance|and/or standard|stock) )*(?:lot sizes?|levels?|targets?|balance|details)\b`, noMinimum + `|\bnothing\b|\bnot obligate|\bno obligation|\bnotice\b|\binsurance\b|\bshelf life\b|\bwarrant|\blaw\b|\bregulat|\bspecification|\bservice levels?\b`},
		}),
	},
}
