package claims

import (
	"context"
	"regexp"
	"strings"
	"unicode"
)

// Decompose splits a draft into atomic claims offline: sentences, then
// compound sentences at ", and <subject>" / "; ", dropping rationale tails
// (", so ...", ", because ...") and resolving a leading "it"/"they"/"this
// plan" to the paragraph's subject. Headings, questions and calls to
// action are not claims.
func Decompose(draft string) []Claim {
	out, _ := decompose(context.Background(), draft) // never fails without a deadline
	return out
}

// decompose is Decompose that stops with ctx's error when it is done.
func decompose(ctx context.Context, draft string) ([]Claim, error) {
	var out []Claim
	subject := ""
	for _, p := range SplitParagraphs(draft) {
		if p.Heading {
			continue
		}
		for i, s := range SplitSentences(p.Text) {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if i == 0 {
				if subj := subjectOf(s.Text); subj != "" {
					subject = subj
				}
			}
			if !isFactual(s.Text) {
				continue
			}
			for _, c := range clauses(s) {
				// Text stays the writer's words; the form with the pronoun
				// resolved is what retrieval and the judge read.
				cl := Claim{Paragraph: p.Index, Text: c.Text, Start: p.Start + c.Start, End: p.Start + c.End}
				if r := resolve(c.Text, subject); r != c.Text {
					cl.Resolved = r
				}
				out = append(out, cl)
			}
		}
	}
	return out, nil
}

var (
	compoundSplit = regexp.MustCompile(`(?i)(;\s+|,\s+(and|but|while)\s+)`)
	rationaleTail = regexp.MustCompile(`(?i),\s+(so|because|which|so that|one of|as)\s`)
	subjectStart  = setOf(`we you it they there our your their its this these that the a an every all each no tallyhub i`)
)

// clauses splits a sentence into independent clauses, each with its span
// relative to the paragraph.
func clauses(s Span) []Span {
	text := s.Text
	var cuts []int
	for _, m := range compoundSplit.FindAllStringIndex(text, -1) {
		f := firstField(text[m[1]:])
		if f == "" {
			continue
		}
		w := strings.ToLower(strings.Trim(f, `"'`))
		r := []rune(f)[0]
		if subjectStart[w] || strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "'re") || unicode.IsUpper(r) {
			cuts = append(cuts, m[0], m[1])
		}
	}
	var out []Span
	bounds := append([]int{0}, cuts...)
	bounds = append(bounds, len(text))
	for i := 0; i+1 < len(bounds); i += 2 {
		a, b := bounds[i], bounds[i+1]
		if loc := rationaleTail.FindStringIndex(text[a:b]); loc != nil {
			b = a + loc[0]
		}
		part := strings.TrimRight(text[a:b], " .!;,")
		if len(strings.Fields(part)) < 3 {
			continue
		}
		out = append(out, Span{Text: part, Start: s.Start + a, End: s.Start + a + len(part)})
	}
	return out
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

// isFactual rejects questions, calls to action and fragments.
func isFactual(s string) bool {
	t := strings.TrimSpace(s)
	if strings.HasSuffix(t, "?") || len(strings.Fields(t)) < 3 {
		return false
	}
	f := strings.ToLower(strings.Trim(strings.Fields(t)[0], `"'*,.!`))
	if ctaVerbs[f] && !strings.ContainsAny(t, "0123456789") && !strings.Contains(strings.ToLower(t), " we'll ") {
		return false
	}
	return true
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
