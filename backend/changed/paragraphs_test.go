package changed

import (
	"reflect"
	"strings"
	"testing"

	"continuity/backend/corpus"
)

func TestChangedBlocks(t *testing.T) {
	t.Parallel()
	const page = "# Title\n\nFirst paragraph says one thing.\n\nSecond paragraph says 30 days.\n\n## Next\n\nThird paragraph.\n"
	tests := []struct {
		name     string
		old, new string
		want     []string // texts of the changed paragraphs
	}{
		{"identical", page, page, nil},
		{"typo fixed in one paragraph", page, "# Title\n\nFirst paragraph says one thing.\n\nSecond paragraph says 30 dayz.\n\n## Next\n\nThird paragraph.\n",
			[]string{"Second paragraph says 30 dayz."}},
		{"rewrapped, same words", page, "# Title\n\nFirst paragraph\nsays one thing.\n\nSecond paragraph says 30 days.\n\n## Next\n\nThird paragraph.\n", nil},
		{"heading renamed only", page, "# Title\n\nFirst paragraph says one thing.\n\nSecond paragraph says 30 days.\n\n## Later\n\nThird paragraph.\n", nil},
		{"paragraph moved", page, "# Title\n\nSecond paragraph says 30 days.\n\nFirst paragraph says one thing.\n\n## Next\n\nThird paragraph.\n", nil},
		{"paragraph added", page, page + "\nA new fourth paragraph.\n", []string{"A new fourth paragraph."}},
		{"paragraph repeated once more", page, page + "\nThird paragraph.\n", []string{"Third paragraph."}},
		{"paragraph removed", page, "# Title\n\nFirst paragraph says one thing.\n\n## Next\n\nThird paragraph.\n", nil},
		{"new page", "", page, []string{"First paragraph says one thing.", "Second paragraph says 30 days.", "Third paragraph."}},
		{"a heading that states a fact edited", factPage, strings.Replace(factPage, "30 days", "45 days", 1),
			[]string{"Full refunds within 45 days"}},
		{"a heading that states a fact moved", factPage, "# Title\n\nBody.\n\n## Full refunds within 30 days\n", nil},
		{"a heading that states a fact added", page, page + "\n## No refunds after 30 days\n", []string{"No refunds after 30 days"}},
		{"a heading and a paragraph with the same words", factPage, factPage + "\nFull refunds within 30 days\n", []string{"Full refunds within 30 days"}},
		{"a new page checks its fact heading", "", factPage, []string{"Full refunds within 30 days", "Body."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var oldBlocks []corpus.Block
			if tc.old != "" {
				oldBlocks = parseMD(t, tc.old).Blocks
			}
			var got []string
			for _, b := range changedBlocks(oldBlocks, parseMD(t, tc.new).Blocks) {
				got = append(got, b.Text)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("changed %q, want %q", got, tc.want)
			}
		})
	}
}

// factPage has a heading that states a fact ("Full refunds within 30
// days") and one that names a topic ("Title").
const factPage = "# Title\n\n## Full refunds within 30 days\n\nBody.\n"

func TestToParagraphsLocatesLines(t *testing.T) {
	t.Parallel()
	raw := "---\ntitle: T\n---\n\n# T\n\nOne line.\n\nTwo\nlines.\n"
	doc := parseMD(t, raw)
	got := toParagraphs(raw, "md", changedBlocks(nil, doc.Blocks))
	want := []Paragraph{{StartLine: 7, EndLine: 7, Text: "One line."}, {StartLine: 9, EndLine: 10, Text: "Two\nlines."}}
	if len(got) != len(want) {
		t.Fatalf("paragraphs %+v", got)
	}
	for i := range want {
		if got[i].StartLine != want[i].StartLine || got[i].EndLine != want[i].EndLine || got[i].Text != want[i].Text {
			t.Errorf("paragraph %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func parseMD(t *testing.T, s string) corpus.Document {
	t.Helper()
	d, err := corpus.Parse("page.md", "md", []byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// A heading is checked as the heading it is: its Markdown source, or the
// visible text of an HTML heading after "#"s of its level.
func TestToParagraphsKeepsHeadingsHeadings(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, kind, raw, want string
	}{
		{"markdown", "md", factPage, "## Full refunds within 30 days"},
		{"html", "html", "<html><body><h1>Title</h1><h2>Full refunds within <b>30 days</b></h2><p>Body.</p></body></html>", "## Full refunds within 30 days"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			d, err := corpus.Parse("page."+c.kind, c.kind, []byte(c.raw))
			if err != nil {
				t.Fatal(err)
			}
			got := toParagraphs(c.raw, c.kind, changedBlocks(nil, d.Blocks))
			if len(got) != 2 || got[0].Text != c.want || got[1].Text != "Body." {
				t.Fatalf("paragraphs %+v, want %q then the body", got, c.want)
			}
		})
	}
}
