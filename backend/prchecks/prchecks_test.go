package prchecks

import (
	"context"
	"path/filepath"
	"testing"

	"continuity/backend/changed"
	"continuity/backend/check"
	"continuity/backend/store"
)

func TestRecordedChecksListNewestFirstPerWorkspace(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	a, err := NewRepo(ctx, db, "ws-a")
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewRepo(ctx, db, "ws-b")
	if err != nil {
		t.Fatal(err)
	}
	for i, ref := range []string{"pr-1", "pr-2"} {
		rep := changed.Report{Base: "abc123", Files: []changed.FileReport{}, Summary: check.JSONSummary{Contradicted: i}}
		if _, err := a.Record(ctx, "ci", ref, rep); err != nil {
			t.Fatal(err)
		}
	}
	got, err := a.List(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Ref != "pr-2" || got[0].Contradicted != 1 || got[0].Report.Base != "abc123" || got[0].CreatedBy != "ci" {
		t.Fatalf("ws-a: %+v", got)
	}
	if other, err := b.List(ctx, 10); err != nil || len(other) != 0 {
		t.Fatalf("ws-b sees %d of ws-a's checks (%v)", len(other), err)
	}
}
