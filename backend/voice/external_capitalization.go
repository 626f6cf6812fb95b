package voice

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Case styles an external capitalization rule can ask for.
const (
	CaseTitle    = "$title"
	CaseSentence = "$sentence"
	CaseLower    = "$lower"
	CaseUpper    = "$upper"
)

// externalCapitalization checks that each scope unit as a whole (usually a
// heading) is written in one case style (Vale's capitalization). A unit is
// correct when at least Threshold of its words are.
type externalCapitalization struct {
	external
	match      string
	pattern    *regexp.Regexp // when match is not a $style
	indicators []string
	threshold  float64
}

// NewCapitalization compiles a capitalization rule; match is one of the
// Case constants or a pattern the whole unit must match.
func NewCapitalization(s Spec, match string, pattern *regexp.Regexp, indicators []string, threshold float64) ExternalRule {
	if threshold <= 0 {
		threshold = 0.8
	}
	return ExternalRule{&externalCapitalization{external: newExternal(s), match: match, pattern: pattern, indicators: indicators, threshold: threshold}}
}

func (r *externalCapitalization) check(d *draft) []Issue {
	var out []Issue
	for _, u := range r.units(d) {
		txt := u.text[u.Start:u.End]
		// A unit that opens with code (blanked in Masked) has no first word
		// to capitalise.
		ls := strings.LastIndexByte(d.Text[:u.Start], '\n') + 1
		codeFirst := strings.Contains(d.Text[ls:u.Start], "`") || strings.HasPrefix(d.Text[u.Start:u.End], "`")
		if r.ok(strings.TrimSpace(txt), codeFirst) {
			continue
		}
		t := d.Text[u.Start:u.End]
		out = append(out, r.alert(d, u.Start, u.End, "", false, t))
	}
	return out
}

func (r *externalCapitalization) ok(s string, codeFirst bool) bool {
	switch r.match {
	case CaseLower:
		return s == strings.ToLower(s)
	case CaseUpper:
		return s == strings.ToUpper(s)
	case CaseSentence:
		return r.sentenceCase(s, codeFirst)
	case CaseTitle:
		return r.titleCase(s)
	}
	return r.pattern.MatchString(s) || r.excepted(s)
}

func (r *externalCapitalization) sentenceCase(s string, codeFirst bool) bool {
	words := strings.Fields(s)
	if len(words) == 0 {
		return true
	}
	good, prev := 0, ""
	for i, w := range words {
		first, _ := utf8.DecodeRuneInString(w)
		switch {
		case w == strings.ToUpper(w) || r.excepted(w) || r.exceptedPhrase(s, w):
			good++
		case i == 0 && !codeFirst:
			if !unicode.IsUpper(first) {
				return false
			}
			good++
		case r.indicated(prev) || w == strings.ToLower(w):
			good++
		}
		prev = w
	}
	return float64(good)/float64(len(words)) >= r.threshold
}

// exceptedPhrase reports whether w is part of a multi-word exception that
// appears in s ("Axon Server").
func (r *externalCapitalization) exceptedPhrase(s, w string) bool {
	if r.spec.Except == nil {
		return false
	}
	for _, m := range r.spec.Except.FindAllString(s, -1) {
		if strings.Contains(m, " ") && strings.Contains(m, w) {
			return true
		}
	}
	return false
}

func (r *externalCapitalization) indicated(prev string) bool {
	for _, ind := range r.indicators {
		if prev != "" && strings.HasSuffix(prev, ind) {
			return true
		}
	}
	return false
}

// smallWords stay lowercase inside a title (AP style).
var smallWords = map[string]bool{"a": true, "an": true, "and": true, "as": true, "at": true, "but": true, "by": true,
	"for": true, "if": true, "in": true, "nor": true, "of": true, "off": true, "on": true, "or": true, "per": true,
	"so": true, "the": true, "to": true, "up": true, "via": true, "vs": true, "yet": true}

func (r *externalCapitalization) titleCase(s string) bool {
	words := strings.Fields(s)
	if len(words) == 0 {
		return true
	}
	good := 0
	for i, w := range words {
		first, _ := utf8.DecodeRuneInString(w)
		inner := i > 0 && i < len(words)-1
		switch {
		case r.excepted(w) || r.exceptedPhrase(s, w) || !unicode.IsLetter(first):
			good++
		case inner && smallWords[strings.ToLower(w)]:
			if w == strings.ToLower(w) {
				good++
			}
		case unicode.IsUpper(first):
			good++
		}
	}
	return float64(good)/float64(len(words)) >= r.threshold
}
