package httpapi_test

import (
	"encoding/base64"
	"strings"
	"testing"

	"continuity/backend/draftfile/docxtest"
	"continuity/backend/team"
)

func TestABrowsersDraftFileIsReadAsTheDesktopReadsIt(t *testing.T) {
	writer := user(t, team.Writer)
	b64 := func(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
	cases := []struct {
		name   string
		body   map[string]any
		status int
		want   string // in the Markdown, or in the error message
	}{
		{"a Word file", map[string]any{"name": `C:\Users\ann\plans.docx`, "data_base64": b64(docxtest.Docx(t, docxtest.Para("Heading1", "Plans")+docxtest.Para("Normal", "The Team plan costs $25 a month.")))}, 200, "# Plans\n\nThe Team plan costs $25 a month."},
		{"Markdown", map[string]any{"name": "refunds.md", "data_base64": b64([]byte("# Refunds\n\nWithin 30 days.\n"))}, 200, "Within 30 days."},
		{"a rich paste", map[string]any{"html": "<h2>Refunds</h2><p>Within <b>30</b> days.</p>"}, 200, "## Refunds"},
		{"not a Word document", map[string]any{"name": "fake.docx", "data_base64": b64([]byte("plain text"))}, 400, "fake.docx"},
		{"an unsupported format", map[string]any{"name": "deck.pdf", "data_base64": b64([]byte("%PDF-1.4"))}, 400, ".docx"},
		{"bad base64", map[string]any{"name": "a.md", "data_base64": "not base64!"}, 400, "a.md: the file did not arrive intact"},
		{"no name", map[string]any{"data_base64": b64([]byte("x"))}, 400, "no name"},
		{"both a file and HTML", map[string]any{"name": "a.md", "data_base64": b64([]byte("x")), "html": "<p>y</p>"}, 400, "not both"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out struct {
				Name, Format, Markdown string
				Error                  struct{ Message string } `json:"error"`
			}
			got := do(t, fx.http.URL, writer, "POST", wsPath("/draft-files"), c.body, &out)
			text := out.Markdown
			if got != 200 {
				text = out.Error.Message
			}
			if got != c.status || !strings.Contains(text, c.want) {
				t.Fatalf("%d %q, want %d with %q", got, text, c.status, c.want)
			}
			if c.name == "a Word file" && (out.Name != "plans.docx" || out.Format != "docx") {
				t.Errorf("name %q format %q", out.Name, out.Format)
			}
		})
	}
}
