package scorecard

const pageTemplate = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Scorecard {{.Run.ID}}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1f2328}
h1{font-size:20px}h2{font-size:16px;margin-top:28px}
.tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:10px}
.tile{border:1px solid #d0d7de;border-left:6px solid #8c959f;border-radius:6px;padding:8px 10px}
.tile.pass{border-left-color:#1a7f37}.tile.fail{border-left-color:#cf222e}.tile.none{border-left-color:#8c959f;opacity:.8}
.tile .v{font-size:22px;font-weight:600}.tile .s{font-weight:600}
.gate{padding:8px 12px;border-radius:6px;font-weight:600}.gate.pass{background:#dafbe1}.gate.fail{background:#ffebe9}
table{border-collapse:collapse;width:100%;margin-top:8px}th,td{border:1px solid #d0d7de;padding:4px 6px;text-align:left;vertical-align:top}
th{background:#f6f8fa}.below{background:#ffebe9}.err{color:#cf222e}
pre{white-space:pre-wrap;margin:0;font:12px ui-monospace,monospace}
details{margin:6px 0}
figure{margin:8px 0}.chart{max-width:100%;height:auto;font-family:system-ui,sans-serif}.chart text{fill:#1f2328}
</style></head><body>
<h1>Evaluation scorecard · run {{.Run.ID}}</h1>
<p>Golden set {{.Run.GoldenSet}} {{.Run.GoldenVersion}} · engine {{.Run.Engine}} · answer model {{.Run.AnswerModel}} · judge model {{if .Run.JudgeModel}}{{.Run.JudgeModel}}{{else}}none{{end}} · k={{.Run.K}} · corpus {{.Run.CorpusFingerprint}} · started {{.Run.StartedAt}}</p>
<p class="gate {{if .Gate.Pass}}pass{{else}}fail{{end}}">Gate: {{if .Gate.Pass}}PASS{{else}}FAIL{{end}} · errors: {{.Errors}}</p>
{{if .Gate.Failures}}<ul>{{range .Gate.Failures}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{if .Scorecard.Warnings}}<ul>{{range .Scorecard.Warnings}}<li class="err">warning: {{.}}</li>{{end}}</ul>{{end}}
<h2>Metrics</h2>
<div class="tiles">{{range .Tiles}}
<div class="tile {{.Class}}"><div>{{.Name}} · <span class="s">{{.Status}}</span></div><div class="v">{{.Mean}}</div>
<div>threshold {{.Threshold}} · measured {{.Measured}} · not measured {{.NotMeasured}}{{if .Flaky}} · flaky {{.Flaky}}{{end}}</div>
<div><small>{{.Meaning}}</small></div></div>{{end}}
</div>
<h2>By category</h2>
<table><tr><th>category</th>{{range .Metrics}}<th>{{.}}</th>{{end}}</tr>
{{range $c := .Categories}}<tr><td>{{$c}}</td>{{range $m := $.Metrics}}<td>{{mean (index (index $.Scorecard.Categories $c) $m)}}</td>{{end}}</tr>{{end}}
</table>
{{with .CatSVG}}<figure>{{.}}<figcaption><small>bars: this run's mean per category; the table above has every metric</small></figcaption></figure>{{end}}
{{with .Trend}}<h2>Trend</h2>
<figure>{{.SVG}}</figure>
<table><caption>Trend values (gated metrics, oldest run first)</caption><tr><th>run</th><th>started (UTC)</th>{{range .Metrics}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr><td>{{.RunID}}</td><td>{{.Date}}</td>{{range .Values}}<td>{{.}}</td>{{end}}</tr>{{end}}
</table>{{end}}
{{with .Baseline}}<h2>Compared with baseline {{.BaselineRunID}}</h2>
<p>{{len .Regressions}} regressions · {{len .Improvements}} improvements · {{len .NewErrors}} new errors · {{.Summary.AnswersChanged}} answers changed · {{.Summary.ContradictsApproved}} now contradict their approved answer</p>
{{if .Summary.ContradictsApproved}}<ul class="contradictions">{{range .Questions}}{{if .ContradictsApproved}}<li class="err" data-question="{{.QuestionID}}">{{.QuestionID}} now contradicts its approved answer (regressed){{if .ContradictedClaims}}: {{join .ContradictedClaims " | "}}{{end}}</li>{{end}}{{end}}</ul>{{end}}
<table><tr><th>metric</th><th>baseline mean</th><th>mean now</th><th>change</th><th>movement</th></tr>
{{range .Metrics}}<tr{{if eq .Movement "regressed"}} class="below"{{end}}><td>{{.Metric}}</td><td>{{opt .Baseline}}</td><td>{{opt .Current}}</td><td>{{signed .Delta}}</td><td>{{.Movement}}</td></tr>{{end}}
</table>
<table><tr><th>question</th><th>metric</th><th>baseline</th><th>now</th><th>change</th></tr>
{{range .Regressions}}<tr class="below"><td>{{.QuestionID}}</td><td>{{.Metric}}</td><td>{{printf "%.2f" .Baseline}}</td><td>{{printf "%.2f" .Current}}</td><td>{{printf "%+.2f" .Delta}} (worse)</td></tr>{{end}}
{{range .Improvements}}<tr><td>{{.QuestionID}}</td><td>{{.Metric}}</td><td>{{printf "%.2f" .Baseline}}</td><td>{{printf "%.2f" .Current}}</td><td>{{printf "%+.2f" .Delta}} (better)</td></tr>{{end}}
</table>{{end}}
<h2>Review queue ({{len .Review}})</h2>
{{range .Review}}<details><summary>{{.ID}} ({{.Category}}): {{join .Why "; "}}</summary>
<p><b>Question:</b> {{.Question}}</p><p><b>Answer:</b> {{.Answer}}</p><p><b>Reference:</b> {{.Reference}}</p>
{{if .Claims}}<ul>{{range .Claims}}<li>{{.Verdict}}: {{.Claim}}</li>{{end}}</ul>{{end}}
<ol>{{range .Retrieved}}<li>{{.ChunkID}} ({{.DocID}}): <pre>{{.Text}}</pre></li>{{end}}</ol>
</details>{{end}}
<h2>Questions ({{len .Questions}})</h2>
<table id="questions"><tr><th>id</th><th>category</th><th>question</th><th>answer</th>{{if $.Baseline}}<th>answer changed</th><th>contradicts approved answer</th>{{end}}{{range .Metrics}}<th>{{.}}</th>{{end}}</tr>
{{range $q := .Questions}}{{$f := index $.Flags $q.ID}}<tr{{if or $q.Below $q.Error $f.ContradictsApproved}} class="below"{{end}}><td>{{$q.ID}}</td><td>{{$q.Category}}</td><td>{{$q.Question}}</td>
<td>{{if $q.Error}}<span class="err">error: {{$q.Error}}</span>{{else}}{{$q.Answer}}{{end}}</td>
{{if $.Baseline}}<td>{{yesno $f.AnswerChanged}}</td><td>{{if $f.ContradictsApproved}}<span class="err">yes</span>{{else}}no{{end}}</td>{{end}}{{range $m := $.Metrics}}<td>{{score $q.Scores $m}}</td>{{end}}</tr>{{end}}
</table>
</body></html>
`
