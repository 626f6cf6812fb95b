package check

import (
	"strings"
	"unicode"

	"continuity/backend/claims/numbers"
	"continuity/backend/history"
	"continuity/backend/retrieval"
)

// changeDate is how an explanation dates a change: "12 Mar 2026".
const changeDate = "2 Jan 2006"

const (
	// maxQuoted bounds a sentence quoted in an explanation, in runes.
	maxQuoted = 160
	// quoteLead is how many words before the first difference a long
	// sentence's quote keeps.
	quoteLead = 6
	// maxValueWords and maxValueLen bound a changed value named on its own.
	maxValueWords = 6
	maxValueLen   = 60
	// minKeptShare is the share of the old sentence's words its current
	// version must keep to be the same fact changed, not a new sentence
	// that took its place.
	minKeptShare = 0.5
)

// ChangeExplanation says in the writer's terms what a page said and says
// now: `Until 12 Mar 2026 "Refunds" said 14 days; since then it says 30
// days (commit 1a2b3c4, "New refund policy").` It names the changed values
// (those the claim uses first), else it quotes the old and the current
// sentence from a little before where they differ.
func ChangeExplanation(claim string, s retrieval.Superseded) string {
	was, is := changedValues(claim, s.Text, nowText(s))
	var b strings.Builder
	b.WriteString("Until ")
	b.WriteString(s.Until.Format(changeDate))
	b.WriteString(` "`)
	b.WriteString(titleOf(s))
	b.WriteString(`" said `)
	b.WriteString(was)
	b.WriteString("; since then it says ")
	b.WriteString(is)
	if s.Commit != "" {
		b.WriteString(" (commit ")
		b.WriteString(s.Commit[:min(7, len(s.Commit))])
		if s.Message != "" {
			b.WriteString(`, "`)
			b.WriteString(oneLine(s.Message))
			b.WriteString(`"`)
		}
		b.WriteString(")")
	}
	b.WriteString(".")
	return b.String()
}

// nowText is what the page says in the superseded sentence's place: its
// current version, else the sentence that replaced it then.
func nowText(s retrieval.Superseded) string {
	if s.Current != "" {
		return s.Current
	}
	return s.Replacement
}

// changedValues words both sides of a change: the changed values the claim
// uses ("33rd" → "35th"), else the changed numbers when there are one or
// two ("14 days" → "30 days"), else a single changed name or phrase
// ("Stripe" → "Adyen"), else both sentences quoted (a "not" added, a
// sentence rewritten).
func changedValues(claim, old, now string) (was, is string) {
	kind, vals := history.Describe(old, now)
	var both, used, usedNums, nums []history.ValueChange
	seen := map[string]bool{}
	for _, v := range vals {
		if !shortValue(v.Old) || !shortValue(v.New) || seen[v.Old] {
			continue
		}
		seen[v.Old] = true // a value named once, even where the word diff pairs it twice
		both = append(both, v)
		numeric := hasDigit(v.Old) && hasDigit(v.New)
		if hasWords(claim, v.Old) {
			used = append(used, v)
			if numeric {
				usedNums = append(usedNums, v)
			}
		}
		if numeric {
			nums = append(nums, v)
		}
	}
	switch {
	case kind == history.KindPolarity:
	case len(usedNums) > 0:
		// a changed figure the claim uses says it all ("3100" → "6140"), without the
		// words the diff paired around it ("at the end of" → "around")
		return joinValues(usedNums)
	case len(used) > 0:
		return joinValues(used)
	case kind == history.KindValue && len(nums) > 0 && len(nums) <= 2:
		return joinValues(nums)
	case kind == history.KindWording && len(vals) == 1 && len(both) == 1:
		return joinValues(both)
	}
	return quotedPair(old, now)
}

func joinValues(vs []history.ValueChange) (was, is string) {
	var o, n []string
	for _, v := range vs {
		o, n = append(o, oneLine(v.Old)), append(n, oneLine(v.New))
	}
	return strings.Join(o, " and "), strings.Join(n, " and ")
}

// shortValue is a value an explanation can name on its own: a few words,
// no markup or address.
func shortValue(v string) bool {
	v = oneLine(v)
	return v != "" && len(v) <= maxValueLen && len(strings.Fields(v)) <= maxValueWords && !strings.ContainsAny(v, "<>|[]()") &&
		!strings.Contains(v, "://")
}

func hasDigit(s string) bool { return strings.IndexFunc(s, unicode.IsDigit) >= 0 }

// hasWords says s holds phrase on word boundaries, ignoring case.
func hasWords(s, phrase string) bool {
	ws, wp := words(s), words(phrase)
	if len(wp) == 0 {
		return false
	}
	for i := 0; i+len(wp) <= len(ws); i++ {
		if strings.Join(ws[i:i+len(wp)], " ") == strings.Join(wp, " ") {
			return true
		}
	}
	return false
}

// quotedPair quotes both sentences; long ones start a few words before
// the first word where they differ, so the two quotes show the change.
func quotedPair(old, now string) (was, is string) {
	ow, nw := strings.Fields(old), strings.Fields(now)
	start := 0
	if len([]rune(oneLine(old))) > maxQuoted || len([]rune(oneLine(now))) > maxQuoted {
		i := 0
		for i < len(ow) && i < len(nw) && strings.EqualFold(ow[i], nw[i]) {
			i++
		}
		start = max(0, i-quoteLead)
	}
	return quoted(ow, start), quoted(nw, start)
}

func quoted(ws []string, start int) string {
	start = min(start, len(ws))
	s := strings.Join(ws[start:], " ")
	if start > 0 {
		s = "…" + s
	}
	if r := []rune(s); len(r) > maxQuoted {
		s = strings.TrimSpace(string(r[:maxQuoted-1])) + "…"
	}
	return `"` + s + `"`
}

// sameFactChanged says now is old changed, not old again (white space,
// case or punctuation only) and not another sentence that took its place:
// it keeps most of old's words.
func sameFactChanged(old, now string) bool {
	ow, nw := words(old), words(now)
	if len(ow) == 0 || len(nw) == 0 || strings.Join(ow, " ") == strings.Join(nw, " ") {
		return false
	}
	in := map[string]bool{}
	for _, w := range nw {
		in[w] = true
	}
	kept := 0
	for _, w := range ow {
		if in[w] {
			kept++
		}
	}
	return float64(kept) >= minKeptShare*float64(len(ow))
}

// words are s's lower-case words and numbers, punctuation dropped.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '$' && r != '%'
	})
}

func titleOf(s retrieval.Superseded) string {
	if t := oneLine(s.Title); t != "" {
		return t
	}
	return s.DocID
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// usesOldValue: the claim writes a value the change replaced ("recommended"
// where the row now says "Required"), not merely a sentence of its page.
func usesOldValue(said string, s retrieval.Superseded) bool {
	now := nowText(s)
	_, vals := history.Describe(s.Text, now)
	for _, v := range vals {
		if strings.TrimSpace(v.Old) != "" && hasWords(said, v.Old) {
			return true
		}
	}
	// A table row changes by cells; a word diff across cells pairs words
	// of different columns. A short old cell the new row no longer has
	// ("Recommended") is the replaced value.
	return isRow(s.Text) && isRow(now) && cellsUsed(said, rowCells(s.Text), rowCells(now))
}

// minJudgedWords is the fewest content words a claim shares with an old
// sentence for the judge to be asked whether it states it: the judge finds
// a claim stated where most of its words are, and asking it about every
// hit was a third of the time a draft's changes took to name.
const minJudgedWords = 2

// sharedWords counts the claim's distinct words of four letters or more
// that old has, by their first five letters (a crude stem, enough to skip),
// and its figures old states in any words ("two weeks" for "14 days").
func sharedWords(said, old string) int {
	have := map[string]bool{}
	for _, w := range words(old) {
		have[prefix5(w)] = true
	}
	n, seen := 0, map[string]bool{}
	for _, w := range words(said) {
		p := prefix5(w)
		if len([]rune(w)) >= 4 && have[p] && !seen[p] {
			seen[p] = true
			n++
		}
	}
	figures := numbers.Extract(old)
	for _, q := range numbers.Extract(said) {
		if hasQuantity(figures, q) {
			n++
		}
	}
	return n
}

func prefix5(w string) string {
	if r := []rune(w); len(r) > 5 {
		return string(r[:5])
	}
	return w
}
