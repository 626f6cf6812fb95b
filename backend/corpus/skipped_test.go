package corpus

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTree makes files under root; "name=body" sets the body.
func writeTree(t *testing.T, root string, files []string) {
	t.Helper()
	for _, f := range files {
		name, body, ok := strings.Cut(f, "=")
		if !ok {
			body = "# " + name + "\n\nSome published text.\n"
		}
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const voiceGuide = "# Voice\n\n## Rules\n\n```yaml\nrules: []\n```\n"

func TestScanAllSkipped(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		files   []string
		content bool // scan root/content instead of root
		want    map[string]SkipReason
		detail  map[string]string // path → a substring of its detail
		indexed []string
	}{
		{name: "workspace files beside content are skipped", content: true,
			files:   []string{"README.md", "FACTS.md", "guidelines.md", "drafts/d.md", "golden.xlsx=x", "content/a.md"},
			want:    map[string]SkipReason{"README.md": SkipWorkspaceFile, "FACTS.md": SkipWorkspaceFile, "guidelines.md": SkipWorkspaceFile, "drafts/": SkipWorkspaceFile},
			detail:  map[string]string{"README.md": "content/"},
			indexed: []string{"a.md"}},
		{name: "root without content reads README and FACTS",
			files:   []string{"README.md", "FACTS.md", "guidelines.md=" + voiceGuide, "drafts/d.md"},
			want:    map[string]SkipReason{"guidelines.md": SkipWorkspaceFile, "drafts/": SkipWorkspaceFile},
			indexed: []string{"FACTS.md", "README.md"}},
		{name: "guidelines without a rules block is a document",
			files: []string{"guidelines.md"}, want: map[string]SkipReason{}, indexed: []string{"guidelines.md"}},
		{name: "default rules", files: []string{"CHANGELOG.md", "LICENSE", "node_modules/x/y.md", ".git/HEAD=x", "a.md"},
			want:    map[string]SkipReason{"CHANGELOG.md": SkipIgnored, "LICENSE": SkipIgnored, "node_modules/": SkipIgnored, ".git/": SkipIgnored},
			detail:  map[string]string{"CHANGELOG.md": "default CHANGELOG*", "node_modules/": "default node_modules/"},
			indexed: []string{"a.md"}},
		{name: "file rules with their line", files: []string{".continuityignore=# old\narchive/\n", "archive/a.md", "b.md"},
			want:    map[string]SkipReason{"archive/": SkipIgnored, ".continuityignore": SkipWorkspaceFile},
			detail:  map[string]string{"archive/": ".continuityignore:2 archive/"},
			indexed: []string{"b.md"}},
		{name: "ignore file beside content applies to content paths", content: true,
			files:   []string{".continuityignore=content/old/\n", "content/old/a.md", "content/b.md"},
			want:    map[string]SkipReason{"content/old/": SkipIgnored},
			indexed: []string{"b.md"}},
		{name: "unsupported types listed one by one", files: []string{"img/a.png=x", "img/b.png=x", "notes.docx=x", "c.md"},
			want:    map[string]SkipReason{"img/a.png": SkipUnsupportedType, "img/b.png": SkipUnsupportedType, "notes.docx": SkipUnsupportedType},
			detail:  map[string]string{"notes.docx": ".docx is not a document type"},
			indexed: []string{"c.md"}},
		{name: "hidden entries", files: []string{".obsidian/x.md", ".hidden.md", "c.md"},
			want:    map[string]SkipReason{".obsidian/": SkipIgnored, ".hidden.md": SkipIgnored},
			indexed: []string{"c.md"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			writeTree(t, root, c.files)
			scan := root
			if c.content {
				scan = filepath.Join(root, "content")
			}
			res, err := ScanAll(context.Background(), scan)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]Skipped{}
			for _, s := range res.Skipped {
				if _, dup := got[s.Path]; dup {
					t.Errorf("%s listed twice", s.Path)
				}
				got[s.Path] = s
			}
			for p, r := range c.want {
				if got[p].Reason != r {
					t.Errorf("%s: reason %q, want %q (all: %+v)", p, got[p].Reason, r, res.Skipped)
				}
			}
			for p := range got {
				if _, ok := c.want[p]; !ok {
					t.Errorf("unexpected skip %+v", got[p])
				}
			}
			for p, d := range c.detail {
				if !strings.Contains(got[p].Detail, d) {
					t.Errorf("%s: detail %q, want it to contain %q", p, got[p].Detail, d)
				}
			}
			var rels []string
			for _, f := range res.Files {
				rels = append(rels, f.Rel)
			}
			if strings.Join(rels, ",") != strings.Join(c.indexed, ",") {
				t.Errorf("files %v, want %v", rels, c.indexed)
			}
		})
	}
}

func TestReadDocumentReasons(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, file, body string
		want             SkipReason
	}{
		{name: "binary", file: "a.md", body: "x\x00y", want: SkipUnreadable},
		{name: "not utf8", file: "a.txt", body: "ok\n\xff", want: SkipUnreadable},
		{name: "no text", file: "a.html", body: "<script>x</script>", want: SkipUnreadable},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			writeTree(t, root, []string{c.file + "=" + c.body})
			res, err := ScanAll(context.Background(), root)
			if err != nil || len(res.Files) != 1 {
				t.Fatalf("scan: %v, %d files", err, len(res.Files))
			}
			_, sk := ReadDocument(res.Files[0])
			if sk == nil || sk.Reason != c.want || sk.Path != c.file || sk.Detail == "" {
				t.Fatalf("skip %+v, want reason %q at %s with a detail", sk, c.want, c.file)
			}
		})
	}
	t.Run("too large", func(t *testing.T) {
		t.Parallel()
		root := t.TempDir()
		p := filepath.Join(root, "big.txt")
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(p, MaxFileBytes+1); err != nil {
			t.Fatal(err)
		}
		_, sk := ReadDocument(File{Rel: "big.txt", Abs: p, Kind: "txt"})
		if sk == nil || sk.Reason != SkipTooLarge {
			t.Fatalf("skip %+v, want too_large", sk)
		}
	})
	t.Run("unreadable", func(t *testing.T) {
		t.Parallel()
		_, sk := ReadDocument(File{Rel: "gone.md", Abs: filepath.Join(t.TempDir(), "gone.md"), Kind: "md"})
		if sk == nil || sk.Reason != SkipUnreadable {
			t.Fatalf("skip %+v, want unreadable", sk)
		}
	})
}

func TestScanAllNotRegular(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeTree(t, root, []string{"real.md"})
	if err := os.Symlink(filepath.Join(root, "real.md"), filepath.Join(root, "link.md")); err != nil {
		t.Skip("symlinks unsupported here:", err)
	}
	res, err := ScanAll(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Skipped) != 1 || res.Skipped[0].Path != "link.md" || res.Skipped[0].Reason != SkipNotRegular {
		t.Fatalf("skipped %+v, want link.md not_regular", res.Skipped)
	}
	if len(res.Warnings) != 1 {
		t.Fatalf("warnings %+v, want one for the link", res.Warnings)
	}
}

func TestDocumentSkips(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		got    Skipped
		reason SkipReason
		detail string
	}{
		{"draft", Unpublished(Document{Path: "a.md", Status: "draft"}), SkipUnpublished, `status "draft"`},
		{"unknown status", Unpublished(Document{Path: "a.md", Status: "wip"}), SkipUnpublished, "unknown status"},
		{"duplicate", DuplicateID(Document{Path: "b.md", ID: "x"}, "a.md"), SkipDuplicateID, `"x" is also a.md`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if c.got.Reason != c.reason || !strings.Contains(c.got.Detail, c.detail) {
				t.Fatalf("%+v, want %s with %q", c.got, c.reason, c.detail)
			}
		})
	}
}

func TestIsGuidelines(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, in string
		want     bool
	}{
		{"rules block", voiceGuide, true},
		{"front matter rules", "---\nrules:\n  - name: x\n---\n# Voice\n", true},
		{"front matter without rules", "---\ntitle: Handbook\n---\n# Hi\n", false},
		{"yaml under another heading", "# H\n\n## Setup\n\n```yaml\na: 1\n```\n", false},
		{"plain handbook page", "# Guidelines for contributors\n\nBe kind.\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := IsGuidelines([]byte(c.in)); got != c.want {
				t.Fatalf("IsGuidelines = %v, want %v", got, c.want)
			}
		})
	}
}
