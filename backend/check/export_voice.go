package check

import (
	"fmt"
	"strings"
)

// The "Voice & tone" part of an exported report: each issue with its
// passage, guideline, why and rewrite, and what the writer dismissed and
// why.

// levelWords name a voice issue's level in the report.
var levelWords = map[string]string{"required": "Required", "recommended": "Recommended"}

func levelWord(l string) string {
	if w, ok := levelWords[l]; ok {
		return w
	}
	return l
}

func dismissedTag(dismissed bool) string {
	if dismissed {
		return " · dismissed"
	}
	return ""
}

// voiceItem is one voice issue as the report shows it.
type voiceItem struct {
	N         int // 1-based
	Issue     VoiceIssue
	Level     string
	Dismissed string // the reason; "" when not dismissed
}

// voiceReport is the voice part of a report; Ran is false when the voice
// check did not run with this check (no guidelines, or it failed).
type voiceReport struct {
	Ran       bool
	Score     string
	Count     int
	Dismissed int
	Items     []voiceItem
}

func voiceItems(rec Record) voiceReport {
	out := voiceReport{Ran: rec.Report.VoiceScore != nil, Count: len(rec.Report.Voice)}
	if out.Ran {
		out.Score = fmt.Sprintf("%.0f/100", *rec.Report.VoiceScore)
	}
	for i, is := range rec.Report.Voice {
		it := voiceItem{N: i + 1, Issue: is, Level: levelWord(is.Level)}
		if d, ok := rec.Dismissed[Finding{KindVoice, i}]; ok {
			it.Dismissed = d.Reason
			out.Dismissed++
		}
		out.Items = append(out.Items, it)
	}
	return out
}

func (v voiceReport) summary() string {
	s := fmt.Sprintf("Voice score %s · %d issue(s)", v.Score, v.Count)
	if v.Dismissed > 0 {
		s += fmt.Sprintf(", %d dismissed", v.Dismissed)
	}
	return s
}

// markdownVoice appends the Voice & tone section to a Markdown report.
func markdownVoice(b *strings.Builder, rec Record) {
	v := voiceItems(rec)
	b.WriteString("\n## Voice & tone\n\n")
	if !v.Ran {
		b.WriteString("Not checked: the voice & tone check did not run with this check (no guidelines in the workspace, or they could not be read).\n")
		return
	}
	fmt.Fprintf(b, "%s\n", v.summary())
	for _, it := range v.Items {
		is := it.Issue
		fmt.Fprintf(b, "\n### ⚑ %s — %s (issue %d)%s\n\n", it.Level, md(is.Rule), it.N, dismissedTag(it.Dismissed != ""))
		fmt.Fprintf(b, "> %s\n\n", md(is.Passage))
		fmt.Fprintf(b, "Guideline: %s\n\nWhy: %s\n\n", md(is.Guideline), md(is.Explanation))
		if is.Concrete {
			fmt.Fprintf(b, "Rewrite: %s\n", md(is.Suggestion))
		} else {
			fmt.Fprintf(b, "Suggestion: %s\n", md(is.Suggestion))
		}
		if it.Dismissed != "" {
			fmt.Fprintf(b, "\nDismissed: %s\n", md(it.Dismissed))
		}
	}
}

// voiceTemplate is the HTML report's Voice & tone section.
const voiceTemplate = `<h2>Voice &amp; tone</h2>
{{with .Voice}}{{if .Ran}}<p><strong>Voice score {{.Score}} · {{.Count}} issue(s){{if .Dismissed}}, {{.Dismissed}} dismissed{{end}}</strong></p>
{{range .Items}}<section class="claim voice{{if .Dismissed}} is-dismissed{{end}}">
<p class="badge">⚑ {{.Level}} · {{.Issue.Rule}} <span class="meta">issue {{.N}}</span></p>
<p class="quote">“{{.Issue.Passage}}”</p>
<p>Guideline: {{.Issue.Guideline}}</p>
<p>Why: {{.Issue.Explanation}}</p>
<p>{{if .Issue.Concrete}}Rewrite: <mark>{{.Issue.Suggestion}}</mark>{{else}}Suggestion: {{.Issue.Suggestion}}{{end}}</p>
{{with .Dismissed}}<p class="dismissed">Dismissed: {{.}}</p>{{end}}
</section>
{{end}}{{else}}<p class="meta">Not checked: the voice &amp; tone check did not run with this check (no guidelines in the workspace, or they could not be read).</p>{{end}}{{end}}
`
