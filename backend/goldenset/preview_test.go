package goldenset

import (
	"context"
	"reflect"
	"testing"

	"continuity/backend/golden"
)

func TestPreviewDiffsByRowIDAndStoresNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	second := goodRow
	second.ID, second.Question = "Q2", "Refund window?"
	third := goodRow
	third.ID, third.Question = "Q3", "Refund by card?"
	_, err := Import(ctx, f.repo, f.docs, f.workbook(t, "billing.xlsx", goodRow, second, third), Request{})
	must(t, err)

	edited := second
	edited.Question, edited.Notes = "How long is the refund window?", "asked weekly"
	fourth := goodRow
	fourth.ID, fourth.Question = "Q4", "Refund of a gift?"
	cases := []struct {
		name                         string
		file, set                    string
		rows                         []golden.Row
		wantSet                      string
		wantExists, wantUnchanged    bool
		wantAdded, wantRemoved       []string
		wantChanged                  map[string][]golden.Field
		wantStorable, wantReordering bool
	}{
		{name: "an edited copy diffs against the set its name comes from", file: "billing (1).xlsx",
			rows: []golden.Row{goodRow, edited, fourth}, wantSet: "billing", wantExists: true, wantStorable: true,
			wantAdded: []string{"Q4"}, wantRemoved: []string{"Q3"},
			wantChanged: map[string][]golden.Field{"Q2": {golden.FieldQuestion, golden.FieldNotes}}},
		{name: "the same rows are unchanged", file: "billing.xlsx", rows: []golden.Row{goodRow, second, third},
			wantSet: "billing", wantExists: true, wantUnchanged: true, wantStorable: true},
		{name: "the same rows reordered are not unchanged", file: "billing.xlsx", rows: []golden.Row{third, goodRow, second},
			wantSet: "billing", wantExists: true, wantStorable: true, wantReordering: true},
		{name: "a new set adds every row", file: "billing.xlsx", set: "Billing v2", rows: []golden.Row{goodRow},
			wantSet: "Billing v2", wantStorable: true, wantAdded: []string{"Q1"}},
		{name: "a workbook with errors cannot be stored", file: "billing.xlsx", rows: []golden.Row{goodRow, badRow},
			wantSet: "billing", wantExists: true, wantRemoved: []string{"Q3"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := PreviewImport(ctx, f.repo, f.docs, f.workbook(t, c.file, c.rows...), Request{Set: c.set})
			must(t, err)
			if p.Set != c.wantSet || p.Exists != c.wantExists || p.Unchanged != c.wantUnchanged ||
				p.Storable != c.wantStorable || p.Reordered != c.wantReordering || p.Stored {
				t.Fatalf("preview %+v", p)
			}
			if got := ids(p.Added); !reflect.DeepEqual(got, orEmpty(c.wantAdded)) {
				t.Errorf("added %v, want %v", got, c.wantAdded)
			}
			if got := ids(p.Removed); !reflect.DeepEqual(got, orEmpty(c.wantRemoved)) {
				t.Errorf("removed %v, want %v", got, c.wantRemoved)
			}
			if c.wantChanged != nil {
				got := map[string][]golden.Field{}
				for _, ch := range p.Changed {
					got[ch.ID] = ch.Fields
				}
				if !reflect.DeepEqual(got, c.wantChanged) {
					t.Errorf("changed %v, want %v", got, c.wantChanged)
				}
			}
		})
	}
	if vs, err := f.repo.Versions(ctx, "billing"); err != nil || len(vs) != 1 {
		t.Fatalf("a preview stored a version: %+v (%v)", vs, err)
	}
	if sets, err := f.repo.List(ctx); err != nil || len(sets) != 1 {
		t.Fatalf("a preview created a set: %+v (%v)", sets, err)
	}
}

func TestDefaultSetNameStripsCopySuffixes(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, file, want string }{
		{"plain", "golden.xlsx", "golden"},
		{"browser download copy", "golden (1).xlsx", "golden"},
		{"two copies deep", "golden (1) (2).xlsx", "golden"},
		{"windows copy", "golden - Copy.xlsx", "golden"},
		{"mac copy", "golden copy 2.xlsx", "golden"},
		{"a path", "/tmp/x/Billing Q3 (3).xlsx", "Billing Q3"},
		{"only a suffix is kept", "(1).xlsx", "(1)"},
		{"a number that is part of the name", "release 2.xlsx", "release 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := DefaultSetName(c.file); got != c.want {
				t.Fatalf("DefaultSetName(%q) = %q, want %q", c.file, got, c.want)
			}
		})
	}
}

func ids(cs []RowChange) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

func orEmpty(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}
