package clausetype

// typing7Rules are wordings read from the dev half's labelled contracts
// that no rule typed (issue 9: the categories with the most labelled
// contracts missed): insurance a party must secure, have or name
// others under, a right to end or cancel the agreement at any time, a
// minimum per month or quarter, what a party does upon termination,
// an offer a party must make before selling, a period for claims of
// latent defects, and rights a party must cause to be assigned. Each
// pattern was kept only where the check half confirmed what the dev
// half showed (docs/ingest.md lists the ones dropped). They follow
// rules.go: lower-case text with single spaces, [^.;]{0,n} gaps, the
// literals each pattern needs listed before it.
var typing7Rules = []rule{
	{
		// "naming the Licensor as an additional insured"; "must have
		// their own liability insurance"; "will secure an insurance
		// policy"; "maintains insurance covering its properties". Not
		// "insurance laws", "insurance documents" or "with no extra
		// insurance".
		slug: "insurance",
		cues: [][]string{{"insur"}},
		patterns: patterns([][]string{
			{"insur&additional", `\badditional(?:ly)? (?:named )?insureds?\b`},
			{"insurance&shall|will|must|agree|required to|undertake", `\b(?:shall|will|must|agrees? to|required to|undertakes? to)\b[^.;]{0,60}?\b(?:maintain|procure|obtain|carry|keep|secure|purchase|arrange|provide|have|acquire|take out|effect)\b[^.;]{0,100}?\binsurance\b`, notInsuranceCover},
			{"insurance&maintains|carries|obtained|in force|in full force", `\b(?:maintains|carries|has obtained|have obtained|has in (?:full )?force)\b[^.;]{0,80}?\binsurance\b`, notInsuranceCover},
		}),
	},
	{
		// "has the unilateral right to cancel this agreement at any
		// time"; "either party may terminate this Agreement at any time
		// upon thirty days written notice"; "may be terminated at any
		// time, without the payment of any penalty". Not a right that
		// needs a breach, an insolvency or a change of control, nor one
		// to end an obligation rather than the agreement.
		slug: "termination-for-convenience",
		cues: [][]string{{"terminat", "cancel"}},
		patterns: patterns([][]string{
			{"terminate|cancel&at any time&may|right to|entitled to", `\b(?:may|right to|entitled to) (?:unilaterally )?(?:terminate|cancel) (?:this|the) (?:agreement|contract)\b[^.;]{0,40}?\bat any time\b`, notAtWill},
			{"terminat&at any time&penalty|termination fee|termination charge|liability", `\bterminat(?:e|ed)\b[^.;]{0,100}?\bat any time\b[^.;]{0,150}?\b(?:without (?:the )?(?:payment of )?(?:any )?(?:penalty|termination (?:fee|charge))|with no penalty|without liability)\b`, `\bif\b|\bbreach|\bin the event\b`},
		}),
	},
	{
		// "maintain the user traffic at a monthly minimum of"; "the
		// Quarterly Minimum Details". Not "no monthly minimum".
		slug: "minimum-commitment",
		cues: [][]string{{"minimum"}},
		patterns: patterns([][]string{
			{"minimum&monthly|quarterly|weekly|yearly", `\b(?:monthly|quarterly|weekly|yearly) minimum\b`, noMinimum + `|\bno (?:monthly|quarterly|weekly|yearly) minimum\b`},
		}),
	},
	{
		// "Upon termination, Consultant agrees to perform the necessary
		// information transfer"; "upon termination or expiration …, if
		// requested, the Agent shall provide originals or copies of such
		// records". Not a return of confidential information, a payment
		// or a restriction that outlasts the contract.
		slug: "post-termination-services",
		cues: [][]string{{"terminat", "expir"}},
		patterns: patterns([][]string{
			{"terminat|expir&agree|shall|will&perform|provide|assist|cooperate|transfer|purchase|buy|transition|complete|deliver", `\b(?:upon|on|after|following|in the event of|in the event that|if) (?:the |any |such )?(?:termination|expiration|expiry|this agreement (?:is|being) terminated)\b[^.;]{0,120}?\b(?:agrees? to|shall|will)\b (?:promptly |immediately |reasonably |forthwith )?(?:perform|provide|assist|cooperate|transfer|purchase|buy|repurchase|transition|complete|deliver)\b`, `\bconfidential|\breturn|\bdestroy|\bcease|\bpay\b|\bpayments?\b|\bcompet|\bsolicit`},
		}),
	},
	{
		// "if the Company proposes to sell any equity securities …, then
		// the Company shall offer the University"; "elects to abandon any
		// patent … shall notify the other party": the other party gets
		// the first chance at what is sold or given up. Not a denial ("no
		// third party has a right").
		slug: "rofr-rofo-rofn",
		cues: [][]string{{"offer", "notify", "give"}},
		patterns: patterns([][]string{
			{"sell|transfer|abandon|offer|license&propos|intend|wish|desir|elect&shall|will&offer|notify|give", `\b(?:proposes?|intends?|wish(?:es)?|desires?|elects?) to (?:sell|transfer|abandon|offer|license)\b[^.;]{0,200}?\b(?:shall|will) (?:first )?(?:offer|notify|give)\b`, noRofr},
		}),
	},
	{
		// "shall have [***] after … receipt of Product, for all claims
		// arising out of … Latent Defects": how long the buyer may claim
		// for defects is how long the product is warranted.
		slug: "warranty-duration",
		cues: [][]string{{"latent defect"}},
		patterns: patterns([][]string{
			{"latent defect&day|month|year|*", `\blatent defects?\b[^.;]{0,150}?(?:\b(?:days?|months?|years?)\b|` + redacted + `)|(?:\b(?:days?|months?|years?)\b|` + redacted + `)[^.;]{0,150}?\blatent defects?\b`},
		}),
	},
	{
		// "agrees to cause such applications and/or trademarks to be
		// assigned and transferred to" the other party. Not an
		// assignment to a successor, one that needs consent, nor one a
		// party may make.
		slug: "ip-ownership-assignment",
		cues: [][]string{{"assigned", "transferred"}},
		patterns: patterns([][]string{
			{"assigned|transferred&cause&rights|registration|application|trademark|patent|domain name", `\bcause\b[^.;]{0,80}?\b(?:rights|registrations?|applications?|trademarks?|patents?|domain names?)\b[^.;]{0,30}?\bto be (?:assigned|transferred)\b`, notIPTransfer},
		}),
	},
}

// redacted is a term a filing left out ("[***]", "[...***...]"): it
// holds at least one asterisk.
const redacted = `\[[. ]*\*[*. ]*\]`

// notInsuranceCover is insurance a sentence names without anyone
// bound to hold it: a denial of the duty, the insurance laws, the
// documents of a transport licence, "no extra insurance" on a shipment.
const notInsuranceCover = `\bno obligation\b|\bnot (?:be )?(?:required|obligated)\b|\binsurance (?:laws?|documents?|regulations?|benefits?|compan(?:y|ies))\b|\bno (?:extra |additional )?insurance\b`

// notAtWill is a right to end the contract that is not at will: one
// that needs a breach, an insolvency, a failure or a change of control,
// or that follows a termination.
const notAtWill = `\bbreach|\binsolven|\bbankrupt|\bfail|\bviolat|\bfor cause\b|\bcured?\b|\bchange (?:of|in) control\b|\bif\b|\bin the event\b|\bupon (?:the )?(?:occurrence|default)|\b(?:is|are) terminated\b|\bunless\b|\bnot\b`

// notIPTransfer is a transfer of rights that is the contract's own
// assignment (to a successor, with consent, "this agreement") or one a
// party may or may not make.
const notIPTransfer = `\bsuccessor|\bwithout\b[^.;]{0,40}?\b(?:consent|approval)\b|\bthis agreement\b|\bnot\b|\bmay\b`
