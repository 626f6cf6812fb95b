package main

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"continuity/backend/claims"
)

// citedReportPath is the report `make verdict-report` writes next to the
// tables in docs/benchmarks.md.
const citedReportPath = "../../docs/verdict-report.json"

// Every contradicted verdict on every benchmark set cites a sentence
// about the claim's own subject: the quote shares a subject word of the
// claim (or of its resolved form), or most of its content words.
func TestNoContradictionCitesAnotherSubject(t *testing.T) {
	b, err := os.ReadFile(citedReportPath)
	if err != nil {
		t.Fatalf("read the report (run `make verdict-report`): %v", err)
	}
	var rep citedReport
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatalf("parse %s: %v", citedReportPath, err)
	}
	for _, want := range defaultSets {
		if !slices.Contains(rep.Sets, want) {
			t.Errorf("the report has no %s set; sets %v", want, rep.Sets)
		}
	}
	for _, c := range rep.Cited {
		if c.Quote == "" {
			t.Errorf("%s: contradicted %q cites nothing", c.Set, c.Claim)
			continue
		}
		if !sameSubject(c) {
			t.Errorf("%s: contradicted %q cites a sentence about another subject: %q (subject words %v)", c.Set, c.Claim, c.Quote, claims.SubjectWords(c.Claim))
		}
	}
	t.Logf("%d contradicted verdicts checked over %v (%s)", len(rep.Cited), rep.Sets, rep.Engine)
}

func sameSubject(c citedVerdict) bool {
	quote := claims.Stems(c.Quote)
	for _, text := range []string{c.Claim, c.Resolved} {
		for _, w := range claims.SubjectWords(text) {
			if quote[w] {
				return true
			}
		}
		stems, shared := claims.Stems(text), 0
		for w := range stems {
			if quote[w] {
				shared++
			}
		}
		if len(stems) > 0 && 2*shared >= len(stems) {
			return true
		}
	}
	return false
}
