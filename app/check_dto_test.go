package app

import (
	"encoding/json"
	"strings"
	"testing"

	"continuity/backend/check"
)

func TestCheckClaimDTOCarriesResolvedAndConfidence(t *testing.T) {
	t.Parallel()
	conf := 0.72
	cases := []struct {
		name         string
		claim        check.Claim
		wantResolved string
		wantJSON     string // a fragment of the claim's JSON
		absent       string
	}{
		{"measured and resolved", check.Claim{Text: "It runs on iPhones.", Resolved: "Tallyhub Go runs on iPhones.", Confidence: &conf},
			"Tallyhub Go runs on iPhones.", `"resolved":"Tallyhub Go runs on iPhones.","confidence":0.72`, ""},
		{"not measured (an old record or the LLM)", check.Claim{Text: "Refunds take 14 days."}, "", `"resolved":""`, `"confidence"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dto := toCheckReportDTO(check.Record{Report: check.Report{Claims: []check.Claim{c.claim}}}).Claims[0]
			if dto.Text != c.claim.Text || dto.Resolved != c.wantResolved || (dto.Confidence == nil) != (c.claim.Confidence == nil) {
				t.Fatalf("dto %+v", dto)
			}
			b, err := json.Marshal(dto)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), c.wantJSON) || (c.absent != "" && strings.Contains(string(b), c.absent)) {
				t.Fatalf("json %s: want %s, without %q", b, c.wantJSON, c.absent)
			}
		})
	}
}
