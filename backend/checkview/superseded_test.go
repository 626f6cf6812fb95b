package checkview

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"continuity/backend/check"
)

func TestClaimCarriesSuperseded(t *testing.T) {
	t.Parallel()
	v := &check.SupersededVersion{Text: "Refunds within 14 days.", DocID: "refunds", Title: "Refunds",
		Until: time.Date(2026, 3, 12, 9, 0, 0, 0, time.UTC), Commit: "1a2b3c4d", Message: "New refund policy", Current: "Refunds within 30 days."}
	cases := []struct {
		name, want, absent string
		sup                *check.SupersededVersion
	}{
		{"named", `"superseded":{"text":"Refunds within 14 days.","doc_id":"refunds","title":"Refunds","until":"2026-03-12T09:00:00Z","commit":"1a2b3c4d","message":"New refund policy","current":"Refunds within 30 days."}`, "", v},
		{"none (an old record, or no change)", `"differs":""`, `"superseded"`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dto := FromRecord(check.Record{Report: check.Report{Claims: []check.Claim{{Verdict: "contradicted", Superseded: c.sup}}}}).Claims[0]
			b, err := json.Marshal(dto)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), c.want) || (c.absent != "" && strings.Contains(string(b), c.absent)) {
				t.Fatalf("json %s: want %s, without %q", b, c.want, c.absent)
			}
		})
	}
}
