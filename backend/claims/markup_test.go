package claims

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTrimMarkup(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, in, want string }{
		{"plain", "Refunds take 30 days.", "Refunds take 30 days."},
		{"heading", "## Full refunds within 45 days", "Full refunds within 45 days"},
		{"closed heading", "## Full refunds ##", "Full refunds"},
		{"bullet", "- Refunds take 30 days.", "Refunds take 30 days."},
		{"star bullet", "* Refunds take 30 days.", "Refunds take 30 days."},
		{"numbered item", "12. Refunds take 30 days.", "Refunds take 30 days."},
		{"quote", "> Refunds take 30 days.", "Refunds take 30 days."},
		{"quoted bullet", "> - Refunds take 30 days.", "Refunds take 30 days."},
		{"task box", "- [x] Refunds take 30 days.", "Refunds take 30 days."},
		{"bold sentence", "**All data is encrypted at rest.**", "All data is encrypted at rest."},
		{"italic subtitle", "*Help article for new hires*", "Help article for new hires"},
		{"bold label", "**Note:** Tock is due on Fridays.", "Tock is due on Fridays."},
		{"hard break", "Tock is due on Fridays.  \\", "Tock is due on Fridays."},
		{"inner bold kept", "You get **30 days** to ask.", "You get **30 days** to ask."},
		{"emphasis closed before the stop", "*Note*.", "*Note*."},
		{"no space after hash", "#1 on the list", "#1 on the list"},
		{"a bullet and nothing", "- ", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			src := "xx" + c.in
			got := trimMarkup(Span{Text: c.in, Start: 2, End: len(src)})
			if got.Text != c.want {
				t.Fatalf("trimMarkup(%q) = %q, want %q", c.in, got.Text, c.want)
			}
			if src[got.Start:got.End] != got.Text {
				t.Fatalf("span [%d:%d] is %q, not its text %q", got.Start, got.End, src[got.Start:got.End], got.Text)
			}
		})
	}
}

func TestPlainText(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, in, want string }{
		{"no markup", "Refunds take 30 days (or less).", "Refunds take 30 days (or less)."},
		{"bold", "You get **30 days** to ask.", "You get 30 days to ask."},
		{"italic star", "You get *30 days* to ask.", "You get 30 days to ask."},
		{"italic underscore", "You get _30 days_ to ask.", "You get 30 days to ask."},
		{"strike", "You get ~~14~~ 30 days.", "You get 14 30 days."},
		{"link", "Log time in [Tock](https://tock.18f.gov) weekly.", "Log time in Tock weekly."},
		{"reference link", "Log time in [Tock][tock] weekly.", "Log time in Tock weekly."},
		{"image", "![Tock logo](tock.png) Tock is weekly.", "Tock logo Tock is weekly."},
		{"autolink", "Write to <help@gsa.gov> today.", "Write to help@gsa.gov today."},
		{"code", "Run `make models` first.", "Run make models first."},
		{"html", "Tock is <b>weekly</b>.<br>", "Tock is weekly."},
		{"template tag", `Ask in {% slack_channel "tock" %} first.`, "Ask in  first."},
		{"footnote", "Tock is weekly.[^1]", "Tock is weekly."},
		{"escape", `Use a \* to mark it.`, "Use a * to mark it."},
		{"snake case kept", "Set max_hours_per_week to 40.", "Set max_hours_per_week to 40."},
		{"arithmetic kept", "It costs 2 * 3 dollars.", "It costs 2 * 3 dollars."},
		{"unclosed emphasis kept", "A **bold start only.", "A **bold start only."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := plainText(c.in); got != c.want {
				t.Fatalf("plainText(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

// A draft is user input: whatever it holds, trimMarkup returns a
// verbatim, valid span inside the sentence, and plainText never grows the
// text or breaks UTF-8 and leaves plain text as it is.
func FuzzMarkup(f *testing.F) {
	for _, s := range []string{"## Full refunds within 45 days", "- **Note:** see [Tock](https://x).", "*a*", "**", "> > - [ ] x",
		"`a` <b>c</b> {% x %} [^1] \\*", "_a_b_", "***x***", "ü**é**"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp := trimMarkup(Span{Text: s, End: len(s)})
		if sp.Start < 0 || sp.End > len(s) || sp.Start > sp.End || s[sp.Start:sp.End] != sp.Text {
			t.Fatalf("trimMarkup(%q) = %+v, not a span of it", s, sp)
		}
		if utf8.ValidString(s) && !utf8.ValidString(sp.Text) {
			t.Fatalf("trimMarkup(%q) = %q, invalid UTF-8", s, sp.Text)
		}
		p := plainText(s)
		if len(p) > len(s) || utf8.ValidString(s) && !utf8.ValidString(p) {
			t.Fatalf("plainText(%q) = %q", s, p)
		}
		if !strings.ContainsAny(s, "[]()<>`*_~\\{}") && p != s {
			t.Fatalf("plainText changed text without markup: %q -> %q", s, p)
		}
	})
}
