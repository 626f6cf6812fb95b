package check

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"continuity/backend/draftfile"
	"continuity/backend/draftfile/docxtest"
	"continuity/backend/engine"
)

// formatsDraft is a draft about sample-corpus facts (corpus/FACTS.md P1,
// P2, P3, R1), written three ways: supported and contradicted claims, in
// paragraphs under headings and in a table.
const formatsDraft = `# Plans and refunds

The Starter plan costs $9 a month and covers one user. The Team plan costs $25 a month.

## Refunds

You can request a full refund within 30 days of any payment.

| Plan | Users |
|---|---|
| Team | up to 10 users |
| Business | up to 100 users |`

const formatsHTML = `<!DOCTYPE html><html><head><title>Plans</title><style>h1{color:red}</style></head><body>
<nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav>
<h1>Plans and refunds</h1>
<p>The Starter plan costs $9 a month and covers one user. The Team plan costs $25 a month.</p>
<h2>Refunds</h2>
<p>You can request a full refund within 30 days of any payment.</p>
<table><thead><tr><th>Plan</th><th>Users</th></tr></thead>
<tbody><tr><td>Team</td><td>up to 10 users</td></tr><tr><td>Business</td><td>up to 100 users</td></tr></tbody></table>
<script>document.title = "The Team plan costs $1 a month."</script>
</body></html>`

// formatsDocx is the draft as Word writes it: styled headings, runs and a
// table whose first row heads it.
func formatsDocx(t *testing.T) []byte {
	t.Helper()
	p := docxtest.Para
	row := func(cells ...string) string {
		var b strings.Builder
		for _, c := range cells {
			b.WriteString(`<w:tc><w:tcPr><w:tcW w:w="4500" w:type="dxa"/></w:tcPr>` + p("", c) + `</w:tc>`)
		}
		return `<w:tr>` + b.String() + `</w:tr>`
	}
	body := p("Title", "Plans and refunds") +
		`<w:p><w:r><w:t xml:space="preserve">The Starter plan costs $9 a month and covers one user. </w:t></w:r>` +
		`<w:r><w:rPr><w:b/></w:rPr><w:t>The Team plan costs $25 a month.</w:t></w:r></w:p>` +
		p("Heading2", "Refunds") + p("", "You can request a full refund within 30 days of any payment.") +
		`<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/></w:tblPr>` + row("Plan", "Users") + row("Team", "up to 10 users") + row("Business", "up to 100 users") + `</w:tbl>`
	return docxtest.Docx(t, body)
}

// A .docx and an .html draft are checked exactly as the same text written
// in Markdown: every claim gets the same verdict in the same paragraph,
// and voice finds the same issues, with the offline engine over the whole
// sample corpus.
func TestOtherFormatsGetTheVerdictsOfTheirMarkdown(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openSession(t, t.TempDir(), sampleCorpus)
	outcome := func(name string, data []byte) (string, []string) {
		t.Helper()
		d, err := draftfile.Convert(name, data)
		if err != nil {
			t.Fatal(err)
		}
		out, err := Run(ctx, s, Request{Draft: d.Markdown, Source: SourceCLI, Engine: engine.Offline}, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var got []string
		for _, c := range out.Record.Report.Claims {
			got = append(got, fmt.Sprintf("paragraph %d %s: %s", c.Paragraph, c.Verdict, strings.Join(strings.Fields(c.Text), " ")))
		}
		for _, v := range out.Record.Report.Voice {
			got = append(got, fmt.Sprintf("voice %s %s: %s", v.Level, v.Rule, v.Passage))
		}
		return d.Markdown, got
	}
	_, want := outcome("draft.md", []byte(formatsDraft))
	joined := strings.Join(want, "\n")
	for _, verdict := range []string{"supported", "contradicted"} {
		if !strings.Contains(joined, verdict) {
			t.Fatalf("the Markdown draft has no %s claim, so it proves nothing:\n%s", verdict, joined)
		}
	}
	for _, f := range []struct {
		name string
		data []byte
	}{{"draft.html", []byte(formatsHTML)}, {"draft.docx", formatsDocx(t)}} {
		md, got := outcome(f.name, f.data)
		if g := strings.Join(got, "\n"); g != joined {
			t.Errorf("%s (as Markdown:\n%s\n) got\n%s\nwant, as for the Markdown draft,\n%s", f.name, md, g, joined)
		}
	}
	t.Logf("verdicts of all three formats:\n%s", joined)
}
