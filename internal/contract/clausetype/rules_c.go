package clausetype

// cRules are the rules of the restrictions a commercial contract puts on
// its own deal: how prices may change, how much may be ordered or
// delivered, and the exceptions carved out of a competitive restriction.
// They follow rules.go: lower-case text with single spaces, [^.;]{0,n}
// gaps, the literals each pattern needs listed before it.
var cRules = []rule{
	{
		// "rates may not increase by more than ten percent (10%) during
		// any Renewal Term"; "adjustments not to exceed 5%"; "may adjust
		// the Supply Price not more often than once a Year"; "the Base
		// Fee must be increased or decreased in accordance with the CPI";
		// "supplied at cost without mark-up"; not "the purchase price is
		// payable in cash" or "interest at a rate not to exceed the
		// maximum rate permitted by law".
		slug: "price-restrictions",
		cues: [][]string{{"price", "pricing", "rate", "fee", "charge", "payment schedule", "cpi", "consumer price index", "markup", "mark-up", "increase", "decrease", "adjust"}},
		patterns: patterns([][]string{
			// Not "fees shall not exceed $5,000": a cap on what is owed,
			// which CUAD does not call a price restriction (dev half: 7
			// contracts typed by it alone, none labelled).
			{"price|pricing|rate|fee|charge|payment schedule&increase|adjust|raise|change", `\b(?:price|prices|pricing|rates?|fees?|charges?|payment schedule)\b[^.;]{0,100}?\b(?:shall|will|may|can) not (?:be )?(?:increase|increased|adjusted|raised|changed)\b`, notPriceRestriction},
			{"price|pricing|rate|fee|charge&increase|adjust&exceed|more than&%|percent|per cent", `\b(?:price|prices|pricing|rates?|fees?|charges?)\b[^.;]{0,100}?\b(?:increase|increases|increased|adjust|adjusted|adjustments?)\b[^.;]{0,80}?\b(?:not (?:to )?exceed|no more than|not more than|(?:shall|will|may) not exceed|by more than)\b[^.;]{0,40}?(?:%|percent|per cent)`, notPriceRestriction},
			{"price|pricing|rate|fee|charge&increase|adjust&exceed|more than&%|percent|per cent", `\b(?:increase|increases|increased|adjust|adjusted|adjustments?)\b[^.;]{0,40}?\b(?:price|prices|pricing|rates?|fees?|charges?)\b[^.;]{0,80}?\b(?:not (?:to )?exceed|no more than|not more than|(?:shall|will|may) not exceed|by more than)\b[^.;]{0,40}?(?:%|percent|per cent)`, notPriceRestriction},
			{"adjust&exceed&%|percent|per cent", `\badjustments?\b[^.;]{0,60}?\bnot (?:to )?exceed\b[^.;]{0,40}?(?:%|percent|per cent)`, notPriceRestriction},
			{"price|pricing|rate|fee|payment schedule&more often|more frequently|more than once", `\b(?:price|prices|pricing|rates?|fees?|payment schedule)\b[^.;]{0,120}?\b(?:not more (?:often|frequently) than|more than once)\b`},
			// An index that moves the price both ways ("increased or
			// decreased in accordance with the CPI", "adjusted in
			// accordance with Section 9.1, CPI"), not an escalator that
			// lets a party raise it by inflation ("shall be increased …
			// by the percentage increase in the consumer price index"):
			// on the dev half escalators typed five unlabelled contracts
			// and no labelled one.
			{"increase|decrease|adjust&cpi|consumer price index", `\b(?:(?:increase|increased|increases) or (?:decrease|decreased|decreases)|(?:decrease|decreased|decreases) or (?:increase|increased|increases)|adjust|adjusted|adjustments?)\b[^.;]{0,100}?\b(?:cpi|consumer price index)\b`},
			{"markup|mark-up", `\b(?:charged?|invoiced?|sold|supply|supplied|price[ds]?)\b[^.;]{0,60}?\bat (?:its |their )?(?:actual )?cost\b[^.;]{0,30}?\bmark-?up\b`, `\breimburs`},
			{"price", `\bprice (?:freeze|ceiling|cap)\b`},
			// "subject to a maximum charge of $100.00 per trailer".
			{"charge|price|fee&maximum", `\b(?:subject to|at) a maximum (?:charge|price|fee)\b`, notPriceRestriction},
		}),
	},
	{
		// "orders shall not exceed the forecasted demand"; "provided that
		// Reseller's order does not deviate from the Forecast by more than
		// ten percent"; "MAXIMUM DAILY QUANTITY"; "each such session not
		// exceeding two (2) hours"; "shall not exceed an aggregate of
		// [***] full-time equivalent hours"; not "damages shall not exceed
		// the fees paid".
		slug: "volume-restriction",
		cues: [][]string{{"exceed", "maximum", "deviat", "in excess of", "more than", "up to"}},
		patterns: patterns([][]string{
			{"exceed|deviat|more than", `\b(?:orders?|purchase orders?|quantit(?:y|ies)|volumes?|units|shipments|deliveries|capacity)\b[^.;]{0,100}?\b(?:shall|will|may|does|do|to) not (?:exceed|deviate|be more than)\b`, notVolume + `|` + supplyToForecast},
			{"maximum", `\bmaximum (?:daily |weekly |monthly |quarterly |annual |yearly |aggregate |total )?(?:quantit(?:y|ies)|volumes?|number of (?:units|orders|products|hours)|orders?|order quantit(?:y|ies)|purchases?)\b`, notVolumeCap},
			{"exceed|in excess of|more than&forecast", `\b(?:exceed|exceeds|exceeding|in excess of|more than)\b[^.;]{0,60}?\bforecast(?:s|ed)?\b`, supplyToForecast},
			{"deviat|more than&forecast", `\bforecast(?:s|ed)?\b[^.;]{0,60}?\b(?:deviat[a-z]*|by more than)\b`, supplyToForecast},
			{"exceed&hours|appearances|sessions|person-days|man-days|posts|units", `\b(?:not (?:to )?exceed(?:ing)?|shall not exceed|will not exceed)\b[^.;]{0,50}?\b(?:hours|appearances|sessions|posts|units|person-days|man-days)\b`, notVolume},
			{"up to&additional", `\bup to (?:[a-z0-9()\[\]*-]+ ){1,3}additional (?:products|units|locations|stores|sessions|appearances)\b`},
			// "shall not exceed an aggregate of [***] full-time
			// equivalent hours"; "limited to a maximum of twenty (20)
			// hours"; "no more than two major code releases"; "shall
			// not demonstrate the Software … to more than ten (10)
			// Software Users"; "up to three (3) social media posts";
			// "any Production Session exceeds eight (8) hours".
			{"exceed", `\bnot exceed an aggregate of\b[^.;]{0,60}?\b(?:hours|units|copies)\b`, notVolume},
			{"maximum", `\b(?:limited to|up to) a maximum of (?:[a-z0-9()\[\]*,-]+ ){1,3}(?:` + volumeUnitWords + `)\b`, notVolume},
			{"more than&no|not", `\b(?:no|not)\b[^.;]{0,100}?\bmore than (?:[a-z0-9()\[\]*,-]+ ){1,3}(?:[a-z]+ )?(?:` + volumeUnitWords + `|days for)\b`, notVolume + `|\b(?:within|after|before|prior to|following|notice)\b|\b(?:response|resolution|turnaround|repair|restoration) times?\b`},
			{"up to", `\bup to (?:[a-z0-9()\[\]*,-]+ ){1,3}(?:social media |reseller |key )?(?:posts|inserts|onserts|impressions|appearances|clinics|sessions|personnel|persons|copies)\b`, notVolume},
			{"exceed", `\b(?:sessions?|appearances?|shoots?)\b[^.;]{0,40}?\bexceeds? (?:[a-z0-9()]+ ){1,2}hours\b`},
		}),
	},
	{
		// "the restrictions set forth in this Section 2.3 shall not apply
		// to any Affiliates"; "Franchisee shall not be prohibited from
		// owning securities … that represent two percent (2%) or less";
		// "the foregoing does not prevent Conformis from granting any
		// license"; "the following will not be a breach of this
		// Agreement"; not "the foregoing shall not apply to information
		// that is publicly available" (a confidentiality exception), nor
		// "nothing … shall prevent either party from seeking interim
		// relief in any competent jurisdiction".
		slug: "competitive-restriction-exception",
		cues: [][]string{{"not apply", "not be applicable", "not be deemed to apply", "not prevent", "not prohibit", "not restrict", "not preclude", "not be prohibited", "not be restricted", "not be prevented", "not be precluded", "not be a breach", "not be deemed a breach", "not constitute a breach", "not limit", "nothing", "in no event", "passive", "securities", "stock", "shares", "share capital"}},
		patterns: patterns([][]string{
			{"restrict|covenant|exclusiv|prohibition|compet&not apply|not be applicable|not be deemed to apply", `\b(?:restrictions?|restrictive|restricted|non-?compet[a-z]*|covenants?|exclusivity|prohibitions?|competition|competitive)\b[^.;]{0,120}?\b(?:shall|will|does|do|should) not (?:apply|be applicable|be deemed to apply)\b`, notCompetitiveException},
			{"not prevent|not prohibit|not restrict|not preclude|not be prohibited|not be restricted|not be prevented|not be precluded", `\b(?:shall|will|does|do|should) not (?:be (?:prevented|prohibited|restricted|precluded)|(?:prevent|prohibit|restrict|preclude)s?)\b[^.;]{0,60}?\bfrom\b[^.;]{0,150}?\b(?:compete\b|competi|develop|market|sell|selling|commerciali[sz]|distribut|own|owning|acquir|invest|licens|grant|engag|provid|promot|operat)`, notCompetitiveException},
			{"compet|exclusiv|restrict&not be a breach|not be deemed a breach|not constitute a breach", `\b(?:compet|exclusiv|restrict)[a-z]*\b[^.;]{0,200}?\b(?:shall|will|does) not (?:be (?:deemed )?a breach|constitute a breach)\b`},
			{"not be a breach|not be deemed a breach|not constitute a breach", `\bthe following (?:shall|will) not (?:be (?:deemed )?a breach|constitute a breach)\b`},
			{"passive|securities|stock|shares|share capital", `\b(?:own|owning|ownership|hold|holding|holds|acquire|acquiring|investment)\b[^.;]{0,100}?\b(?:less than|not more than|no more than|up to|or less)\b[^.;]{0,120}?\b(?:securities|stock|shares|share capital)\b`, notPassiveOwnership},
			{"nothing&prevent|prohibit|limit|restrict|preclude", `\bnothing\b[^.;]{0,80}?\b(?:shall|will|is intended to)\b (?:be (?:deemed|construed|interpreted) to )?(?:prevent|prohibit|limit|restrict|preclude)\b[^.;]{0,100}?\bfrom\b[^.;]{0,150}?\b(?:compete\b|competi|develop|market|sell|selling|commerciali[sz]|distribut|own|owning|acquir|invest|holding|engag|provid|promot|operat)`, `\bremed(?:y|ies)\b|\binjunct|\brelief\b|\bwaive|\bexercis|\bbankrupt|\bdisclos`},
			{"not limit|not preclude|not prevent|not restrict&compet|exclusiv|restrict|covenant", `\b(?:compet[a-z]*|exclusivity|exclusive|restrictions?|restrictive|covenants?)\b[^.;]{0,80}?\b(?:shall|will|does|do) not (?:limit|preclude|prevent|restrict)\b`, notCompetitiveException},
			{"in no event&restrict|covenant|exclusiv|compet", `\bin no event shall (?:the|such|these|any) (?:restrictions?|covenants?|exclusivity|non-?competition|competitive restrictions?)\b[^.;]{0,80}?\bapply\b`},
			{"passive", `\bpassive (?:investment|investor|ownership|holding)s?\b`},
		}),
	},
}

// notPriceRestriction is a cap that is not on the contract's prices:
// interest and late charges capped by law, liability capped by fees, and
// the price of securities (securityPrice).
const notPriceRestriction = `\binterest\b|\blate (?:charge|fee|payment)|\bmaximum (?:rate|amount)\b|\bpermitted by (?:applicable )?law\b|\bliabilit|\bdamages\b|\busury\b|` + securityPrice

// volumeUnitWords are what a volume restriction counts besides orders and
// quantities: hours of service, copies, releases, users, appearances.
const volumeUnitWords = `hours|emails|calls|requests|incidents|copies|copy|releases|units|users|seats|licenses|locations|stores|sessions|appearances|posts|impressions|inserts|events|shows`

// notVolume is a limit that is not on quantities ordered or delivered:
// liability, damages and indemnities capped by amounts.
const notVolume = `\bliabilit|\bdamages\b|\bindemnif|\binsurance\b|\bfees? paid\b`

// notCompetitiveException is a "restrictions shall not apply" or "shall
// not prevent … from" about something else than a competitive
// restriction: confidentiality, remedies and the exercise of rights.
const notCompetitiveException = `\bconfidential|\bdisclos|\binformation\b|\bremed(?:y|ies)\b|\binjunct|\bwaive|\bexercis|\bbankrupt`

// notPassiveOwnership is a share of ownership that defines control, not
// an investment a competitive restriction allows.
const notPassiveOwnership = `\bvoting\b|\bmeans\b|\bdilut|\bchange (?:of|in) control\b`

// notVolumeCap is a maximum volume that is a goal or an estimate, not a
// limit: "to achieve the maximum volume and profit levels", "its
// estimated maximum monthly unit volume".
const notVolumeCap = `\b(?:achieve|attain|reach|realize|maximi[sz]e)\b[^.;]{0,30}?\bmaximum\b|\bestimated maximum\b`

// supplyToForecast is the supplier's duty to fill orders up to a
// forecast ("will supply all orders that do not exceed the forecast",
// "shall not be obligated to fill any purchase order to the extent it
// exceeds the forecast") or a report of stock above it: a supply
// obligation, not a limit on what the buyer may order or use, and CUAD
// does not label it.
const supplyToForecast = `\bfill\b|\bfilled\b|\bsupply all\b|\breport\b`
