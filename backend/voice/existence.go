package voice

import (
	"fmt"
	"regexp"

	"gopkg.in/yaml.v3"
)

// existence flags words and phrases the guide says to avoid.
type existence struct {
	definition `yaml:",inline"`
	Tokens     []string `yaml:"tokens"`   // literal words or phrases, matched at word boundaries
	Patterns   []string `yaml:"patterns"` // RE2 regular expressions, used as written

	tokens   []wordPattern
	patterns []*regexp.Regexp
}

func (r *existence) compile(n *yaml.Node) []LineError {
	var errs []LineError
	if len(r.Tokens)+len(r.Patterns) == 0 {
		errs = append(errs, LineError{n.Line, "existence needs tokens or patterns"})
	}
	for i, t := range r.Tokens {
		re, err := literalPattern(t, r.CaseSensitive)
		if err != nil {
			errs = append(errs, LineError{itemLine(n, "tokens", i), fmt.Sprintf("token %d: %v", i+1, err)})
			continue
		}
		r.tokens = append(r.tokens, re)
	}
	for i, p := range r.Patterns {
		re, err := compilePattern(p)
		if err != nil {
			errs = append(errs, LineError{itemLine(n, "patterns", i), err.Error()})
			continue
		}
		r.patterns = append(r.patterns, re)
	}
	return errs
}

func (r *existence) check(d *draft) []Issue {
	ex := r.exceptionsIn(d.Text)
	var out []Issue
	add := func(s, e int) {
		if ex.covers(s, e) {
			return
		}
		p := d.Text[s:e]
		out = append(out, r.issue(d, s, e,
			fmt.Sprintf("%s is on the guide's list of words to avoid.", quote(p)),
			fmt.Sprintf("Remove %s or say it another way.", quote(p)), false))
	}
	for _, re := range r.tokens {
		for _, m := range findWords(re, d) {
			add(m[0], m[1])
		}
	}
	for _, re := range r.patterns {
		for _, m := range re.FindAllStringIndex(d.Masked, -1) {
			if m[1] > m[0] {
				add(m[0], m[1])
			}
		}
	}
	return out
}

func compilePattern(p string) (*regexp.Regexp, error) {
	re, err := regexp.Compile(p)
	if err != nil {
		return nil, fmt.Errorf("invalid pattern %q: %w", p, err)
	}
	if re.MatchString("") {
		return nil, fmt.Errorf("pattern %q matches empty text", p)
	}
	return re, nil
}
