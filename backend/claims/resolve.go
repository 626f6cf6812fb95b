package claims

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"continuity/backend/text"
)

// A claim keeps the writer's words (Text, a verbatim span of the draft);
// retrieval and verification need it self-contained. Resolve derives that
// form as a separate hint, and only when the reference is unambiguous:
// a wrong subject would send the check after the wrong thing, which is
// worse than the bare pronoun.

// Resolve returns a copy of cs in which every claim that opens with a
// pronoun (it, this, they, these, its, their, it's, they're) or a generic
// reference ("The app", "This plan") has Resolved set to the claim with
// that reference replaced by the subject it stands for: the subject noun
// phrase (a capitalised name or a "the X" phrase) of the earlier sentences
// of the same paragraph, else the heading above it. More than one
// candidate of the right number in the paragraph is ambiguous and leaves
// Resolved empty, as does a claim with nothing to resolve. Text, Start,
// End and Paragraph are never changed; a Resolved already set is kept,
// unless it is only the claim's plain form (Text without inline Markdown),
// which is resolved in turn.
func Resolve(draft string, cs []Claim) []Claim {
	out := append([]Claim(nil), cs...)
	if len(out) == 0 {
		return out
	}
	paras := SplitParagraphs(draft)
	var proper map[string]bool // built on first need: most claims have no reference
	for i := range out {
		// the claim's plain form (its Text without inline Markdown) is
		// resolved further; any other Resolved already set is kept
		base := out[i].Text
		if out[i].Resolved != "" {
			if out[i].Resolved != plainText(base) {
				continue
			}
			base = out[i].Resolved
		}
		ref, ok := leadingRef(base)
		if !ok {
			continue
		}
		pi := paragraphAt(paras, out[i].Start)
		if pi < 0 {
			continue
		}
		if proper == nil {
			proper = properWords(paras)
		}
		p, heading := paras[pi], headingMention(paras, pi, proper)
		m, ok := pickReferent(ref, mentionsBefore(p, out[i].Start-p.Start, heading), heading)
		if !ok {
			continue
		}
		if r := renderResolved(ref, m, base); r != "" {
			out[i].Resolved = r
		}
	}
	return out
}

// SelfContained is the form of c to search and verify with: Resolved when
// set, else the writer's Text.
func (c Claim) SelfContained() string {
	if c.Resolved != "" {
		return c.Resolved
	}
	return c.Text
}

// refKind is the grammatical kind of a claim's leading reference.
type refKind int

const (
	refPronoun    refKind = iota // it, they, this, these, it's, they're
	refPossessive                // its, their
	refGeneric                   // the/this/these + one noun: "The app"
)

// reference is a claim's leading reference; rest is the byte offset in
// the claim's text where the words after it start.
type reference struct {
	kind   refKind
	plural bool
	head   string // refGeneric: the noun, lower case
	phrase string // refGeneric: as written
	verb   string // a contraction's verb: " is", " are", " has"
	rest   int
}

// mention is a subject a reference can stand for.
type mention struct {
	text   string // as written: "Tallyhub Go", "The Team plan"
	head   string // last word, lower case
	plural bool
	name   bool // a capitalised name, not a "the X" phrase
}

// leadingRef finds the reference a claim opens with.
func leadingRef(s string) (reference, bool) {
	toks := refTokens(s)
	if len(toks) < 2 || toks[0].punct || toks[0].raw != toks[0].core {
		return reference{}, false
	}
	first := toks[0].lower
	switch first {
	case "it", "they":
		return reference{kind: refPronoun, plural: first == "they", rest: toks[1].start}, true
	case "it's", "they're":
		verb := " is"
		if first == "they're" {
			verb = " are"
		} else if toks[1].lower == "been" || toks[1].lower == "got" {
			verb = " has"
		}
		return reference{kind: refPronoun, plural: first == "they're", verb: verb, rest: toks[1].start}, true
	case "its", "their":
		return reference{kind: refPossessive, plural: first == "their", rest: toks[1].start}, true
	case "this", "these", "the":
		if first != "the" && endsSubject(toks, 1) {
			return reference{kind: refPronoun, plural: first == "these", rest: toks[1].start}, true
		}
		// one lower-case noun, then the verb: "The app runs", not
		// "The app store is" or "The price of X is"; a base form after a
		// singular noun is a compound's second noun ("app store")
		if len(toks) < 3 || toks[1].punct || !isWord(toks[1].core) || refHasUpper(toks[1].core) || !endsSubject(toks, 2) {
			return reference{}, false
		}
		plural := first == "these" || pluralNoun(toks[1].lower)
		if baseVerbs[toks[2].lower] && !plural {
			return reference{}, false
		}
		return reference{kind: refGeneric, plural: plural, head: toks[1].lower,
			phrase: s[toks[0].start:toks[1].ce], rest: toks[2].start}, true
	}
	return reference{}, false
}

// paragraphAt is the index of the body paragraph holding byte offset at.
func paragraphAt(paras []Paragraph, at int) int {
	// paragraphs are in draft order: the last one starting at or before at
	i := sort.Search(len(paras), func(i int) bool { return paras[i].Start > at }) - 1
	if i < 0 || paras[i].Heading || at >= paras[i].Start+len(paras[i].Text) {
		return -1
	}
	return i
}

// mentionsBefore lists, in order, the subjects of the paragraph's
// sentences before byte upto (relative to the paragraph). A sentence that
// opens with a reference adds what that resolves to, so "The app" after
// "Tallyhub Go ..." counts as Tallyhub Go again, not as a rival.
func mentionsBefore(p Paragraph, upto int, heading *mention) []mention {
	var ms []mention
	for _, s := range text.SplitSentences(p.Text) {
		if s.Start >= upto {
			break
		}
		sent := s.Text[:min(len(s.Text), upto-s.Start)]
		if ref, ok := leadingRef(sent); ok {
			if m, ok := pickReferent(ref, ms, heading); ok {
				ms = append(ms, m)
				continue
			}
			if ref.kind != refGeneric {
				continue
			}
		}
		if m, ok := subjectMention(sent); ok {
			ms = append(ms, m)
		}
	}
	return ms
}

// pickReferent chooses what ref stands for: among the paragraph's
// mentions when any fits (exactly one distinct subject, else ambiguous),
// and only when none fits, the heading.
func pickReferent(ref reference, para []mention, heading *mention) (mention, bool) {
	if m, decided, ok := chooseMention(ref, para); decided {
		return m, ok
	}
	if heading == nil {
		return mention{}, false
	}
	m, _, ok := chooseMention(ref, []mention{*heading})
	return m, ok
}

// chooseMention reports decided when ms holds a candidate for ref, and ok
// when the candidates are all one subject.
func chooseMention(ref reference, ms []mention) (m mention, decided, ok bool) {
	var cands []mention
	for _, c := range ms {
		if c.plural != ref.plural {
			continue
		}
		if ref.kind != refGeneric || (c.head == ref.head && !strings.EqualFold(c.text, ref.phrase)) {
			cands = append(cands, c)
		}
	}
	// "The app" or "The feature" may name the product the paragraph is
	// about without repeating a word of its name.
	if len(cands) == 0 && ref.kind == refGeneric && kindNouns[ref.head] {
		for _, c := range ms {
			if c.name && c.plural == ref.plural {
				cands = append(cands, c)
			}
		}
	}
	if len(cands) == 0 {
		return mention{}, false, false
	}
	for _, c := range cands[1:] {
		if !strings.EqualFold(c.text, cands[0].text) {
			return mention{}, true, false
		}
	}
	return cands[0], true, true
}

// renderResolved writes text with its reference replaced by m.
func renderResolved(ref reference, m mention, s string) string {
	subj := m.text
	switch {
	case ref.kind == refPossessive && m.plural && strings.HasSuffix(subj, "s"):
		subj += "'"
	case ref.kind == refPossessive:
		subj += "'s"
	default:
		subj += ref.verb
	}
	out := subj + " " + s[ref.rest:]
	if r, n := utf8.DecodeRuneInString(out); unicode.IsLower(r) {
		out = string(unicode.ToUpper(r)) + out[n:]
	}
	if out == s {
		return ""
	}
	return out
}
