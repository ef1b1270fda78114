package clausetype

// dRules are second rules for licence, covenant-not-to-sue, warranty
// and post-termination categories whose first rules (coreRules, aRules,
// bRules) miss common wordings: a section is of a type when any of its
// rules finds it. Rules for uncapped liability, affiliate licensees and
// non-transferable licences were tried here and dropped: on the check
// half they typed no contract the first rules had not. They follow
// rules.go: lower-case text with single spaces, [^.;]{0,n} gaps, the
// literals each pattern needs listed before it. A section number
// ("Section 8.7") ends a sentence part for the matcher, so the patterns
// find the clause in the part after the number where they can.
var dRules = []rule{
	{
		// "grants FCE a worldwide, non-exclusive, royalty-free, perpetual,
		// irrevocable (except as stated in Paragraphs 12.03 …)" (the
		// licence word sits past the section number); "the licenses
		// granted … shall survive and become perpetual and irrevocable";
		// "licensed … on a non-exclusive, irrevocable basis"; "a licence
		// … enduring in perpetuity". Not an irrevocable proxy or power of
		// attorney.
		slug: "irrevocable-or-perpetual-license",
		cues: [][]string{{"irrevocabl", "perpetu"}, {"grant", "licen"}},
		patterns: patterns([][]string{
			{"grant&perpetual|irrevocabl", `\bgrants?\b[^.;]{0,150}?\b(?:perpetual|irrevocable)\b`, notLicenceGrant},
			{"licen&become|shall be|will be|remain&perpetual|irrevocabl", `\blicen[cs](?:e|es|ed)\b[^.;]{0,120}?\b(?:become|becomes|shall be|will be|remain|remains)\b (?:(?:fully paid-up|fully paid|paid-up|royalty-free|non-exclusive|exclusive|perpetual|irrevocable),? (?:and )?){0,4}(?:perpetual|irrevocable)\b`},
			{"licen&perpetual basis|irrevocable basis", `\blicen[cs][a-z]*\b[^.;]{0,100}?\b(?:perpetual|irrevocable) basis\b`},
			{"licen&in perpetuity", `\blicen[cs][a-z]*\b[^.;]{0,150}?\bin perpetuity\b|\bin perpetuity\b[^.;]{0,150}?\blicen[cs]`},
		}),
	},
	{
		// "agrees that it will not (i) oppose, challenge, petition to
		// cancel, contest … any application or registration" (a long
		// list before the object); "shall not … make any claim to
		// ownership rights in the Marks"; "shall not … petition or
		// otherwise invoke … a case … under any … bankruptcy …
		// law"; "undertakes not to assert any claim for Patent
		// infringement". Not an agreement to bring claims only in a
		// court, nor a decision not to bring suit. A promise not to
		// register the other's marks was tried and dropped: on the dev
		// half it added 3 contracts CUAD labels and 6 it does not.
		slug: "covenant-not-to-sue",
		cues: [][]string{
			{"contest", "challeng", "attack", "impugn", "oppos", "claim", "assert", "petition", "institut", "commenc", "sue", "bring"},
			{"not", "never", "nor", "at no time"},
		},
		patterns: patterns([][]string{
			{"contest|challeng|attack|impugn|oppos&not|never|at no time", `\b(?:not|never|at no time)\b[^.;]{0,250}?\b(?:contest|challenge|attack|impugn|oppose)[a-z]*\b[^.;]{0,120}?\b(?:validity|ownership|owner|title|rights?|marks?|trademarks?|patents?|registrations?|applications?|intellectual property|copyrights?)\b`, `\bunreasonably withheld\b|\bdefend`},
			{"claim|assert&not|never|nor", `\b(?:not|never|nor)\b[^.;]{0,120}?\b(?:claim|assert)\b[^.;]{0,40}?\b(?:ownership|any (?:right|interest|title)s?|(?:any )?proprietary rights?)\b`, `\bindemnif|\bnot expressly\b|\bexpressly granted\b`},
			{"petition&shall|will|agree|covenant&not&bankrupt|insolven|receivership|winding|liquidat", `\b(?:shall|will|agrees?|covenants?)\b[^.;]{0,20}?\bnot\b[^.;]{0,150}?\bpetition\b[^.;]{0,200}?\b(?:bankruptcy|insolvency|receivership|winding[- ]up|liquidation)\b`},
			{"agree|covenant|undertak&not to&sue|commenc|bring|assert|institut", `\b(?:agrees?|covenants?|undertakes?)\b[^.;]{0,20}?\bnot to (?:sue|commence|bring|assert|institute)\b[^.;]{0,60}?\b(?:claims?|actions?|suits?|proceedings?)\b`, `\bcourts?\b|\bjurisdiction\b|\bforum\b|\bvenue\b|\barbitra`},
		}),
	},
	{
		// "any claim for breach of warranty … must be made in writing
		// within (90) days from date of shipment"; "a written explanation
		// of the alleged defect within thirty (30) days from … receipt";
		// "free from defects in material and workmanship for the period
		// from the date of manufacture"; "a then remaining shelf life of
		// at least twelve (12) months".
		slug: "warranty-duration",
		cues: [][]string{{"warrant", "defect", "shelf", "conform"}},
		patterns: patterns([][]string{
			{"defect|conform|warrant&within", `\b(?:defect[a-z]*|non-?conform[a-z]*|breach of warranty|warranty claims?)\b[^.;]{0,200}?\bwithin\b[^.;]{0,40}?(?:days?|months?|weeks?|\*\])[^.;]{0,60}?\b(?:after|of|from|following)\b[^.;]{0,40}?\b(?:receipt|delivery|shipment|installation)\b`},
			{"free from|free of&defect", `\bfree (?:from|of) (?:any )?defects\b[^.;]{0,150}?\b(?:for (?:a|the) period|for (?:\d|one|two|three|six|twelve|eighteen|thirty|sixty|ninety)|until|through)\b`},
			{"shelf", `\bshelf[- ]life of (?:at least|not less than|no less than|a minimum of)\b`},
		}),
	},
	{
		// "on termination of this agreement: (a) the Supplier may buy from
		// the Distributor all or any stocks of Products"; "entitled to
		// receive all orders accepted … prior to the date of termination";
		// "upon termination … Licensee shall be entitled to use the
		// Licensed Domain Names … for a limited period"; "for twenty-four
		// (24) months following termination …, Licensee shall specify";
		// "may be sold … during the ninety (90) day period next following
		// the date of termination"; "agrees to … make Product available
		// … for a period of three (3) months after the termination date".
		slug: "post-termination-services",
		cues: [][]string{{"terminat", "expir"}},
		patterns: patterns([][]string{
			{"buy&stock|inventor&terminat|expir", `\b(?:terminat|expir)[a-z]*\b[^.;]{0,150}?\bbuy\b[^.;]{0,80}?\b(?:stocks?|inventor(?:y|ies))\b`},
			{"order&prior to|before&terminat|expir", `\borders?\b[^.;]{0,60}?\b(?:accepted|placed|received|submitted|issued)\b[^.;]{0,60}?\b(?:prior to|before)\b[^.;]{0,40}?\b(?:terminat|expir)`},
			{"terminat|expir&entitled to|right to|allowed to|permitted to|may ", `\b(?:upon|after|following|on)\b (?:the )?(?:terminat|expir)[a-z]*\b[^.;]{0,150}?\b(?:entitled to|right to|allowed to|permitted to|may) (?:continue to )?(?:use|sell|distribute|complete|market|exploit|operate)\b`, `\bno longer\b|\bnot be entitled\b|\bcease|\bconfidential|\b(?:shall|will) (?:immediately )?(?:terminate|revert|end)\b`},
			{"following|after|from&terminat|expir&shall|will|agree", `\bfor\b (?:a period of )?(?:at least )?[^.;]{0,30}?\b(?:days?|months?|years?)\b (?:following|after|from) (?:the )?(?:date of )?(?:the |any |such )?(?:terminat|expir)[a-z]*\b[^.;]{0,200}?\b(?:shall|will|agrees? to)\b`, notServiceAfterEnd},
			{"period&following|after&terminat|expir", `\b(?:during|within|for) the\b[^.;]{0,30}?\bperiod (?:next )?(?:following|after) (?:the )?(?:date of )?(?:the |any |such )?(?:terminat|expir)`, notServiceAfterEnd},
			{"shall|will|agree&following|after|from&terminat|expir", `\b(?:shall|will|agrees? to)\b[^.;]{0,150}?\bfor (?:a period of )?(?:at least )?[^.;]{0,30}?\b(?:days?|months?|years?)\b (?:following|after|from) (?:the )?(?:date of )?(?:the |any |such )?(?:terminat|expir)`, notServiceAfterEnd},
		}),
	},
}

// notLicenceGrant is an irrevocable grant that is not a licence: a proxy
// or a power of attorney.
const notLicenceGrant = `\bprox(?:y|ies)\b|\bpower of attorney\b|\battorney-in-fact\b`

// notServiceAfterEnd is a period after the end of the contract that binds
// a party to a restriction, not to a service: confidentiality,
// non-competition and non-solicitation that last beyond termination, and
// clauses that merely survive it.
const notServiceAfterEnd = `\bconfidential|\bsecre|\bcompet|\bsolicit|\bemploy|\bhire\b|\bdisparag|\bnot (?:participate|engage|seek)\b|\bprohibited\b|\bsurviv|\bremain bound\b`
