package app

import (
	"testing"
)

// A check of the saved working draft names the draft version it checked,
// in the job's result and in the stored record; a check of other text
// (a sample draft opened read-only, a paste never saved) names none.
func TestCheckLinksTheWorkingDraftVersion(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		saved   []string // working-draft texts saved in order
		checked string
		want    int64
	}{
		{"the working draft, first version", []string{voiceAndClaimsDraft}, voiceAndClaimsDraft, 1},
		{"the working draft after an edit", []string{"# Refunds\n\nDraft.\n", voiceAndClaimsDraft}, voiceAndClaimsDraft, 2},
		{"text that is not the working draft", []string{"# Refunds\n\nDraft.\n"}, voiceAndClaimsDraft, 0},
		{"no working draft saved", nil, voiceAndClaimsDraft, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rec := &recorder{}
			svc := checkService(t, rec)
			drafts := &DraftService{c: svc.c}
			for _, text := range c.saved {
				if _, err := drafts.SaveWorkingDraft(text, "refunds.md", 0); err != nil {
					t.Fatal(err)
				}
			}
			done := runCheckJob(t, svc, rec, c.checked, "offline")
			dto, ok := done.Result.(CheckReportDTO)
			if !done.OK || !ok {
				t.Fatalf("check job: %+v", done)
			}
			if dto.DraftVersion != c.want {
				t.Fatalf("job result names draft version %d, want %d", dto.DraftVersion, c.want)
			}
			stored, err := svc.GetCheck(dto.ID)
			if err != nil || stored.DraftVersion != c.want {
				t.Fatalf("stored check names draft version %d (%v), want %d", stored.DraftVersion, err, c.want)
			}
		})
	}
}
