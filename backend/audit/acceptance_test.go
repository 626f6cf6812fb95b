package audit

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/progress"
)

const (
	current = "help-refund-policy"
	old     = "help-refund-policy-old"
)

// The acceptance: the sample corpus plus an old version of a page
// published beside it. Every changed fact is a conflict naming the newer
// page; pages that agree give none; the second audit re-checks only what
// the new page touches.
func TestAuditSampleWithOldVersion(t *testing.T) {
	t.Parallel() // each has its own corpus copy and data dir
	root := copyCorpus(t)
	s := openSession(t, root)
	ctx := context.Background()

	plain, err := Run(ctx, s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Conflicts) != 0 {
		t.Fatalf("the plain sample corpus agrees with itself, got %d conflicts, first %+v", len(plain.Conflicts), plain.Conflicts[0])
	}
	if plain.Checked.Full != plain.Checked.Documents || plain.Checked.Documents < 40 {
		t.Fatalf("first audit should check every document in full: %+v", plain.Checked)
	}
	if plain.Engine != "offline" || plain.ModelHash == "" || !strings.HasSuffix(plain.Model, plain.ModelHash) || plain.EmbedModel == "" {
		t.Fatalf("the report must name engine, model, model hash and sentence model: %+v", plain)
	}

	writeOld(t, root)
	rep, err := Run(ctx, s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Checked.Full != 1 || rep.Checked.Partial != rep.Checked.Documents-1 {
		t.Fatalf("after adding one page only it is checked in full, the rest against it: %+v", rep.Checked)
	}
	for _, want := range changedStatements {
		c, ok := conflictQuoting(rep.Conflicts, current, old, want.old)
		switch {
		case !ok:
			t.Errorf("changed fact %q not reported; conflicts: %s", want.old, describe(rep.Conflicts))
		case c.A.DocID != current || c.Newer != "a" || c.A.Date != "2026-03-14" || c.A.DateSrc != DateFrontMatter || c.B.Date != "2023-05-02":
			t.Errorf("conflict %q must name %s (2026-03-14, front matter) as newer: %+v", want.old, current, c)
		case !hasPair(c.Values, want.value):
			t.Errorf("conflict %q values %v, want %v", want.old, c.Values, want.value)
		}
	}
	keys := map[string]bool{}
	for _, c := range rep.Conflicts {
		if c.A.DocID != old && c.B.DocID != old {
			t.Errorf("conflict between pages that agree: %+v", c)
		}
		if c.A.DocID == c.B.DocID {
			t.Errorf("a document conflicts with itself: %+v", c)
		}
		if keys[c.Key] {
			t.Errorf("conflict %s reported twice (A-vs-B and B-vs-A must be one)", c.Key)
		}
		keys[c.Key] = true
		if c.A.Start < 0 || c.B.Start < 0 || c.A.ChunkID == "" || c.B.ChunkID == "" {
			t.Errorf("conflict %s is not located in both documents: %+v", c.Key, c)
		}
	}

	again, err := Run(ctx, s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if again.Checked.Reused != again.Checked.Documents || again.Checked.Claims != 0 || describe(again.Conflicts) != describe(rep.Conflicts) {
		t.Fatalf("an unchanged corpus must come from the cache with the same conflicts: %+v", again.Checked)
	}

	if err := os.Remove(filepath.Join(root, "content", "help", "refund-policy-old.md")); err != nil {
		t.Fatal(err)
	}
	gone, err := Run(ctx, s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(gone.Conflicts) != 0 || gone.Checked.Full != 0 {
		t.Fatalf("removing the old page must drop its conflicts without a full re-check: %d conflicts, %+v", len(gone.Conflicts), gone.Checked)
	}
}

// A cancelled audit keeps what it finished; the next run resumes from the
// cache and ends with what an uninterrupted audit reports.
func TestAuditCancelResumes(t *testing.T) {
	t.Parallel() // each has its own corpus copy and data dir
	root := copyCorpus(t)
	writeOld(t, root)
	s := openSession(t, root)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stop := func(e progress.Event) {
		if e.Stage == "auditing" && e.Done == 5 {
			cancel()
		}
	}
	if _, err := Run(ctx, s, Options{Progress: stop}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled audit: got %v, want context.Canceled", err)
	}
	rep, err := Run(context.Background(), s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Checked.Reused < 5 || rep.Checked.Full != rep.Checked.Documents-rep.Checked.Reused {
		t.Fatalf("the re-run must reuse the finished documents: %+v", rep.Checked)
	}
	for _, want := range changedStatements {
		if _, ok := conflictQuoting(rep.Conflicts, current, old, want.old); !ok {
			t.Errorf("resumed audit misses %q", want.old)
		}
	}
}

// Marking a conflict survives re-audits; --doc limits the A side.
func TestAuditMarkAndDocFilter(t *testing.T) {
	t.Parallel() // each has its own corpus copy and data dir
	root := copyCorpus(t)
	writeOld(t, root)
	s := openSession(t, root)
	ctx := context.Background()
	rep, err := Run(ctx, s, Options{Docs: []string{old}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Checked.Documents != 1 || len(rep.Conflicts) == 0 {
		t.Fatalf("--doc %s: %+v, %d conflicts", old, rep.Checked, len(rep.Conflicts))
	}
	repo, err := OpenRepo(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	key := rep.Conflicts[0].Key
	if err := repo.Mark(ctx, key, StatusIntended, "kept for history"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct{ key, status string }{{"", StatusResolved}, {key, "maybe"}} {
		if err := repo.Mark(ctx, bad.key, bad.status, ""); !errors.Is(err, ErrInvalid) {
			t.Errorf("Mark(%q, %q) = %v, want ErrInvalid", bad.key, bad.status, err)
		}
	}
	again, err := Run(ctx, s, Options{Docs: []string{old}})
	if err != nil {
		t.Fatal(err)
	}
	c, ok := byKey(again.Conflicts, key)
	if !ok || c.Status != StatusIntended || c.StatusNote != "kept for history" {
		t.Fatalf("marked conflict after re-audit: %+v (found %v)", c, ok)
	}
	if _, err := Run(ctx, s, Options{Docs: []string{"no-such-doc"}}); !errors.Is(err, ErrUnknownDoc) {
		t.Fatalf("--doc of an unknown id: got %v, want ErrUnknownDoc", err)
	}
	since, err := Run(ctx, s, Options{Since: "2026-03-01"})
	if err != nil {
		t.Fatal(err)
	}
	// the sample's pages dated 2026-03-01 or later (front matter)
	if since.Checked.Documents == 0 || since.Checked.Documents > 10 {
		t.Fatalf("--since 2026-03-01 should audit only recent pages: %+v", since.Checked)
	}
}

func writeOld(t *testing.T, root string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(root, "content", "help", "refund-policy-old.md"), []byte(oldRefundPolicy(t)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// conflictQuoting finds the conflict between other and doc whose
// statement in doc quotes q.
func conflictQuoting(cs []Conflict, other, doc, q string) (Conflict, bool) {
	for _, c := range cs {
		for _, st := range [][2]Statement{{c.A, c.B}, {c.B, c.A}} {
			if st[0].DocID == doc && st[1].DocID == other && strings.Contains(st[0].Quote, q) {
				return c, true
			}
		}
	}
	return Conflict{}, false
}

func byKey(cs []Conflict, key string) (Conflict, bool) {
	for _, c := range cs {
		if c.Key == key {
			return c, true
		}
	}
	return Conflict{}, false
}

func describe(cs []Conflict) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(c.A.DocID + ": " + c.A.Quote + " | " + c.B.DocID + ": " + c.B.Quote + "\n")
	}
	return b.String()
}
