package golden

import (
	"context"
	"errors"
	"sync"
	"testing"
)

func TestAnEditOfAnOldVersionSavesNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r, base := billingWithOneRow(t)
	var err error
	if _, err := r.UpdateCellAt(ctx, "Billing", base, "Q001", FieldApprovedAnswer, "14 days", "ana"); err != nil {
		t.Fatal(err)
	}
	_, err = r.UpdateCellAt(ctx, "Billing", base, "Q001", FieldApprovedAnswer, "30 days", "bo")
	var ce *ConflictError
	if !errors.As(err, &ce) || !errors.Is(err, ErrConflict) || ce.Base != base || ce.Current != base+1 {
		t.Fatalf("edit of version %d after another edit: %v, want a conflict naming %d and %d", base, err, base, base+1)
	}
	rows, err := r.Rows(ctx, "Billing")
	if err != nil || rows[0].ApprovedAnswer != "14 days" {
		t.Fatalf("after the refused edit: %+v %v", rows, err)
	}
	if _, err := r.UpdateCellAt(ctx, "Billing", 0, "Q001", FieldOwner, "x", "bo"); !errors.Is(err, ErrInvalid) {
		t.Fatalf("base version 0: %v, want ErrInvalid", err)
	}
}

func TestConcurrentEditsOfOneVersionSaveExactlyOne(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := newRepo(t)
	if _, err := r.Create(ctx, "Billing", "", "ana"); err != nil {
		t.Fatal(err)
	}
	_, set, err := r.AddRow(ctx, "Billing", Row{Question: "Q?", Category: Routine}, "ana")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	saved, refused := 0, 0
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := r.UpdateCellAt(ctx, "Billing", set.Version, "Q001", FieldOwner, string(rune('a'+i)), "ed")
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				saved++
			case errors.Is(err, ErrConflict):
				refused++
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if saved != 1 || refused != 7 {
		t.Fatalf("8 edits of version %d: %d saved, %d refused; want 1 and 7", set.Version, saved, refused)
	}
}

func TestDeleteAndRestoreOfAnOldVersionSaveNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name string
		at   func(r *Repo, base int) (Set, error)
	}{
		{"delete a row", func(r *Repo, base int) (Set, error) { return r.DeleteRowAt(ctx, "Billing", base, "Q001", "bo") }},
		{"restore version 1", func(r *Repo, base int) (Set, error) { return r.RestoreAt(ctx, "Billing", base, 1, "bo") }},
		{"delete the set", func(r *Repo, base int) (Set, error) {
			if err := r.DeleteAt(ctx, "Billing", base); err != nil {
				return Set{}, err
			}
			return Set{Version: base + 1}, nil // a deleted set has no version; the case checks it is gone below
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r, base := billingWithOneRow(t)
			if _, err := r.UpdateCellAt(ctx, "Billing", base, "Q001", FieldApprovedAnswer, "14 days", "ana"); err != nil {
				t.Fatal(err)
			}
			if _, err := tc.at(r, base); !errors.Is(err, ErrConflict) {
				t.Fatalf("at version %d after another edit: %v, want a conflict", base, err)
			}
			rows, err := r.Rows(ctx, "Billing")
			if err != nil || len(rows) != 1 || rows[0].ApprovedAnswer != "14 days" {
				t.Fatalf("after the refused write: %+v %v", rows, err)
			}
			if _, err := tc.at(r, 0); !errors.Is(err, ErrInvalid) {
				t.Fatalf("base version 0: %v, want ErrInvalid", err)
			}
			now, err := tc.at(r, base+1)
			if tc.name == "delete the set" {
				if _, gone := r.Set(ctx, "Billing"); err != nil || !errors.Is(gone, ErrNotFound) {
					t.Fatalf("delete at the current version: %v; the set after: %v", err, gone)
				}
				if _, err := r.VersionRows(ctx, "Billing", 1); !errors.Is(err, ErrNotFound) {
					t.Fatalf("a deleted set's versions: %v, want none", err)
				}
				return
			}
			if err != nil || now.Version != base+2 {
				t.Fatalf("at the current version %d: %+v %v, want version %d", base+1, now, err, base+2)
			}
		})
	}
}

// billingWithOneRow is a repo whose set "Billing" holds Q001, and the
// set's version.
func billingWithOneRow(t *testing.T) (*Repo, int) {
	t.Helper()
	ctx := context.Background()
	r := newRepo(t)
	if _, err := r.Create(ctx, "Billing", "", "ana"); err != nil {
		t.Fatal(err)
	}
	_, set, err := r.AddRow(ctx, "Billing", Row{Question: "How long is the trial?", Category: Routine}, "ana")
	if err != nil {
		t.Fatal(err)
	}
	return r, set.Version
}
