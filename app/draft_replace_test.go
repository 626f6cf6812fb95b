package app

import (
	"errors"
	"testing"

	"continuity/backend/workdraft"
)

// Opening a sample over a typed draft keeps the typed one; Undo brings it
// back, and the offer is still there for a new session (a restart).
func TestReplaceWorkingDraftOffersUndo(t *testing.T) {
	t.Parallel()
	data, ws := t.TempDir(), checkWorkspace(t)
	svc := draftService(t, data, ws)
	if _, err := svc.SaveWorkingDraft("My refund draft has six words.", "", 4); err != nil {
		t.Fatal(err)
	}
	r, err := svc.ReplaceWorkingDraft("# Sample\n\nText.", "pricing.md", "pricing.md")
	if err != nil {
		t.Fatal(err)
	}
	if r.Draft.FileName != "pricing.md" || r.Replaced == nil || r.Replaced.Words != 6 || r.Replaced.By != "pricing.md" || r.Replaced.ReplacedAt == "" {
		t.Fatalf("replacement %+v (kept %+v)", r, r.Replaced)
	}

	restarted := draftService(t, data, ws)
	kept, err := restarted.ReplacedDraft()
	if err != nil || kept == nil || kept.Text != "My refund draft has six words." {
		t.Fatalf("after a restart the kept draft is %+v, %v", kept, err)
	}
	back, err := restarted.UndoReplacement("your earlier draft")
	if err != nil || back.Draft.Text != "My refund draft has six words." || back.Draft.Cursor != 4 || back.Replaced != nil {
		t.Fatalf("undo: %+v, %v", back, err)
	}
	if kept, _ := restarted.ReplacedDraft(); kept != nil {
		t.Fatalf("undone, still kept: %+v", kept)
	}
	if _, err := restarted.UndoReplacement("x"); !errors.Is(err, workdraft.ErrNothingReplaced) {
		t.Fatalf("undo twice: %v", err)
	}
	// a sample opened over an untouched sample keeps nothing to undo
	if _, err := restarted.ReplaceWorkingDraft("One.", "a.md", "a.md"); err != nil {
		t.Fatal(err)
	}
	if err := restarted.DropReplacedDraft(); err != nil {
		t.Fatal(err)
	}
	if r, err := restarted.ReplaceWorkingDraft("Two.", "b.md", "b.md"); err != nil || r.Replaced != nil {
		t.Fatalf("over an untouched file: %+v, %v", r, err)
	}
}
