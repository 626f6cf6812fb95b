package cli

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/corpus"
	"continuity/backend/embed/cache"
)

// The reproduction of issue 29 item 9: a new page reusing an existing
// page's id sorts first, pushes that page out of the index, and the sync
// said so only in a warning with exit 0.
const (
	refundPage = "---\nid: help-refund\nstatus: published\n---\n# Refunds\n\nYou can get a full refund within 30 days.\n"
	copiedPage = "---\nid: help-refund\nstatus: published\n---\n# Launch\n\nThe Team plan launches today for every workspace.\n"
)

func TestIndexStrictFailsOnADuplicateID(t *testing.T) {
	t.Setenv(cache.EnvDir, t.TempDir())
	dup := writeWorkspace(t, map[string]string{"content/help/refund.md": refundPage, "content/blog/new.md": copiedPage})
	clean := writeWorkspace(t, map[string]string{"content/help/refund.md": refundPage, "content/logo.png": "png"})
	cases := []struct {
		name       string
		ws         string
		args       []string
		code       int
		wantStderr string
	}{
		{"plain index reports it and passes", dup, []string{"index"}, ExitOK, ""},
		{"--strict fails on it", dup, []string{"index", "--strict"}, ExitFailed, "index --strict: 1 file(s) left out of the index: 1 duplicate id"},
		{"--strict with --json fails too", dup, []string{"--json", "index", "--strict"}, ExitFailed, "1 duplicate id"},
		{"--strict passes what is left out on purpose", clean, []string{"index", "--strict"}, ExitOK, ""},
		{"--strict is one sync", dup, []string{"index", "--strict", "--watch"}, ExitError, "--strict runs one sync"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := run(t, nil, append([]string{"--data", t.TempDir(), "--corpus", c.ws}, c.args...)...)
			if r.code != c.code || !strings.Contains(r.stderr, c.wantStderr) {
				t.Fatalf("exit %d (want %d), stderr %q (want %q)\n%s", r.code, c.code, r.stderr, c.wantStderr, r.stdout)
			}
		})
	}
	t.Run("both paths are listed under skipped", func(t *testing.T) {
		r := run(t, nil, "--data", t.TempDir(), "--corpus", dup, "--json", "index")
		var out struct {
			Skipped []corpus.Skipped `json:"skipped"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
			t.Fatalf("%v\n%s", err, r.stdout)
		}
		if len(out.Skipped) != 1 || out.Skipped[0].Reason != corpus.SkipDuplicateID ||
			out.Skipped[0].Path != "content/help/refund.md" || out.Skipped[0].DuplicateOf != "content/blog/new.md" {
			t.Fatalf("skipped %+v", out.Skipped)
		}
		r = run(t, nil, "--data", t.TempDir(), "--corpus", dup, "index")
		if want := `skipped    content/help/refund.md: duplicate id, id "help-refund" is also content/blog/new.md, which is indexed`; !strings.Contains(r.stdout, want) {
			t.Fatalf("text report lacks %q:\n%s", want, r.stdout)
		}
		// Issue 29 item 14: each problem once, not as a warning and again as a skip.
		if n := strings.Count(r.stdout, "help/refund.md"); n != 1 {
			t.Fatalf("the skipped page is named %d times, want once:\n%s", n, r.stdout)
		}
	})
}

func TestCheckChangedFailsOnADuplicateID(t *testing.T) {
	t.Parallel()
	// The change copies the id in the front matter only: no paragraph
	// changes, so the gate must fail on the id alone.
	repo := filepath.Join(t.TempDir(), "docs")
	launch := strings.Replace(copiedPage, "id: help-refund", "id: blog-launch", 1)
	for rel, body := range map[string]string{"content/help/refund.md": refundPage, "content/blog/new.md": launch} {
		p := filepath.Join(repo, filepath.FromSlash(rel))
		goldenMust(t, os.MkdirAll(filepath.Dir(p), 0o755))
		goldenMust(t, os.WriteFile(p, []byte(body), 0o644))
	}
	gitIn(t, repo, "init", "-q", "-b", "main")
	gitIn(t, repo, "add", "-A")
	gitIn(t, repo, "commit", "-qm", "refunds and launch")
	gitIn(t, repo, "checkout", "-qb", "change")
	commitEdit(t, repo, "content/blog/new.md", "id: blog-launch", "id: help-refund")

	junit := filepath.Join(t.TempDir(), "report.xml")
	code, stdout, stderr := runIn(t, repo, "check", "--changed", "--engine", "offline", "--allow-degraded", "--base", "main", "--junit", junit)
	const want = `content/blog/new.md: duplicate document id "help-refund": content/help/refund.md is not in the index, content/blog/new.md holds the id`
	if code != ExitFailed || !strings.Contains(stdout, want) {
		t.Fatalf("exit %d, want 1 naming the clash %q:\n%s\n%s", code, want, stdout, stderr)
	}
	raw, err := os.ReadFile(junit)
	goldenMust(t, err)
	var suites struct {
		Failures int `xml:"failures,attr"`
	}
	if err := xml.Unmarshal(raw, &suites); err != nil || suites.Failures != 1 || !strings.Contains(string(raw), "duplicate_id") {
		t.Fatalf("junit (%v):\n%s", err, raw)
	}
	code, stdout, _ = runIn(t, repo, "--json", "check", "--changed", "--engine", "offline", "--allow-degraded", "--base", "main")
	rep := decodeChanged(t, stdout)
	if code != ExitFailed || len(rep.Duplicates) != 1 || rep.Duplicates[0].Skipped != "content/help/refund.md" ||
		rep.Duplicates[0].Indexed != "content/blog/new.md" || rep.Duplicates[0].ID != "help-refund" {
		t.Fatalf("exit %d, duplicates %+v", code, rep.Duplicates)
	}
}
