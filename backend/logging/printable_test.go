package logging

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestEscapeAndName(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, in, escaped, quoted string
	}{
		{"plain text is left alone", `content/help/a b\c "x".md`, `content/help/a b\c "x".md`, `content/help/a b\c "x".md`},
		{"non-ASCII letters are left alone", "content/café-日本.md", "content/café-日本.md", "content/café-日本.md"},
		{"a forged line", "a\nindex CLEAN - 0 problems", `a\nindex CLEAN - 0 problems`, `"a\nindex CLEAN - 0 problems"`},
		{"clear screen", "a\x1b[2J.md", `a\u001b[2J.md`, `"a\x1b[2J.md"`},
		{"carriage return and tab", "a\rb\tc", `a\rb\tc`, `"a\rb\tc"`},
		{"DEL and a C1 control", "a\x7fb\u009bc", `a\u007fb\u009bc`, `"a\x7fb\u009bc"`},
		{"bidi override", "invoice\u202efdp.md", `invoice\u202efdp.md`, `"invoice\u202efdp.md"`},
		{"line separator", "a\u2028b", `a\u2028b`, `"a\u2028b"`},
		{"invalid UTF-8", "a\xffb", `a\xffb`, `"a\xffb"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Escape(c.in); got != c.escaped {
				t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.escaped)
			}
			if got := Name(c.in); got != c.quoted {
				t.Errorf("Name(%q) = %q, want %q", c.in, got, c.quoted)
			}
		})
	}
}

func TestPrintableKeepsLayoutAndEscapesControls(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		writes []string
		want   string
	}{
		{"lines and columns stay", []string{"a\tb\nc\n"}, "a\tb\nc\n"},
		{"controls are escaped", []string{"x\x1b[2Jy\rz\x00\n"}, `x\u001b[2Jy\rz\u0000` + "\n"},
		{"a rune cut across writes is kept whole", []string{"caf\xc3", "\xa9 \xe2\x80", "\xae\n"}, "café \\u202e\n"},
		{"a cut rune never finished is escaped at the flush", []string{"ab\xe2\x80"}, `ab\xe2\x80`},
		{"an invalid byte is escaped", []string{"a\xffb\n"}, `a\xffb` + "\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var b bytes.Buffer
			p := NewPrintable(&b)
			for _, w := range c.writes {
				if n, err := p.Write([]byte(w)); err != nil || n != len(w) {
					t.Fatalf("Write = %d, %v", n, err)
				}
			}
			if err := p.Flush(); err != nil {
				t.Fatal(err)
			}
			if b.String() != c.want {
				t.Fatalf("got %q, want %q", b.String(), c.want)
			}
		})
	}
}

// A JSON log line through Printable stays valid JSON with the same
// values: slog leaves DEL, C1 and bidi controls raw in JSON strings.
func TestPrintableLogLinesStayValidJSON(t *testing.T) {
	t.Parallel()
	const path = "content/a\u202e\x7f\u0085\x1b[2J\nindex CLEAN - 0 problems.md"
	for _, asJSON := range []bool{true, false} {
		var b bytes.Buffer
		New(NewRedactor(NewPrintable(&b)), Options{JSON: asJSON}).Warn("skipped "+path, "path", path)
		line := b.String()
		if strings.Count(line, "\n") != 1 || strings.ContainsAny(line, "\x1b\x7f\u0085\u202e\r") {
			t.Fatalf("json=%v: raw control in %q", asJSON, line)
		}
		if !asJSON {
			continue
		}
		var rec struct{ Msg, Path string }
		if err := json.Unmarshal(b.Bytes(), &rec); err != nil || rec.Path != path || rec.Msg != "skipped "+path {
			t.Fatalf("%v: %q", err, line)
		}
	}
}
