package golden

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"continuity/backend/store"
)

func newRepo(t *testing.T) *Repo {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	r, err := NewRepo(ctx, db, "ws-test")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestEveryEditIsAVersionAndRestorable(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := newRepo(t)
	if _, err := r.Create(ctx, "Billing", "billing questions", "ana"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Create(ctx, "Billing", "", "ana"); !errors.Is(err, ErrExists) {
		t.Fatalf("second create: %v, want ErrExists", err)
	}
	added, _, err := r.AddRow(ctx, "Billing", Row{Question: "How long is the trial?", Category: Routine}, "ana")
	if err != nil || added.ID != "Q001" {
		t.Fatalf("add: %+v %v", added, err)
	}
	second, _, err := r.AddRow(ctx, "Billing", Row{Question: "Refund?", Category: Tricky}, "ben")
	if err != nil || second.ID != "Q002" {
		t.Fatalf("add: %+v %v", second, err)
	}
	if _, err := r.UpdateCell(ctx, "Billing", "Q001", FieldReferenceDocIDs, "help-free-trial, docs-pricing", "ben"); err != nil {
		t.Fatal(err)
	}
	s, err := r.DeleteRow(ctx, "Billing", "Q002", "cy")
	if err != nil {
		t.Fatal(err)
	}
	if s.Version != 5 || s.RowCount != 1 || s.UpdatedBy != "cy" || s.UpdatedAt == "" {
		t.Fatalf("set after 4 edits = %+v", s)
	}
	rows, err := r.Rows(ctx, "Billing")
	if err != nil || len(rows) != 1 || !reflect.DeepEqual(rows[0].ReferenceDocIDs, []string{"help-free-trial", "docs-pricing"}) {
		t.Fatalf("rows = %+v (%v)", rows, err)
	}
	vs, err := r.Versions(ctx, "Billing")
	if err != nil || len(vs) != 5 || vs[0].Summary != "deleted Q002" || vs[1].Summary != "edited Q001 Reference doc IDs" || vs[1].SavedBy != "ben" {
		t.Fatalf("versions = %+v (%v)", vs, err)
	}
	s, err = r.Restore(ctx, "Billing", 3, "ana")
	if err != nil || s.Version != 6 || s.RowCount != 2 {
		t.Fatalf("restore = %+v (%v)", s, err)
	}
	rows, _ = r.Rows(ctx, "Billing")
	if len(rows) != 2 || len(rows[0].ReferenceDocIDs) != 0 {
		t.Fatalf("restored rows = %+v", rows)
	}
	if _, err := r.UpdateCell(ctx, "Billing", "Q001", FieldID, "Q9", "ana"); !errors.Is(err, ErrInvalid) {
		t.Fatalf("editing the ID: %v, want ErrInvalid", err)
	}
	if _, err := r.DeleteRow(ctx, "Billing", "Q404", "ana"); !errors.Is(err, ErrRowNotFound) {
		t.Fatalf("deleting a missing row: %v", err)
	}
	if _, err := r.Set(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing set: %v", err)
	}
}

func TestSaveCreatesThenVersionsAndListsSets(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := newRepo(t)
	rows := []Row{{ID: "Q1", Question: "q", Category: Refuse, ApprovedAnswer: "a"}}
	if _, err := r.Save(ctx, "Imported", "", "ana", "imported a.xlsx", rows); err != nil {
		t.Fatal(err)
	}
	s, err := r.Save(ctx, "Imported", "", "ana", "imported b.xlsx", append(rows, Row{ID: "Q2"}))
	if err != nil || s.Version != 2 || s.RowCount != 2 {
		t.Fatalf("second save = %+v (%v)", s, err)
	}
	got, _ := r.VersionRows(ctx, "Imported", 1)
	if !reflect.DeepEqual(got, []Row{rows[0].normalize()}) {
		t.Fatalf("version 1 rows = %+v", got)
	}
	list, err := r.List(ctx)
	if err != nil || len(list) != 1 || list[0].Name != "Imported" {
		t.Fatalf("list = %+v (%v)", list, err)
	}
	for _, bad := range []string{"", " padded", "tab\tname"} {
		if _, err := r.Save(ctx, bad, "", "ana", "x", nil); !errors.Is(err, ErrInvalid) {
			t.Errorf("name %q: %v, want ErrInvalid", bad, err)
		}
	}
	if err := r.Delete(ctx, "Imported"); err != nil {
		t.Fatal(err)
	}
	if list, _ := r.List(ctx); len(list) != 0 {
		t.Fatalf("after delete: %+v", list)
	}
}
