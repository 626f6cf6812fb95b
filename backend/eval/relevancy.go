package eval

import (
	"fmt"
	"strings"
	"unicode"
)

// OfflineRelevancyMeaning says what the offline answer relevancy measures;
// it is recorded as the per-question evidence so a reader of the scorecard
// knows which variant produced the number.
const OfflineRelevancyMeaning = "Offline variant of answer relevancy: does the answer address the question asked " +
	"(the question's focus words covered by the answer or its source, and the kind of answer the question asks for)."

// answerKind is the kind of answer a question asks for, read from its
// wh-phrase. RAGAS reaches the same judgement by generating questions from
// the answer; offline we check the two signals such a generated question
// would share with the original: its topic words and its question type.
type answerKind int

const (
	kindOpen     answerKind = iota // how do I / why / what happens: any statement may answer
	kindYesNo                      // is / can / does …: a polarity
	kindDuration                   // how long / how soon / how fast
	kindAmount                     // how much: a price, share or quantity
	kindCount                      // how many / how often
	kindTime                       // when / what time / what hours
	kindPlace                      // where
	kindName                       // which / who / what <thing>: names or a list
)

var kindNames = [...]string{"open", "yes/no", "duration", "amount", "count", "time", "place", "name"}

var auxiliaries = map[string]bool{"is": true, "are": true, "am": true, "can": true, "could": true, "do": true, "does": true,
	"did": true, "will": true, "would": true, "should": true, "has": true, "have": true, "may": true, "must": true, "was": true, "were": true}

// questionKind reads the kind from the last interrogative sentence, since
// users often put context first ("I paid last week. Can I get a refund?"),
// and from its first wh-word, since a clause may lead ("After we cancel,
// how long …").
func questionKind(question string) answerKind {
	sent := question
	for _, s := range sentences(question) {
		if strings.HasSuffix(s, "?") {
			sent = s
		}
	}
	w := rawWords(sent)
	if len(w) == 0 {
		return kindOpen
	}
	if auxiliaries[w[0]] {
		return kindYesNo
	}
	for i, x := range w {
		next := ""
		if i+1 < len(w) {
			next = w[i+1]
		}
		switch x {
		case "how":
			switch next {
			case "long", "soon", "fast", "quickly":
				return kindDuration
			case "much":
				return kindAmount
			case "many", "often":
				return kindCount
			}
			return kindOpen
		case "when":
			return kindTime
		case "where":
			return kindPlace
		case "which", "who", "whose":
			return kindName
		case "what":
			switch {
			case next == "time" || next == "hours" || next == "day" || next == "date":
				return kindTime
			case next != "" && !auxiliaries[next] && next != "happens" && next != "if" && next != "s":
				return kindName // "what formats …", not "what is …" / "what happens …"
			}
			return kindOpen
		case "why":
			return kindOpen
		}
	}
	return kindOpen
}

var (
	timeUnits  = stemSet("second minute hour day week month year business")
	numerals   = map[string]bool{"one": true, "two": true, "three": true, "four": true, "five": true, "six": true, "seven": true, "eight": true, "nine": true, "ten": true, "eleven": true, "twelve": true, "twice": true, "once": true, "hundred": true, "thousand": true, "unlimited": true, "half": true, "dozen": true}
	immediacy  = map[string]bool{"immediately": true, "instantly": true, "straight": true, "right": true, "until": true, "within": true, "forever": true, "permanently": true, "never": true}
	amountWord = map[string]bool{"free": true, "nothing": true, "percent": true, "cost": true, "costs": true, "price": true, "fee": true, "fees": true, "charge": true, "charges": true}
	calendar   = map[string]bool{"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true,
		"january": true, "february": true, "march": true, "april": true, "june": true, "july": true, "august": true, "september": true,
		"october": true, "november": true, "december": true, "daily": true, "weekly": true, "monthly": true, "before": true, "after": true, "every": true}
	placeWord = stemSet("page settings menu tab screen app site region country link dashboard console store folder")
	polarity  = map[string]bool{"yes": true, "no": true, "not": true, "nope": true, "yep": true}
)

// kindMatch is 1 when the answer leads with the kind of content the
// question asks for (a direct answer: "14 days. …"), 0.7 when that content
// comes later, 0 when it is missing. A yes/no question answered by a plain
// statement (extractive answers rarely start with "Yes") gets half credit.
func kindMatch(k answerKind, answer string) float64 {
	switch k {
	case kindOpen:
		return 1
	case kindYesNo:
		if w := rawWords(answer); len(w) > 0 && polarity[w[0]] {
			return 1
		}
		return 0.5
	}
	if s := sentences(answer); len(s) > 0 && hasKind(k, s[0]) {
		return 1
	}
	if hasKind(k, answer) {
		return 0.7
	}
	return 0
}

func hasKind(k answerKind, text string) bool {
	w := rawWords(text)
	hasNum := strings.IndexFunc(text, unicode.IsDigit) >= 0
	anyOf := func(set map[string]bool) bool {
		for _, x := range w {
			if set[x] || set[stem(x)] {
				return true
			}
		}
		return false
	}
	switch k {
	case kindDuration:
		return (hasNum || anyOf(numerals)) && anyOf(timeUnits) || anyOf(immediacy)
	case kindAmount:
		return strings.ContainsAny(text, "$€£%") || anyOf(amountWord) || hasNum
	case kindCount:
		return hasNum || anyOf(numerals)
	case kindTime:
		return hasNum || anyOf(calendar) || anyOf(immediacy)
	case kindPlace:
		return hasName(text) || strings.ContainsAny(text, "→>/") || anyOf(placeWord)
	case kindName:
		return hasName(text) || strings.Contains(strings.ToLower(text), " or ")
	}
	return true
}

// hasName is a capitalised word that does not start a sentence, or an
// acronym anywhere: product, provider and place names.
func hasName(text string) bool {
	for _, s := range sentences(text) {
		for i, f := range strings.Fields(s) {
			f = strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
			rs := []rune(f)
			if len(rs) < 2 || !unicode.IsUpper(rs[0]) {
				continue
			}
			if i > 0 || unicode.IsUpper(rs[1]) {
				return true
			}
		}
	}
	return false
}

// fillerTerms carry no topic: light verbs and intensifiers that a good
// answer need not repeat ("Can I *get* my money back?").
var fillerTerms = stemSet("us get got make want need go know tell let really actually still anymore thing way please also even someone everyone anything something like")

// kindTerms are the words of the wh-phrase itself ("how *long*"); the
// answer's kind, not its words, answers them.
var kindTerms = stemSet("long soon fast quickly much many often time hours day date")

// focusTerms are the question's stemmed content words that name its topic.
func focusTerms(question string, k answerKind) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range contentTerms(question) {
		if seen[t] || fillerTerms[t] || (k != kindOpen && k != kindYesNo && kindTerms[t]) {
			continue
		}
		seen[t] = true
		out = append(out, t)
	}
	return out
}

// termHit matches stems, or one stem extending the other by a suffix the
// stemmer leaves ("tri"/"trial", "pay"/"payment"); three letters at least.
func termHit(t string, terms map[string]bool) bool {
	if terms[t] {
		return true
	}
	for u := range terms {
		a, b := t, u
		if len(a) > len(b) {
			a, b = b, a
		}
		if len(a) >= 3 && strings.HasPrefix(b, a) && len(b)-len(a) <= 3 {
			return true
		}
	}
	return false
}

// relevancyParts is the offline answer relevancy with its evidence.
type relevancyParts struct {
	Kind     answerKind
	Focus    []string
	Covered  []string
	KindHit  float64
	Coverage float64
	Score    float64
}

func (r relevancyParts) evidence() string {
	return fmt.Sprintf("%s Asked for %s (match %.2g); focus words covered %d/%d %v.",
		OfflineRelevancyMeaning, kindNames[r.Kind], r.KindHit, len(r.Covered), len(r.Focus), r.Covered)
}

// coverageSaturation: an answer that covers this share of the focus words
// addresses the question fully. A question has about three focus words
// (subject, action, object); a direct answer names one of them and gives
// the fact, inheriting the rest from the question ("14 days … free trial"
// for "How long do I get to try Tallyhub before I have to pay?").
// Calibrated on the sample golden set (relevancy_calib_test.go): 1/3 gives
// approved answers 0.81 and mismatched ones 0.12; 1/2 gave 0.71 and 0.09.
const coverageSaturation = 1.0 / 3

// offlineRelevancy scores how well answer addresses question, in [0,1]:
// half for giving the kind of answer asked for, half for covering the
// question's focus words (saturating at coverageSaturation). An answer that
// shares no focus word keeps only the kind half, and for an open question
// ("how do I …"), where any statement has the right form, coverage is the
// whole score. sources are the titles of the passages the answer was taken
// from: an extracted sentence often leaves its topic to the heading
// ("Entries are kept for 12 months." under "Audit log").
func offlineRelevancy(question, answer string, sources []string) relevancyParts {
	k := questionKind(question)
	r := relevancyParts{Kind: k, Focus: focusTerms(question, k), KindHit: kindMatch(k, answer)}
	context := answer + "\n" + strings.Join(sources, "\n")
	have := termSet(contentTerms(context))
	expanded := acronymTerms(question, context)
	for _, t := range r.Focus {
		if termHit(t, have) || expanded[t] {
			r.Covered = append(r.Covered, t)
		}
	}
	if len(r.Focus) == 0 {
		r.Coverage = 1 // nothing topical to check: the kind decides
	} else {
		r.Coverage = float64(len(r.Covered)) / float64(len(r.Focus))
	}
	cov := min(1, r.Coverage/coverageSaturation)
	r.Score = cov * (0.5 + 0.5*r.KindHit)
	return r
}

// acronymTerms are the question's terms spelled out by an acronym in the
// answer: "single sign-on" is covered by "SSO".
func acronymTerms(question, context string) map[string]bool {
	out := map[string]bool{}
	var acronyms []string
	for _, f := range strings.Fields(context) {
		f = strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) })
		if len(f) >= 2 && len(f) <= 5 && strings.ToUpper(f) == f {
			acronyms = append(acronyms, strings.ToLower(f))
		}
	}
	if len(acronyms) == 0 {
		return out
	}
	w := rawWords(strings.ReplaceAll(question, "-", " "))
	for _, ac := range acronyms {
		for i := 0; i+len(ac) <= len(w); i++ {
			ok := true
			for j := range len(ac) {
				if w[i+j][0] != ac[j] {
					ok = false
					break
				}
			}
			if ok {
				for _, x := range w[i : i+len(ac)] {
					out[stem(x)] = true
				}
			}
		}
	}
	return out
}

func rawWords(text string) []string {
	return strings.FieldsFunc(strings.ToLower(strings.ReplaceAll(text, "'", "")), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

func stemSet(words string) map[string]bool {
	s := map[string]bool{}
	for _, w := range strings.Fields(words) {
		s[w] = true
		s[stem(w)] = true
	}
	return s
}

// focusRelevancy is the offline answer relevancy of one question: the
// answer against the question, with the titles of the passages its
// sentences were taken from as their source.
func focusRelevancy(q Question, a Answer, retrieved []Passage) (outcome, string) {
	switch {
	case q.Category == Refuse:
		return notMeasured("refuse question: relevancy of a refusal is not meaningful"), ""
	case a.Refused:
		return measured(0), OfflineRelevancyMeaning + " The answer is a refusal (noncommittal), so 0 as in RAGAS."
	}
	r := offlineRelevancy(q.Question, a.Text, answerSources(a, retrieved))
	return measured(r.Score), r.evidence()
}

// answerSources are the titles of the passages the answer's sentences
// were taken from.
func answerSources(a Answer, retrieved []Passage) []string {
	var sources []string
	seen := map[string]bool{}
	for _, s := range sentences(a.Text) {
		for _, p := range retrieved {
			if p.Title != "" && !seen[p.Title] && strings.Contains(p.Text, s) {
				seen[p.Title] = true
				sources = append(sources, p.Title)
			}
		}
	}
	return sources
}
