package clausetype

// bRules find the liability, licence, intellectual-property,
// non-solicitation, warranty and covenant-not-to-sue clauses of CUAD's
// categories. They are written, like coreRules', from how the contracts
// of the manifest's dev half word these clauses. A slug coreRules has a
// rule for (cap-on-liability, license-grant, non-transferable-license,
// joint-ip-ownership) may have a second rule here: a section is of a type
// when any of its rules finds it.
var bRules = []rule{
	{
		// "in no event shall either party be liable for any indirect,
		// special or consequential damages"; "each party waives any right
		// to recover consequential … damages"; "the sole and exclusive
		// remedy"; "liability … is limited to the amounts paid"; "no
		// action … may be brought … more than one year after the cause of
		// action has arisen". CUAD's Cap On Liability holds all of them.
		slug: "cap-on-liability",
		cues: [][]string{{"liab", "damage", "loss", "remed", "responsib", "obligation", "brought", "commenced", "instituted", "filed", "profit", "cost", "claim"}},
		patterns: patterns([][]string{
			{"consequential|incidental|indirect|special|punitive|exemplary|lost profit|loss of profit&liab|responsib|recover|claim|assert|award|seek|damage&no|neither|waiv|disclaim",
				`\b(?:in no event|neither|under no circumstances|not|no|nor|waives?|waiving|disclaims?)\b[^.;]{0,150}?\b(?:liable|liability|liabilities|responsible|recover|claims?|assert|award|seek)\b[^.;]{0,200}?\b(?:consequential|incidental|indirect|special|punitive|exemplary|lost profits|loss of profits?)\b[^.;]{0,120}?\b(?:damages?|loss(?:es)?|profits?)\b`},
			{"sole|exclusive&remed|liability|obligation", `\b(?:sole|exclusive)(?: and (?:sole|exclusive))? (?:remed(?:y|ies)|liability|obligation)\b`},
			{"limited to&liabilit|remed|claim|damage|responsib", `\b(?:liabilit(?:y|ies)|remed(?:y|ies)|claims?|damages|responsibility)\b[^.;]{0,150}?\b(?:is|are|shall be|will be|be) (?:further )?limited to\b`},
			{"not exceed|to exceed|no event exceed|greater than|in excess of&liab|indemnification obligation|damages", `\b(?:liab[a-z]*|indemnification obligations?|damages)\b[^.;]{0,150}?\b(?:(?:(?:shall|will|may) (?:not|in no event)|to) exceed|in an amount greater than|in excess of)\b`},
			{"brought|commenced|instituted|filed&action|claim|suit|proceeding", `\b(?:actions?|claims?|suits?|proceedings?|lawsuits?)\b[^.;]{0,150}?\b(?:may|shall|must|can)\b(?: not)? be (?:brought|commenced|instituted|filed)\b[^.;]{0,80}?\b(?:more than|after|within)\b`},
			{"direct|actual&only|limited to&damage|cost|loss", `\b(?:only|limited to)\b[^.;]{0,60}?\b(?:actual|direct)\b[^.;]{0,20}?\b(?:damages|costs|losses)\b`},
		}),
	},
	{
		// "EXCEPT FOR BREACHES OF SECTION 11 …, IN NO EVENT WILL EITHER
		// PARTY BE LIABLE … FOR … CONSEQUENTIAL DAMAGES"; "the limitations
		// … shall not apply to"; "nothing in this Section shall limit …
		// the indemnification obligations"; "full responsibility, without
		// limit".
		slug: "uncapped-liability",
		cues: [][]string{{"liab", "limit", "damage", "indemn", "responsib", "exclusion"}},
		patterns: patterns([][]string{
			{"except&liab|responsib&damage|exceed|limited to|in excess of|amount",
				`\bexcept\b[^.;]{0,300}?\b(?:in no event|neither party|no party|under no circumstances|either party|each party|a party|(?:total|aggregate|cumulative|maximum|entire) liability)\b[^.;]{0,150}?\b(?:liab[a-z]*|responsible)\b[^.;]{0,250}?\b(?:damages|exceed|limited to|in excess of|amounts?)\b`, `\bbeyond\b[^.;]{0,40}?\bcontrol\b|\bdelay\b|\bfailure to perform\b|\bforce majeure\b`},
			{"limitation|exclusion&not apply|inapplicable", `\b(?:limitations?|exclusions?)\b[^.;]{0,120}?\b(?:(?:shall|will|do|does) not apply|shall be inapplicable)\b`},
			{"limit|exclude|restrict&nothing in|shall not|will not|does not&liabilit|indemnif|damages", `\b(?:nothing in|shall not|will not|does not)\b[^.;]{0,80}?\b(?:limit|exclude|restrict)\b[^.;]{0,120}?\b(?:liabilit(?:y|ies)|indemnif[a-z]*|damages)\b`},
			{"full responsibility|unlimited liability", `\bfull responsibility,? without limit\b|\bunlimited liability\b`, `\bunlimited liability compan`},
			{"waive&limitation", `\bwaives?\b[^.;]{0,40}?\blimitations?\b[^.;]{0,40}?\bliability\b`},
		}),
	},
	{
		// "\"Warranty Period\" shall mean twelve (12) months as of the date
		// of delivery"; "warrants that for a period of one (1) year from
		// the date of delivery"; "90 days warranty"; "such warranty shall
		// commence upon shipment".
		slug: "warranty-duration",
		cues: [][]string{{"warrant"}},
		patterns: patterns([][]string{
			{"warranty period", `\bwarranty period\b`},
			{"warrant&for a period of|for the period of", `\b(?:warrant(?:s|ed)? that|warrant(?:y|ies))\b[^.;]{0,80}?\bfor (?:a|the) period of\b`, `\binsurance\b`},
			{"warrant&day|month|year", `\b(?:\d+|one|two|three|six|twelve|eighteen|thirty|sixty|ninety)(?:[- ]\(\d+\))?[- ](?:days?|months?|years?)(?:'s?)?\b[^.;]{0,20}?\b(?:limited )?warrant(?:y|ies)\b`},
			{"warrant&commence|begin|start|expire|shall end|will end|shall run|will run|valid", `\bwarrant(?:y|ies)\b[^.;]{0,60}?\b(?:(?:shall|will) (?:commence|begin|start|expire|end|run|be valid)|(?:is|are) valid for)\b`, `\bwaive`},
			{"warrant&day|month|year", `\b(?:warrant(?:s|ed)? that|warrant(?:y|ies))\b[^.;]{0,200}?\b(?:for|within|during) (?:a period of )?(?:\d+|one|two|three|six|twelve|eighteen|thirty|sixty|ninety|\[)[^.;]{0,20}?\b(?:days?|months?|years?)\b[^.;]{0,30}?\b(?:from|after|following)\b`, `\bcured?\b|\bbreach|\binsurance\b`},
		}),
	},
	{
		// "shall not contest the validity of the Marks"; "will not
		// challenge … JRVS Trademarks"; "at no time … shall eDiets attack,
		// challenge"; "covenants not to sue"; "hereby releases and
		// discharges … from any and all claims".
		slug: "covenant-not-to-sue",
		cues: [][]string{{"contest", "challeng", "attack", "impugn", "oppos", "sue", "releas", "bring", "assert"}},
		patterns: patterns([][]string{
			{"contest|challeng|attack|impugn|oppos&not|never|at no time",
				`\b(?:not|never|at no time)\b[^.;]{0,120}?\b(?:contest|challenge|attack|impugn|oppose)[a-z]*\b[^.;]{0,120}?\b(?:validity|ownership|owner|title|rights?|marks?|trademarks?|patents?|registrations?|intellectual property|copyrights?)\b`},
			{"not to&sue|bring|assert", `\b(?:covenants?|agrees?) not to (?:sue|bring (?:any )?(?:action|claim|suit)|assert (?:any )?claims?)\b`, `\bcourts?\b|\bjurisdiction\b|\bforum\b|\bvenue\b|\bgranting\b|\bparty to\b|\bimmunit`},
			{"releas&discharg|hereby|general releas", `\breleases? and (?:forever )?discharges?\b|\bhereby (?:irrevocably |unconditionally |fully )*releases?\b|\bgeneral releases?\b[^.;]{0,60}?\bclaims\b`},
		}),
	},
	{
		// "shall not, directly or indirectly, solicit for employment any
		// employee of the other Party"; "will not … solicit, recruit or
		// hire … any employee"; "induce any person employed by".
		slug: "no-solicit-of-employees",
		cues: [][]string{{"solicit", "recruit", "hire", "employ", "induce", "entice"}, {"employ", "personnel", "staff", "hire"}},
		patterns: patterns([][]string{
			{"not|neither|nor|refrain&solicit|recruit|hire|induce|entice",
				`\b(?:not|neither|nor|refrain from)\b[^.;]{0,200}?\b(?:solicit|recruit|hire|induce|entice)[a-z]*\b[^.;]{0,150}?\b(?:employees?|personnel|staff|employed by|in the employ)\b`, `\bobligat[a-z]*\b|\bgifts?\b|\bpayments?\b|\bgovernment|\bofficials?\b`},
			{"solicit|hire", `\bsolicit(?:ation)? for (?:employment|hire)\b|\bsolicit (?:or|and|and/or) hire\b|\bhire away\b|\bnon-?solicitation of employees\b`},
			{"general solicitation|general advertisement", `\bgeneral (?:solicitation|advertisement)s?\b[^.;]{0,100}?\bemploy`},
		}),
	},
	{
		// "shall not directly or indirectly solicit an existing business
		// customer"; "solicit, divert, or attempt to … divert any
		// customer"; "will not interfere with … business relations …
		// customers".
		slug: "no-solicit-of-customers",
		cues: [][]string{{"solicit", "divert", "induce", "entice", "interfere", "circumvent"}, {"customer", "client", "account", "business relation", "insured"}},
		patterns: patterns([][]string{
			{"not|neither|nor|refrain&solicit|divert|induce|entice|interfere|circumvent",
				`\b(?:not|neither|nor|refrain from)\b[^.;]{0,200}?\b(?:solicit|divert|induce|entice|interfere|circumvent)[a-z]*\b[^.;]{0,80}?\b(?:customers?|clients?|accounts?|business relations(?:hips?)?|insureds?)\b`, `\bservices of\b`},
			// An item of a list of restrictions, its "shall not" before
			// the list: "(ii) divert or attempt to divert any business
			// or customer"; "induce or persuade any customer … to
			// terminate or diminish its relationship"; "solicit … the
			// solicitation of any of the Company's clients".
			{"divert&customer|client", `\bdivert\b[^.;]{0,40}?\b(?:customers?|clients?)\b`},
			{"solicit|induce|entice&customer|client", `\b(?:solicit|induce|entice)[a-z]*\b[^.;]{0,60}?\b(?:customers?|clients?)\b[^.;]{0,150}?\bto (?:terminate|cease|reduce|diminish|discontinue|curtail|withdraw)\b`},
			{"solicit&customer|client", `\bsolicit(?:ation)?\b[^.;]{0,60}?\bof (?:any of )?(?:the )?(?:[a-z]+'s|other party's) (?:clients|customers)\b`},
		}),
	},
	{
		// "hereby irrevocably assigns to Company all right, title and
		// interest in"; "works made for hire"; "all inventions … conceived
		// … shall be the sole and exclusive property of"; "shall own all
		// right, title and interest in any Improvement".
		slug: "ip-ownership-assignment",
		cues: [][]string{{"assign", "transfer", "convey", "own", "property", "vest", "for hire"}},
		patterns: patterns([][]string{
			{"hereby&assign|transfer|convey", `\bhereby (?:irrevocably |unconditionally |absolutely )*(?:assigns?|transfers?|conveys?)\b[^.;]{0,200}?\b(?:right,? title,? and interest|rights?,? title and interest|ownership|intellectual property|copyrights?|patents?|inventions?)\b`},
			{"for hire", `\bworks? (?:made )?for hire\b`},
			{"developed|created|conceived|invented|improvement|work product|deliverable|invention|derivative work&property of|owned|vest|become",
				`\b(?:developed|created|conceived|invented|improvements?|work product|deliverables|inventions?|derivative works)\b[^.;]{0,200}?\b(?:shall|will) (?:be (?:the )?(?:sole |exclusive |sole and exclusive )?(?:property of|owned (?:exclusively |solely )?by)|vest (?:solely |exclusively )?in|become the (?:sole (?:and exclusive )?)?property of)\b`},
			{"own&right, title|right title|rights, title|rights title&developed|created|conceived|invented|improvement|work product|deliverable|invention|result",
				`\b(?:shall|will) (?:solely |exclusively )?own\b[^.;]{0,40}?\ball rights?,? title,? and interest\b[^.;]{0,150}?\b(?:developed|created|conceived|invented|improvements?|work product|deliverables|inventions?|results)\b`, `\bretain`},
		}),
	},
	{
		// "shall be jointly owned"; "co-owned"; "each Party … shall own an
		// equal, undivided interest"; "Joint Inventions shall be owned
		// jointly".
		slug: "joint-ip-ownership",
		cues: [][]string{{"joint", "co-own", "coown", "undivided"}},
		patterns: patterns([][]string{
			{"jointly own|owned jointly|co-own|coown|undivided", `\bjointly own(?:ed|s)?\b|\bowned jointly\b|\bco-?own(?:ed|ership|ers?)?\b|\bundivided (?:interest|ownership)\b`},
			{"joint&own", `\bjoint(?:ly)? (?:inventions?|patents?|ip|intellectual property|know-how|improvements?|developments?|works?|invented|developed|data)\b[^.;]{0,100}?\bown(?:ed|ership)?\b`},
		}),
	},
	{
		// "grants to the Distributor the non-exclusive right … to use the
		// Trade Marks"; "is hereby granted an exclusive … license"; "agrees
		// to license such rights"; "grants … the right and license".
		slug: "license-grant",
		cues: [][]string{{"grant", "licen"}},
		patterns: patterns([][]string{
			{"grant&right|licen&to use|to make|to sell|to reproduce|to distribute|to market|to copy|to display|to manufacture|to practice|to resell|to access|to publish|to perform|to exploit|to create|to broadcast|to modify|to import|to promote|to advertise|to install|to host|to develop|to commerciali", `\bgrants?\b[^.;]{0,100}?\b(?:an?|the) (?:[a-z-]+,? ){0,8}(?:rights?|licen[cs]es?)\b[^.;]{0,60}?\bto (?:use|make|sell|reproduce|distribute|market|copy|display|manufacture|practice|resell|access|publish|perform|exploit|create|broadcast|modify|import|promote|advertise|install|host|develop|commerciali[sz]e)\b`},
			{"hereby granted&licen", `\b(?:is|are) hereby granted\b[^.;]{0,120}?\blicen[cs]e\b`},
			{"to license|hereby license", `\bagrees? to license\b|\bhereby licenses?\b`},
			{"right and licen", `\bgrants?\b[^.;]{0,80}?\bright and licen[cs]e\b`},
		}),
	},
	{
		// "a non-transferrable, non-exclusive license"; "without the right
		// to grant sublicenses"; "may not grant sublicenses"; "Such usage
		// may not be sold or transferred"; "a personal, non-exclusive …
		// license".
		slug: "non-transferable-license",
		cues: [][]string{{"transfer", "assign", "sublicens", "sub-licens", "personal"}},
		patterns: patterns([][]string{
			{"transferable|transferrable|assignable|licensable|licenseable", `\bnon-? ?(?:transferr?able|assignable|sub-?licens(?:e)?able)\b`},
			{"right to&sublicens|sub-licens&no|not|without", `\b(?:no|not|without the|without any)\b[^.;]{0,40}?\bright to (?:grant )?sub-?licen[cs]e`},
			{"sublicens|sub-licens&may not|shall not|will not", `\b(?:may|shall|will) not\b[^.;]{0,60}?\b(?:sub-?licen[cs]e|grant (?:any )?sub-?licen[cs]es)\b`},
			{"transferable|assignable|transferred&licen|usage|granted|to use&not", `\b(?:licen[cs]es?|usage|rights? (?:granted|to use))\b[^.;]{0,100}?\b(?:shall|may|is|are) not (?:be )?(?:transferable|assignable|sold or transferred|transferred)\b`},
			{"personal&licen|right to use", `\bpersonal,? (?:(?:non-?exclusive|nonexclusive|non-? ?transferr?able|limited|revocable|royalty-free|worldwide|fully paid-up|paid-up),? (?:and )?){0,4}(?:licen[cs]e|right and licen[cs]e|right to use)\b`},
		}),
	},
	{
		// "Each Party grants, and shall cause its Affiliates to grant";
		// "Harpoon (on behalf of itself and its Affiliates) hereby grants";
		// "a license … under any patents which OntoChem or any of its
		// Affiliates own or control".
		slug: "affiliate-license-licensor",
		cues: [][]string{{"affiliate", "group", "subsidiar"}, {"grant", "licen", "control", "own"}},
		patterns: patterns([][]string{
			{"cause&to grant", `\bgrants?\b[^.;]{0,40}?\b(?:shall|will) cause (?:its|each of its|the other members of|each member of|the members of|any of its)\b[^.;]{0,60}?\b(?:affiliates?|group|subsidiar(?:y|ies))\b[^.;]{0,30}?\bto grant\b`},
			{"on behalf of&grant", `\bon behalf of (?:itself|themselves) and (?:its|their|the other members of|each of its)\b[^.;]{0,20}?\b(?:affiliates?|affiliated companies|group|subsidiaries)\b[^.;]{0,80}?\bgrants?\b`},
			// The affiliates own the licensed property ("patents or
			// know-how owned or controlled by AbbVie or any of its
			// Affiliates"), not whatever else the sentence names ("host
			// computers controlled … by XFN or its Affiliates"); not the
			// boilerplate that no licence passes "by implication".
			{"its affiliates|their affiliates|respective affiliates&own|control&licen|grant&" + licensedPropertyLits,
				`\b(?:licen[cs](?:e|es|ed)|grants?)\b[^.;]{0,250}?` + licensedProperty + `[^.;]{0,60}?(?:\b(?:owned|controlled|own or control|owns or controls)\b[^.;]{0,40}?\b(?:by\b[^.;]{0,40}?\b)?or (?:any of )?(?:its|their|their respective) affiliates\b|\bor (?:any of )?(?:its|their|their respective) affiliates\b[^.;]{0,20}?\b(?:own|control|owns|controls)\b)`, `\bno (?:rights?|licen[cs]es?)\b|\bnothing in\b|\bdoes not (?:grant|convey)\b|\bshall not be (?:construed|deemed)\b|\bby implication\b`},
		}),
	},
	{
		// "grants ExxonMobil and its Affiliates a … license"; "grants to
		// SpinCo and the members of the SpinCo Group"; "the right to grant
		// sublicenses to Affiliates"; "may sublicense its rights … solely
		// to a … wholly owned subsidiary".
		slug: "affiliate-license-licensee",
		cues: [][]string{{"affiliate", "subsidiar", "group"}, {"grant", "licen"}},
		patterns: patterns([][]string{
			{"grant&and its affiliates|and their affiliates|and its subsidiaries|and their subsidiaries|with its affiliates|with their affiliates|with its subsidiaries|with their subsidiaries|group", `\bgrants?\b(?: to)?[^.;]{0,40}?\b(?:(?:and|together with) (?:its|their) (?:affiliates|subsidiaries)|and (?:the |each )?members? of the [a-z]+ group)\b`, `\bon behalf of\b`},
			{"sublicens|sub-licens&affiliate|subsidiar", `\bsub-?licen[cs](?:e|es|ed|ing)\b[^.;]{0,150}?\b(?:affiliates?|subsidiar(?:y|ies))\b`},
		}),
	},
	{
		// "an unlimited number of Client Access Licenses"; "the unlimited
		// right … to use"; "unlimited runs"; "an all-you-can-eat licence".
		slug: "unlimited-all-you-can-eat-license",
		cues: [][]string{{"unlimited", "all-you-can-eat", "all you can eat", "enterprise-wide", "enterprise wide"}},
		patterns: patterns([][]string{
			{"unlimited", `\bunlimited\b[^.;]{0,40}?\b(?:licen[cs]es?|rights?|use|copies|users|number|runs|access|utilization|sub-?licen[cs]e)`},
			{"all-you-can-eat|all you can eat|enterprise-wide|enterprise wide", `\ball[- ]you[- ]can[- ]eat\b|\benterprise[- ]wide licen[cs]e\b`},
		}),
	},
	{
		// "the Indemnitees are intended third party beneficiaries of this
		// Section"; "shall be made third party beneficiaries … to enforce";
		// not "there are no third-party beneficiaries".
		slug: "third-party-beneficiary",
		cues: [][]string{{"beneficiar"}},
		patterns: patterns([][]string{
			{"beneficiar", `\b(?:is|are|be|been|as) (?:an? |the )?(?:express(?:ly)? )?(?:intended )?third[- ]party beneficiar(?:y|ies)\b|\b(?:is|are|be|been|as) (?:an? |the )?intended beneficiar(?:y|ies)\b`, `\bno\b|\bnot\b|\bnothing\b|\bnone\b|\bneither\b`},
		}),
	},
}

// licensedPropertyLits are the literals of licensedProperty, one of
// which its every match holds.
const licensedPropertyLits = "patent|know-how|intellectual property|technolog|copyright|trademark|marks|software|invention|material|data"

// licensedProperty is what a licence is granted under: patents,
// know-how, intellectual property, software and the like.
const licensedProperty = `\b(?:patents?|patent rights|know-how|intellectual property|technology|technologies|copyrights?|trademarks?|marks|software|inventions?|materials|data)\b`
