package claims

import (
	"context"
	"regexp"
	"strings"
	"unicode"
)

// Decompose splits a draft into atomic claims offline: the check-worthy
// sentences (worthy.go; a draft of one sentence is checked as it is),
// then compound sentences at ", and <subject>" / "; ", dropping rationale
// tails (", so ...", ", because ...") that state no number or date, and
// resolving a leading "it"/"they"/"this plan" to the paragraph's subject.
// A heading is a claim when it states a fact (HeadingStatesFact);
// questions are not claims. A claim's Text is a verbatim span of the
// draft without the Markdown around it; its plain form, when inline
// Markdown had to be dropped, is Resolved.
func Decompose(draft string) []Claim {
	out, _ := decompose(context.Background(), draft) // never fails without a deadline
	return out
}

// decomposer carries what one draft's decomposition shares.
type decomposer struct {
	subject string
	proper  map[string]bool // words the draft capitalises mid-sentence
	lenient bool            // a one-sentence draft: no check-worthiness filter
}

// decompose is Decompose that stops with ctx's error when it is done.
func decompose(ctx context.Context, draft string) ([]Claim, error) {
	paras := SplitParagraphs(draft)
	d := decomposer{proper: properWords(paras), lenient: singleSentence(paras)}
	var out []Claim
	for _, p := range paras {
		if p.Heading || isDek(p) {
			if c, ok := headingClaim(p); ok {
				out = append(out, c)
			}
			continue
		}
		for i, s := range SplitSentences(p.Text) {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			s = trimMarkup(s)
			if i == 0 {
				if subj := subjectOf(plainText(s.Text)); subj != "" {
					d.subject = subj
				}
			}
			out = append(out, d.sentenceClaims(p, s)...)
		}
	}
	return out, nil
}

// sentenceClaims are the claims of sentence s of paragraph p.
func (d *decomposer) sentenceClaims(p Paragraph, s Span) []Claim {
	plain := plainText(s.Text)
	if !isStatement(stripDiscourse(plain)) || d.lenient && isCallToAction(plain) {
		return nil
	}
	var out []Claim
	afterImperative := false
	for _, c := range d.clauses(s) {
		cp := plainText(c.Text)
		if !d.lenient {
			w := assessWorth(cp, d.proper)
			// "Search it first, and you may find the answer sooner": what
			// follows an instruction and speaks to "you" is its promise
			promise := afterImperative && addressesReader(cp) && !w.digit && !w.slot
			afterImperative = w.imperative
			if !w.worthy() || promise {
				continue
			}
		}
		// Text stays the writer's words; the plain form with the pronoun
		// resolved is what retrieval and the judge read.
		cl := Claim{Paragraph: p.Index, Text: c.Text, Start: p.Start + c.Start, End: p.Start + c.End}
		if r := resolve(cp, d.subject); r != c.Text {
			cl.Resolved = r
		}
		out = append(out, cl)
	}
	return out
}

var (
	compoundSplit = regexp.MustCompile(`(?i)(;\s+|,\s+(and|but|while)\s+)`)
	rationaleTail = regexp.MustCompile(`(?i),\s+(so|because|which|so that|one of|as)\s`)
	subjectStart  = setOf(`we you it they there our your their its this these that the a an every all each no tallyhub i`)
)

// clauses splits a sentence into independent clauses, each with its span
// relative to the paragraph.
func (d *decomposer) clauses(s Span) []Span {
	text := s.Text
	var cuts []int
	for _, m := range compoundSplit.FindAllStringIndex(text, -1) {
		f := firstField(text[m[1]:])
		if f == "" || serialList(text[:m[0]]) {
			continue
		}
		w := strings.ToLower(strings.Trim(f, `"'`))
		r := []rune(f)[0]
		if subjectStart[w] || strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "'re") || subjectContraction(w) || unicode.IsUpper(r) {
			cuts = append(cuts, m[0], m[1])
		}
	}
	var out []Span
	bounds := append([]int{0}, cuts...)
	bounds = append(bounds, len(text))
	for i := 0; i+1 < len(bounds); i += 2 {
		a, b := bounds[i], bounds[i+1]
		a, b = d.dropTail(text, a, b)
		part := strings.TrimRight(text[a:b], " .!;,")
		if len(strings.Fields(part)) < 3 {
			continue
		}
		out = append(out, Span{Text: part, Start: s.Start + a, End: s.Start + a + len(part)})
	}
	return out
}

// dropTail cuts a rationale tail off the clause text[a:b] unless the tail
// states a number or date, or the clause has no fact without it: a claim
// is never cut below the fact it states ("GSA's maximum salary, which
// also caps total pay, is $183,500"). After an instruction, a tail with a
// fact is the claim ("Don't wait, because after the switch-off date every
// v1 request fails").
func (d *decomposer) dropTail(text string, a, b int) (int, int) {
	loc := rationaleTail.FindStringSubmatchIndex(text[a:b])
	if loc == nil {
		return a, b
	}
	if strings.EqualFold(text[a+loc[2]:a+loc[3]], "which") && embeddedRelative(text[a+loc[1]:b]) {
		return a, b
	}
	head, tail := plainText(text[a:a+loc[0]]), plainText(text[a+loc[3]:b])
	hw, tw := assessWorth(head, d.proper), assessWorth(tail, d.proper)
	tailFact := hasQuantity(tail) || hasDate(refTokens(tail), " "+strings.ToLower(tail)+" ")
	switch {
	case !tailFact && (hw.digit || hw.slot), !tw.digit && !tw.slot:
		return a, a + loc[0]
	case hw.imperative && tw.worthy() && !tw.imperative:
		return a + loc[1], b
	}
	return a, b
}

// embeddedRelative: the clause after ", which" closes with a comma and
// the sentence's own verb follows ("GSA's virtual desktop client, which
// you log into with ENT, is VMware Horizon"): cutting there would leave
// the subject without what it states. A claim is one span of the draft,
// so the whole sentence stays.
func embeddedRelative(rest string) bool {
	k := strings.Index(rest, ", ")
	if k < 0 {
		return false
	}
	f := strings.ToLower(firstField(rest[k+2:]))
	return auxVerbs[f]
}

// serialList reports whether the text before ", and" ends in an item of a
// list ("whiteboard sessions, lunch with teammates, and the hallway"), so
// what follows is its last item, not a clause.
func serialList(before string) bool {
	k := strings.LastIndexByte(before, ',')
	if k < 0 {
		return false
	}
	item := refTokens(before[k+1:])
	if len(item) == 0 || len(item) > 4 {
		return false
	}
	for _, t := range item {
		if auxVerbs[t.lower] || verbs[t.lower] {
			return false
		}
	}
	return true
}

// addressesReader: the clause opens with "you".
func addressesReader(s string) bool {
	f := strings.ToLower(firstField(s))
	return f == "you" || strings.HasPrefix(f, "you'") || strings.HasPrefix(f, "you’")
}

// subjectContraction: a subject pronoun with a contracted auxiliary
// ("we've", "they'll", "you'd").
func subjectContraction(w string) bool {
	for _, suf := range []string{"'ve", "'ll", "'d"} {
		if p, ok := strings.CutSuffix(w, suf); ok {
			return subjectStart[p]
		}
	}
	return false
}

// firstField is the first element of strings.Fields(s), or "": reading
// all of them after every split point made a long sentence quadratic.
func firstField(s string) string {
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		return s[:i]
	}
	return s
}

// isStatement rejects questions and fragments.
func isStatement(s string) bool {
	t := strings.TrimSpace(s)
	return !strings.HasSuffix(t, "?") && len(strings.Fields(t)) >= 3
}

// isCallToAction: a sentence opening with a call to action and stating
// no number or promise ("Contact us for details"); the rule a draft of
// one sentence keeps.
func isCallToAction(s string) bool {
	t := strings.TrimSpace(s)
	f := strings.ToLower(strings.Trim(strings.Fields(t)[0], `"'*,.!`))
	return ctaVerbs[f] && !strings.ContainsAny(t, "0123456789") && !strings.Contains(strings.ToLower(t), " we'll ")
}

// subjectOf returns the noun phrase that opens a sentence ("The Starter
// plan", "Tallyhub Go") when it is short and not a pronoun.
func subjectOf(s string) string {
	f := strings.Fields(s)
	for i, w := range f {
		if i >= 5 {
			return ""
		}
		lw := strings.ToLower(strings.Trim(w, `,.;:!?"'`))
		if verbs[lw] || strings.HasSuffix(lw, "'s") {
			if i == 0 {
				return ""
			}
			subj := strings.Join(f[:i], " ")
			first := strings.ToLower(f[0])
			if _, pron := pronounStarts[first]; pron || subjectStart[first] && i == 1 {
				return ""
			}
			if strings.ContainsAny(subj, ",;:") {
				return ""
			}
			return subj
		}
	}
	return ""
}

// resolve replaces a leading pronoun with subject.
func resolve(text, subject string) string {
	if subject == "" {
		return text
	}
	lower := strings.ToLower(text)
	for _, p := range []string{"this plan", "the plan", "it's", "its", "it", "they're", "they"} {
		if strings.HasPrefix(lower, p+" ") || strings.HasPrefix(lower, strings.ReplaceAll(p, "'", "’")+" ") {
			n := len(p)
			if strings.Contains(lower[:n+2], "’") {
				n += 2
			}
			return subject + pronounStarts[p] + text[n:]
		}
	}
	return text
}
