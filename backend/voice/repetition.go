package voice

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// repetition flags a word written twice in a row ("the the").
type repetition struct {
	definition `yaml:",inline"`
}

func (r *repetition) compile(*yaml.Node) []LineError { return nil }

func (r *repetition) check(d *draft) []Issue {
	ex := r.exceptionsIn(d.Text)
	var out []Issue
	words := wordSpans(d.Masked)
	for i := 1; i < len(words); i++ {
		a, b := words[i-1], words[i]
		gap := d.Masked[a[1]:b[0]]
		if strings.TrimSpace(gap) != "" || strings.Count(gap, "\n") > 1 {
			continue
		}
		if !strings.EqualFold(d.Masked[a[0]:a[1]], d.Masked[b[0]:b[1]]) || ex.covers(a[0], b[1]) {
			continue
		}
		w := d.Text[a[0]:a[1]]
		out = append(out, r.issue(d, a[0], b[1], fmt.Sprintf("%s is written twice in a row.", quote(w)), w, true))
	}
	return out
}
