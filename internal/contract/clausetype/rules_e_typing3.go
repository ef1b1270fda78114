package clausetype

// eRules are second rules for non-compete and change of control, the
// clause-filter types whose first rules (coreRules) miss wordings CUAD's
// annotators call those clauses, and for third party beneficiaries. They follow rules.go: lower-case text
// with single spaces, [^.;]{0,n} gaps, the literals each pattern needs
// listed before it.
var eRules = []rule{
	{
		// "act as the agent … for any goods which are competitive with the
		// Product"; "other products that compete with products
		// manufactured by Lifeway"; "will not itself or with or through
		// third parties engage in the development of"; "neither … will
		// discover, research, develop … any compound …, either
		// independently or in collaboration with a third party"; "will not
		// render similar services for"; "shall not participate in any
		// project similar to"; "for a period of two (2) years from the
		// date of termination …, the Contractor undertakes not to
		// develop". Not a use of confidential information, nor "whether or
		// not" a product competes (notCompetition).
		slug: "non-compete",
		cues: [][]string{{"compet", "similar", "identical", "independently", "itself or", "terminat", "expir"}},
		patterns: patterns([][]string{
			{"compet&that|which&not|no|neither|nor", `\b(?:not|no|neither|nor)\b[^.;]{0,400}?\b(?:products?|goods|services?|business(?:es)?|software|activit(?:y|ies)|enterprises?)\b (?:that|which) (?:are |is |will |would |may |might )?(?:directly or indirectly )?(?:compete|competes|competitive|in competition)\b`, notCompetition},
			{"itself or|independently or&shall not|will not|may not|neither", `\b(?:(?:shall|will|may) not|neither\b[^.;]{0,80}?\b(?:shall|will|may))\b[^.;]{0,80}?\b(?:itself or (?:with or )?(?:through|with)|independently or (?:with|through|for|in collaboration))\b[^.;]{0,60}?\b` + restrictedActivity, notCompetition},
			{"itself or|independently or&shall not|will not|may not|neither", `\b(?:(?:shall|will|may) not|neither\b[^.;]{0,80}?\b(?:shall|will|may))\b[^.;]{0,40}?\b` + restrictedActivity + `[a-z]*\b[^.;]{0,200}?\b(?:independently or (?:with|through|for|in collaboration)|itself or (?:with or )?through)\b`, notCompetition},
			{"similar|identical&shall not|will not|may not|agree|undertak", `\b(?:(?:shall|will|may) not|agrees? not to|undertakes? not to)\b[^.;]{0,80}?\b(?:engage|participate|render|provide|perform|offer|sell|market|promote|distribute|develop|manufacture|produce|endorse)[a-z]*\b[^.;]{0,60}?\b(?:similar|identical)\b[^.;]{0,30}?\b(?:products?|services?|business|projects?|goods)\b`, notCompetition + `|\bconfidential\b`},
			{"compet&shall not|will not|may not", `\b(?:shall|will|may) not\b[^.;]{0,300}?\b(?:competitors?|competing (?:products?|goods|services?|business)|competitive with|compete with)\b`, notCompetition},
			{"period of&terminat|expir&shall not|will not|agree|undertak|covenant", `\bperiod of\b[^.;]{0,40}?\b(?:years?|months?)\b[^.;]{0,20}?\b(?:after|following|from)\b[^.;]{0,30}?\b(?:terminat|expir)[a-z]*\b[^.;]{0,150}?\b(?:(?:shall|will) not|agrees? not to|undertakes? not to|covenants? not to)\b[^.;]{0,60}?\b(?:develop|manufacture|sell|market|distribute|promote|produce|engage|participate)[a-z]*\b`, notCompetition + `|\bsolicit|\bhire\b|\bemploy|\bconfidential|\bdisclos|\bmarks?\b|\btrademarks?\b|\bnames?\b`},
		}),
	},
	{
		// "shall terminate … after: Licensee is acquired by a third
		// party"; not a product or asset acquired by one, nor a party
		// then free to assign.
		slug: "change-of-control",
		cues: [][]string{{"acquired by"}},
		patterns: patterns([][]string{
			{"acquired by", `\b(?:is|be|becomes?|being) acquired by (?:a|any|another) (?:third party|person|entity|company|corporation)\b`, permissiveAssignment + `|\b(?:products?|goods|assets|inventory|items|materials|equipment|property|shares|stock|software)\b[^.;]{0,20}?\b(?:is|be|being) acquired by\b`},
		}),
	},
	{
		// A no-third-party-beneficiaries clause that excepts someone, who
		// is then a beneficiary (CUAD labels these): "with the exception
		// of the Affiliates of …, the Parties do not intend the benefits of
		// this Agreement to inure to any third party"; "other than
		// Affiliates of a Party, nothing … is intended … to confer upon …
		// any Person"; "there are no Third Party beneficiaries …, except to
		// the extent a Third Party is indemnified"; "shall also be deemed
		// to be for the benefit of the officers, directors and employees".
		// Not the boilerplate excepting only the parties' successors and
		// assigns.
		slug: "third-party-beneficiary",
		cues: [][]string{{"except", "other than", "exception of", "save", "benefit"}, {"beneficiar", "benefit", "confer", "inure"}},
		patterns: patterns([][]string{
			{"except|other than|exception of&beneficiar|benefit|confer|inure&" + namedBeneficiaryLits, `\b(?:except|other than|with the exception of)\b[^.;]{0,100}?` + namedBeneficiary + `[^.;]{0,150}?\b(?:no|nothing|not)\b[^.;]{0,250}?\b(?:beneficiar(?:y|ies)|benefits?|confer|inure)`},
			{"beneficiar&except|other than|save&" + namedBeneficiaryLits, `\b(?:no|nothing|not)\b[^.;]{0,150}?\bbeneficiar(?:y|ies)\b[^.;]{0,100}?\b(?:except|other than|save)\b[^.;]{0,80}?` + namedBeneficiary},
			{"benefit&also be|deemed to be&" + namedBeneficiaryLits, `\bshall (?:also be|be deemed to be|also be deemed to be) for the benefit of\b[^.;]{0,60}?` + namedBeneficiary},
		}),
	},
}

// namedBeneficiaryLits are the literals of namedBeneficiary, one of
// which its every match holds.
const namedBeneficiaryLits = "affiliate|member|indemni|officer|director|employee|lender|subsidiar|licensor"

// namedBeneficiary is whom a no-third-party-beneficiaries clause excepts
// and so makes a beneficiary; not successors and assigns, which every
// such clause excepts.
const namedBeneficiary = `\b(?:affiliates?|members?|indemnit(?:ee|ees|ies|y)|indemnified|officers?|directors?|employees?|lenders?|subsidiar(?:y|ies)|licensors?)\b`

// restrictedActivity is what a non-compete forbids doing: developing,
// making, selling or engaging in a business.
const restrictedActivity = `(?:engage|research|develop|manufactur|commerciali[sz]|sell|market|distribut|conduct|discover|promot|offer)`
