package clausetype

// recordHeadings are audit-rights headings that name record keeping
// only: a "Maintenance of Records" section often keeps records of
// inventions or of a party's own work, which gives nobody a right to
// audit them (dev half: two contracts such a heading alone typed, neither
// labelled Audit Rights). A section under one is of the type when its
// text grants the audit (generalHeadings). "Records and Reports" and
// "Record Keeping" stay in the heading table: CUAD labels their keeping
// of records for the other party as audit rights.
var recordHeadings = []string{"maintenance of records"}

// hRules are rules from reading the dev half's misses and false hits of
// the clause filter's types once more (audit rights, change of control,
// non-compete) and of Price Restrictions and Affiliate License-Licensor.
// They follow rules.go: lower-case text with single spaces, [^.;]{0,n}
// gaps, the literals each pattern needs listed before it.
var hRules = []rule{
	{
		// "shall permit Member Provider or its designees reasonable
		// access during normal business hours … to verify funds and
		// payments due": access to check what is owed is an audit,
		// whatever it is called. Not access to a website or system "to
		// verify" that it works.
		slug: "audit-rights",
		cues: [][]string{{"access"}, {"verify", "confirm", "check"}},
		patterns: patterns([][]string{
			{"access&permit|allow|grant|provide&verify|confirm|check", `\b(?:permit|permits|allow|allows|grant|provide)\b[^.;]{0,80}?\baccess\b[^.;]{0,100}?\bto (?:verify|confirm|check)\b[^.;]{0,60}?\b(?:funds|payments?|amounts?|fees|royalt(?:y|ies)|sales|revenues?|accounts?|calculations?|compliance)\b`},
		}),
	},
}

// definesTerm is a sentence that opens by defining a term:
// ""Change of Control" means …", "Change in Control: means and
// includes …", "Sale Transaction shall mean (i) any transaction in which
// … control … is acquired". A definition alone obliges nobody; a
// contract that uses a defined change of control says what follows from
// it elsewhere, where the change-of-control patterns find it.
const definesTerm = `^[^a-z]{0,12}(?:definitions:? )?"?[a-z][a-z'-]*(?: [a-z'-]+){0,4}"?:? (?:means|shall mean|has the meaning|shall have the meaning|shall include|includes|is defined)\b`

// notAControlChange is a sentence naming a change of control or
// ownership that is no clause about one: a definition (definesTerm); a
// quality agreement's change control ("change control SOPs", a procedure
// for changing equipment); the registration of a change in a joint
// venture's shareholding with the authorities.
const notAControlChange = definesTerm + `|\bchange control\b|\bregist(?:er|ers|ered|ration of)\b (?:the |such |any )?changes? (?:in|of) (?:the )?ownership\b`

// freedomToCompete is a sentence that names competition to leave it
// free, or names it in passing, not one that restricts it: "shall not
// prevent either party from developing … competing products", "will
// not serve to impair the right of either party … to independently
// develop … products … that may be competitive"; a press release no
// party may issue "directly or indirectly" about the products;
// "competitive quotations", "a competitive advantage". It joins
// notCompetition.
const freedomToCompete = `\b(?:shall|will|does|do|may) not (?:be (?:construed|deemed) to |serve to )?(?:prevent|restrict|limit|impair|preclude|prohibit|restrain)\b|\bpress releases?\b|\bcompetitive (?:quotations?|bids?|bidding|pric[a-z]*|rates?|advantage)\b`

// covenantElsewhere is a covenant not to compete that a sentence only
// refers to: "subject to Sony's compliance with the covenant not to
// compete in Section 8.3 of the Asset Purchase Agreement", "the master
// franchise agreement contains covenants not to compete". The covenant
// itself, where this contract holds it, is typed where it is written.
const covenantElsewhere = `\b(?:subject to|compliance with|contains?|breach(?:es)? of|violations? of)\b[^.;]{0,40}?\b(?:covenants?|agreements?) not to compete\b`

// competitiveAsDescribed is "directly or indirectly" describing how
// close a business is ("a business that is directly or indirectly
// competitive with"), where the sentence restricts nothing by the
// words alone: a consent to a change of control may be withheld for it.
// A restriction in those words ("shall not engage in any business
// directly or indirectly competitive") is found by the patterns that
// need "shall not" or "engage".
const competitiveAsDescribed = `\bdirectly or indirectly compet`

// securityPrice is the price of shares or warrants ("the exercise price
// for the Warrants shall not increase"), which is no price of the goods
// or services a contract is about. It joins notPriceRestriction.
const securityPrice = `\bexercise price\b|\bwarrants?\b|\bper share\b`
