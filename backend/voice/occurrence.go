package voice

import (
	"fmt"
	"regexp"

	"gopkg.in/yaml.v3"
)

// occurrence limits how often something may appear in a piece, e.g. at
// most one exclamation mark. Every occurrence past Max is an issue whose
// passage is the sentence that holds it.
type occurrence struct {
	definition `yaml:",inline"`
	Token      string `yaml:"token"`   // literal text
	Pattern    string `yaml:"pattern"` // or an RE2 regular expression
	Max        *int   `yaml:"max"`     // occurrences allowed per piece

	re *regexp.Regexp
}

func (r *occurrence) compile(n *yaml.Node) []LineError {
	var errs []LineError
	switch {
	case (r.Token == "") == (r.Pattern == ""):
		errs = append(errs, LineError{n.Line, "occurrence needs exactly one of token or pattern"})
	case r.Token != "":
		r.re = regexp.MustCompile(regexp.QuoteMeta(r.Token))
	default:
		re, err := compilePattern(r.Pattern)
		if err != nil {
			errs = append(errs, LineError{lineOf(n, "pattern"), err.Error()})
		}
		r.re = re
	}
	if r.Max == nil || *r.Max < 0 {
		errs = append(errs, LineError{lineOf(n, "max"), "max must be a whole number ≥ 0"})
	}
	return errs
}

func (r *occurrence) check(d *draft) []Issue {
	ex := r.exceptionsIn(d.Text)
	var out []Issue
	seen := 0
	for _, m := range r.re.FindAllStringIndex(d.Masked, -1) {
		if m[1] == m[0] || ex.covers(m[0], m[1]) {
			continue
		}
		seen++
		if seen <= *r.Max {
			continue
		}
		s, e := m[0], m[1]
		if sent, ok := d.sentenceAt(m[0]); ok {
			s, e = sent.Start, max(sent.End, m[1])
		}
		what := quote(d.Text[m[0]:m[1]])
		out = append(out, r.issue(d, s, e,
			fmt.Sprintf("This is %s number %d; the guide allows at most %d per piece.", what, seen, *r.Max),
			fmt.Sprintf("Rewrite the sentence without %s.", what), false))
	}
	return out
}
