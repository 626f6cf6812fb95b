package audit

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
	"golang.org/x/net/html"

	"continuity/backend/muddy"
)

func sampleExport() Export {
	return Export{
		Model:     "offline-5+verdict-v1-abc",
		Generated: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC),
		Conflicts: []Conflict{{
			Key: "k1",
			A: Statement{DocID: "help-refund", Title: "Refund <policy>", Date: "2026-03-01", DateSrc: DateFrontMatter,
				Quote: "Refunds within 30 days. <script>alert(1)</script>"},
			B: Statement{DocID: "blog-old", Title: "Old post", Date: "2024-01-01", DateSrc: DateFileTime,
				Quote: "=HYPERLINK(\"http://x\") refunds within 14 days."},
			Values:     []ValuePair{{A: "30 days", B: "14 days"}},
			Confidence: 0.91, Newer: "a", Status: StatusIntended, StatusNote: "archived page",
		}},
		Muddy: []MuddyDoc{{DocID: "help-plans", Title: "Plans", Findings: []muddy.Finding{{
			Sentence: "Basic and Pro cost $5 and $10.", Kind: muddy.SharedPredicate,
			Why: "which price is which", Rewrite: "Basic costs $5. Pro costs $10.",
		}}}},
	}
}

func TestWriteXLSXReadsBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.xlsx")
	var buf bytes.Buffer
	if err := WriteExport(&buf, sampleExport(), FormatXLSX); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(SheetConflicts)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 {
		t.Fatalf("conflict rows = %d, want header + 1", len(rows))
	}
	got := map[string]string{}
	for i, h := range rows[0] {
		got[h] = rows[1][i]
	}
	cases := []struct{ col, want string }{
		{"Key", "k1"}, {"Status", StatusIntended}, {"Note", "archived page"}, {"Confidence", "0.91"}, {"Newer", "a"},
		{"Differs", "30 days vs 14 days"}, {"A doc id", "help-refund"}, {"A date", "2026-03-01"},
		{"B doc id", "blog-old"}, {"B quote", "'=HYPERLINK(\"http://x\") refunds within 14 days."},
	}
	for _, c := range cases {
		t.Run(c.col, func(t *testing.T) {
			if got[c.col] != c.want {
				t.Errorf("%s = %q, want %q", c.col, got[c.col], c.want)
			}
		})
	}
	m, err := f.GetRows(SheetMuddy)
	if err != nil {
		t.Fatal(err)
	}
	if len(m) != 2 || m[1][0] != "help-plans" || m[1][3] != "Basic and Pro cost $5 and $10." || m[1][5] != "Basic costs $5. Pro costs $10." {
		t.Fatalf("muddy sheet = %q", m)
	}
}

func TestWriteHTMLEscapesCorpusText(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteExport(&buf, sampleExport(), FormatHTML); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(strings.NewReader(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	var scripts, quotes int
	var newer []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "script":
				scripts++
			case "blockquote":
				quotes++
			case "span":
				for _, a := range n.Attr {
					if a.Key == "class" && a.Val == "newer" {
						newer = append(newer, n.Parent.FirstChild.FirstChild.Data)
					}
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if scripts != 0 {
		t.Errorf("corpus text became %d script element(s)", scripts)
	}
	if quotes != 3 {
		t.Errorf("blockquotes = %d, want 2 quotes + 1 muddy sentence", quotes)
	}
	if len(newer) != 1 || newer[0] != "Refund <policy>" {
		t.Errorf("newer badge on %q, want the A side", newer)
	}
	if !strings.Contains(buf.String(), "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the quote's markup is not shown as text")
	}
}

func TestWriteMarkdown(t *testing.T) {
	cases := []struct {
		name string
		e    Export
		want []string
	}{
		{"conflict and muddy", sampleExport(), []string{"### 1. Refund \\<policy\\> vs Old post", "- Status: intended — archived page",
			"- Differs: 30 days vs 14 days", "(`help-refund`, 2026-03-01) — newer", "(`blog-old`, 2024-01-01 (file time))",
			"- Basic and Pro cost $5 and $10.", "  - Rewrite: Basic costs $5. Pro costs $10."}},
		{"empty", Export{}, []string{"No conflicts between published documents.", "No muddy sentences."}},
		{"muddy not measured", Export{MuddyNote: "WordNet missing"}, []string{"Not measured: WordNet missing"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteExport(&buf, c.e, FormatMarkdown); err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(buf.String(), w) {
					t.Errorf("missing %q in\n%s", w, buf.String())
				}
			}
		})
	}
}

func TestWriteExportRejectsUnknownFormat(t *testing.T) {
	err := WriteExport(&bytes.Buffer{}, Export{}, "pdf")
	if !errors.Is(err, ErrFormat) || !errors.Is(err, ErrInvalid) {
		t.Fatalf("err = %v, want ErrFormat", err)
	}
}
