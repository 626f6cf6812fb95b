package changed

import "testing"

func TestLocateClaim(t *testing.T) {
	t.Parallel()
	html := "<body>\n<p>Tallyhub never adds\n  a late fee.</p>\n</body>"
	md := "# T\n\nFirst. Second claim here.\n"
	tests := []struct {
		name      string
		page      Page
		para      Paragraph
		off       int
		claim     string
		line, col int
	}{
		{"markdown offset is exact", Page{kind: "md", raw: md}, Paragraph{Start: 5, End: 30, StartLine: 3}, 7, "Second claim here", 3, 8},
		{"html words across a line break", Page{kind: "html", raw: html}, Paragraph{Start: 7, End: 44, StartLine: 2}, 0, "Tallyhub never adds a late fee", 2, 4},
		{"html claim not in the source", Page{kind: "html", raw: html}, Paragraph{Start: 7, End: 44, StartLine: 2}, 0, "Nothing like it", 2, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			line, col := locate(tc.page, tc.para, tc.off, tc.claim)
			if line != tc.line || col != tc.col {
				t.Fatalf("at %d:%d, want %d:%d", line, col, tc.line, tc.col)
			}
		})
	}
}
