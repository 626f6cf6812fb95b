package stored

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"continuity/backend/store"
)

// A workspace's threshold is saved, read back, kept apart from another
// workspace's and removed by Reset, in a real SQLite file.
func TestSaveLoadReset(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	th := Threshold{Model: "offline-6+verdict-v1-abc", Threshold: 0.5, DefaultThreshold: 0.625, Changes: 7, Pairs: 21,
		CreatedAt: time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC)}
	if err := Save(ctx, db, "ws1", th); err != nil {
		t.Fatal(err)
	}
	got, ok, err := Load(ctx, db, "ws1")
	if err != nil || !ok || got != th {
		t.Fatalf("Load = %+v %v %v, want %+v", got, ok, err, th)
	}
	if _, ok, err := Load(ctx, db, "ws2"); err != nil || ok {
		t.Fatalf("other workspace: ok=%v err=%v", ok, err)
	}
	if removed, err := Reset(ctx, db, "ws1"); err != nil || !removed {
		t.Fatalf("Reset = %v %v", removed, err)
	}
	if _, ok, _ := Load(ctx, db, "ws1"); ok {
		t.Fatal("threshold still there after Reset")
	}
	if err := Save(ctx, db, "ws1", Threshold{Threshold: 1.5}); !errors.Is(err, ErrInvalid) {
		t.Fatalf("threshold 1.5: %v, want ErrInvalid", err)
	}
}
