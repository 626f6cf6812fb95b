package check

import (
	"bytes"
	"fmt"
	"html/template"
	"sort"
	"strings"

	"continuity/backend/engine"
)

// Export formats.
const (
	FormatMarkdown = "md"
	FormatHTML     = "html"
)

// verdictWords are shown with every verdict so the report reads without colour.
var verdictWords = map[string]string{"supported": "✓ Supported", "contradicted": "✗ Contradicted", "not_covered": "? Not covered"}

func verdictWord(v string) string {
	if w, ok := verdictWords[v]; ok {
		return w
	}
	return v
}

// EngineLabel names the engine the way every screen does.
func EngineLabel(name, model string) string {
	if engine.Engine(name) == engine.LLM {
		return "LLM · " + model
	}
	return "Offline engine"
}

// Export renders rec as format "md" or "html".
func Export(rec Record, format string) (string, error) {
	switch format {
	case FormatMarkdown:
		return Markdown(rec), nil
	case FormatHTML:
		return HTML(rec)
	}
	return "", fmt.Errorf("%w: export format must be md or html, got %q", ErrInvalid, format)
}

// mdEscaper neutralises Markdown and inline HTML in corpus and draft text.
var mdEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", "&lt;", ">", "&gt;", "#", `\#`, "|", `\|`)

func md(s string) string { return mdEscaper.Replace(strings.Join(strings.Fields(s), " ")) }

// Markdown renders the report for pasting into a ticket or a doc.
func Markdown(rec Record) string {
	var b strings.Builder
	s := rec.Report.Summary
	fmt.Fprintf(&b, "# Draft check: %s\n\n", md(rec.Title))
	fmt.Fprintf(&b, "%s · %s · checked %s\n\n", md(EngineLabel(rec.Report.Engine, rec.Report.Model)), md(promptLine(rec.Report)), rec.CreatedAt.UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(&b, "**Contradicted %d · Not covered %d · Supported %d**\n", s.Contradicted, s.NotCovered, s.Supported)
	for _, v := range []string{"contradicted", "not_covered", "supported"} {
		for i, c := range rec.Report.Claims {
			if c.Verdict != v {
				continue
			}
			d, dismissed := rec.Dismissed[Finding{KindClaim, i}]
			fmt.Fprintf(&b, "\n## %s — claim %d (paragraph %d)%s\n\n", verdictWord(v), i+1, c.Paragraph+1, dismissedTag(dismissed))
			fmt.Fprintf(&b, "> %s\n\n", md(c.Text))
			if c.Resolved != "" {
				fmt.Fprintf(&b, "Read as: %s\n\n", md(c.Resolved))
			}
			fmt.Fprintf(&b, "%s\n\nConfidence: %s\n", md(c.Explanation), ConfidenceLabel(c.Confidence))
			if len(c.Flags) > 0 {
				fmt.Fprintf(&b, "\nFlags: %s\n", md(strings.Join(c.Flags, ", ")))
			}
			for _, e := range c.Evidence {
				fmt.Fprintf(&b, "\n- %s (%s): “%s”", md(e.Title), md(e.ChunkID), md(e.Quote))
				if e.URL != "" {
					fmt.Fprintf(&b, " — %s", md(e.URL))
				}
				b.WriteString("\n")
			}
			if v == "not_covered" && len(c.Evidence) == 0 {
				fmt.Fprintf(&b, "\nSearched %d passages in: %s\n", c.Searched.Passages, md(strings.Join(c.Searched.Documents, "; ")))
			}
			markdownClosest(&b, c)
			if dismissed {
				fmt.Fprintf(&b, "\nDismissed: %s\n", md(d.Reason))
			}
			if f, ok := rec.Feedback[i]; ok && !(dismissed && f.Vote == VoteDown && f.Note == d.Reason) {
				fmt.Fprintf(&b, "\nFeedback: %s %s\n", voteWord(f.Vote), md(f.Note))
			}
		}
	}
	markdownVoice(&b, rec)
	return b.String()
}

// markdownClosest lists a not-covered claim's closest published passage
// and the fact slot it states otherwise.
func markdownClosest(b *strings.Builder, c Claim) {
	if c.Differs != "" {
		fmt.Fprintf(b, "\n**%s**\n", md(c.Differs))
	}
	if e := c.Closest; e != nil {
		fmt.Fprintf(b, "\nClosest published passage: %s (%s): “%s”", md(e.Title), md(e.ChunkID), md(e.Quote))
		if e.URL != "" {
			fmt.Fprintf(b, " — %s", md(e.URL))
		}
		b.WriteString("\n")
	}
}

// ConfidenceLabel shows a stored confidence the way every face does: a
// whole percentage, or "not measured" when the engine gave none.
func ConfidenceLabel(c *float64) string {
	if c == nil {
		return "not measured"
	}
	return fmt.Sprintf("%.0f%%", *c*100)
}

func voteWord(v string) string {
	if v == VoteUp {
		return "👍 agree"
	}
	return "👎 disagree"
}

func promptLine(r Report) string {
	if len(r.PromptVersions) == 0 {
		return "no prompts"
	}
	parts := make([]string, 0, len(r.PromptVersions))
	for k, v := range r.PromptVersions {
		parts = append(parts, k+" "+v)
	}
	sort.Strings(parts)
	return "prompts " + strings.Join(parts, ", ")
}

// segment is a piece of chunk text, marked when it is the quote.
type segment struct {
	Text string
	Mark bool
}

// markQuote splits text around the first occurrence of quote.
func markQuote(text, quote string) []segment {
	if i := strings.Index(text, quote); quote != "" && i >= 0 {
		return []segment{{text[:i], false}, {quote, true}, {text[i+len(quote):], false}}
	}
	if quote == "" {
		return []segment{{text, false}}
	}
	return []segment{{quote, true}}
}

var htmlTmpl = template.Must(template.New("report").Funcs(template.FuncMap{
	"verdict": verdictWord, "marks": markQuote, "confidence": ConfidenceLabel, "inc": func(i int) int { return i + 1 }, "join": strings.Join,
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Draft check: {{.Rec.Title}}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
.claim{border:1px solid #cbd2d9;border-left-width:6px;border-radius:6px;padding:.75rem 1rem;margin:1rem 0}
.contradicted{border-left-color:#c81e1e}.supported{border-left-color:#1a7f37}.not_covered{border-left-color:#b45309}
.badge{font-weight:700}.quote{background:#f5f7fa;padding:.5rem .75rem;border-radius:4px;white-space:pre-wrap}
mark{background:#fde68a;color:inherit}.meta{color:#52606d;font-size:13px}
.differs{background:#fef3c7;border-left:3px solid #b45309;padding:.25rem .5rem;font-weight:600}
.voice{border-left-color:#6d3fc0}.dismissed{color:#52606d;font-style:italic}.is-dismissed .badge{text-decoration:line-through}
</style></head><body>
<h1>Draft check: {{.Rec.Title}}</h1>
<p class="meta">{{.Engine}} · {{.Prompts}} · checked {{.When}}</p>
<p><strong>Contradicted {{.Rec.Report.Summary.Contradicted}} · Not covered {{.Rec.Report.Summary.NotCovered}} · Supported {{.Rec.Report.Summary.Supported}}</strong></p>
{{range .Claims}}<section class="claim {{.C.Verdict}}{{if .Dismissed}} is-dismissed{{end}}">
<p class="badge">{{verdict .C.Verdict}} <span class="meta">claim {{inc .I}}, paragraph {{inc .C.Paragraph}}</span></p>
<p>“{{.C.Text}}”</p>{{if .C.Resolved}}<p class="meta">Read as: {{.C.Resolved}}</p>{{end}}<p>{{.C.Explanation}}</p>
<p class="meta">Confidence: {{confidence .C.Confidence}}</p>
{{if .C.Flags}}<p class="meta">Flags: {{join .C.Flags ", "}}</p>{{end}}
{{range .C.Evidence}}<div><p class="meta">{{.Title}} · {{.ChunkID}}{{if .URL}} · {{.URL}}{{end}}</p>
<p class="quote">{{range marks .ChunkText .Quote}}{{if .Mark}}<mark>{{.Text}}</mark>{{else}}{{.Text}}{{end}}{{end}}</p></div>{{end}}
{{if and (eq .C.Verdict "not_covered") (not .C.Evidence)}}<p class="meta">Searched {{.C.Searched.Passages}} passages in: {{join .C.Searched.Documents "; "}}</p>{{end}}
{{with .C.Differs}}<p class="differs">{{.}}</p>{{end}}
{{with .C.Closest}}<div class="closest"><p class="meta">Closest published passage: {{.Title}} · {{.ChunkID}}{{if .URL}} · {{.URL}}{{end}}</p>
<p class="quote">{{range marks .ChunkText .Quote}}{{if .Mark}}<mark>{{.Text}}</mark>{{else}}{{.Text}}{{end}}{{end}}</p></div>{{end}}
{{with .Dismissed}}<p class="dismissed">Dismissed: {{.}}</p>{{end}}
{{with .Vote}}<p class="meta">Feedback: {{.}}</p>{{end}}
</section>
{{end}}` + voiceTemplate + `</body></html>
`))

type htmlClaim struct {
	I         int
	C         Claim
	Vote      string
	Dismissed string // the reason; "" when not dismissed
}

// HTML renders a self-contained page: inline style, no scripts, nothing
// fetched; html/template escapes every piece of draft and corpus text.
func HTML(rec Record) (string, error) {
	var cs []htmlClaim
	for _, v := range []string{"contradicted", "not_covered", "supported"} {
		for i, c := range rec.Report.Claims {
			if c.Verdict == v {
				hc := htmlClaim{I: i, C: c}
				d, dismissed := rec.Dismissed[Finding{KindClaim, i}]
				if dismissed {
					hc.Dismissed = d.Reason
				}
				if f, ok := rec.Feedback[i]; ok && !(dismissed && f.Vote == VoteDown && f.Note == d.Reason) {
					hc.Vote = strings.TrimSpace(voteWord(f.Vote) + " " + f.Note)
				}
				cs = append(cs, hc)
			}
		}
	}
	var buf bytes.Buffer
	err := htmlTmpl.Execute(&buf, map[string]any{"Rec": rec, "Claims": cs, "Voice": voiceItems(rec), "Engine": EngineLabel(rec.Report.Engine, rec.Report.Model),
		"Prompts": promptLine(rec.Report), "When": rec.CreatedAt.UTC().Format("2006-01-02 15:04 UTC")})
	if err != nil {
		return "", fmt.Errorf("export html: %w", err)
	}
	return buf.String(), nil
}
