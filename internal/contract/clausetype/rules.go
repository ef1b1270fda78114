package clausetype

import (
	"regexp"
	"strings"
)

// rule finds one clause type in a section's text. cue is a literal the
// text must contain before the (slower) patterns run; any pattern
// matching the lower-cased text with spaces collapsed is a hit.
type rule struct {
	slug     string
	cues     []string
	patterns []*regexp.Regexp
}

// The patterns below are written against lower-case text whose runs of
// white space are single spaces. [^.;]{0,n} keeps a match inside one
// sentence or clause part; word boundaries keep "assign" from matching
// "assignee" where that matters.
var rules = []rule{
	{
		// "This Agreement shall be governed by and construed in accordance
		// with the laws of the State of New York"; "construed under the
		// laws of"; "the laws of Delaware shall govern".
		slug: "governing-law",
		cues: []string{"law"},
		patterns: compile(
			`\bgoverned\b[^.;]{0,80}?\b(?:laws?|statutes)\b`,
			`\b(?:construed|interpreted|enforced|determined)\b[^.;]{0,40}?\b(?:in accordance with|under|pursuant to|by)\b[^.;]{0,30}?\blaws?\b(?: of| thereof| applicable)`,
			`\blaws? of\b[^.;]{0,80}?\bshall (?:govern|apply|control)\b`,
			`\b(?:governing|applicable|proper) law\b[^.;]{0,40}?\b(?:shall be|is)\b[^.;]{0,20}?\blaws? of\b`,
			`\bchoice of laws?\b`,
		),
	},
	{
		// "Neither party may assign this Agreement without the prior
		// written consent of the other"; "shall not assign, transfer or
		// delegate"; "is not assignable"; "any purported assignment … is
		// void".
		slug: "anti-assignment",
		cues: []string{"assign", "transfer"},
		patterns: compile(
			`\b(?:shall|may|will|can|could)\s+not\b[^.;]{0,80}?\b(?:assign|transfer)(?:ed)?\b`,
			`\b(?:shall|may|will)\s+not\s+be\s+(?:assigned|transferred|assignable|transferable)\b`,
			`\b(?:neither|no)\b[^.;]{0,40}?\b(?:shall|may|will)\b[^.;]{0,40}?\b(?:assign|transfer)\b[^.;]{0,120}?\bwithout\b`,
			`\bnot\s+(?:be\s+)?assignable\b`,
			`\bnon-?assignable\b`,
			`\b(?:any|no)\s+(?:purported|attempted)\s+(?:assignment|transfer)\b`,
			`\bassign(?:ed|ment)?\b[^.;]{0,150}?\bwithout\b[^.;]{0,60}?\b(?:prior|written|express)?\s*(?:written\s+)?(?:consent|approval)\b`,
			`\bwithout\b[^.;]{0,30}?\b(?:consent|approval)\b[^.;]{0,80}?\b(?:assign|transfer)\b(?: this| its| any| the| all)`,
			`\bmay assign\b[^.;]{0,150}?\b(?:upon|with|after|by)\b[^.;]{0,30}?\b(?:notice|consent)\b`,
		),
	},
	{
		// "in the event of a change of control of Licensee"; "a change in
		// control"; "acquires more than fifty percent of the voting
		// securities"; "merger, consolidation or sale of all or
		// substantially all of its assets".
		slug: "change-of-control",
		cues: []string{"control", "merge", "voting", "substantially all"},
		patterns: compile(
			`\bchange (?:of|in) (?:the )?(?:control|ownership)\b`,
			`\b(?:acquires?|acquisition of|obtains?|becomes? the (?:beneficial )?owner of)\b[^.;]{0,80}?\b(?:voting (?:power|stock|securities|shares|rights|interest)|outstanding (?:voting )?(?:shares|stock|securities|capital stock))\b`,
			`\b(?:merger|consolidation|reorganization|amalgamation)\b[^.;]{0,120}?\b(?:sale|transfer|disposition)\b[^.;]{0,30}?\ball or substantially all\b`,
			`\ball or substantially all of (?:its|the|such party's|their)\b[^.;]{0,60}?\b(?:assets|business)\b[^.;]{0,100}?\b(?:merger|acquisition|consolidation|reorganization)\b`,
			`\b(?:merger|consolidation|acquisition|sale of (?:all or )?substantially all)\b[^.;]{0,160}?\b(?:assign|transfer)\b`,
			`\b(?:assign|transfer)\b[^.;]{0,160}?\b(?:merger|consolidation|acquisition|sale of (?:all or )?substantially all)\b`,
			`\bby operation of law\b`,
		),
	},
	{
		// "Licensor shall have the right to audit Licensee's books and
		// records"; "inspect and audit"; "an independent certified public
		// accountant … to examine".
		slug: "audit-rights",
		cues: []string{"audit", "inspect", "examin", "records"},
		patterns: compile(
			`\b(?:right|entitled|permitted|authori[sz]ed|allowed)\b[^.;]{0,40}?\bto\b[^.;]{0,30}?\b(?:audit|inspect|examine)\b`,
			`\b(?:may|shall|will|can)\b[^.;]{0,40}?\b(?:audit|inspect|examine)\b[^.;]{0,80}?\b(?:books|records|accounts|facilit|premises|plants?|sites?|operations|documentation)`,
			`\b(?:audit|inspect|inspection|examination|examine)\b[^.;]{0,100}?\b(?:books|records|accounts)\b`,
			`\b(?:books|records|accounts)\b[^.;]{0,150}?\b(?:audit|inspection|inspected|examination|examined|audited)\b`,
			`\b(?:permit|allow|grant)\b[^.;]{0,80}?\b(?:audit|inspect|examine|access to)\b[^.;]{0,60}?\b(?:books|records|facilit|premises|plants?|sites?)`,
			`\baudit rights?\b|\bright to audit\b|\bright of audit\b|\bright to inspect\b|\bright of inspection\b`,
			`\b(?:independent|certified)\b[^.;]{0,40}?\baccountant\b[^.;]{0,150}?\b(?:audit|examine|inspect|review)\b`,
		),
	},
	{
		// "shall not, directly or indirectly, … compete with"; "engage in
		// any business that competes with"; "covenant not to compete";
		// "shall not … sell any competing product".
		slug: "non-compete",
		cues: []string{"compet"},
		patterns: compile(
			`\bcovenants? not to compete\b|\bagrees? not to compete\b|\bnon-?compet(?:e|ition)\b`,
			`\b(?:shall|will|may|agrees? to|agrees? that it will)\s+not\b[^.;]{0,150}?\bcompet(?:e|es|ing|itive|ition)\b`,
			`\b(?:shall|will|may)\s+not\b[^.;]{0,150}?\b(?:engage|participate|invest|interest|develop|manufacture|market|sell|distribute|promote|represent)\b[^.;]{0,150}?\b(?:compet(?:e|es|ing|itive)|competitor)`,
			`\bengage\b[^.;]{0,80}?\b(?:business|activit(?:y|ies)|products?|services?)\b[^.;]{0,60}?\bcompet(?:e|es|ing|itive)\b`,
			`\b(?:directly or indirectly|either directly or indirectly)\b[^.;]{0,200}?\bcompet(?:e|es|ing|itive)\b(?: with| product| business| service| in)`,
			`\bcompeting products?\b[^.;]{0,100}?\b(?:shall not|will not|may not|prohibited|refrain)\b`,
			`\b(?:shall not|will not|may not|refrain from)\b[^.;]{0,80}?\bcompeting products?\b`,
		),
	},
}

// compile compiles rule patterns; a pattern that does not compile is a
// programming error caught by the first test.
func compile(patterns ...string) []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(patterns))
	for i, p := range patterns {
		out[i] = regexp.MustCompile(p)
	}
	return out
}

// textTypes returns the types the text rules find in a section's text, in
// rule order.
func textTypes(text string) []string {
	if text == "" {
		return nil
	}
	t := strings.Join(strings.Fields(strings.ToLower(text)), " ")
	var out []string
	for _, r := range rules {
		if !containsAny(t, r.cues) {
			continue
		}
		for _, p := range r.patterns {
			if p.MatchString(t) {
				out = append(out, r.slug)
				break
			}
		}
	}
	return out
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
