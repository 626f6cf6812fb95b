package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"continuity/backend/check"
)

// The --json contract per claim: every field it had, plus "resolved"
// (absent when nothing was resolved) and "confidence" (null when not
// measured).
func TestCheckJSONResolvedAndConfidence(t *testing.T) {
	t.Parallel()
	conf := 0.875
	cases := []struct {
		name           string
		claim          check.Claim
		wantResolved   any // absent: nil
		wantConfidence any
	}{
		{"resolved and measured", check.Claim{Paragraph: 1, Text: "It runs on iPhones.", Resolved: "Tallyhub Go runs on iPhones.", Confidence: &conf},
			"Tallyhub Go runs on iPhones.", 0.875},
		{"nothing resolved, not measured", check.Claim{Paragraph: 0, Text: "Tallyhub Go runs on iPhones."}, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.claim.Verdict, c.claim.Flags = "supported", []string{}
			b, err := json.Marshal(contractJSON(check.Report{Engine: "offline", Claims: []check.Claim{c.claim}}))
			if err != nil {
				t.Fatal(err)
			}
			var v struct {
				Claims []map[string]any `json:"claims"`
			}
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			got := v.Claims[0]
			for _, k := range []string{"paragraph", "text", "start", "end", "verdict", "explanation", "evidence", "flags", "confidence"} {
				if _, ok := got[k]; !ok {
					t.Errorf("claim lacks %q: %s", k, b)
				}
			}
			if r, ok := got["resolved"]; ok != (c.wantResolved != nil) || (ok && r != c.wantResolved) {
				t.Errorf("resolved %v (present %v), want %v", r, ok, c.wantResolved)
			}
			if got["confidence"] != c.wantConfidence {
				t.Errorf("confidence %v, want %v", got["confidence"], c.wantConfidence)
			}
			if got["paragraph"] != float64(c.claim.Paragraph) {
				t.Errorf("paragraph %v, want the 0-based index %d", got["paragraph"], c.claim.Paragraph)
			}
		})
	}
}

func TestCheckTextShowsTheResolvedHintAndConfidence(t *testing.T) {
	t.Parallel()
	conf := 0.62
	rep := check.Report{Engine: "offline", Claims: []check.Claim{
		{Text: "It runs on iPhones.", Resolved: "Tallyhub Go runs on iPhones.", Verdict: "supported", Confidence: &conf},
		{Text: "Refunds take 14 days.", Verdict: "not_covered"},
	}}
	var b bytes.Buffer
	writeCheckText(&b, rep)
	out := b.String()
	for _, want := range []string{"✓ SUPPORTED    (62%)  It runs on iPhones.", "read as: Tallyhub Go runs on iPhones.", "? NOT COVERED   Refunds take 14 days."} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
}
