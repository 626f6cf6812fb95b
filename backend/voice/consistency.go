package voice

import (
	"fmt"

	"gopkg.in/yaml.v3"
)

// consistency wants one spelling variant per piece: when both words of a
// pair appear, the less used one (on a tie, the one used second) is flagged
// and the other suggested.
type consistency struct {
	definition `yaml:",inline"`
	Either     yaml.Node `yaml:"either"` // mapping: variant: other variant

	pairs []variantPair
}

type variantPair struct {
	a, b     string
	reA, reB wordPattern
}

func (r *consistency) compile(n *yaml.Node) []LineError {
	pairs, perr := stringPairs(&r.Either, "either", n.Line)
	if perr != nil {
		return []LineError{*perr}
	}
	var errs []LineError
	for i, kv := range pairs {
		reA, errA := literalPattern(kv[0], r.CaseSensitive)
		reB, errB := literalPattern(kv[1], r.CaseSensitive)
		if errA != nil || errB != nil || kv[0] == kv[1] {
			errs = append(errs, LineError{itemLine(n, "either", i), fmt.Sprintf("either %q: %q is not a pair of two different words", kv[0], kv[1])})
			continue
		}
		r.pairs = append(r.pairs, variantPair{kv[0], kv[1], reA, reB})
	}
	return errs
}

func (r *consistency) check(d *draft) []Issue {
	ex := r.exceptionsIn(d.Text)
	var out []Issue
	for _, p := range r.pairs {
		as, bs := r.hits(p.reA, d, ex), r.hits(p.reB, d, ex)
		if len(as) == 0 || len(bs) == 0 {
			continue
		}
		flag, keep := bs, p.a
		if len(as) < len(bs) || (len(as) == len(bs) && as[0][0] > bs[0][0]) {
			flag, keep = as, p.b
		}
		for _, m := range flag {
			w := d.Text[m[0]:m[1]]
			out = append(out, r.issue(d, m[0], m[1],
				fmt.Sprintf("This piece also writes %s; use one spelling throughout.", quote(keep)), matchCase(w, keep), true))
		}
	}
	return out
}

func (r *consistency) hits(re wordPattern, d *draft, ex *exceptionSet) [][2]int {
	var out [][2]int
	for _, m := range findWords(re, d) {
		if !ex.covers(m[0], m[1]) {
			out = append(out, m)
		}
	}
	return out
}
