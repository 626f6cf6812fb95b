package checkview

import (
	"encoding/json"
	"strings"
	"testing"

	"continuity/backend/check"
)

func TestClaimCarriesResolvedAndConfidence(t *testing.T) {
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
			dto := FromRecord(check.Record{Report: check.Report{Claims: []check.Claim{c.claim}}}).Claims[0]
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

func TestReportCarriesVoiceAndDismissals(t *testing.T) {
	t.Parallel()
	score := 75.0
	rec := check.Record{Report: check.Report{Claims: []check.Claim{{Text: "a"}, {Text: "b"}}, VoiceScore: &score,
		Voice: []check.VoiceIssue{{Passage: "TallyHub", Rule: "product-names", Suggestion: "Tallyhub", Concrete: true, Level: "required"}, {Passage: "simply"}}},
		Dismissed: map[check.Finding]check.Dismissal{{Kind: check.KindClaim, Index: 1}: {Reason: "Intended"}, {Kind: check.KindVoice, Index: 1}: {Reason: "Quote"}}}
	dto := FromRecord(rec)
	if dto.VoiceBand != "yellow" || dto.VoiceLabel != "Needs work" {
		t.Errorf("band %q label %q", dto.VoiceBand, dto.VoiceLabel)
	}
	if c := dto.Claims; c[0].Dismissed || !c[1].Dismissed || c[1].DismissReason != "Intended" {
		t.Errorf("claims %+v", c)
	}
	if v := dto.Voice; v[0].Index != 0 || !v[0].Concrete || v[0].Dismissed || v[1].Index != 1 || !v[1].Dismissed || v[1].DismissReason != "Quote" {
		t.Errorf("voice %+v", v)
	}
	cases := []struct {
		score       float64
		band, label string
	}{{90, "green", "On voice"}, {89.9, "yellow", "Needs work"}, {70, "yellow", "Needs work"}, {12, "red", "Off voice"}}
	for _, c := range cases {
		if b, l := voiceBand(c.score); b != c.band || l != c.label {
			t.Errorf("voiceBand(%v) = %s %s, want %s %s", c.score, b, l, c.band, c.label)
		}
	}
}

func TestClaimCarriesClosestAndDiffers(t *testing.T) {
	t.Parallel()
	closest := &check.Evidence{DocID: "remote-work", ChunkID: "remote-work#2", Title: "Remote work", Quote: "up to $75 per month",
		URL: "https://example.com/remote", ChunkText: "Employees can claim up to $75 per month."}
	cases := []struct {
		name     string
		claim    check.Claim
		wantJSON string // a fragment of the claim's JSON
		absent   string
	}{
		{"closest and differs", check.Claim{Verdict: "not_covered", Closest: closest, Differs: "closest published: $75 per month"},
			`"closest":{"doc_id":"remote-work","chunk_id":"remote-work#2","title":"Remote work","quote":"up to $75 per month","url":"https://example.com/remote","chunk_text":"Employees can claim up to $75 per month."},"differs":"closest published: $75 per month"`, ""},
		{"neither (an old record, or another verdict)", check.Claim{Verdict: "not_covered"}, `"differs":""`, `"closest"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dto := FromRecord(check.Record{Report: check.Report{Claims: []check.Claim{c.claim}}}).Claims[0]
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
