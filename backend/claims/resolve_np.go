package claims

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Subject noun phrases for Resolve, found without a tagger: a phrase
// counts only when a verb follows it directly, so "The price of the Team
// plan is" (a complex subject) and a heading-like run of capitals with no
// verb are never taken for a subject.

// refToken is one whitespace-separated field of a text.
type refToken struct {
	start  int    // byte offset of the field
	cs, ce int    // byte offsets of its core
	core   string // the field without quotes, brackets, emphasis or punctuation around it
	raw    string
	lower  string // core in lower case, curly apostrophes straightened
	punct  bool   // a comma, colon, semicolon or stop follows the core
}

const (
	refOpeners = "\"'“‘(*_["
	refClosers = "\"'”’)*_].,;:!?"
)

func refTokens(s string) []refToken {
	var out []refToken
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			i += n
			continue
		}
		j := i
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += n
		}
		raw := s[i:j]
		left := strings.TrimLeft(raw, refOpeners)
		core := strings.TrimRight(left, refClosers)
		cs := i + len(raw) - len(left)
		out = append(out, refToken{start: i, cs: cs, ce: cs + len(core), core: core, raw: raw,
			lower: strings.ReplaceAll(strings.ToLower(core), "’", "'"), punct: strings.ContainsAny(left[len(core):], ",;:.!?")})
		i = j
	}
	return out
}

// subjectMention is the subject a sentence opens with: a "the X" phrase
// or a capitalised name, followed by its verb.
func subjectMention(s string) (mention, bool) {
	toks := refTokens(s)
	if len(toks) < 2 || toks[0].punct {
		return mention{}, false
	}
	if toks[0].lower == "the" {
		return thePhrase(s, toks)
	}
	return nameRun(s, toks)
}

func thePhrase(s string, toks []refToken) (mention, bool) {
	for j := 1; j < len(toks) && j <= 5; j++ {
		t := toks[j]
		if j >= 2 && endsSubject(toks, j) {
			return phraseMention(s, toks[:j], t.lower, false), true
		}
		if !isWord(t.core) || functionWords[t.lower] {
			return mention{}, false
		}
		if t.punct { // "The Team plan, which ..."
			return phraseMention(s, toks[:j+1], "", false), true
		}
	}
	return mention{}, false
}

func nameRun(s string, toks []refToken) (mention, bool) {
	n := 0
	for n < len(toks) && n < 5 && isWord(toks[n].core) && refHasUpper(toks[n].core) && !startWords[toks[n].lower] {
		n++
		if toks[n-1].punct {
			return phraseMention(s, toks[:n], "", true), true
		}
	}
	if n == 0 || n == len(toks) {
		return mention{}, false
	}
	next := toks[n]
	// a lone capitalised first word may just be the sentence's capital
	// ("Click here"); a following verb makes it a subject ("Refunds are")
	if n == 1 && !endsSubject(toks, 1) {
		return mention{}, false
	}
	if !isWord(next.core) || refHasUpper(next.core) || functionWords[next.lower] {
		return mention{}, false
	}
	return phraseMention(s, toks[:n], next.lower, true), true
}

// phraseMention is the mention spanning toks; verb, when known, gives
// its number.
func phraseMention(s string, toks []refToken, verb string, name bool) mention {
	last := toks[len(toks)-1]
	m := mention{text: s[toks[0].cs:last.ce], head: last.lower, name: name}
	switch {
	case pluralVerbs[verb] || baseVerbs[verb]:
		m.plural = true
	case singularVerbs[verb] || suffixVerb(verb):
	default:
		m.plural = !name && pluralNoun(m.head)
	}
	return m
}

// headingMention is the heading above paragraph pi as a subject: a short
// "the X" phrase or a capitalised name. A one-word heading counts only
// when the draft also capitalises it mid-sentence ("Tallyhub", not
// "Pricing").
func headingMention(paras []Paragraph, pi int, proper map[string]bool) *mention {
	k := pi - 1
	for k >= 0 && !paras[k].Heading {
		k--
	}
	if k < 0 {
		return nil
	}
	h := strings.TrimRight(strings.TrimSpace(strings.TrimLeft(paras[k].Text, "#")), ".:!?")
	toks := refTokens(h)
	if len(toks) == 0 || len(toks) > 4 {
		return nil
	}
	for _, t := range toks {
		if !isWord(t.core) || (t.punct && t.ce != len(h)) {
			return nil
		}
	}
	last := toks[len(toks)-1]
	m := mention{text: h[toks[0].cs:last.ce], head: last.lower}
	if toks[0].lower == "the" && len(toks) >= 2 {
		m.plural = pluralNoun(m.head)
		return &m
	}
	for i, t := range toks {
		inner := i > 0 && i < len(toks)-1 && headingConnectors[t.lower]
		if (!refHasUpper(t.core) && !inner) || startWords[t.lower] {
			return nil
		}
	}
	if len(toks) == 1 && !proper[last.lower] && !innerUpper(last.core) {
		return nil
	}
	m.name = true
	return &m
}

// properWords are the words the draft capitalises mid-sentence.
func properWords(paras []Paragraph) map[string]bool {
	out := map[string]bool{}
	for _, p := range paras {
		if p.Heading {
			continue
		}
		for _, s := range SplitSentences(p.Text) {
			for i, t := range refTokens(s.Text) {
				if i > 0 && isWord(t.core) && refHasUpper(t.core) {
					out[t.lower] = true
				}
			}
		}
	}
	return out
}

// endsSubject says whether toks[j] is the verb (or adverb) after a
// subject. A word ending in -s followed by a verb is a plural noun
// ("The Team plans are"), not the verb.
func endsSubject(toks []refToken, j int) bool {
	w := toks[j].lower
	if auxVerbs[w] || baseVerbs[w] || adverbs[w] || (strings.HasSuffix(w, "ly") && len(w) > 4 && !refHasUpper(toks[j].core)) {
		return true
	}
	if !suffixVerb(w) || refHasUpper(toks[j].core) {
		return false
	}
	return j+1 >= len(toks) || !(auxVerbs[toks[j+1].lower] || baseVerbs[toks[j+1].lower])
}

func suffixVerb(w string) bool {
	return len(w) > 3 && isWord(w) && ((strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss")) || strings.HasSuffix(w, "ed"))
}

func pluralNoun(w string) bool {
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is")
}

// isWord: letters, digits, hyphens and apostrophes, with a letter.
func isWord(s string) bool {
	letter := false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			letter = true
		case unicode.IsDigit(r) || r == '-' || r == '\'' || r == '’':
		default:
			return false
		}
	}
	return letter
}

func refHasUpper(s string) bool { return strings.IndexFunc(s, unicode.IsUpper) >= 0 }

// innerUpper: a capital after the first letter ("TallyHub", "iOS").
func innerUpper(s string) bool {
	_, n := utf8.DecodeRuneInString(s)
	return refHasUpper(s[n:])
}

func refWords(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

var (
	auxVerbs = refWords(`is are was were be been being has have had can cannot can't could will won't would should shall may might must
		does do did doesn't don't didn't isn't aren't wasn't weren't hasn't haven't hadn't couldn't wouldn't shouldn't`)
	singularVerbs = refWords(`is was has does doesn't isn't wasn't hasn't`)
	pluralVerbs   = refWords(`are were have do don't aren't weren't haven't`)
	// base forms: after a subject with no auxiliary they mark a plural
	baseVerbs = refWords(`run work take include cost support offer sync need get let go come give make use stay keep allow require ship
		start end show help last remain become provide send save store charge appear arrive expire renew`)
	adverbs       = refWords(`also now still already only never always usually often just no longer`)
	functionWords = refWords(`of in on for with at by from to and or but that which who whom whose as than into over under per via
		about after before during without within between against across through like`)
	startWords = refWords(`it its it's this these they their they're we you i he she our your my his her there here a an every each all
		some no any if when while since because after before today now then also however but and or so for in on at from with to by as
		until once that those please yes most many both only not never starting over under unlike like although though what which who
		how why where let note yesterday tomorrow soon currently`)
	headingConnectors = refWords(`of for and & to in on with`)
	// kindNouns name the kind of thing a product is: "The app" may refer
	// to the paragraph's one named product without repeating its name.
	kindNouns = refWords(`app application feature plan product service tool integration platform release version update extension
		plugin add-on addon module program programme tier subscription bundle package device api offer system`)
)
