package voice

import (
	"fmt"
	"sort"

	"gopkg.in/yaml.v3"
)

// substitution flags a word the guide replaces with another ("use, not
// utilize") and suggests the replacement.
type substitution struct {
	definition `yaml:",inline"`
	Swap       yaml.Node `yaml:"swap"` // mapping: word or phrase to avoid → preferred wording, in order

	swaps []swap
}

type swap struct {
	from string
	re   wordPattern
	to   string
}

func (r *substitution) compile(n *yaml.Node) []LineError {
	var errs []LineError
	pairs, perr := stringPairs(&r.Swap, "swap", n.Line)
	if perr != nil {
		return []LineError{*perr}
	}
	for i, kv := range pairs {
		re, err := literalPattern(kv[0], r.CaseSensitive)
		if err != nil {
			errs = append(errs, LineError{itemLine(n, "swap", i), fmt.Sprintf("swap %q: %v", kv[0], err)})
			continue
		}
		r.swaps = append(r.swaps, swap{from: kv[0], re: re, to: kv[1]})
	}
	// Longer phrases first, so "log in to" is not claimed by "log in".
	sort.SliceStable(r.swaps, func(i, j int) bool { return len(r.swaps[i].from) > len(r.swaps[j].from) })
	return errs
}

func (r *substitution) check(d *draft) []Issue {
	ex := r.exceptionsIn(d.Text)
	var out []Issue
	taken := spanSet{}
	for _, s := range r.swaps {
		for _, m := range findWords(s.re, d) {
			if ex.covers(m[0], m[1]) || !taken.claim(m[0], m[1]) {
				continue
			}
			p := d.Text[m[0]:m[1]]
			to := matchCase(p, s.to)
			out = append(out, r.issue(d, m[0], m[1],
				fmt.Sprintf("The guide prefers %s to %s.", quote(s.to), quote(s.from)), to, true))
		}
	}
	return out
}

// stringPairs reads a YAML mapping of strings, keeping document order.
// ruleLine locates the error when key is missing.
func stringPairs(n *yaml.Node, key string, ruleLine int) ([][2]string, *LineError) {
	if n.Kind == 0 {
		return nil, &LineError{ruleLine, key + " is required"}
	}
	if n.Kind != yaml.MappingNode || len(n.Content) == 0 {
		return nil, &LineError{n.Line, key + " must be a non-empty mapping of word: other word"}
	}
	out := make([][2]string, 0, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode || v.Kind != yaml.ScalarNode {
			return nil, &LineError{k.Line, key + ": want word: other word"}
		}
		out = append(out, [2]string{k.Value, v.Value})
	}
	return out, nil
}

// spanSet keeps matches from overlapping; the first claim wins.
type spanSet [][2]int

func (s *spanSet) claim(start, end int) bool {
	for _, x := range *s {
		if start < x[1] && x[0] < end {
			return false
		}
	}
	*s = append(*s, [2]int{start, end})
	return true
}
