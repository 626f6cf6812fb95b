package goldenset

import (
	"context"
	"errors"
	"reflect"

	"continuity/backend/golden"
)

// RowChange is one row an import would add, change or remove, by row ID.
type RowChange struct {
	ID       string
	Question string         // the question as it would be (as it was, for a removal)
	Fields   []golden.Field // the fields that differ; only for a changed row
}

// Preview is what Import would do to a set, computed without writing.
type Preview struct {
	Outcome
	Exists    bool // the set exists, so the import would add a version to it
	Current   int  // the set's current version; 0 when it does not exist
	Storable  bool // Import would store rows (no blocking errors, some rows)
	Reordered bool // the same rows in another order: a new version all the same
	Added     []RowChange
	Changed   []RowChange
	Removed   []RowChange
}

// PreviewImport applies the import policy to a workbook and diffs the rows
// it would store against the set's current version, storing nothing. Its
// Unchanged is exactly when Import would add no version.
func PreviewImport(ctx context.Context, repo *golden.Repo, docs golden.DocLookup, wb Workbook, req Request) (Preview, error) {
	name := req.Set
	if name == "" {
		name = wb.DefaultSet()
	}
	if err := golden.ValidateName(name); err != nil {
		return Preview{}, err
	}
	o, rows, _, err := assess(ctx, docs, wb, req.Mode, true)
	if err != nil {
		return Preview{}, err
	}
	o.Set = name
	p := Preview{Outcome: o, Added: []RowChange{}, Changed: []RowChange{}, Removed: []RowChange{}}
	p.Storable = len(rows) > 0 && (len(o.Errors) == 0 || req.Mode == ValidOnly)
	cur := []golden.Row{}
	switch s, err := repo.Set(ctx, name); {
	case err == nil:
		p.Exists, p.Current = true, s.Version
		if cur, err = repo.VersionRows(ctx, name, s.Version); err != nil {
			return Preview{}, err
		}
	case !errors.Is(err, golden.ErrNotFound):
		return Preview{}, err
	}
	p.Added, p.Changed, p.Removed = Diff(cur, rows)
	if p.Storable {
		p.Imported = len(rows)
		p.Unchanged = p.Exists && sameRows(cur, rows)
		p.Reordered = !p.Unchanged && p.Exists && len(p.Added)+len(p.Changed)+len(p.Removed) == 0
		if p.Unchanged {
			p.Version = p.Current
		}
	}
	return p, nil
}

// Diff compares two row lists by row ID: rows only in next are added, rows
// only in prev removed, and rows in both whose fields differ changed. Each
// list keeps the order of the rows it comes from.
func Diff(prev, next []golden.Row) (added, changed, removed []RowChange) {
	added, changed, removed = []RowChange{}, []RowChange{}, []RowChange{}
	old := make(map[string]golden.Row, len(prev))
	for _, r := range prev {
		if _, dup := old[r.ID]; !dup {
			old[r.ID] = r
		}
	}
	seen := make(map[string]bool, len(next))
	for _, r := range next {
		if seen[r.ID] {
			continue
		}
		seen[r.ID] = true
		o, ok := old[r.ID]
		if !ok {
			added = append(added, RowChange{ID: r.ID, Question: r.Question})
			continue
		}
		if fs := changedFields(o, r); len(fs) > 0 {
			changed = append(changed, RowChange{ID: r.ID, Question: r.Question, Fields: fs})
		}
	}
	for _, r := range prev {
		if !seen[r.ID] {
			seen[r.ID] = true
			removed = append(removed, RowChange{ID: r.ID, Question: r.Question})
		}
	}
	return added, changed, removed
}

func changedFields(a, b golden.Row) []golden.Field {
	var out []golden.Field
	for _, f := range golden.Fields {
		if f == golden.FieldReferenceDocIDs || f == golden.FieldTags {
			if !sameList(listOf(a, f), listOf(b, f)) {
				out = append(out, f)
			}
			continue
		}
		if a.Get(f) != b.Get(f) {
			out = append(out, f)
		}
	}
	return out
}

func listOf(r golden.Row, f golden.Field) []string {
	if f == golden.FieldTags {
		return r.Tags
	}
	return r.ReferenceDocIDs
}

func sameList(a, b []string) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return reflect.DeepEqual(a, b)
}
