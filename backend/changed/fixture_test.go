package changed

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// sampleCorpus is the bundled sample workspace, relative to this package.
const sampleCorpus = "../../corpus"

// gitEnv keeps the machine's git configuration out of the tests.
var gitEnv = []string{"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
	"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com"}

// sampleRepo is a git repository holding a copy of the sample corpus,
// committed on main.
func sampleRepo(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "docs")
	if err := os.CopyFS(dir, os.DirFS(sampleCorpus)); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "init", "-q", "-b", "main")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-qm", "sample corpus")
	return dir
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), gitEnv...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// edit replaces old with new in the file rel of dir, which must hold it.
func edit(t *testing.T, dir, rel, old, new string) {
	t.Helper()
	p := filepath.Join(dir, rel)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("%s does not contain %q", rel, old)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o600); err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, dir, rel, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, rel), []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// findPages runs Find over dir's content folder against base.
func findPages(t *testing.T, dir, base string) []Page {
	t.Helper()
	ctx := context.Background()
	repo, err := OpenRepo(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	sha, err := repo.ResolveBase(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := Find(ctx, repo, sha, Workspace{Root: dir, ContentDir: filepath.Join(dir, "content")})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}
