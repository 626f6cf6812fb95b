package corpus

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestIgnoreNegationBringsBackAFile(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeTree(t, root, []string{".continuityignore=archive/\n!archive/keep.md\n", "archive/old.md", "archive/keep.md", "archive/deep/x.md", "a.md"})
	res, err := ScanAll(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	var rels []string
	for _, f := range res.Files {
		rels = append(rels, f.Rel)
	}
	if got := strings.Join(rels, ","); got != "a.md,archive/keep.md" {
		t.Fatalf("files %s, want a.md,archive/keep.md", got)
	}
	want := map[string]string{"archive/old.md": ".continuityignore:1 archive/", "archive/deep/": ".continuityignore:1 archive/"}
	for _, s := range res.Skipped {
		if s.Path == IgnoreFile {
			continue
		}
		if want[s.Path] != s.Detail || s.Reason != SkipIgnored {
			t.Errorf("unexpected skip %+v", s)
		}
		delete(want, s.Path)
	}
	if len(want) > 0 {
		t.Errorf("not listed: %v", want)
	}
}

func TestParseIgnore(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		path      string
		isDir     bool
		ignored   bool
		rule      string
		badLines  []int
	}{
		{name: "default changelog", path: "CHANGELOG.md", ignored: true, rule: "default CHANGELOG*"},
		{name: "default negated by the file", src: "!CHANGELOG*\n", path: "CHANGELOG.md", ignored: false},
		{name: "comment and blank lines", src: "# x\n\n*.tmp.md\n", path: "a/b.tmp.md", ignored: true, rule: ".continuityignore:3 *.tmp.md"},
		{name: "anchored", src: "/top.md\n", path: "sub/top.md", ignored: false},
		{name: "anchored at root", src: "/top.md\n", path: "top.md", ignored: true, rule: ".continuityignore:1 /top.md"},
		{name: "dir only", src: "build/\n", path: "build", isDir: false, ignored: false},
		{name: "crlf", src: "old.md\r\n", path: "old.md", ignored: true, rule: ".continuityignore:1 old.md"},
		{name: "invalid lines reported", src: "ok.md\n[abc\n!\n//\n", path: "ok.md", ignored: true, badLines: []int{2, 3, 4}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rs, errs := ParseIgnore(c.src)
			var lines []int
			for _, e := range errs {
				lines = append(lines, e.Line)
				if e.Message == "" {
					t.Errorf("line %d has no message", e.Line)
				}
			}
			if len(lines) != len(c.badLines) {
				t.Fatalf("bad lines %v, want %v", lines, c.badLines)
			}
			for i := range lines {
				if lines[i] != c.badLines[i] {
					t.Fatalf("bad lines %v, want %v", lines, c.badLines)
				}
			}
			rule, ignored := rs.Match(c.path, c.isDir)
			if ignored != c.ignored {
				t.Fatalf("Match(%s) ignored = %v, want %v", c.path, ignored, c.ignored)
			}
			if c.rule != "" && rule.String() != c.rule {
				t.Fatalf("rule %q, want %q", rule.String(), c.rule)
			}
		})
	}
}

func TestScanAllReportsInvalidIgnoreLines(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeTree(t, root, []string{".continuityignore=a.md\n[bad\n", "a.md", "b.md"})
	res, err := ScanAll(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 1 || res.Warnings[0].Path != IgnoreFile || !strings.Contains(res.Warnings[0].Message, "line 2") {
		t.Fatalf("warnings %+v, want one at %s line 2", res.Warnings, IgnoreFile)
	}
	if len(res.Files) != 1 || res.Files[0].Rel != "b.md" {
		t.Fatalf("files %+v, want b.md only", res.Files)
	}
}

func FuzzParseIgnore(f *testing.F) {
	for _, s := range []string{"", "archive/\n!archive/keep.md\n", "[x", "**/a/**/b\n", "\\!x\n\\#y\n", "/\n//\n!"} {
		f.Add(s, "archive/keep.md")
	}
	f.Fuzz(func(t *testing.T, src, path string) {
		rs, errs := ParseIgnore(src)
		for _, e := range errs {
			if e.Line < 1 || e.Message == "" {
				t.Fatalf("unlocated error %+v", e)
			}
		}
		if len(rs.Rules()) < len(DefaultIgnore) {
			t.Fatalf("defaults lost: %d rules", len(rs.Rules()))
		}
		rs.Match(path, false)
		rs.mayReinclude(path)
	})
}

func TestSaveIgnore(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		wantErr    string
	}{
		{name: "valid text is written", text: "archive/\n!archive/keep.md\n"},
		{name: "invalid lines refused with their numbers", text: "ok/\n[bad\n", wantErr: "line 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			err := SaveIgnore(root, c.text)
			rs, bad, lerr := LoadIgnore(root)
			if lerr != nil || len(bad) > 0 {
				t.Fatalf("load: %v %v", lerr, bad)
			}
			if c.wantErr != "" {
				if !errors.Is(err, ErrInvalidIgnore) || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err %v, want ErrInvalidIgnore naming %s", err, c.wantErr)
				}
				if len(rs.Rules()) != len(DefaultIgnore) {
					t.Fatalf("refused text was saved: %d rules", len(rs.Rules()))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(rs.Rules()) != len(DefaultIgnore)+2 {
				t.Fatalf("%d rules after save, want defaults + 2", len(rs.Rules()))
			}
		})
	}
}
