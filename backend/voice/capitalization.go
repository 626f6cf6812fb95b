package voice

import (
	"fmt"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// capitalization flags product and brand names written any other way than
// their canonical spelling ("TallyHub" for "Tallyhub") and suggests it.
type capitalization struct {
	definition `yaml:",inline"`
	Terms      []string            `yaml:"terms"`    // canonical spellings
	Variants   map[string][]string `yaml:"variants"` // canonical term → further wrong spellings, e.g. "Tally Hub"

	forms []termForm
}

type termForm struct {
	term string
	re   wordPattern
}

func (r *capitalization) compile(n *yaml.Node) []LineError {
	var errs []LineError
	if len(r.Terms) == 0 {
		errs = append(errs, LineError{n.Line, "capitalization needs terms"})
	}
	known := map[string]bool{}
	for i, t := range r.Terms {
		if strings.TrimSpace(t) == "" {
			errs = append(errs, LineError{itemLine(n, "terms", i), "empty term"})
			continue
		}
		known[t] = true
		// Spaces inside a term also match none or a hyphen: "TallyhubGo".
		re, err := compileWords(strings.Fields(t), `[ \t-]*`, false)
		if err != nil {
			errs = append(errs, LineError{itemLine(n, "terms", i), fmt.Sprintf("term %q: %v", t, err)})
			continue
		}
		r.forms = append(r.forms, termForm{t, re})
	}
	vnode := valueNode(n, "variants")
	for term, vs := range r.Variants {
		if !known[term] {
			line := n.Line
			if vnode != nil {
				line = vnode.Line
			}
			errs = append(errs, LineError{line, fmt.Sprintf("variants for %q, which is not in terms", term)})
			continue
		}
		for _, v := range vs {
			re, err := literalPattern(v, false)
			if err != nil {
				errs = append(errs, LineError{vnode.Line, fmt.Sprintf("variant of %q: %v", term, err)})
				continue
			}
			r.forms = append(r.forms, termForm{term, re})
		}
	}
	sort.SliceStable(r.forms, func(i, j int) bool { return len(r.forms[i].term) > len(r.forms[j].term) })
	return errs
}

func (r *capitalization) check(d *draft) []Issue {
	ex := r.exceptionsIn(d.Text)
	type hit struct {
		s, e int
		term string
	}
	var hits []hit
	for _, f := range r.forms {
		for _, m := range findWords(f.re, d) {
			hits = append(hits, hit{m[0], m[1], f.term})
		}
	}
	// The longest match at a place wins: "TallyHub Go" is one issue, not two.
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].s != hits[j].s {
			return hits[i].s < hits[j].s
		}
		return hits[i].e > hits[j].e
	})
	var out []Issue
	taken := spanSet{}
	for _, h := range hits {
		if !taken.claim(h.s, h.e) {
			continue
		}
		p := d.Text[h.s:h.e]
		if p == h.term || ex.covers(h.s, h.e) {
			continue
		}
		out = append(out, r.issue(d, h.s, h.e, fmt.Sprintf("The name is written %s.", quote(h.term)), h.term, true))
	}
	return out
}
