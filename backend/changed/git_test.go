package changed

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"continuity/backend/workspace"
)

func TestParseNameStatus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		in      string
		want    []FileChange
		wantErr bool
	}{
		{"empty", "", nil, false},
		{"modified and added", "M\x00a.md\x00A\x00b c.md\x00", []FileChange{{Status: Modified, Path: "a.md"}, {Status: Added, Path: "b c.md"}}, false},
		{"rename with score", "R087\x00old.md\x00new.md\x00", []FileChange{{Status: Renamed, OldPath: "old.md", Path: "new.md"}}, false},
		{"copy is an added page", "C100\x00a.md\x00b.md\x00", []FileChange{{Status: Added, Path: "b.md"}}, false},
		{"deleted and type change", "D\x00gone.md\x00T\x00link.md\x00", []FileChange{{Status: Deleted, Path: "gone.md"}, {Status: Modified, Path: "link.md"}}, false},
		{"status without path", "M\x00", nil, true},
		{"rename without new path", "R100\x00old.md\x00", nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := parseNameStatus([]byte(tc.in))
			if (err != nil) != tc.wantErr {
				t.Fatalf("err %v, want error %v", err, tc.wantErr)
			}
			if !tc.wantErr && !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func FuzzParseNameStatus(f *testing.F) {
	f.Add([]byte("M\x00a.md\x00R090\x00b.md\x00c.md\x00"))
	f.Add([]byte("\x00\x00D"))
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := parseNameStatus(b)
		if err != nil {
			return
		}
		for _, c := range got {
			if c.Status == "" {
				t.Fatalf("change without status: %+v", c)
			}
		}
	})
}

func TestOpenRepoOutsideGitIsNotRepo(t *testing.T) {
	t.Parallel()
	_, err := OpenRepo(context.Background(), t.TempDir())
	if !errors.Is(err, ErrNotRepo) {
		t.Fatalf("err %v, want ErrNotRepo", err)
	}
}

func TestResolveBase(t *testing.T) {
	t.Parallel()
	dir := sampleRepo(t)
	first := git(t, dir, "rev-parse", "HEAD")
	git(t, dir, "checkout", "-qb", "feature")
	writeFile(t, dir, "content/help/new-page.md", "# New\n\nA new page.\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-qm", "new page")
	repo, err := OpenRepo(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	// no origin: the merge base with main
	if got, err := repo.ResolveBase(context.Background(), ""); err != nil || got != first {
		t.Fatalf("default base %q, %v; want main's %s", got, err, first)
	}
	if got, err := repo.ResolveBase(context.Background(), "HEAD~1"); err != nil || got != first {
		t.Fatalf("--base HEAD~1 = %q, %v", got, err)
	}
	var be *BaseError
	_, err = repo.ResolveBase(context.Background(), "origin/nope")
	if !errors.As(err, &be) || !strings.Contains(err.Error(), `"origin/nope"`) && !strings.Contains(err.Error(), "origin/nope") {
		t.Fatalf("unknown base: %v", err)
	}
	if _, err := repo.ResolveBase(context.Background(), "--output=x"); !errors.As(err, &be) {
		t.Fatalf("an option as base must be refused: %v", err)
	}
	git(t, dir, "branch", "-qm", "main", "trunk")
	_, err = repo.ResolveBase(context.Background(), "")
	if !errors.As(err, &be) || !strings.Contains(err.Error(), "merge-base HEAD origin/HEAD, merge-base HEAD origin/main, merge-base HEAD main, merge-base HEAD master") {
		t.Fatalf("no default branch: %v", err)
	}
}

func TestFindKinds(t *testing.T) {
	t.Parallel()
	dir := sampleRepo(t)
	git(t, dir, "mv", "content/help/export-your-data.md", "content/help/export-data.md")
	git(t, dir, "rm", "-q", "content/help/connect-stripe.md")
	writeFile(t, dir, "content/help/brand-new.md", "# Brand new\n\nFirst fact of the page.\n\nSecond fact of the page.\n")
	writeFile(t, dir, "content/help/draft-page.md", "---\nstatus: draft\n---\n# Draft\n\nNot yet published.\n")
	writeFile(t, dir, "drafts/another-draft.md", "# Draft\n\nNot content.\n")
	writeFile(t, dir, "content/help/notes.json", "{}")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-qm", "reorganize")
	pages := findPages(t, dir, "HEAD~1")
	byPath := map[string]Page{}
	for _, p := range pages {
		byPath[p.Path] = p
	}
	if len(pages) != 4 {
		t.Fatalf("pages %+v, want the rename, the deletion, the new page and the draft", pages)
	}
	ren := byPath["content/help/export-data.md"]
	if ren.Status != Renamed || ren.OldPath != "content/help/export-your-data.md" || len(ren.Paragraphs) != 0 || ren.Unchanged == 0 {
		t.Errorf("a pure rename has nothing new to check: %+v", ren)
	}
	if del := byPath["content/help/connect-stripe.md"]; del.Status != Deleted || del.Skipped == "" {
		t.Errorf("deleted page %+v", del)
	}
	if nw := byPath["content/help/brand-new.md"]; nw.Status != Added || len(nw.Paragraphs) != 2 || nw.Paragraphs[1].StartLine != 5 {
		t.Errorf("new page %+v, want both paragraphs", nw)
	}
	if dr := byPath["content/help/draft-page.md"]; !strings.Contains(dr.Skipped, "not published") {
		t.Errorf("unpublished page %+v", dr)
	}
}

func TestFindIncludesWorkingTreeAndUntracked(t *testing.T) {
	t.Parallel()
	dir := sampleRepo(t)
	edit(t, dir, "content/help/refund-policy.md", "You don't need to give a reason.", "You don't need to give any reason.")
	if err := os.WriteFile(filepath.Join(dir, "content", "help", "untracked.md"), []byte("# U\n\nNot yet added.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	pages := findPages(t, dir, "HEAD")
	if len(pages) != 2 || pages[0].Status != Modified || len(pages[0].Paragraphs) != 1 || pages[1].Status != Added {
		t.Fatalf("pages %+v", pages)
	}
}

// Issue 30: a heading that states a fact is a changed paragraph of its
// own, at its line, checked as the heading it is.
func TestFindChecksAFactHeading(t *testing.T) {
	t.Parallel()
	dir := sampleRepo(t)
	edit(t, dir, "content/help/refund-policy.md", "## Full refunds within 30 days", "## Full refunds within 45 days")
	edit(t, dir, "content/help/refund-policy.md", "## How to request a refund", "## How to ask for a refund")
	pages := findPages(t, dir, "HEAD")
	if len(pages) != 1 || len(pages[0].Paragraphs) != 1 {
		t.Fatalf("pages %+v, want the fact heading only (a renamed topic heading is no claim)", pages)
	}
	if p := pages[0].Paragraphs[0]; p.StartLine != 14 || p.EndLine != 14 || p.Text != "## Full refunds within 45 days" {
		t.Fatalf("paragraph %+v", p)
	}
}

func TestPagesStopsWhenCanceled(t *testing.T) {
	t.Parallel()
	dir := sampleRepo(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Pages(ctx, workspace.Workspace{Root: dir}, "")
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
}
