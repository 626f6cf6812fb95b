package claims

import (
	"strings"
	"unicode"
)

// Headings are checked like paragraphs when they state a fact: "## Full
// refunds within 45 days" is a claim a reader takes in before the body;
// "## Refunds", "## How do I install software?" and "# Your first two
// weeks at TTS: a survival guide" name a topic.

// HeadingStatesFact reports whether a heading (with or without its
// Markdown hashes) states a fact: a number, date or polarity word ("no",
// "never", "only", "free", "required") in a phrase that is not a topic
// label (a question, a gerund, "Your ...", "Title: subtitle"), or a name
// or number with a verb ("Ramp replaces Expensify").
func HeadingStatesFact(heading string) bool {
	t := strings.TrimRight(plainText(trimMarkup(Span{Text: heading, End: len(heading)}).Text), " .!:")
	toks := refTokens(t)
	if len(toks) < 3 || strings.HasSuffix(t, "?") || questionWords[toks[0].lower] || isImperative(toks) {
		return false
	}
	lower := " " + strings.Join(lowerWords(toks), " ") + " "
	if isGreeting(toks, lower) {
		return false
	}
	if topicLabel(toks) {
		return false
	}
	number := hasQuantity(t) || hasDate(toks, lower)
	if headingVerb(toks) {
		return number || hasName(toks, nil) || polar(toks)
	}
	return (number || polar(toks)) && !strings.Contains(t, ": ")
}

var (
	questionWords = refWords(`how what when where why who which whose how's what's when's where's who's`)
	// headingPolarity are the polarity and modality words a heading
	// states a rule with.
	headingPolarity = refWords(`no not never none only free required mandatory optional unlimited without cannot can't
		won't isn't aren't doesn't don't`)
	// moreVerbs are present-tense verbs headings announce changes with.
	moreVerbs = refWords(`replaces moves ends starts launches changes drops adds opens closes doubles rises falls increases
		decreases expands returns arrives leaves takes covers pays goes becomes lasts stays applies expires`)
	gerundNouns = refWords(`morning evening pricing billing onboarding training meeting setting settings housing parking funding
		building spring something nothing everything anything thing things king ring string during`)
)

func polar(toks []refToken) bool {
	for _, t := range toks {
		if headingPolarity[t.lower] {
			return true
		}
	}
	return false
}

// headingVerb: a finite verb after the heading's first word and before
// any question word ("Traveling for TTS: what first-timers should know"
// states nothing).
func headingVerb(toks []refToken) bool {
	for _, t := range toks[1:] {
		if questionWords[t.lower] {
			return false
		}
		if auxVerbs[t.lower] || verbs[t.lower] || moreVerbs[t.lower] {
			return true
		}
	}
	return false
}

// topicLabel: a heading that opens like a topic, with a gerund ("Getting
// paid on the go"), a possessive ("Your first two weeks") or, with no
// verb, a preposition ("After 30 days").
func topicLabel(toks []refToken) bool {
	first := toks[0].lower
	gerund := strings.HasSuffix(first, "ing") && len(first) > 4 && !gerundNouns[first]
	return gerund || first == "your" || first == "our" || first == "my" || first == "their" ||
		subordinators[first] && !headingVerb(toks)
}

// headingClaim is the claim a heading paragraph (or a subtitle line set
// in emphasis) states, if any.
func headingClaim(p Paragraph) (Claim, bool) {
	s := trimMarkup(Span{Text: p.Text, End: len(p.Text)})
	text := strings.TrimRight(s.Text, " .!;,:")
	if !HeadingStatesFact(text) {
		return Claim{}, false
	}
	c := Claim{Paragraph: p.Index, Text: text, Start: p.Start + s.Start, End: p.Start + s.Start + len(text)}
	if plain := plainText(text); plain != text {
		c.Resolved = plain
	}
	return c, true
}

// isDek: a one-line paragraph set wholly in emphasis with no stop, such as
// a subtitle ("*Help article for new hires*"); it is read as a heading.
func isDek(p Paragraph) bool {
	if strings.ContainsAny(p.Text, "\n") || !strings.ContainsAny(p.Text[:1], "*_") {
		return false
	}
	s := trimMarkup(Span{Text: p.Text, End: len(p.Text)})
	return s.Text != p.Text && !strings.ContainsAny(lastRune(s.Text), ".!?")
}

func lastRune(s string) string {
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	if s == "" {
		return ""
	}
	r := []rune(s)
	return string(r[len(r)-1])
}

// singleSentence: the draft is one sentence and nothing else, which a
// writer asks to check as it is.
func singleSentence(paras []Paragraph) bool {
	return len(paras) == 1 && !paras[0].Heading && len(SplitSentences(paras[0].Text)) == 1
}
