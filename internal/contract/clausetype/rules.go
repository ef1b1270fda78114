package clausetype

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
)

// rule finds one clause type in a section's text. cues are groups of
// literals; every pattern holds one literal of each group, so the
// (slower) patterns run only on the sentences that do. Any pattern matching the lower-cased text with
// spaces collapsed is a hit; no pattern may hold a "." or ";".
type rule struct {
	slug     string
	cues     [][]string
	patterns []pattern
}

// The patterns below are written against lower-case text whose runs of
// white space are single spaces. [^.;]{0,n} keeps a match inside one
// sentence or clause part; word boundaries keep "assign" from matching
// "assignee" where that matters.
var rules = slices.Concat(coreRules, aRules, bRules, cRules, dRules, gRules, hRules, typing7Rules)

// coreRules are the rules of the types the clause filter is measured on
// and the first dozen more; the other files' slices (aRules, bRules, cRules) add
// the remaining CUAD categories.
var coreRules = []rule{
	{
		// "This Agreement shall be governed by and construed in accordance
		// with the laws of the State of New York"; "construed under the
		// laws of"; "the laws of Delaware shall govern".
		slug: "governing-law",
		cues: [][]string{{"law"}, {"govern", "constru", "interpret", "enforc", "determin", "appl", "proper", "choice", "control"}},
		patterns: patterns([][]string{
			{"governed", `\bgoverned\b[^.;]{0,80}?\blaws?\b`},
			{"construed|interpreted|enforced|determined", `\b(?:construed|interpreted|enforced|determined)\b[^.;]{0,40}?\b(?:in accordance with|under|pursuant to|by)\b[^.;]{0,30}?\blaws?\b(?: of| thereof| applicable)`},
			{"shall govern|shall apply|shall control", `\blaws? of\b[^.;]{0,80}?\bshall (?:govern|apply|control)\b`},
			{"governing law|applicable law|proper law&law of|laws of", `\b(?:governing|applicable|proper) law\b[^.;]{0,40}?\b(?:shall be|is)\b[^.;]{0,20}?\blaws? of\b`},
			{"choice of law", `\bchoice of laws?\b`},
		}),
	},
	{
		// "Neither party may assign this Agreement without the prior
		// written consent of the other"; "shall not assign, transfer or
		// delegate"; "is not assignable"; "any purported assignment … is
		// void".
		slug: "anti-assignment",
		cues: [][]string{{"assign", "transfer"}, {"no", "without", "neither", "purported", "attempted", "may assign"}},
		patterns: patterns([][]string{
			{"shall not|may not|will not|can not|could not", `\b(?:shall|may|will|can|could)\s+not\b[^.;]{0,80}?\b(?:assign|transfer)(?:ed)?\b`},
			{"not be ", `\b(?:shall|may|will)\s+not\s+be\s+(?:assigned|transferred|assignable|transferable)\b`},
			{"without&neither|no", `\b(?:neither|no)\b[^.;]{0,40}?\b(?:shall|may|will)\b[^.;]{0,40}?\b(?:assign|transfer)\b[^.;]{0,120}?\bwithout\b`},
			{"assignable", `\bnot\s+(?:be\s+)?assignable\b`},
			{"assignable", `\bnon-?assignable\b`},
			{"purported|attempted", `\b(?:any|no)\s+(?:purported|attempted)\s+(?:assignment|transfer)\b`},
			{"without&consent|approval", `\bassign(?:ed|ment)?\b[^.;]{0,150}?\bwithout\b[^.;]{0,60}?\b(?:prior|written|express)?\s*(?:written\s+)?(?:consent|approval)\b`},
			{"without&consent|approval", `\bwithout\b[^.;]{0,30}?\b(?:consent|approval)\b[^.;]{0,80}?\b(?:assign|transfer)\b(?: this| its| any| the| all)`},
			{"may assign", `\bmay assign\b[^.;]{0,150}?\b(?:upon|with|after|by)\b[^.;]{0,30}?\b(?:notice|consent)\b`},
		}),
	},
	{
		// "in the event of a change of control of Licensee"; "a change in
		// control"; "acquires more than fifty percent of the voting
		// securities"; "merger, consolidation or sale of all or
		// substantially all of its assets"; "a material ownership
		// change"; "a merger … shall be deemed an assignment". Not an
		// assignment the merger needs no consent for, nor "a station
		// that is acquired by Affiliate".
		slug: "change-of-control",
		cues: [][]string{{"control", "ownership", "voting", "outstanding", "substantially all", "merger", "consolidation", "acquisition", "acquired by", "majority"}},
		patterns: patterns([][]string{
			{"change", `\bchange (?:of|in) (?:the )?(?:control|ownership)\b`, permissiveMay + `|\bstatements? of ownership\b|` + notAnAssignment + `|` + notAControlChange},
			{"voting|outstanding&acquire|acquisition of|obtain|owner of", `\b(?:acquires?|acquisition of|obtains?|becomes? the (?:beneficial )?owner of)\b[^.;]{0,120}?\b(?:voting (?:power|stock|securities|shares|rights|interest)|outstanding (?:voting )?(?:shares|stock|securities|capital stock))\b`, `\bagrees to commence\b|\boffer\b|` + definesTerm},
			{"substantially all", `\b(?:merger|consolidation|reorganization|amalgamation)\b[^.;]{0,120}?\b(?:sale|transfer|disposition)\b[^.;]{0,30}?\ball or substantially all\b`, permissiveAssignment + `|` + definesTerm},
			{"merger|consolidation|acquisition&in the event of|upon|if there is", `\b(?:in the event of|upon|if there is)\b (?:a |the |any )?(?:merger|consolidation|acquisition)(?: or (?:merger|consolidation|acquisition))?\b (?:of|with|involving|by)\b`, permissiveAssignment + `|` + definesTerm},
			{"change", `\bchanges? (?:in|of) (?:the )?(?:[a-z]+,? ){0,4}(?:ownership|control)\b`, permissiveMay + `|\bstatements? of ownership\b|` + notAnAssignment + `|` + notAControlChange},
			{"ownership change|control change", `\b(?:ownership|control) change\b`, definesTerm},
			{"acquired by&if|in the event|upon|should|when|after|where|becom", `\b(?:if|in the event|upon|should|when|after|where)\b[^.;]{0,80}?\b(?:is|be|are|becomes?) acquired by\b|\bbecomes? acquired by\b`, `\bcompetitor\b|` + definesTerm},
			{"controlling interest", `\bcontrolling interest\b`, permissiveAssignment + `|` + definesTerm},
			{"majority of&acquir|transfer|sale|sell|sold|obtain|purchase", `\b(?:acquir|transfer|sale|sell|sold|obtain|purchase)[a-z]*\b[^.;]{0,60}?\bmajority of (?:the |its )?(?:outstanding )?(?:voting|equity|capital stock|shares)\b`, definesTerm},
			{"substantially all", `\ball or substantially all of (?:its|the|such party's|their)\b[^.;]{0,60}?\b(?:assets|business)\b[^.;]{0,100}?\b(?:merger|acquisition|consolidation|reorganization)\b`, permissiveAssignment + `|` + definesTerm},
			{"deemed|considered|treated as&assignment|transfer", `\b(?:merger|change (?:of|in) control|consolidation|sale of (?:all or )?substantially all|controlling interest)\b[^.;]{0,150}?\b(?:shall|will) be (?:deemed|considered|treated as)\b[^.;]{0,30}?\b(?:an? )?(?:assignment|transfer)\b`, definesTerm},
		}),
	},
	{
		// "Licensor shall have the right to audit Licensee's books and
		// records"; "inspect and audit"; "an independent certified public
		// accountant … to examine"; "the right to conduct an audit";
		// "permit … to enter upon any premises … for the purpose of
		// inspecting".
		slug: "audit-rights",
		cues: [][]string{
			{"audit", "inspect", "examin", "review", "access", "available", "accountant"},
			{"books", "records", "accounts", "facilit", "premises", "plant", "site", "offices", "operations", "manufactur", "procedures", "processes", "quality", "compliance", "audit right", "right to audit", "right of audit", "accountant", "conduct", "perform", "carry out", "undertake"},
		},
		patterns: patterns([][]string{
			{"audit|inspect|examine&right|entitled|permitted|authoriz|authoris|allowed&" + auditObjectLits, `\b(?:right|entitled|permitted|authori[sz]ed|allowed)\b[^.;]{0,150}?\bto\b[^.;]{0,30}?\b(?:audit|inspect|examine)\b[^.;]{0,80}?` + auditObject},
			{"audit|inspect|examine&may|shall|will|can&" + auditObjectLits, `\b(?:may|shall|will|can)\b[^.;]{0,40}?\b(?:audit|inspect|examine)\b[^.;]{0,80}?` + auditObject},
			{"permit|allow|grant&" + auditObjectLits, `\b(?:permit|permits|allow|allows|grant)\b[^.;]{0,80}?\b(?:to audit|to inspect|to examine|to review|audits?|inspections?|access to)\b[^.;]{0,80}?` + auditObject, `\bin order to (?:provide|perform|deliver)\b`},
			{"books|records|accounts&audit|inspect|examin", `\b(?:audits?|inspect|inspections?|examination|examine)\b[^.;]{0,60}?\b(?:books|records|accounts)\b`, recordsOfInspections},
			{"books|records|accounts&review", `\b(?:right|entitled|may|shall|will|permit|allow)\b[^.;]{0,60}?\breview\b[^.;]{0,60}?\b(?:books|records|accounts)\b`},
			{"books|records|accounts&audit|inspect|examin", `\b(?:books|records|accounts)\b[^.;]{0,150}?\b(?:audit|inspection|inspected|examination|examined|audited)\b`, recordsOfInspections},
			{"available", `\b(?:records|books)\b[^.;]{0,100}?\bavailable\b[^.;]{0,60}?\b(?:review|inspection|examination|audit)`},
			{"books", `\b(?:access|available)\b[^.;]{0,100}?\bbooks (?:and|of|,)`},
			{" access", `\b(?:full|reasonable) access\b[^.;]{0,250}?\b(?:books|records)\b`},
			{"audit right|right to audit|right of audit", `\baudit rights?\b|\bright to audit\b|\bright of audit\b`},
			{"accountant", `\b(?:independent|certified)\b[^.;]{0,40}?\baccountants?\b[^.;]{0,150}?\b(?:audit|examine|inspect|review)\b`},
			{"auditor", `\bauditors?\b[^.;]{0,80}?\b(?:review|audit|examine|inspect)\b[^.;]{0,60}?\b(?:books|records|accounts)\b`},
			{"audit&conduct|perform|carry out|undertake&right|entitled|permitted|may|permit|allow|authoriz|authoris", `\b(?:right|entitled|permitted|may|permit|allow|allowed|authori[sz]ed)\b[^.;]{0,60}?\b(?:conduct|perform|carry out|undertake)\b[^.;]{0,30}?\baudits?\b`},
			{"audit|inspect|examin&to enter&permit|allow", `\b(?:permit|allow)s?\b[^.;]{0,120}?\bto enter\b[^.;]{0,60}?\b(?:premises|facilit|plants?|sites?|offices)[^.;]{0,80}?\b(?:inspect|audit|examin)`},
		}),
	},
	{
		// "shall not, directly or indirectly, … compete with"; "engage in
		// any business that competes with"; "covenant not to compete";
		// "shall not … sell any competing product"; "neither … shall,
		// directly or indirectly, sell … any … products". Not a use of
		// confidential information "to create a competitive product", nor
		// "whether or not such entity competes".
		slug: "non-compete",
		cues: [][]string{{"compet", "directly or indirectly", "itself or through"}, {"not", "no ", "neither", "covenant", "undertake", "engage", "directly"}},
		patterns: patterns([][]string{
			{"not to compete", `\bcovenants? not to compete\b|\bagrees? not to compete\b|\bundertakes? not to compete\b`, covenantElsewhere},
			{"compete&not", `\bnot to:? (?:\([a-z0-9]+\) )?(?:directly or indirectly,? )?compete\b|\b(?:shall|will|may) not,? (?:directly or indirectly,? )?compete\b`, covenantElsewhere},
			{"compet&shall not|will not|may not|agree not|agrees not|to not", `\b(?:shall|will|may|agrees? to|agrees? that it will|agrees?)\s+not\b[^.;]{0,150}?\b` + competes, notCompetition},
			{"compet&shall not|will not|may not", `\b(?:shall|will|may)\s+not\b[^.;]{0,150}?\b(?:engage|participate|invest|interest|develop|manufacture|market|sell|distribute|promote|represent|handle|endorse|advertis|render)[a-z]*\b[^.;]{0,200}?\b` + competes, notCompetition},
			{"compet&engage", `\bengage\b[^.;]{0,80}?\b(?:business|activit(?:y|ies)|products?|services?)\b[^.;]{0,60}?\b` + competes, notCompetition},
			{"compet&directly", `\b(?:directly or indirectly|either directly or indirectly)\b[^.;]{0,200}?\b` + competes, notCompetition + `|` + competitiveAsDescribed},
			{"compet&neither|no ", `\b(?:neither|no)\b[^.;]{0,60}?\b(?:shall|will|may)\b[^.;]{0,150}?\b` + competes, notCompetition},
			{"directly or indirectly|itself or through&shall not|will not|may not|neither|agree not|agrees not|undertake|covenant&sell|offer|market|promot|distribut|develop|manufactur|commerciali|engag|participat|research", `\b(?:(?:shall|will|may)\s+not|neither\b[^.;]{0,80}?\b(?:shall|will|may)|agrees? not to|covenants? not to|undertakes? not to)\b[^.;]{0,80}?\b(?:directly or indirectly|itself or through)\b[^.;]{0,80}?\b(?:sell|offer|market|promote|distribute|develop|manufacture|commerciali[sz]e|engage|participate|research)[a-z]*\b[^.;]{0,150}?\b(?:products?|business|services?|compounds?|enterprise)\b`, notCompetition},
		}),
	},
	{
		// "Source Code shall be deposited with an escrow agent";
		// "source code escrow agreement".
		slug: "source-code-escrow",
		cues: [][]string{{"escrow"}, {"source code", "source materials"}},
		patterns: patterns([][]string{
			{"escrow", `\bsource (?:code|materials)\b[^.;]{0,120}?\bescrow`},
			{"escrow", `\bescrow\b[^.;]{0,120}?\bsource (?:code|materials)\b`},
		}),
	},
	{
		// "as liquidated damages and not as a penalty"; "shall pay
		// the Termination Fee"; "shall pay … a cancellation fee equal
		// to"; "an early termination penalty … to pay"; not "without
		// payment of any termination fee".
		slug: "liquidated-damages",
		cues: [][]string{{"liquidated damages", "termination fee", "termination payment", "termination penalty", "termination charge", "cancellation fee", "cancellation payment", "cancellation penalty", "cancellation charge"}},
		patterns: patterns([][]string{
			{"liquidated damages", `\bliquidated damages\b`},
			{earlyExitFeeLits + "&pay|paid|owe", `\b(?:pay|pays|paid|owe|owes)\b[^.;]{0,150}?` + earlyExitFee, noEarlyExitFee},
			{earlyExitFeeLits + "&pay|paid", earlyExitFee + `[^.;]{0,150}?\b(?:pay|paid|payable)\b`, noEarlyExitFee},
		}),
	},
	{
		// "shall not disparage the other party"; "make any disparaging
		// statements"; "never disparage either party"; "neither it nor
		// any of its Representatives shall … criticize, disparage … the
		// other Party"; "no Party will make any statement which results
		// in any … disparagement of"; "shall not tarnish or bring into
		// disrepute the reputation of". Not "will not constitute product
		// disparagement", nor a use of the marks "in a manner that is
		// disparaging" or "in any manner that … disparages", nor a use
		// of the marks "in a manner that does not bring the other
		// party's brand into disrepute" (a standard for using them).
		slug: "non-disparagement",
		cues: [][]string{{"disparag", "disrepute"}},
		patterns: patterns([][]string{
			{"disparage&not", `\bnot (?:to )?(?:[a-z]+ ){0,4}disparage\b`},
			{"disparaging", `\b(?:make|makes|making|publish|issue|communicate|utter)\b[^.;]{0,60}?\bdisparaging\b`},
			{"disparag&not|never|neither|no|nor|refrain", `\b(?:not|never|neither|no|nor|refrain)\b[^.;]{0,400}?\bdisparag(?:e|es|ed|ement of)\b`, `\bin (?:any|a) manner (?:that|which)\b|\buse (?:of )?(?:the|its|any|such)\b`},
			{"disrepute&not|never|neither|nor|refrain", `\b(?:not|never|neither|nor|refrain)\b[^.;]{0,150}?\b(?:bring|brings|bringing|call|calls|calling)\b[^.;]{0,40}?\binto (?:public )?disrepute\b`, `\bin (?:any|a) manner (?:that|which)\b`},
		}),
	},
	{
		// "irrevocable license"; "perpetual, royalty-free license".
		slug: "irrevocable-or-perpetual-license",
		cues: [][]string{{"irrevocabl", "perpetu"}, {"licen"}},
		patterns: patterns([][]string{
			{"irrevocabl|perpetu", `\b(?:irrevocabl[ey]|perpetual)\b[^.;]{0,80}?\blicen[cs]e\b`},
		}),
	},
	{
		// "a non-exclusive, non-transferable license"; "a nontransferable,
		// non-sublicensable right".
		slug: "non-transferable-license",
		cues: [][]string{{"transferab", "assignab", "sublicensab"}, {"licen", "right"}},
		patterns: patterns([][]string{
			{"transferab|assignab|sublicensab", `\bnon-? ?(?:transferable|assignable|sublicensable)\b[^.;]{0,60}?\b(?:licen[cs]es?|rights?)\b`},
		}),
	},
	{
		// "in no event shall either party's aggregate liability exceed";
		// "total liability … shall not exceed the fees paid".
		slug: "cap-on-liability",
		cues: [][]string{{"liab"}, {"exceed", "limited to", "in excess of"}},
		patterns: patterns([][]string{
			{"liabilit&exceed|limited to|in excess of&aggregate|total|cumulative|entire|maximum", `\b(?:aggregate|total|cumulative|entire|maximum)\b[^.;]{0,40}?\bliabilit(?:y|ies)\b[^.;]{0,150}?\b(?:exceed|limited to|in excess of)\b`},
			{"liabilit&exceed|in excess of", `\bliabilit(?:y|ies)\b[^.;]{0,100}?\b(?:shall|will) not exceed\b`},
			{"in no event&liable&exceed|in excess of", `\bin no event\b[^.;]{0,150}?\bliable\b[^.;]{0,150}?\b(?:exceed|exceeds|exceeding|in excess of)\b`},
		}),
	},
	{
		// "shall maintain … comprehensive general liability insurance";
		// "shall procure and keep in force insurance".
		slug: "insurance",
		cues: [][]string{{"insur"}, {"maintain", "procure", "obtain", "carry", "keep"}},
		patterns: patterns([][]string{
			{"insur&maintain|procure|obtain|carry|keep", `\b(?:shall|will|agrees? to)\b[^.;]{0,40}?\b(?:maintain|procure|obtain|carry|keep)\b[^.;]{0,100}?\binsurance\b`},
		}),
	},
	{
		// "hereby grants to Licensee a non-exclusive license"; "grants …
		// the right and license to use".
		slug: "license-grant",
		cues: [][]string{{"grant"}, {"licen"}},
		patterns: patterns([][]string{
			{"hereby grant&licen", `\bhereby grants?\b[^.;]{0,120}?\blicen[cs]e\b`},
			{"grant&licen&to use|to make|to sell|to reproduce|to distribute|to market|to copy|to display|to manufacture", `\bgrants?\b[^.;]{0,60}?\b(?:an?|the) (?:[a-z-]+,? ){0,6}licen[cs]e\b[^.;]{0,40}?\bto (?:use|make|sell|reproduce|distribute|market|copy|display|manufacture)\b`},
		}),
	},
	{
		// "shall be jointly owned by the parties"; "joint ownership".
		slug: "joint-ip-ownership",
		cues: [][]string{{"joint"}},
		patterns: patterns([][]string{
			{"jointly owned|joint owner", `\bjointly owned\b|\bjoint owners(?:hip)?\b`},
		}),
	},
}

// permissiveAssignment is the carve-out of an anti-assignment clause that
// lets a party assign to its acquirer without consent ("either party may
// assign … without consent … in connection with a merger or sale of all
// or substantially all of its assets"; "may assign its rights … to a
// successor … resulting from any merger"): the merger then triggers no
// consent, notice or termination, which is what CUAD's change of control
// asks for.
const permissiveAssignment = `\bwithout\b[^.;]{0,40}?\b(?:consent|approval)\b|\bno (?:such )?(?:consent|approval)\b|\b(?:consent|approval) (?:shall|will) not be required\b|\b(?:may|right to|entitled to|free to)\s+(?:assign|transfer|novate)\b|\bmay be (?:assigned|transferred)\b`

// permissiveMay is the narrower form of permissiveAssignment for a
// sentence naming a change of control itself, where "without … consent"
// is as often the restriction ("may not … (including in connection with a
// change of control) assign … without the prior written consent"): only
// a carve-out that lets a party assign ("provided, however, that either
// party may assign … in connection with a Change of Control").
const permissiveMay = `\b(?:provided,? (?:however,? )?that|except that|notwithstanding\b[^.;]{0,40}?,)[^.;]{0,80}?\b(?:may|right to|entitled to|free to)\s+(?:assign|transfer|novate)\b|\b(?:either|each) party (?:may|shall have the right to|shall be entitled to)\s+(?:assign|transfer)\b|\bmay be assigned by\b`

// notAnAssignment is a change of control a sentence says is no
// assignment and triggers nothing: "nor shall any change in control … be
// deemed an assignment hereunder".
const notAnAssignment = `\bnor shall (?:any )?(?:change|merger)\b|\bchange (?:of|in) control\b[^.;]{0,80}?\b(?:shall|will) not (?:be deemed|constitute|be considered)\b`

// earlyExitFeeLits are the literals of earlyExitFee, one of which its
// every match holds.
const earlyExitFeeLits = "termination fee|termination payment|termination penalty|termination charge|cancellation fee|cancellation payment|cancellation penalty|cancellation charge"

// earlyExitFee is a sum fixed in advance for ending the contract early,
// which CUAD's liquidated damages include: "the Termination Fee", "a
// cancellation fee", "an early termination penalty".
const earlyExitFee = `\b(?:termination|cancellation) (?:fee|payment|penalty|charge)s?\b`

// noEarlyExitFee is a sentence that waives the fee.
const noEarlyExitFee = `\bwithout (?:any |the )?(?:payment of (?:any )?)?(?:penalty|(?:early )?(?:termination|cancellation) (?:fee|payment|penalty|charge))|\bno (?:early )?(?:termination|cancellation) (?:fee|payment|penalty|charge)`

// notCompetition is wording that names competition without restricting
// it: a use of confidential information "to create a competitive
// product", "whether or not such entity competes", a definition.
const notCompetition = `\b(?:confidential|proprietary) information\b|\bnothing in this\b|\bwhether or not\b|\bnon-?competition agreements?\b|\bcompetitive analysis\b|\bunfair competition\b|\bmeans\b|` + freedomToCompete

// competes is how a restriction names competition: "compete with",
// "competing products", "a competitor of", "competitive with"; not
// "competent".
const competes = `(?:compete|competes|competing|competitive|competitors?|competition)\b`

// auditObjectLits are the literals of auditObject, one of which its
// every match holds.
const auditObjectLits = "books|records|accounts|facilit|premises|plant|site|offices|operations|manufactur|procedures|processes|quality|compliance"

// auditObject is what an audit right audits: the books, records or
// sites of a party, or its compliance, not "the products upon receipt"
// or "the marketing materials".
const auditObject = `\b(?:books|records|accounts|facilit|premises|plants?|sites?|offices|operations|manufactur|procedures|processes|quality|compliance)`

// recordsOfInspections are records a party keeps of its own inspections
// ("the keeping of records of inspections", "inspection records"): a
// duty to document, not a right to audit the other's books. ("audit
// records" is left out: "may audit records" is the right itself.)
const recordsOfInspections = `\brecords? of (?:the |such |all |its )?(?:inspections?|audits?|examinations?)\b|\binspection records\b`

// pattern is one regular expression of a rule and the groups of literals
// ("&"-separated groups of "|"-separated literals) its every match holds
// one of each: checked first, because a literal search is far cheaper
// than the expression. TestPrefilterImplied checks that a match holds
// them.
type pattern struct {
	needs [][]string
	// re, loose and unless compile on first use: the package's several
	// hundred expressions took 1.4 s to compile (13 s under the race
	// detector) at the start of every process importing it, while a
	// gateway types only queries' words, whose literals reach few of them.
	re func() *regexp.Regexp
	// unless, when set, is wording that takes the sentence back: a
	// sentence it matches is not a hit of this pattern.
	unless func() *regexp.Regexp
	// loose is re with every bounded gap ({0,n}) unbounded: it matches
	// every sentence re matches, and compiles to a program small enough
	// for Go's backtracking matcher, many times faster on long sentences
	// than the NFA the bounded form needs; re runs only where it matches.
	loose func() *regexp.Regexp
}

// patterns reads {needs, expression[, unless]} triples; an expression
// that does not compile is a programming error, caught by
// TestPatternsCompile.
func patterns(specs [][]string) []pattern {
	out := make([]pattern, len(specs))
	for i, p := range specs {
		var needs [][]string
		for _, g := range strings.Split(p[0], "&") {
			needs = append(needs, strings.Split(g, "|"))
		}
		expr := p[1]
		out[i] = pattern{
			needs: needs,
			re:    sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) }),
			loose: sync.OnceValue(func() *regexp.Regexp { return loosen(expr) }),
		}
		if len(p) > 2 {
			unless := p[2]
			out[i].unless = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(unless) })
		}
	}
	return out
}

// hit reports whether the normalised sentence s is a hit of p.
func (p *pattern) hit(s []byte) bool {
	return p.loose().Match(s) && p.re().Match(s) && (p.unless == nil || !p.unless().Match(s))
}

// loosen compiles expr with each repetition {0,n} as *, keeping its
// greediness: a superset of expr's matches.
func loosen(expr string) *regexp.Regexp {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		panic(err)
	}
	var walk func(*syntax.Regexp)
	walk = func(r *syntax.Regexp) {
		if r.Op == syntax.OpRepeat && r.Min == 0 {
			r.Op, r.Max = syntax.OpStar, -1
		}
		for _, sub := range r.Sub {
			walk(sub)
		}
	}
	walk(re)
	return regexp.MustCompile(re.String())
}
