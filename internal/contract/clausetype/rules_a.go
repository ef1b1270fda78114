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
			{"automatic&renew", `automatic(?:ally (?:be )?renew[a-z]*| (?:[a-z0-9-]+ )?(?:[a-z0-9-]+ )?(?:[a-z0-9-]+ )?renewals?)\b`},
			{"automatic&renew", `renew[a-z]* automatically\b`},
			{"automatic&extend|extension|continu", `\b(?:agreement|term|contract)\b[^.;]{0,60}?\b(?:automatically (?:be )?(?:extend|continu)[a-z]*|(?:extend|continu)[a-z]* automatically|automatic (?:[a-z0-9-]+ )?(?:[a-z0-9-]+ )?(?:[a-z0-9-]+ )?extensions?)\b`, delayExtension},
			{"renew", `renew(?:s|ed)?\b[^.;]{0,20}?\b(?:for|by) (?:an? |one |two |the |up to )?(?:[a-z0-9()-]+ )?(?:[a-z0-9()-]+ )?(?:[a-z0-9()-]+ )?(?:additional|successive|subsequent|further|consecutive|another|renewal)\b`, delayExtension},
			{"extend", `extend(?:s|ed)?\b[^.;]{0,20}?\b(?:for|by) (?:an? |one |two |the |up to )?(?:[a-z0-9()-]+ )?(?:[a-z0-9()-]+ )?(?:[a-z0-9()-]+ )?(?:additional|successive|subsequent|further|consecutive|another|renewal)\b`, delayExtension + `|\bcure|\breview period\b`},
			{"year to year|month to month|year-to-year|month-to-month", `\b(?:continu|renew|extend|effective|thereafter)[a-z]*\b[^.;]{0,100}?\b(?:year to year|month to month|year-to-year|month-to-month)\b`},
			{"renew|extend&" + periodLits, `\b(?:agreement|term|contract)\b[^.;]{0,60}?\b(?:be|is|are) (?:automatically )?(?:renewed|extended) for (?:a |an )?(?:period of )?(?:[a-z0-9()*\[\]-]+ )?(?:[a-z0-9()*\[\]-]+ )?(?:[a-z0-9()*\[\]-]+ )?` + periodUnit, delayExtension},
			{"indefinitely", `\b(?:shall|will) continue\b[^.;]{0,100}?\bindefinitely\b`},
			{"renew|extend&option|right|elect|may", `\b(?:option|right|elect|elects|may)\b (?:to )?(?:annually )?(?:renew|extend)\b (?:this agreement|the agreement|the term|the initial term|this contract|the contract|the license|for)\b`, mutualRenewal},
			{"renew|extend&may be", `\b(?:agreement|term|contract)\b[^.;]{0,60}?\bmay be (?:renewed|extended)\b`, mutualRenewal},
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
			{"renew|extend&noti|prior|before|writing", `not (?:to (?:renew|extend)|(?:to )?be (?:renewed|extended)|(?:wish|desire|elect)[a-z]* to (?:renew|extend))\b[^.;]{0,150}?\b(?:noti|prior|before|writing)`, insuranceRenewal},
			{"renew|extend&noti|prior|before|writing", `\b(?:noti|prior|before|writing)[^.;]{0,150}?\bnot (?:to (?:renew|extend)|(?:to )?be (?:renewed|extended)|(?:wish|desire|elect)[a-z]* to (?:renew|extend))\b`, insuranceRenewal},
			{"renewal&noti", `noti(?:ce|fy|fies|fication)\b[^.;]{0,60}?\bnon-?renewal\b|\bnon-?renewal (?:notice|notification)\b`, insuranceRenewal},
			{"renew&unless|until|provided&" + periodLits, `renew[a-z]*\b[^.;]{0,200}?\b(?:unless|until|provided)\b[^.;]{0,150}?(?:\bnoti(?:ce|fies|fy|fication)\b[^.;]{0,150}?` + periodUnit + `|` + periodUnit + `[^.;]{0,60}?\bnoti|\bterminat[a-z]*\b[^.;]{0,60}?` + periodUnit + `[^.;]{0,20}?\b(?:prior|before|in advance)\b)`},
			{"extend|extension|year to year|month to month|automatically continu&unless|until|provided&" + periodLits, `\b(?:extend|extends|extended|extension|extensions|year to year|month to month|automatically continue[sd]?)\b[^.;]{0,200}?\b(?:unless|until|provided)\b[^.;]{0,150}?(?:\bnoti(?:ce|fies|fy|fication)\b[^.;]{0,150}?` + periodUnit + `|` + periodUnit + `[^.;]{0,60}?\bnoti|\bterminat[a-z]*\b[^.;]{0,60}?` + periodUnit + `[^.;]{0,20}?\b(?:prior|before|in advance)\b)`},
			{"unless&noti&renew|extend|year to year|automatically continu&" + periodLits, `\bunless\b[^.;]{0,150}?\bnoti(?:ce|fies|fy|fication)\b[^.;]{0,150}?` + periodUnit + `[^.;]{0,200}?\b(?:renew|renewed|extend|extended|year to year|automatically continue)\b`},
			{"noti&" + termEndLits + "&" + periodLits + "&prior to|before|in advance of|preceding", `(?:` + periodUnit + `[^.;]{0,60}?\bnoti(?:ce|fies|fy|fication)\b|\bnoti(?:ce|fies|fy|fication)\b[^.;]{0,150}?` + periodUnit + `)[^.;]{0,60}?\b(?:prior to|before|in advance of|preceding)\b (?:the )?` + termEnd},
			{"terminat&" + termEndLits + "&noti", `terminat[a-z]*\b[^.;]{0,80}?\b(?:at|as of|effective(?: as of| on| at)?|on|upon) the ` + termEnd + `[^.;]{0,150}?\b(?:notice|notify)`},
		}),
	},
	{
		// "may terminate this Agreement for convenience"; "at any time,
		// without cause"; "for any or no reason"; "Either Party may
		// terminate this Agreement by giving the other thirty (30) days'
		// prior written notice"; "terminable by either party upon sixty
		// days' notice"; not "may terminate this Agreement upon thirty
		// days' notice if the other party breaches" or "at the end of
		// the Initial Term".
		slug: "termination-for-convenience",
		cues: [][]string{{"terminat", "terminable"}, {"convenience", "without cause", "no reason", "any reason", "at any time", "discretion", "notice"}},
		patterns: patterns([][]string{
			{"terminat&convenience", `terminat(?:e|ed|ion|ing)\b[^.;]{0,80}?\bfor (?:its |their |the |his |her |any party's )?convenience\b`},
			{"terminat&without cause", `terminat(?:e|ed)\b[^.;]{0,150}?\b(?:with or )?without cause\b`, notTerminable},
			{"terminat&without cause", `without cause\b[^.;]{0,40}?\bterminate\b`, notTerminable},
			{"terminat&no reason|any reason", `terminat(?:e|ed)\b[^.;]{0,150}?\bfor (?:any (?:or no )?reason|no reason)\b`, notTerminable + `|` + conditionalTermination + `|` + effectOfTermination},
			{"terminat&discretion", `terminat(?:e|ed)\b[^.;]{0,80}?\b(?:in|at) (?:its|their|his|her|the) (?:sole |absolute |sole and absolute )?discretion\b`, conditionalTermination + `|` + effectOfTermination},
			{"terminat&discretion", `discretion\b[^.;]{0,40}?\bterminate\b`, conditionalTermination + `|` + effectOfTermination},
			{"terminat&notice&" + periodLits, `terminat(?:e|ed)\b[^.;]{0,150}?\b(?:upon|on|with|by|after|giving|providing|delivering)\b[^.;]{0,40}?(?:` + periodUnit + `[^.;]{0,40}?\bnotice\b|\bnotice\b[^.;]{0,40}?` + periodUnit + `)`, conditionalTermination + `|` + effectOfTermination},
			{"terminable&notice&" + periodLits, `\bterminable\b[^.;]{0,80}?\b(?:upon|on|with|by|after)\b[^.;]{0,40}?(?:` + periodUnit + `[^.;]{0,40}?\bnotice\b|\bnotice\b[^.;]{0,40}?` + periodUnit + `)`, conditionalTermination},
			{"terminat&notice&desir|wish&" + periodLits, `\b(?:desires?|desiring|wish|wishes|wishing) to terminate\b[^.;]{0,150}?(?:` + periodUnit + `[^.;]{0,40}?\bnotice\b|\bnotice\b[^.;]{0,40}?` + periodUnit + `)`, `\b(?:breach|default|insolven|bankrupt)`},
			{"may terminate&notice", `notice\b[^.;]{0,60}?\bmay terminate\b`, conditionalTermination},
			{"terminat&at any time&notice", `terminat(?:e|ed)\b[^.;]{0,60}?\bat any time\b[^.;]{0,100}?\b(?:upon|by giving|with|on|by)\b[^.;]{0,40}?\bnotice\b`, conditionalTermination + `|` + effectOfTermination},
		}),
	},
	{
		// "Licensee may sell off its remaining inventory for ninety days
		// after termination"; "termination assistance"; "an orderly
		// transition"; "maintain complete books and records for three
		// years following the termination or expiration"; "Supplier
		// shall repurchase the Products in Distributor's inventory";
		// not "keep the Confidential Information confidential for five
		// years after termination".
		slug: "post-termination-services",
		cues: [][]string{{"terminat", "expir", "end of", "sell-off", "sell off", "selloff", "use-up", "use up", "thereafter"}},
		patterns: patterns([][]string{
			{"sell-off|sell off|selloff|use-up|use up", `\b(?:sell[- ]?off|use[- ]up)\b`},
			{"termination assistance", `termination assistance\b`},
			{"transition|wind|phase&terminat|expir", `\b(?:terminat|expir)[a-z]*\b[^.;]{0,200}?` + transition + `|` + transition + `[^.;]{0,200}?\b(?:terminat|expir)`},
			{"inventor|stock|on hand&terminat|expir", `\b(?:sell|dispose of|liquidate|exhaust|deplet[a-z]*|return)\b[^.;]{0,100}?\b(?:inventory|inventories|stock|on hand)\b[^.;]{0,150}?\b(?:terminat|expir)|\b(?:terminat|expir)[a-z]*\b[^.;]{0,150}?\b(?:sell|dispose of|liquidate|exhaust|deplet[a-z]*|return)\b[^.;]{0,100}?\b(?:inventory|inventories|stock|on hand)\b`},
			{"purchase|buy&inventor|stock|material|on hand&terminat|expir", `\b(?:repurchase|buy back|buy-back|purchase)\b[^.;]{0,100}?\b(?:inventory|stock|materials?|on hand)\b[^.;]{0,150}?\b(?:terminat|expir)|\b(?:terminat|expir)[a-z]*\b[^.;]{0,150}?\b(?:repurchase|buy back|buy-back|purchase)\b[^.;]{0,100}?\b(?:inventory|stock|materials?|on hand)\b`},
			{"maintain|retain|keep|preserv|audit|inspect|insur|records|books&" + afterEndLits + "|thereafter&" + periodLits, `\b(?:maintain|retain|keep|preserv|audit|inspect|insurance|records|books)[a-z]*\b[^.;]{0,200}?\b(?:for|until|through)\b[^.;]{0,40}?` + periodUnit + `[^.;]{0,40}?(?:` + afterEnd + `|\bthereafter\b)|\bfor (?:a period of )?(?:at least )?(?:[a-z0-9()*\[\]-]+ )?(?:[a-z0-9()*\[\]-]+ )?(?:[a-z0-9()*\[\]-]+ )?` + periodUnit + ` (?:` + afterEnd + `|thereafter)\b[^.;]{0,200}?\b(?:maintain|retain|keep|preserv|audit|inspect|insurance|records|books)`, `\bconfidential|\bsecre|\bcompet|\bsolicit`},
			{"continu&" + afterEndLits + "&" + periodLits, `\bcontinu[a-z]*\b[^.;]{0,200}?\bfor\b[^.;]{0,40}?` + periodUnit + `[^.;]{0,40}?` + afterEnd, `\bconfidential|\bsecre|\bcompet|\bsolicit`},
			{"continue&" + afterEndLits, `\bcontinue[sd]? (?:to apply )?` + afterEnd},
			{"continu&" + afterEndLits, `\bcontinue to (?:use|sell|distribute|provide|exploit|market|offer|operate|have)\b[^.;]{0,150}?` + afterEnd + `|` + afterEnd + `[^.;]{0,150}?\b(?:may|shall|will|to) continue to (?:use|sell|distribute|provide|exploit|market|offer|operate|have)\b`, `\bconfidential|\bsecre`},
			{"order&terminat|expir", `orders?\b[^.;]{0,100}?\b(?:prior to|before)\b[^.;]{0,60}?\b(?:terminat|expir)[a-z]*\b[^.;]{0,100}?\b(?:fill|fulfil|complet|deliver|honou?r)[a-z]*\b`},
		}),
	},
	{
		// "hereby grants to Licensee an exclusive license"; "appoints
		// Distributor as its exclusive distributor"; "shall purchase the
		// Products exclusively from Supplier"; "will not appoint any
		// other distributor in the Territory"; not "non-exclusive",
		// "exclusive jurisdiction" or "the sole and exclusive remedy".
		slug: "exclusivity",
		cues: [][]string{{"exclusiv", "solely from", "only from", "any other", "the only", "appoint"}},
		patterns: patterns([][]string{
			{" exclusive", `[a-z,"“] exclusive,? ` + gapWord + gapWord + gapWord + gapWord + `(?:rights? (?:and licen[cs]es? )?to (?:` + dealingVerbs + `)|licen[cs]es?|distributors?|agent|provider|supplier|reseller|representative|sponsor|partner|source|basis|licensee|dealer|manufacturer|marketer|purchaser|seller)\b`, exclusiveNotDealing},
			{"exclusively", `\b(?:purchase|purchases|buy|buys|procure|obtain|source|supply|supplies|sell|sells|deal|deals|work|working|order|orders|distribute|distributes|manufacture|manufactures|repaired|promote|market|publish)\b[^.;]{0,60}?\bexclusively (?:from|to|with|through|by|for|via)\b`, `\b(?:inure|enure|belong|owned|governed|confined|vest)`},
			{"solely from|only from", `\b(?:purchase|buy|procure|obtain|source|order)[a-z]*\b[^.;]{0,80}?\b(?:solely|only) from\b`},
			{"any other", `not\b[^.;]{0,60}?\b(?:appoint|grant|license|engage|authori[sz]e|purchase|buy)[a-z]*\b[^.;]{0,60}?\bany other (?:distributor|licensee|reseller|agent|supplier)s?\b`},
			{"exclusivity", `exclusivity\b`, `\bnon-?exclusivity\b`},
			{"be exclusive|become exclusive|co-exclusive", `\b(?:right|rights|license|licence|licenses|appointment|grants?)\b[^.;]{0,100}?\b(?:shall|will) (?:be|become) (?:co-)?exclusive\b`, exclusiveOther},
			{"the only", `the only (?:distributor|supplier|reseller|licensee|provider|agent|dealer)\b`},
			{"appoint", `not (?:to )?appoint (?:any )?(?:other|additional) (?:distributor|supplier|reseller|licensee|provider|agent|dealer|representative)s?\b`},
		}),
	},
	{
		// "a revenue share"; "net revenues shall be shared fifty-fifty";
		// "pay Licensor ten percent (10%) of Net Sales"; "a running
		// royalty based upon Net Sales"; "a commission of [*] of the Net
		// Advertising Revenue"; "profit participation".
		slug: "revenue-profit-sharing",
		cues: [][]string{{"revenue", "profit", "sales", "receipts", "proceeds", "margin", "royalt", "commission", "income", "collections"}},
		patterns: patterns([][]string{
			{"revenue|profit&share|sharing", `\b(?:revenue|profit)s?[- ]shar(?:e|es|ing)\b`, notRevenueShare},
			{"revenue|profit&share|sharing", `share (?:of |in )?(?:the |its |their |such )?(?:net |gross )?(?:revenues?|profits?)\b`, notRevenueShare},
			{"shared&revenue|profit|proceeds|royalt|receipts|income", `\b(?:revenues?|profits?|proceeds|royalties|receipts|income)\b[^.;]{0,80}?\bshared\b`, notRevenueShare},
			{"share|sharing&revenue|profit|proceeds|receipts", `shar(?:e|es|ing)\b[^.;]{0,60}?\b(?:revenues?|profits?|proceeds|receipts)\b`, notRevenueShare},
			{"profit", `profit participation\b`},
			{"%&sales|revenue|receipts|proceeds|profit|margin|income|collections", `%\)?[^.;]{0,30}?\bof (?:the |all |its |such |any |each |their )?(?:[a-z]+ )?(?:[a-z]+ )?(?:[a-z]+ )?(?:sales|revenues?|receipts|proceeds|profits?|margin|income|collections)\b`, percentNotShare},
			{"percent&sales|revenue|receipts|proceeds|profit|margin|income|collections", `percent\b\)?[^.;]{0,30}?\bof (?:the |all |its |such |any |each |their )?(?:[a-z]+ )?(?:[a-z]+ )?(?:[a-z]+ )?(?:sales|revenues?|receipts|proceeds|profits?|margin|income|collections)\b`, percentNotShare},
			{"*&sales|revenue|receipts|proceeds|profit|margin|income|collections", `\*(?:\*\*+|\])\)?[^.;]{0,30}?\bof (?:the |all |its |such |any |each |their )?(?:[a-z]+ )?(?:[a-z]+ )?(?:[a-z]+ )?(?:sales|revenues?|receipts|proceeds|profits?|margin|income|collections)\b`, percentNotShare},
			{"royalt&sales|revenue|receipts|proceeds", `royalt(?:y|ies)\b[^.;]{0,100}?\b(?:on|of|based (?:up)?on|calculated on|equal to)\b[^.;]{0,40}?\b(?:sales|revenues?|receipts|proceeds)\b`, notRevenueShare},
			{"commission", `commission rate\b`},
			{"commission&sales|revenue|receipts|proceeds|price", `commissions?\b[^.;]{0,60}?\b(?:of|on|equal to)\b[^.;]{0,40}?\b(?:sales|revenues?|receipts|proceeds|price)\b`},
		}),
	},
	{
		// "commits to purchase a minimum of 100 Units"; "Minimum Purchase
		// Quantities"; "a guaranteed minimum royalty"; "minimum annual
		// royalties"; "will deliver not less than [*] Impressions"; "if
		// Distributor fails to meet the Annual Minimum"; not "a minimum of
		// thirty days' notice" or "minimum insurance limits".
		slug: "minimum-commitment",
		cues: [][]string{{"minimum", "guarantee", "shortfall", "volume commitment"}},
		patterns: patterns([][]string{
			{"minimum", `minimum (?:(?:annual|monthly|quarterly|yearly|aggregate|total|guaranteed|initial|cumulative|net|recoupable) )*(?:purchases?|orders?|order quantit(?:y|ies)|quantit(?:y|ies)|volumes?|royalt(?:y|ies)|guarantee|payments?|fees?|charges?|commitments?|impressions|sales|units|spend|revenues?|purchase (?:requirements?|commitments?|quantit(?:y|ies)|amounts?|obligations?))\b`, noMinimum},
			{"minimum", `\b(?:guaranteed|annual) minimum\b`, noMinimum},
			{"minimum", `\b(?:purchase|order|buy|deliver|provide|sell|pay|spend|guarantee|commit|supply|share|fund)[a-z]*\b[^.;]{0,60}?\ba minimum of\b`, minimumNotCommitment},
			{"minimum", `a minimum of\b[^.;]{0,60}?\b(?:per|each|every|in any) (?:calendar |contract )?(?:year|month|quarter|week)\b`, minimumNotCommitment},
			{"guarantee", `guarantee[sd]?\b (?:(?:that it will|to) deliver\b|(?:[a-z-]+ )?(?:[a-z-]+ )?(?:impressions|click-throughs|clicks|page views|units|volumes?)\b)`},
			{"volume commitment", `volume commitments?\b`},
			{"shortfall", `shortfall\b`, `\baudit|\binspect|\bunderpa|\boverpa|\binvoice`},
		}),
	},
	{
		// "most favored nation"; "terms no less favourable than those in
		// effect with any of its resellers"; "treated no less favorably
		// than any other distributor"; "the lowest price per unit charged
		// to any similarly situated customer"; "will not be charged a
		// higher fee than … its other Clients".
		// Not a sale to a third party "on terms no more favourable than
		// those offered to" the holder of a first refusal: a floor on the
		// price, not a promise of the best one.
		slug: "most-favored-nation",
		cues: [][]string{{"favo", "lowest price", "best price", "higher", "better than", "lower price", "lower rate", "lower fee", "not exceed the", "highest"}},
		patterns: patterns([][]string{
			{"favo", `most favou?red\b`},
			{"favo", `favou?rabl[ey]\b[^.;]{0,150}?\bthan\b[^.;]{0,120}?\b(?:any|all|other|its)\b[^.;]{0,60}?\b(?:customers?|licensees?|distributors?|purchasers?|resellers?|clients?|third part(?:y|ies)|suppliers?|members?|agents?|dealers?|users?)\b`},
			{"favo", `as favou?rabl[ey]\b[^.;]{0,100}?\bas\b`},
			{"lowest price|best price", `(?:lowest|best) price\b[^.;]{0,150}?\b(?:any|other|all)\b`},
			{"higher", `higher (?:fee|price|rate)s?\b[^.;]{0,100}?\bthan\b[^.;]{0,100}?\bother\b`},
			// "treated at least as favorable in all respects (including
			// … pricing …) as"; "on not less favorable terms than
			// those offered to any other"; "preferred pricing … which is
			// better than that provided … to"; "lower prices … than those
			// charged to outside concerns"; "such fees shall not exceed
			// the fees charged by Licensor to unaffiliated third
			// parties"; "the highest then-current rate paid … to any".
			{"favo", `\bat least as favou?rabl[ey]\b[^.;]{0,200}?\bas\b`},
			{"favo", `\b(?:less|more) favou?rable\b[^.;]{0,80}?\bthan (?:th(?:ose|at|e terms?) )?(?:which |that )?(?:were |are |is |it )?(?:offered|granted|given|provided|extended|charged|made available|accorded)\b[^.;]{0,60}?\b(?:to|by) (?:any|all|other|its other|third|similarly|the|such)\b`, `\b(?:no|not) more favou?rable\b`},
			{"better than", `\b(?:pricing|prices?|terms|rates?)\b[^.;]{0,60}?\bbetter than\b[^.;]{0,60}?\b(?:provided|offered|granted|given|extended|charged)\b`},
			{"lower price|lower rate|lower fee", `\blower (?:prices?|rates?|fees?)\b[^.;]{0,100}?\bthan\b[^.;]{0,40}?\b(?:charged|offered|given|extended|granted)\b`},
			{"not exceed the", `\bnot exceed the (?:fees|prices?|rates?|royalt(?:y|ies)|charges)\b[^.;]{0,20}?\b(?:charged|offered|paid|granted)\b[^.;]{0,80}?\b(?:third part(?:y|ies)|other|any)\b`},
			{"highest", `\bhighest (?:then[- ]current )?(?:rate|price|fee|royalty)s?\b[^.;]{0,60}?\b(?:paid|charged|offered)\b[^.;]{0,40}?\bto any\b`},
		}),
	},
	{
		// "right of first refusal"; "the first right of negotiation";
		// "the first opportunity to become the exclusive distributor";
		// "the ROFR"; "shall first offer all Surplus Vehicles to SEV"; not
		// "no third party has a right of first refusal".
		slug: "rofr-rofo-rofn",
		cues: [][]string{{"first", "rofr", "rofo", "rofn", "prior right", "preferential right"}},
		patterns: patterns([][]string{
			{"first", `rights? of first (?:refusal|offer|negotiation)\b`, noRofr},
			{"first", `first refusal\b`, noRofr},
			{"first", `first (?:right|option|opportunity),? (?:of|to) (?:refusal|negotiat|offer|purchase|acquire|buy|match|bid|become|submit)`, noRofr},
			{"rofr|rofo|rofn", `rof[rno]\b`},
			{"first", `first (?:make an )?offer\b[^.;]{0,100}?\bto\b`, noRofr},
			{"prior right|preferential right", `(?:prior|preferential) right\b[^.;]{0,60}?\b(?:to|and option)\b`},
		}),
	},
}

// noRofr is a sentence that denies a right of first refusal, as the
// representations of a financing do: "no third party has a right of
// first refusal", "granted any rights, options or rights of first
// refusal", "subject to any … right of first refusal".
const noRofr = `\bno (?:third party|person)\b|\brefusal of delivery\b|\bgranted any\b|\bsubject to any\b|\bnone of\b|\bretained by\b`

// noMinimum denies a minimum: "shall not be subject to any minimum
// purchase requirements", "no minimum order".
const noMinimum = `\bnot (?:be )?subject to any minimum\b|\bno minimum\b|\bwithout (?:any )?minimum\b`

// minimumNotCommitment is a minimum that is not a party's commitment to
// buy, sell or pay: of notice, of insurance, of shelf life.
const minimumNotCommitment = `\bnotice\b|\binsurance\b|\bshelf life\b|\bwarrant`

// notRevenueShare is profit sharing that is not between the parties: an
// employee's "bonus, profit sharing or similar benefits", the "Internal
// Revenue Code", "do not contemplate a sharing of profits".
const notRevenueShare = `\binternal revenue\b|\bbonus|\bbenefits?\b|\bcontemplate|\bpartnership\b|\bemployees?\b|\bcompensation\b`

// percentNotShare is a percentage of sales that is not paid to the
// other party: a cap, a threshold, a budget or a discount.
const percentNotShare = `\b(?:exceed|exceeds|exceeding|discount|budget|spend|less than|more than|at least|minimum|maximum|threshold|decline|increase|decrease)\b`

// gapWord is an optional word between "exclusive" and what it
// qualifies ("an exclusive, worldwide, royalty-free license"), any word
// but "of": "not exclusive of any other rights" is about remedies.
const gapWord = `(?:(?:[a-np-z-][a-z-]*|o(?:[a-eg-z-][a-z-]*)?|of[a-z-]+),? )?`

// exclusiveNotDealing is an "exclusive" that is not a right of dealing:
// "exclusive ownership in the Marks", "the sole and exclusive remedy",
// "exclusive jurisdiction". It starts with its literal, which keeps it
// cheap on the many sentences it runs on.
const exclusiveNotDealing = ` exclusive (?:ownership|owner|property|liability|remedy|remedies|jurisdiction|legal|of|control|title|means|recourse|obligation|responsibility|courts?|venue|forum)\b`

// dealingVerbs are what an exclusive right is a right to do when it is
// a right of dealing: "the exclusive right to market and sell", not "the
// exclusive right to prosecute the patents".
const dealingVerbs = `market|sell|distribute|use|promote|develop|manufacture|make|license|sublicense|exploit|commerciali[sz]e|resell|offer|provide|produce|arrange|advertise|broadcast|publish|display|import|export|represent|purchase|buy|supply|detail|act|negotiate|obtain|exercise|operate|conduct|host|solicit|engage|enter`

// exclusiveOther is "exclusive" of something that is not a right of
// dealing: "exclusive jurisdiction", "the sole and exclusive remedy",
// "exclusive property", "exclusive of taxes", "exclusive control of
// the defence", "the exclusive right, but not the obligation, to
// prosecute" patents, "the sole and exclusive right of the intellectual
// property"; or a sentence that denies it: "does not grant an exclusive
// right".
const exclusiveOther = `\bexclusive (?:jurisdiction|venue|forum|remedy|remedies|property|owner|ownership|control|of|courts?|responsibility|obligation|liability|means|recourse|title|legal)\b|\bexclusive rights?,? (?:title|of|in and to|but not the obligation)|\b(?:prosecut|infring|enforc)[a-z]*\b|\bapply for\b|\bdesignees?\b|\bnot be (?:considered|deemed)\b|\bany exclusive\b|\binto exclusive\b|\b(?:does|do|shall|will) not (?:grant|create|confer|constitute)\b`

// transition is the hand-over at the end of a contract: "an orderly
// transition", "assist … in the transition", "wind-down", "phase-out";
// not the "transition services" of a separation agreement.
const transition = `(?:\b(?:orderly|smooth|efficient) transition|\btransition (?:assistance|period|plan)|\b(?:assist|cooperat)[a-z]*\b[^.;]{0,60}?\btransition|\bwind[- ]down|\bphase[- ]out)`

// afterEndLits are the literals of afterEnd, one of which its every
// match holds.
const afterEndLits = "after|following|beyond|post|subsequent"

// afterEnd is the time after a contract ends: "following the termination
// or expiration", "after the effective date of termination", "beyond the
// expiration of the Term".
const afterEnd = `\b(?:after|following|beyond|post|subsequent to)[- ](?:the |any |such |this |its |their )?(?:effective date of (?:the |such |any )?)?(?:early )?(?:termination|expiration|expiry|end of (?:the |this )?(?:term|agreement))`

// conditionalTermination is the condition of a termination for cause or
// at the end of a term, which is not one for convenience: "if the other
// party breaches", "in the event of insolvency", "upon thirty days'
// notice of a default", "at the end of the Initial Term".
const conditionalTermination = `\b(?:breach|breaches|default|insolven[a-z]*|bankrupt[a-z]*|fails?|failure|in the event|if|should|upon the occurrence|violat[a-z]*|for cause|with cause|cured?|unable|acquired|change of control|change in control|delay|delayed|such event|without (?:prior )?notice)\b|\b(?:end|expiration|expiry) of (?:the|its|any|such|each|a|then)\b`

// effectOfTermination is a sentence about what follows a termination,
// not a right to terminate: "if this Agreement is terminated for any
// reason", "upon termination", "this Agreement shall terminate", "shall
// renew unless terminated by either party upon ninety days' notice".
const effectOfTermination = `\b(?:is|are|was|been|being|once|when) terminated\b|\b(?:upon|after|following|on) (?:the |any |such |its )?(?:expiration or )?terminat|\bshall (?:automatically )?terminate\b|\b(?:until|unless) terminated\b`

// notTerminable is a termination the sentence rules out: "the licenses
// may not be terminated for any reason".
const notTerminable = `\bnot be terminated\b|\bcannot be terminated\b|\birrevocabl`

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

// periodUnit is the unit of a period ("sixty (60) days", "six months'",
// "[***] years"): the number before it is not checked, so that the
// patterns stay small enough to be cheap.
const periodUnit = `\b(?:days?|months?|years?|weeks?)\b`

// periodLits are the literals of periodUnit, one of which its every
// match holds.
const periodLits = "day|month|year|week"

// termEndLits are the literals of termEnd, one of which its every match
// holds.
const termEndLits = "end of|expir|expiry|conclusion|anniversary|renewal date"

// termEnd is the end of a contract's term, as a notice period counts back
// from it: "the end of the then-current term", "the expiration of the
// Initial Term", "the anniversary date", "the renewal date".
const termEnd = `(?:(?:end|expiration|expiry|conclusion) of (?:the |this |its |any |such |each |a |said )?(?:(?:then[- ]?current|then in effect|initial|renewal|original|applicable|relevant|current|extended|additional|contract|first) )*(?:term|agreement|renewal|period|extension|year)|anniversary|renewal date|expiration date|expiry date|date of expiration)`
