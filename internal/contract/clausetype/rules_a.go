package clausetype

// aRules are the rules of the term, termination and commercial clause
// types: renewal, the notice that stops a renewal, termination for
// convenience, what continues after termination, minimum commitments,
// volume and price restrictions, revenue sharing, exclusivity and its
// exceptions, most favoured nation, and first refusal. They follow
// rules.go: lower-case text with single spaces, [^.;]{0,n} gaps, the
// literals each pattern needs listed before it.
var aRules = []rule{
	{
		// "shall automatically renew for successive one-year terms";
		// "shall be renewed for an additional period of two years";
		// "continue on a year to year basis"; "Licensee shall have the
		// option to renew this Agreement"; not "renewal of the
		// insurance policy", "the period shall automatically be extended
		// by the days of delay" or "may be renewed by mutual agreement".
		slug: "renewal-term",
		cues: [][]string{{"renew", "extend", "extension", "year to year", "month to month", "year-to-year", "month-to-month", "continu"}},
		patterns: patterns([][]string{
			{"automatic&renew", `\bautomatically (?:be )?renew[a-z]*\b|\brenew[a-z]* automatically\b|\bautomatic (?:[a-z0-9-]+ ){0,3}renewals?\b`},
			{"automatic&extend|extension|continu", `\b(?:agreement|term|contract)\b[^.;]{0,60}?\b(?:automatically (?:be )?(?:extend|continu)[a-z]*|(?:extend|continu)[a-z]* automatically|automatic (?:[a-z0-9-]+ ){0,3}extensions?)\b`, delayExtension},
			{"renew|extend&additional|successive|subsequent|further|consecutive|another|renewal", `\b(?:agreement|term|contract|it)\b[^.;]{0,80}?\b(?:renew|renews|renewed|extend|extends|extended)\b[^.;]{0,20}?\b(?:for|by) (?:an? |one |two |the |up to )?(?:[a-z0-9()-]+ ){0,3}?(?:additional|successive|subsequent|further|consecutive|another|renewal)\b`, delayExtension},
			{"year to year|month to month|year-to-year|month-to-month&continu|renew|extend|effective|thereafter", `\b(?:continu|renew|extend|effective|thereafter)[a-z]*\b[^.;]{0,100}?\b(?:year to year|month to month|year-to-year|month-to-month)\b`},
			{"renewed for|extended for", `\b(?:agreement|term|contract)\b[^.;]{0,60}?\b(?:be|is|are) (?:automatically )?(?:renewed|extended) for (?:a |an )?(?:period of )?` + noticeTime, delayExtension},
			{"indefinitely&shall continue|will continue", `\b(?:shall|will) continue\b[^.;]{0,100}?\bindefinitely\b`},
			{"renew|extend&option|right|elect|may", `\b(?:option|right|elect|elects|may)\b (?:to )?(?:annually )?(?:renew|extend)\b (?:this agreement|the agreement|the term|the initial term|this contract|the contract|the license|for)\b`, mutualRenewal},
			{"may be renewed|may be extended", `\b(?:agreement|term|contract)\b[^.;]{0,60}?\bmay be (?:renewed|extended)\b`, mutualRenewal},
		}),
	},
	{
		// "unless either party gives notice of non-renewal at least
		// ninety days prior to the end of the then-current term";
		// "notifies the other of its intention not to renew"; "may
		// terminate this Agreement at the end of the Initial Term by
		// giving six months' notice"; not "thirty days' notice of
		// cancellation or non-renewal of the insurance".
		slug: "notice-period-to-terminate-renewal",
		cues: [][]string{{"renew", "extend", "extension", "year to year", "month to month", "automatically continu", "end of", "expir", "expiry", "conclusion", "anniversary"}},
		patterns: patterns([][]string{
			{"renew|extend&noti|prior|before|in advance|writing", `\b(?:noti|prior|before|in advance|writing)[^.;]{0,150}?\b` + notRenew + `|\b` + notRenew + `[^.;]{0,150}?\b(?:noti|prior|before|in advance|writing)`, insuranceRenewal},
			{"renewal&notice|notif", `\bnoti(?:ce|fy|fies|fication)\b[^.;]{0,60}?\bnon-?renewal\b|\bnon-?renewal (?:notice|notification)\b`, insuranceRenewal},
			{"renew|extend|extension|year to year|month to month|automatically continu&unless|until|provided&noti|terminat", `\b(?:renew|renews|renewed|renewal|renewals|renewing|extend|extends|extended|extension|extensions|year to year|month to month|automatically continue[sd]?)\b[^.;]{0,200}?\b(?:unless|until|provided)\b[^.;]{0,150}?(?:\bnoti(?:ce|fies|fy|fication)\b[^.;]{0,150}?` + noticeTime + `|` + noticeTime + `[^.;]{0,60}?\bnoti|\bterminat[a-z]*\b[^.;]{0,60}?` + noticeTime + `[^.;]{0,20}?\b(?:prior|before|in advance)\b)`},
			{"unless&notice|notif|notify&renew|extend|year to year|automatically continu", `\bunless\b[^.;]{0,150}?\bnoti(?:ce|fies|fy|fication)\b[^.;]{0,150}?` + noticeTime + `[^.;]{0,200}?\b(?:renew|renewed|extend|extended|year to year|automatically continue)\b`},
			{"notice|notif|notify&prior to|before|in advance of|preceding&" + termEndLits, `(?:` + noticeTime + `[^.;]{0,60}?\bnoti(?:ce|fies|fy|fication)\b|\bnoti(?:ce|fies|fy|fication)\b[^.;]{0,150}?` + noticeTime + `)[^.;]{0,60}?\b(?:prior to|before|in advance of|preceding)\b (?:the )?` + termEnd},
			{"terminat&" + termEndLits + "&notice|notify", `\bterminat[a-z]*\b[^.;]{0,80}?\b(?:at|as of|effective(?: as of| on| at)?|on|upon) the ` + termEnd + `[^.;]{0,150}?\b(?:notice|notify)`},
		}),
	},
}

// notRenew is a party's choice not to renew: "its intention not to
// renew", "elects not to extend", "that this Agreement not be renewed".
const notRenew = `(?:not to (?:renew|extend)|not (?:to )?be (?:renewed|extended)|not (?:wish|desire|elect)[a-z]* to (?:renew|extend)|(?:intention|intent|election|decision|desire) not to (?:renew|extend)|elects? not to (?:renew|extend))\b`

// insuranceRenewal is the renewal of a policy, not of the contract:
// "thirty days' notice of cancellation or non-renewal".
const insuranceRenewal = `\bcancell?ation\b|\binsur|\bpolic(?:y|ies)\b`

// delayExtension is the extension of a deadline, not of the term: "shall
// be automatically extended by the number of days of the delay", "for a
// period equal to such suspension".
const delayExtension = `\bdelay|\bsuspension\b|\bforce majeure\b|\bnumber of days\b|\bperiod equal\b`

// mutualRenewal is a renewal the parties may agree, which CUAD's renewal
// term does not count: "may be renewed upon mutual written agreement",
// "may be extended by both parties in writing".
const mutualRenewal = `\bmutual|\bboth parties\b|\bagreed\b|\bsatisfactory agreement\b`

// noticeTime is how a notice clause states its period: "sixty (60)
// days", "six months'", "one year", "[***] days".
const noticeTime = `\b(?:[0-9]+|[a-z]+(?:[- ][a-z]+)?|\[?\*+\]?)(?:-|-? )?(?:\(\s?[0-9]+\s?\) ?)?(?:calendar |business |working )?(?:days?|months?|years?|weeks?)\b`

// termEndLits are the literals of termEnd, one of which its every match
// holds.
const termEndLits = "end of|expir|expiry|conclusion|anniversary|renewal date"

// termEnd is the end of a contract's term, as a notice period counts back
// from it: "the end of the then-current term", "the expiration of the
// Initial Term", "the anniversary date", "the renewal date".
const termEnd = `(?:(?:end|expiration|expiry|conclusion) of (?:the |this |its |any |such |each |a |said )?(?:(?:then[- ]?current|then in effect|initial|renewal|original|applicable|relevant|current|extended|additional|contract|first) )*(?:term|agreement|renewal|period|extension|year)|anniversary|renewal date|expiration date|expiry date|date of expiration)`
