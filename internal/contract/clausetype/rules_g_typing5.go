package clausetype

// gRules are second rules, from reading the dev half's misses and false
// hits again, for categories whose first rules (coreRules, aRules, bRules,
// cRules, dRules) miss common wordings: a section is of a type when any of
// its rules finds it. They follow rules.go: lower-case text with single
// spaces, [^.;]{0,n} gaps, the literals each pattern needs listed before
// it.
var gRules = []rule{
	{
		// "shall, and hereby does, assign to PB all of its right, title
		// and interest"; "agrees to assign, and hereby does assign, …
		// any and all right, title and interest … in or to any
		// Invention"; "shall assign … its right, title, and interest in
		// and to such Program Patent"; "is and will be owned exclusively
		// by us"; "shall be deemed to be our sole and exclusive property
		// and works made-for-hire"; "Microgenics shall own all inventions
		// and discoveries made … as part of the Research Program". The
		// verb follows "shall", "will" or "hereby" at once, so that "shall
		// not assign any right, title or interest" is no hit; nor is an
		// assignment free of consent or to a successor (anti-assignment).
		slug: "ip-ownership-assignment",
		cues: [][]string{{"assign", "transfer", "convey", "own", "property", "hire"}},
		patterns: patterns([][]string{
			{"hereby does|hereby do&assign|transfer", `\bhereby (?:does|do),? (?:irrevocably )?(?:assign|transfer)\b`},
			{"assign|transfer|convey&title&interest", `\b(?:shall|will|agrees? to|hereby|and)\s+(?:(?:irrevocably|promptly|immediately|unconditionally|also)\s+)?(?:assign|transfer|convey)s?\b[^.;]{0,150}?\brights?,? title,? (?:and|&) interest\b[^.;]{0,40}?\bin(?: and to| or to)?\b[^.;]{0,100}?\b(?:inventions?|improvements?|patents?|intellectual property|copyrights?|trademarks?|marks|works?|know-how|technology|developments?|data|results|domain names?|innovations?|deliverables|work product|software)\b`, `\bwithout\b[^.;]{0,40}?\b(?:consent|approval)\b|\bsuccessor`},
			{"owned exclusively|owned solely|exclusively owned|solely owned", `\b(?:is|are|be|shall be|will be)\b (?:and (?:shall|will) be )?(?:owned (?:exclusively|solely)|(?:exclusively|solely) owned) by\b`, `\bconfidential`},
			{"sole and exclusive property|sole property|exclusive property&deemed", `\bdeemed to be (?:the |our |its |their |[a-z]+'s )?(?:sole (?:and exclusive )?|exclusive )property\b`, `\bconfidential`},
			{"hire", `\bworks?[- ](?:made[- ]{1,2})?for[- ]{1,2}hire\b`},
			{"own all&invention|discover|improvement|development|work product|result", `\b(?:shall|will) (?:solely |exclusively )?own all (?:right,? title and interest in )?(?:inventions|discoveries|improvements|developments|work product|results)\b`},
		}),
	},
	{
		// "agrees to refrain from any business or advertising practice
		// which may be injurious to the business of Pretzel Time and the
		// goodwill";
		// "shall not take any action … which could result in an adverse
		// impact on XC … and the goodwill". Not a definition of moral
		// rights (an act "prejudicial to the author's honor or
		// reputation"), nor a way of using licensed property ("not to use
		// the Intellectual Property by … manners … harmful to … the
		// reputation").
		slug: "non-disparagement",
		cues: [][]string{{"injurious", "detrimental", "prejudicial", "harmful", "adverse impact", "jeopardi"}, {"not", "never", "refrain"}},
		patterns: patterns([][]string{
			{"injurious|detrimental|prejudicial|harmful|adverse impact|jeopardi&not|never|refrain", `\b(?:not|never|refrain)\b[^.;]{0,150}?\b(?:injurious|detrimental|prejudicial|harmful|adverse impact|jeopardi[sz]e)\b[^.;]{0,60}?\b(?:reputation|goodwill|good name|image)\b`, notDisparagement},
		}),
	},
	{
		// "EXCEPT AS SET FORTH IN SECTION 6.3, IN NO EVENT SHALL EITHER
		// PARTY BE LIABLE … FOR ANY … CONSEQUENTIAL … DAMAGES"; "Except as
		// otherwise set forth in Section 23.2, the total cumulative
		// liability … will not exceed". The section number ends the
		// matcher's sentence part, so bRules' exception (the "except" and
		// the limitation in one part) misses them: the part after the
		// number starts with a comma and the limitation itself, which
		// only a reference to a section before it makes (a clause's own
		// number, "4.2.2 In no event", has no comma).
		slug: "uncapped-liability",
		cues: [][]string{{"liab"}},
		patterns: patterns([][]string{
			{"liab&in no event|under no circumstances|neither party|no party|total|aggregate|cumulative|maximum|entire", `^ ?(?:\d+[a-z]?|\([a-z0-9]+\))+, (?:(?:hereof|above|below|herein|of this agreement),? )?(?:(?:the )?(?:total|aggregate|cumulative|maximum|entire)\b[^.;]{0,40}?\bliabilit(?:y|ies)|(?:in no event|under no circumstances|neither party|no party)\b[^.;]{0,250}?\b(?:liable|liability|liabilities))\b[^.;]{0,250}?\b(?:damages|exceed|limited to|in excess of|amounts?)\b`},
		}),
	},
}

// notDisparagement is harm to a reputation that no promise forbids: a
// definition, or a manner of using licensed property.
const notDisparagement = `\bmeans\b|\bwhether or not\b|\buse (?:of )?(?:the|its|any|such)\b|\bmanners?\b`
