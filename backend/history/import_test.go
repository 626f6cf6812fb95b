package history

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"continuity/backend/corpus"
	"continuity/backend/embed"
	"continuity/backend/retrieval"
	"continuity/backend/store"
)

// gitRepo is a real repository in a temp folder whose commits carry the
// dates the test gives them.
type gitRepo struct {
	t    *testing.T
	root string
}

func newGitRepo(t *testing.T) *gitRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	g := &gitRepo{t: t, root: filepath.Join(t.TempDir(), "ws")}
	if err := os.MkdirAll(filepath.Join(g.root, "content"), 0o755); err != nil {
		t.Fatal(err)
	}
	g.git("init", "-q", "-b", "main")
	return g
}

func (g *gitRepo) git(args ...string) string {
	g.t.Helper()
	return g.gitAt("2026-01-05T10:00:00Z", args...)
}

func (g *gitRepo) gitAt(date string, args ...string) string {
	g.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", g.root, "-c", "user.name=Ada Writer", "-c", "user.email=ada@example.com",
		"-c", "commit.gpgsign=false"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date, "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		g.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func (g *gitRepo) write(rel, s string) {
	g.t.Helper()
	p := filepath.Join(g.root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		g.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		g.t.Fatal(err)
	}
}

// commit stages everything and commits it at date; it returns the hash.
func (g *gitRepo) commit(date, msg string) string {
	g.t.Helper()
	g.gitAt(date, "add", "-A")
	g.gitAt(date, "commit", "-q", "-m", msg)
	return g.git("rev-parse", "HEAD")
}

func (g *gitRepo) content() string { return filepath.Join(g.root, "content") }

func openIndex(t *testing.T) *retrieval.Index {
	t.Helper()
	dir := t.TempDir()
	db, err := store.OpenDir(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := retrieval.Open(context.Background(), db, dir, retrieval.Options{Embedder: embed.NewOffline(), Sentences: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close(); db.Close() })
	return ix
}

const policy = `---
title: Company policies
---
# Company policies

Refunds are accepted within 14 days of purchase. Card payments are processed by Stripe.

Employees may bring pets to the office. The office opens at nine.
`

func TestImportListsExactlyTheThreeChanges(t *testing.T) {
	g := newGitRepo(t)
	g.write("content/policies.md", policy)
	g.write("content/drafts-note.md", "---\nstatus: draft\n---\n# Note\n\nRefunds take forever.\n")
	base := g.commit("2026-01-10T09:00:00Z", "Add the policies")
	v := strings.Replace(policy, "14 days", "30 days", 1)
	g.write("content/policies.md", v)
	c1 := g.commit("2026-03-12T09:00:00Z", "New refund policy")
	v = strings.Replace(v, "by Stripe", "by Adyen", 1)
	g.write("content/policies.md", v)
	g.write("content/drafts-note.md", "---\nstatus: draft\n---\n# Note\n\nRefunds take a while.\n") // never published
	c2 := g.commit("2026-04-01T09:00:00Z", "Switch card processor")
	v = strings.Replace(v, "may bring pets", "may not bring pets", 1)
	g.write("content/policies.md", v)
	c3 := g.commit("2026-05-20T09:00:00Z", "No pets in the office")

	ix := openIndex(t)
	ctx := context.Background()
	if _, err := ix.Sync(ctx, g.content(), nil); err != nil {
		t.Fatal(err)
	}
	rep, err := Import(ctx, ix, g.content(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Commits != 4 || rep.Superseded != 3 || len(rep.Warnings) != 0 {
		t.Fatalf("import report %+v, want 4 commits read and 3 sentences", rep)
	}
	want := []struct {
		commit, old, new string
		kind             Kind
		values           []ValueChange
		date             string
	}{
		{c1, "Refunds are accepted within 14 days of purchase.", "Refunds are accepted within 30 days of purchase.", KindValue,
			[]ValueChange{{"14 days", "30 days"}}, "2026-03-12"},
		{c2, "Card payments are processed by Stripe.", "Card payments are processed by Adyen.", KindWording,
			[]ValueChange{{"Stripe", "Adyen"}}, "2026-04-01"},
		{c3, "Employees may bring pets to the office.", "Employees may not bring pets to the office.", KindPolarity,
			[]ValueChange{{"", "not"}}, "2026-05-20"},
	}
	for _, since := range []string{base, "2026-01-11", "main~3"} {
		t.Run("since "+since, func(t *testing.T) {
			got, err := Changes(ctx, ix, g.content(), since)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("%d changes, want %d: %+v", len(got), len(want), got)
			}
			for i, w := range want {
				c := got[i]
				if c.Commit != w.commit || c.Old != w.old || c.New != w.new || c.Kind != w.kind || c.DocID != "policies.md" ||
					c.Date.Format(time.DateOnly) != w.date || !equalValues(c.Values, w.values) {
					t.Errorf("change %d = %+v, want %+v", i, c, w)
				}
			}
			if got[0].Message != "New refund policy" || got[0].Author != "Ada Writer" {
				t.Errorf("change 0 names %q by %q", got[0].Message, got[0].Author)
			}
		})
	}
	got, err := Changes(ctx, ix, g.content(), c2)
	if err != nil || len(got) != 1 || got[0].Commit != c3 {
		t.Fatalf("changes since the second change: %+v, %v; want only the third", got, err)
	}
	// The current sentence is what a check shows beside the old one.
	hits, err := ix.SearchSuperseded(ctx, "refunds accepted within 14 days", 1)
	if err != nil || len(hits) != 1 || hits[0].Commit != c1 || hits[0].Current != "Refunds are accepted within 30 days of purchase." {
		t.Fatalf("superseded search: %+v, %v", hits, err)
	}
}

func equalValues(a, b []ValueChange) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestImportIsIncrementalAndNamesWhatASyncSaw(t *testing.T) {
	g := newGitRepo(t)
	g.write("content/policies.md", policy)
	g.commit("2026-01-10T09:00:00Z", "Add the policies")
	ix := openIndex(t)
	ctx := context.Background()
	if _, err := ix.Sync(ctx, g.content(), nil); err != nil {
		t.Fatal(err)
	}
	if rep, err := Import(ctx, ix, g.content(), Options{}); err != nil || rep.Commits != 1 || rep.Superseded != 0 {
		t.Fatalf("first import %+v, %v", rep, err)
	}
	// The writer edits and syncs before committing: the sync records the
	// change, the import then names its commit instead of adding a row.
	g.write("content/policies.md", strings.Replace(policy, "14 days", "30 days", 1))
	if _, err := ix.Sync(ctx, g.content(), nil); err != nil {
		t.Fatal(err)
	}
	c := g.commit("2026-03-12T09:00:00Z", "New refund policy")
	rep, err := Import(ctx, ix, g.content(), Options{})
	if err != nil || rep.Commits != 1 || rep.Superseded != 0 {
		t.Fatalf("incremental import %+v, %v; want one commit read and no new row", rep, err)
	}
	all, err := Changes(ctx, ix, g.content(), "")
	if err != nil || len(all) != 1 || all[0].Commit != c || all[0].Date.Format(time.DateOnly) != "2026-03-12" {
		t.Fatalf("changes %+v, %v; want the sync's row named by the commit", all, err)
	}
	// Nothing new: nothing read. Re-reading everything records nothing twice.
	if rep, err := Import(ctx, ix, g.content(), Options{}); err != nil || !rep.UpToDate || rep.Commits != 0 {
		t.Fatalf("up-to-date import %+v, %v", rep, err)
	}
	if _, err := ix.RecordHistory(ctx, g.content(), nil, retrieval.HistoryMark{}); err != nil {
		t.Fatal(err)
	}
	if rep, err := Import(ctx, ix, g.content(), Options{}); err != nil || rep.Commits != 2 || rep.Superseded != 0 {
		t.Fatalf("full re-import %+v, %v; want 2 commits and no new row", rep, err)
	}
	if all, _ := Changes(ctx, ix, g.content(), ""); len(all) != 1 {
		t.Fatalf("after a re-import: %d changes, want 1", len(all))
	}
}

func TestImportPathsRenamesAndUnreadableVersions(t *testing.T) {
	g := newGitRepo(t)
	g.write("content/a.md", "# A\n\nThe canteen is on the first floor. Lunch is served at noon.\n")
	g.write("content/skip/b.md", "# B\n\nParking costs $5 a day.\n")
	g.write("content/c.md", "# C\n\nThe library closes at six.\n")
	g.write(".continuityignore", "skip/\n")
	g.write("notes.md", "# Outside content\n\nNot published.\n")
	g.commit("2026-01-10T09:00:00Z", "Start")
	// A page renamed keeps its sentences; an ignored page is not
	// published; a page outside content/ is not a document.
	g.git("mv", "content/a.md", "content/canteen.md")
	g.write("content/skip/b.md", "# B\n\nParking costs $7 a day.\n")
	g.write("notes.md", "# Outside content\n\nStill not published.\n")
	g.commit("2026-02-10T09:00:00Z", "Rename the canteen page")
	old := g.git("rev-parse", "HEAD:content/c.md")
	g.write("content/c.md", "# C\n\nThe library closes at seven.\n")
	g.commit("2026-03-10T09:00:00Z", "Longer library hours")
	// The old version of c.md is gone from the object store.
	if err := os.Remove(filepath.Join(g.root, ".git", "objects", old[:2], old[2:])); err != nil {
		t.Fatal(err)
	}
	ix := openIndex(t)
	ctx := context.Background()
	if _, err := ix.Sync(ctx, g.content(), nil); err != nil {
		t.Fatal(err)
	}
	rep, err := Import(ctx, ix, g.content(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The lost version is read twice: added by the first commit, changed
	// by the last; both reads are warnings.
	if rep.Superseded != 0 || len(rep.Warnings) != 2 {
		t.Fatalf("report %+v; want nothing superseded and two warnings", rep)
	}
	for _, w := range rep.Warnings {
		if w.Path != "c.md" || !strings.Contains(w.Message, "missing") {
			t.Errorf("warning %+v, want c.md missing", w)
		}
	}
}

func TestImportOutsideGit(t *testing.T) {
	dir := t.TempDir()
	ix := openIndex(t)
	_, err := Import(context.Background(), ix, dir, Options{})
	if !errors.Is(err, ErrNotRepo) && !errors.Is(err, ErrNoGit) {
		t.Fatalf("import outside a repository: %v, want ErrNotRepo", err)
	}
}

// A mark written by an older parser (corpus.ChunkVersion) vouches for
// sentences split another way: the import reads the whole history again,
// says why, and records nothing twice.
func TestImportRereadsAfterAParserChange(t *testing.T) {
	g := newGitRepo(t)
	g.write("content/policies.md", policy)
	g.commit("2026-01-10T09:00:00Z", "Add the policies")
	g.write("content/policies.md", strings.Replace(policy, "14 days", "30 days", 1))
	head := g.commit("2026-03-12T09:00:00Z", "New refund policy")
	ix := openIndex(t)
	ctx := context.Background()
	if _, err := ix.Sync(ctx, g.content(), nil); err != nil {
		t.Fatal(err)
	}
	if rep, err := Import(ctx, ix, g.content(), Options{}); err != nil || rep.Commits != 2 || rep.Superseded != 1 {
		t.Fatalf("first import %+v, %v", rep, err)
	}
	mark, err := ix.HistoryMark(ctx, g.content())
	if err != nil || mark.Head == "" || mark.Chunker != corpus.ChunkVersion {
		t.Fatalf("mark %+v, %v; want the head and chunker %q", mark, err, corpus.ChunkVersion)
	}
	// The mark as an import before this parser wrote it: no chunker.
	if _, err := ix.RecordHistory(ctx, g.content(), nil, retrieval.HistoryMark{Head: mark.Head}); err != nil {
		t.Fatal(err)
	}
	rep, err := Import(ctx, ix, g.content(), Options{})
	if err != nil || rep.UpToDate || rep.Commits != 2 || rep.Superseded != 0 || len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0].Message, "older version of the parser") {
		t.Fatalf("import after a parser change %+v, %v; want the 2 commits read again, nothing new, and why", rep, err)
	}
	if rep, err := Import(ctx, ix, g.content(), Options{}); err != nil || !rep.UpToDate || rep.Head != head {
		t.Fatalf("import after the re-read %+v, %v; want up to date at %s", rep, err, head)
	}
}
