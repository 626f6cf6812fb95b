package audit

import (
	"fmt"
	"html/template"
	"io"
)

// html/template escapes every value, so corpus text is never markup.
var exportPage = template.Must(template.New("audit").Funcs(template.FuncMap{
	"values": valuesText, "confidence": confidence, "date": dateText, "summary": exportSummary,
	"inc": func(i int) int { return i + 1 },
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Corpus audit</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#1d2330}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:1em}
.side{border:1px solid #d5d9e0;border-radius:6px;padding:.6em .9em}
.newer{background:#e4f2e7;color:#1e6b33;border-radius:4px;padding:0 .4em;font-size:.85em}
.meta{color:#5b6473;font-size:.9em}
blockquote{margin:.4em 0;padding-left:.8em;border-left:3px solid #c5cbd6}
</style></head><body>
<h1>Corpus audit</h1>
<p class="summary">{{summary .}}</p>
<h2>Conflicts</h2>
{{if not .Conflicts}}<p>No conflicts between published documents.</p>{{end}}
{{range $i, $c := .Conflicts}}<section class="conflict" data-key="{{$c.Key}}">
<h3>{{inc $i}}. {{$c.A.Title}} vs {{$c.B.Title}}</h3>
<p class="meta">Status: <span class="status">{{$c.Status}}</span>{{if $c.StatusNote}} — <span class="note">{{$c.StatusNote}}</span>{{end}} · Confidence {{confidence $c.Confidence}} · Differs: {{values $c.Values}}</p>
<div class="pair">
<div class="side"><strong>{{$c.A.Title}}</strong> {{if eq $c.Newer "a"}}<span class="newer">newer</span>{{end}}
<div class="meta">{{$c.A.DocID}} · {{date $c.A}}</div><blockquote>{{$c.A.Quote}}</blockquote></div>
<div class="side"><strong>{{$c.B.Title}}</strong> {{if eq $c.Newer "b"}}<span class="newer">newer</span>{{end}}
<div class="meta">{{$c.B.DocID}} · {{date $c.B}}</div><blockquote>{{$c.B.Quote}}</blockquote></div>
</div></section>
{{end}}
<h2>Muddy sentences</h2>
{{if .MuddyNote}}<p>Not measured: {{.MuddyNote}}</p>{{else if not .Muddy}}<p>No muddy sentences.</p>{{end}}
{{range .Muddy}}<section class="muddy"><h3>{{.Title}} <span class="meta">{{.DocID}}</span></h3><ul>
{{range .Findings}}<li><blockquote>{{.Sentence}}</blockquote><div>Why: {{.Why}}</div><div>Rewrite: {{.Rewrite}}</div></li>
{{end}}</ul></section>
{{end}}
</body></html>
`))

// WriteHTML writes the export as a self-contained web page; all corpus
// text is escaped.
func WriteHTML(w io.Writer, e Export) error {
	if err := exportPage.Execute(w, e); err != nil {
		return fmt.Errorf("audit html: %w", err)
	}
	return nil
}
