package claims

import (
	"regexp"
	"strings"
	"unicode"

	"continuity/backend/claims/numbers"
)

// Check-worthiness: which sentences of a draft become claims. A writer's
// draft mixes facts with connecting prose (greetings, advice, transitions,
// opinions), and a card for "Use it well" or "Thanks for taking the time"
// costs the writer attention and can only be wrong. The rule uses general
// signals of English, fitted to no corpus:
//
//   - a fact slot (a number in digits, a day or month, a name, an
//     address) makes a sentence check-worthy whatever its form ("To check
//     on your badge, email accesscard@gsa.gov"), though a name does not
//     make a thanks or an opinion one;
//   - without one, a declarative statement is check-worthy ("Backups
//     never leave the region you picked") unless it is an imperative, a
//     thanks or greeting, a remark about the text itself ("This article
//     walks through ..."), a first-person opinion, or hedged, evaluative
//     or generic ("can feel like a maze", "is good for everyone").

// worthiness is what the rule reads in one clause.
type worthiness struct {
	digit      bool // a number written in digits: "$183,500", "room 4400", "v1"
	slot       bool // another fact slot: a name, an address, a day or month
	imperative bool
	chatter    bool // thanks, greeting, remark about the text, opinion
	vague      bool // hedged, evaluative or generic
}

// worthy reports whether a clause is check-worthy. Digits always are; a
// name or an address is, unless the clause only thanks someone, remarks
// on the text or gives an opinion ("Here's how our TallyHub team works").
// A spelled-out number or a relative time ("four hours", "next month")
// is no slot of its own here: "a few minutes of care each week saves
// everyone a lot" is still vague.
func (w worthiness) worthy() bool {
	return w.digit || w.slot && !w.chatter || !w.imperative && !w.chatter && !w.vague
}

// assessWorth reads clause s (plain text); proper holds the words the
// draft capitalises mid-sentence, so a sentence-initial "Enterprise" is a
// name when the draft writes "the Enterprise plan" elsewhere.
func assessWorth(s string, proper map[string]bool) worthiness {
	s = stripDiscourse(s)
	toks := refTokens(s)
	lower := " " + strings.Join(lowerWords(toks), " ") + " "
	return worthiness{
		digit:      strings.IndexFunc(s, unicode.IsDigit) >= 0,
		slot:       hasDay(toks) || hasName(toks, proper) || hasAddress(toks),
		imperative: isImperative(toks),
		chatter:    isGreeting(toks, lower) || aboutText(lower) || isOpinion(toks, lower),
		vague:      isVague(toks, lower),
	}
}

// discourse are openings that announce a statement without being part of
// it: "Please note that only the owner can cancel" states "only the owner
// can cancel".
var discourse = regexp.MustCompile(`(?i)^(?:please\s+)?(?:note|remember|keep in mind|bear in mind|be aware|don't forget)(?:\s+that)?[,:]?\s+`)

func stripDiscourse(s string) string {
	if m := discourse.FindString(s); m != "" && len(strings.Fields(s[len(m):])) >= 3 {
		return s[len(m):]
	}
	return s
}

func lowerWords(toks []refToken) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.lower
	}
	return out
}

// hasQuantity: a digit, or a quantity spelled out; a bare "one" counts
// only as an amount of time or money ("one business hour"), never as a
// count ("one system at a time", "the one you use").
func hasQuantity(s string) bool {
	if strings.IndexFunc(s, unicode.IsDigit) >= 0 {
		return true
	}
	for _, q := range numbers.Extract(s) {
		if q.Kind != numbers.Count || q.Value != 1 {
			return true
		}
	}
	return false
}

var (
	dayWords = refWords(`monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays
		saturdays sundays january february march april june july august september october november december`)
	relativeTime = regexp.MustCompile(` (?:next|last|this|later this|earlier this|every|each) (?:week|month|quarter|year|spring|summer|fall|autumn|winter|weekend)s? | (?:today|tomorrow|yesterday|tonight) `)
)

// hasDate: a day or month name, or a time relative to now ("next month").
func hasDate(toks []refToken, lower string) bool {
	return hasDay(toks) || relativeTime.MatchString(lower)
}

// hasDay: a day or month name.
func hasDay(toks []refToken) bool {
	for _, t := range toks {
		if dayWords[t.lower] || t.lower == "may" && refHasUpper(t.core) {
			return true
		}
	}
	return false
}

// emphasisCaps are words written in capitals for stress ("ALWAYS"), not names.
var emphasisCaps = refWords(`always never not no all every only must also very really free new now`)

// hasName: a capitalised word after the first ("Tock", "Kathryn Connolly"),
// or a first word that is an acronym, has an inner capital or a digit, or
// that the draft capitalises elsewhere mid-sentence.
func hasName(toks []refToken, proper map[string]bool) bool {
	for i, t := range toks {
		if !refHasUpper(t.core) || !hasLetter(t.core) || emphasisCaps[t.lower] || isPronounI(t.lower) {
			continue
		}
		if i > 0 || innerUpper(t.core) || proper[t.lower] || allCaps(t.core) {
			return true
		}
	}
	return false
}

func isPronounI(w string) bool { return w == "i" || strings.HasPrefix(w, "i'") }

func hasLetter(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }

func allCaps(s string) bool {
	letters := 0
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 2
}

var domain = regexp.MustCompile(`(?i)^(?:https?://|www\.)|^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|gov|edu|io|co|app|dev|example|us|uk|eu|de|fr)(?:/\S*)?$`)

// hasAddress: an e-mail address, a URL or a domain.
func hasAddress(toks []refToken) bool {
	for _, t := range toks {
		if at := strings.IndexByte(t.core, '@'); at > 0 && strings.Contains(t.core[at:], ".") || domain.MatchString(t.core) {
			return true
		}
	}
	return false
}
