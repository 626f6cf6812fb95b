package corpus

import (
	"strings"
	"testing"

	"continuity/backend/text"
)

// Every table, Markdown or HTML, becomes one block of rows, one row a
// line in the same "| cell | cell |" form, and each row splits as one
// sentence: the unit a claim and an older version of the row pair on.
func TestTablesOneRowALine(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, kind, in string
		wantTable      string   // the table block's text
		wantOther      []string // the other blocks, in order
		notText        []string
	}{
		{name: "markdown pipe table, padding, rule and markup gone", kind: "md",
			in:        "# Classes\n\n| Class      | Format      | Status       |\n| ---------- | :---------: | ------------ |\n| **Tock 101** | [Self-guided](http://x) | Required |\n| TTS 101 | Video | `Recommended` |\n",
			wantTable: "| Class | Format | Status |\n| Tock 101 | Self-guided | Required |\n| TTS 101 | Video | Recommended |",
			wantOther: []string{"Classes"}, notText: []string{"http://x", "---", "**"}},
		{name: "table under a paragraph without a blank line", kind: "md",
			in:        "Office hours:\n| Day | Hours |\n|---|---|\n| Monday | 10 |\nSee you there.\n",
			wantTable: "| Day | Hours |\n| Monday | 10 |", wantOther: []string{"Office hours:", "See you there."}},
		{name: "an escaped pipe stays inside its cell", kind: "md",
			in:        "| Key | Meaning |\n|---|---|\n| a \\| b | either |\n",
			wantTable: "| Key | Meaning |\n| a / b | either |"},
		{name: "empty cells keep their column", kind: "md",
			in:        "| Plan | Team | Business |\n|---|---|---|\n| SSO |  | yes |\n",
			wantTable: "| Plan | Team | Business |\n| SSO | | yes |"},
		{name: "a table in a code fence is code", kind: "md",
			in:        "```\n| a | b |\n|---|---|\n```\n",
			wantOther: []string{"| a | b |"}}, // code keeps its lines as they were read before tables were
		{name: "html table with header cells, line breaks and links", kind: "html",
			in:        "<html><body><p>Offices.</p><table><thead><tr><th>City</th><th>Floor</th></tr></thead><tbody>\n<tr>\n  <td><strong>Chicago</strong></td>\n  <td>230 S. Dearborn<br/>35th floor</td>\n</tr>\n<tr><td>New <b>York</b></td><td><a href=\"x\">Ask</a> | desk</td></tr>\n<tr><td></td><td> </td></tr></tbody></table><p>After.</p></body></html>",
			wantTable: "| City | Floor |\n| Chicago | 230 S. Dearborn 35th floor |\n| New York | Ask / desk |",
			wantOther: []string{"Offices.", "After."}},
		{name: "hidden rows and scripts stay out of an html table", kind: "html",
			in:        "<table><tr><td>A</td><td>1</td></tr><tr hidden><td>secret</td></tr><tr><td>B<script>x()</script></td><td>2</td></tr></table>",
			wantTable: "| | |\n| A | 1 |\n| B | 2 |", notText: []string{"secret", "x()"}},
		{name: "a nested table is read inside its cell", kind: "html",
			in:        "<table><tr><td>Plan</td><td><table><tr><td>a</td><td>b</td></tr></table></td></tr></table>",
			wantTable: "| | |\n| Plan | a b |"},
		{name: "html block in markdown is read as html", kind: "md",
			in:        "# Chicago\n\n<div class=\"table-wrapper\">\n  <table class=\"meta\">\n    <tr>\n      <td class=\"col-key\"><strong>Point of contact</strong></td>\n      <td class=\"col-value\">\n        <a href=\"mailto:x@gsa.gov\">Dave Lamb</a>\n      </td>\n    </tr>\n  </table>\n</div>\n\n<p class=\"note\">Bring your <em>badge</em>.</p>\n\nText with <b>inline</b> tags stays Markdown.\n",
			wantTable: "| | |\n| Point of contact | Dave Lamb |", // no <th>: an empty header
			wantOther: []string{"Chicago", "Bring your badge.", "Text with <b>inline</b> tags stays Markdown."},
			notText:   []string{"col-key", "mailto", "<td", "<p"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := Parse("t."+tc.kind, tc.kind, []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			var tables, other []string
			for _, b := range d.Blocks {
				if b.Start < 0 || b.End > len(tc.in) || b.Start >= b.End {
					t.Errorf("block %q has bad offsets %d..%d", b.Text, b.Start, b.End)
				}
				if b.Table {
					tables = append(tables, b.Text)
				} else {
					other = append(other, b.Text)
				}
			}
			switch {
			case tc.wantTable == "" && len(tables) > 0:
				t.Errorf("tables %q, want none", tables)
			case tc.wantTable != "" && (len(tables) != 1 || tables[0] != tc.wantTable):
				t.Errorf("tables %q, want %q", tables, tc.wantTable)
			}
			if strings.Join(other, "\x00") != strings.Join(tc.wantOther, "\x00") {
				t.Errorf("other blocks %q, want %q", other, tc.wantOther)
			}
			for _, w := range tc.notText {
				if strings.Contains(d.Text, w) {
					t.Errorf("text %q contains %q", d.Text, w)
				}
			}
			if tc.wantTable == "" {
				return
			}
			// Each row is one sentence of the chunk it lands in; an empty
			// header row is none.
			var rows []string
			for _, r := range strings.Split(tc.wantTable, "\n") {
				if strings.Trim(r, "| ") != "" {
					rows = append(rows, r)
				}
			}
			var sents []string
			for _, c := range Chunks(d, DefaultChunkOptions) {
				for _, s := range text.SplitSentences(c.Text) {
					if strings.HasPrefix(s.Text, "|") {
						sents = append(sents, s.Text)
					}
				}
			}
			if strings.Join(sents, "\n") != strings.Join(rows, "\n") {
				t.Errorf("row sentences %q, want %q", sents, rows)
			}
		})
	}
}

// A table longer than a chunk is cut between rows, never inside one, and
// every piece starts with the header row, so each piece reads as a table.
func TestChunksCutTablesBetweenRows(t *testing.T) {
	t.Parallel()
	var src strings.Builder
	src.WriteString("# Dates\n\n| Date | Item |\n|---|---|\n")
	for i := range 12 {
		src.WriteString("| October " + string(rune('1'+i%9)) + ", 2025 | Supervisors hold review meetings with their direct reports. Plans close. |\n")
	}
	d, err := Parse("d.md", "md", []byte(src.String()))
	if err != nil {
		t.Fatal(err)
	}
	cs := Chunks(d, ChunkOptions{Size: 40, Overlap: 10})
	rows := 0
	for _, c := range cs {
		if c.Text == "Dates" {
			continue
		}
		lines := strings.Split(c.Text, "\n")
		if lines[0] != "| Date | Item |" {
			t.Errorf("piece does not start with the header: %q", c.Text)
		}
		if strings.Join(c.HeadingPath, "/") != "Dates" {
			t.Errorf("piece heading path %v", c.HeadingPath)
		}
		for _, l := range lines[1:] {
			if !strings.HasPrefix(l, "| October ") || !strings.HasSuffix(l, " Plans close. |") {
				t.Errorf("row cut: %q", l)
			}
			rows++
		}
		if n := len(strings.Fields(c.Text)); n > 40 {
			t.Errorf("piece of %d words over 40: %q", n, c.Text)
		}
	}
	if rows != 12 {
		t.Errorf("%d rows in the pieces, want 12 (each once)", rows)
	}
}
