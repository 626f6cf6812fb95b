package draftfile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestConvertText(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, file, data, want, format string
	}{
		{"markdown as is", "a.md", "# T\n\nBody.\n", "# T\n\nBody.\n", FormatMarkdown},
		{"byte-order mark stripped", "a.markdown", "\ufeff# T\n", "# T\n", FormatMarkdown},
		{"CRLF and CR become LF", "a.txt", "one\r\ntwo\rthree\n", "one\ntwo\nthree\n", FormatText},
		{"upper-case extension", "NOTES.TXT", "x", "x", FormatText},
		{"a stray NUL is text", "a.md", "costs $19\x00 a month", "costs $19\x00 a month", FormatMarkdown},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			d, err := Convert(c.file, []byte(c.data))
			if err != nil {
				t.Fatal(err)
			}
			if d.Markdown != c.want || d.Format != c.format || d.Name != c.file {
				t.Fatalf("got %+v, want %q as %s", d, c.want, c.format)
			}
		})
	}
}

func TestConvertHTMLDraft(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, html, want string }{
		{"heading stays its own paragraph", `<h1>Title</h1>Text`, "# Title\n\nText"},
		{"page chrome, code and hidden text are dropped",
			`<!DOCTYPE html><html><head><title>t</title><style>p{}</style><script>var x = "$99";</script></head><body>` +
				`<nav><a href="/">Home</a></nav><h2>Refunds</h2><p>Full refund within <b>30 days</b>.</p>` +
				`<p hidden>Hidden.</p><div aria-hidden="true">Aria.</div><p style="display: none">None.</p><noscript>NS</noscript></body></html>`,
			"## Refunds\n\nFull refund within **30 days**."},
		{"table becomes a pipe table", `<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Team</td><td>$29<br>a month</td></tr></table>`,
			"| Plan | Price |\n|---|---|\n| Team | $29 a month |"},
		{"table without a header row", `<table><tr><td><p>Plan</p></td><td>Price</td></tr><tr><td>Team</td><td>$29</td></tr></table>`,
			"| Plan | Price |\n|---|---|\n| Team | $29 |"},
		{"lists", `<ul><li>one</li><li>two</li></ul>`, "- one\n- two"},
		{"script only is empty", `<script>alert(1)</script>`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			d, err := Convert("page.html", []byte(c.html))
			if err != nil {
				t.Fatal(err)
			}
			if d.Markdown != c.want || d.Format != FormatHTML {
				t.Fatalf("got %q, want %q", d.Markdown, c.want)
			}
			md, err := ConvertHTML(context.Background(), c.html)
			if err != nil || md != c.want {
				t.Fatalf("ConvertHTML gave %q, %v; want the draft's %q", md, err, c.want)
			}
		})
	}
}

func TestConvertRefusesHostileInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, file string
		data       []byte
		want       error
		says       []string
	}{
		{"unknown extension", "draft.pdf", []byte("%PDF"), ErrUnsupported, []string{"draft.pdf", ".md", ".docx"}},
		{"no extension", "README", []byte("x"), ErrUnsupported, []string{"README"}},
		{"invalid UTF-8", "d.md", []byte("caf\xe9"), ErrBinary, []string{"d.md", "UTF-8"}},
		{"binary with NULs", "d.txt", []byte("ab\x00\x00cd"), ErrBinary, []string{"d.txt", "NUL"}},
		{"UTF-16 text", "d.html", []byte("<\x00p\x00>\x00h\x00i\x00"), ErrBinary, []string{"d.html"}},
		{"too large", "big.md", make([]byte, MaxFileSize+1), ErrTooLarge, []string{"big.md", "20.0 MB", "the limit is 20 MB"}},
		{"html nested past the parser's limit", "deep.html", []byte(strings.Repeat("<div>", 600)), ErrTooLarge, []string{"deep.html"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := Convert(c.file, c.data)
			if !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			for _, s := range c.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not say %q", err, s)
				}
			}
		})
	}
}

func TestRead(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ctx := context.Background()
	t.Run("docx from disk", func(t *testing.T) {
		d, err := Read(ctx, write("d.docx", docxFile(t, wp("Heading1", "Refunds")+wp("", "Within 30 days."), "")))
		if err != nil || d.Markdown != "# Refunds\n\nWithin 30 days." || d.Name != "d.docx" {
			t.Fatalf("got %+v, %v", d, err)
		}
	})
	t.Run("too large is refused before reading", func(t *testing.T) {
		p := filepath.Join(dir, "huge.txt")
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		// sparse: the size says 1 GB, no gigabyte is written or read
		if err := f.Truncate(1 << 30); err != nil {
			t.Fatal(err)
		}
		f.Close()
		_, err = Read(ctx, p)
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "huge.txt: ") || !strings.Contains(err.Error(), "1024 MB") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("unsupported before opening", func(t *testing.T) {
		_, err := Read(ctx, filepath.Join(dir, "missing.pdf"))
		if !errors.Is(err, ErrUnsupported) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("missing file", func(t *testing.T) {
		_, err := Read(ctx, filepath.Join(dir, "missing.md"))
		if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), "missing.md") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("a folder is no draft", func(t *testing.T) {
		if err := os.Mkdir(filepath.Join(dir, "folder.md"), 0o700); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(ctx, filepath.Join(dir, "folder.md")); !errors.Is(err, ErrUnsupported) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := Read(cctx, write("c.md", []byte("x"))); !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v", err)
		}
	})
}

// checkDraft is what every fuzz target asserts of a success: valid UTF-8
// Markdown with LF line ends.
func checkDraft(t *testing.T, d Draft, err error) {
	t.Helper()
	if err != nil {
		for _, e := range []error{ErrTooLarge, ErrBinary, ErrNotDocx} {
			if errors.Is(err, e) {
				return
			}
		}
		t.Fatalf("untyped error %v", err)
	}
	if !utf8.ValidString(d.Markdown) || strings.Contains(d.Markdown, "\r") {
		t.Fatalf("markdown %q is not valid LF text", d.Markdown)
	}
}

func FuzzConvertHTML(f *testing.F) {
	for _, s := range []string{"<h1>A</h1><p>B</p>", "<table><tr><td>a<p>b</td></tr>", "<p hidden>x", "<<>>", "", "<td><pre>a\nb</pre>", "\ufeff<h7>q\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := Convert("f.html", []byte(s))
		checkDraft(t, d, err)
	})
}

func FuzzConvertDocx(f *testing.F) {
	for _, body := range []string{
		wp("Heading1", "T") + wp("", "x"),
		wtable([]string{"a", "b"}, []string{"c"}),
		wli("0", "i") + wli("3", "j"),
		`<w:p><w:r><w:t>a</w:t><w:br/><w:tab/></w:r></w:p><w:tbl><w:tr><w:tc><w:tcPr><w:gridSpan w:val="3"/></w:tcPr></w:tc></w:tr></w:tbl>`,
	} {
		f.Add(docxFile(f, body, ""))
	}
	f.Add([]byte("PK\x03\x04"))
	// the document part alone, fuzzed as XML inside a fixed archive too
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Convert("f.docx", data)
		checkDraft(t, d, err)
		if len(data) < 64<<10 {
			d, err = Convert("f.docx", zipOf(t, map[string]string{"word/document.xml": string(data)}))
			checkDraft(t, d, err)
		}
	})
}
