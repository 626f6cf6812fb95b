package main

import (
	"encoding/json"
	"fmt"
	"os"

	"continuity/backend/claims"
)

// citedVerdict is one contradicted verdict with the sentence it cites: the
// report's record of what a writer would be told is wrong and why.
type citedVerdict struct {
	Set         string `json:"set"`
	Claim       string `json:"claim"`
	Resolved    string `json:"resolved,omitempty"`
	DocID       string `json:"doc_id"`
	Quote       string `json:"quote"`
	Explanation string `json:"explanation"`
}

// cite keeps every contradicted verdict of rs.
func (r *setResult) cite(rs ...claims.Result) {
	for _, x := range rs {
		if x.Verdict != claims.Contradicted {
			continue
		}
		c := citedVerdict{Claim: x.Text, Resolved: x.Resolved, Explanation: x.Explanation}
		if len(x.Evidence) > 0 {
			c.DocID, c.Quote = x.Evidence[0].DocID, x.Evidence[0].Quote
		}
		r.Cited = append(r.Cited, c)
	}
}

// citedReport is the -json file: every set's contradicted verdicts, which
// TestNoContradictionCitesAnotherSubject reads.
type citedReport struct {
	Engine string         `json:"engine"`
	Sets   []string       `json:"sets"`
	Cited  []citedVerdict `json:"contradicted"`
}

func writeCited(path, engine string, rs []setResult) error {
	rep := citedReport{Engine: engine, Cited: []citedVerdict{}}
	for _, r := range rs {
		rep.Sets = append(rep.Sets, r.Name)
		for _, c := range r.Cited {
			c.Set = r.Name
			rep.Cited = append(rep.Cited, c)
		}
	}
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
