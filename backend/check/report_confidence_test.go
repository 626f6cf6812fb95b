package check

import (
	"context"
	"math"
	"strings"
	"testing"

	"continuity/backend/claims"
)

func TestBuildKeepsResolvedAndConfidence(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		confidence float64
		want       *float64
	}{
		{"measured", 0.83, ptr(0.83)},
		{"certain", 1, ptr(1)},
		{"engine gives none", 0, nil},
		{"not a probability", math.NaN(), nil},
		{"above one", 1.5, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rep := claims.Report{Engine: "offline", Results: []claims.Result{{
				Claim:   claims.Claim{Text: "It runs on iPhones.", Resolved: "Tallyhub Go runs on iPhones.", Start: 24, End: 43},
				Verdict: claims.Supported, Confidence: c.confidence}}}
			got := Build(rep, nil, nil, 4).Claims[0]
			if got.Text != "It runs on iPhones." || got.Resolved != "Tallyhub Go runs on iPhones." {
				t.Errorf("text %q resolved %q", got.Text, got.Resolved)
			}
			if (got.Confidence == nil) != (c.want == nil) || (c.want != nil && *got.Confidence != *c.want) {
				t.Errorf("confidence %v, want %v", deref(got.Confidence), deref(c.want))
			}
		})
	}
}

// A check stored before claims carried a resolved form or a confidence
// still opens, and says "not measured" rather than 0.
func TestOldRecordsDecodeAsNotMeasured(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := openRepo(t)
	old := `{"engine":"offline","model":"offline-1","prompt_versions":{},"corpus_docs":4,
		"summary":{"supported":1,"contradicted":0,"not_covered":0},
		"claims":[{"paragraph":0,"text":"The Team plan costs $29.","start":0,"end":24,"verdict":"supported",
		"explanation":"stated","evidence":[],"flags":[],"searched":{"passages":8,"documents":["Pricing"]}}]}`
	res, err := r.db.Writer().ExecContext(ctx, `INSERT INTO checks(workspace_id, created_at, source, title, draft, engine, model, prompt_versions, report_json)
		VALUES(?,?,?,?,?,?,?,?,?)`, r.workspace, "2025-01-02T03:04:05Z", "cli", "Pricing", "The Team plan costs $29.", "offline", "offline-1", "{}", old)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	rec, err := r.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	c := rec.Report.Claims[0]
	if c.Confidence != nil || c.Resolved != "" {
		t.Fatalf("old claim decoded with confidence %v, resolved %q; want not measured and none", deref(c.Confidence), c.Resolved)
	}
	if got := ConfidenceLabel(c.Confidence); got != "not measured" {
		t.Errorf("label %q", got)
	}
	if md := Markdown(rec); !strings.Contains(md, "Confidence: not measured") || strings.Contains(md, "Read as:") {
		t.Errorf("markdown of an old record:\n%s", md)
	}
}

func TestConfidenceAndResolvedSurviveTheHistory(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := openRepo(t)
	rep := Build(claims.Report{Engine: "offline", Results: []claims.Result{
		{Claim: claims.Claim{Text: "It runs on <b>iPhones</b>.", Resolved: "Tallyhub Go runs on <b>iPhones</b>."}, Verdict: claims.Supported, Confidence: 0.914},
		{Claim: claims.Claim{Text: "Refunds take 14 days."}, Verdict: claims.NotCovered},
	}, Summary: claims.Summary{Supported: 1, NotCovered: 1}}, nil, nil, 4)
	id, err := r.Save(ctx, SourceCLI, "Tallyhub Go is our app. It runs on <b>iPhones</b>.\n\nRefunds take 14 days.", rep)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := r.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	a, b := rec.Report.Claims[0], rec.Report.Claims[1]
	if a.Resolved != "Tallyhub Go runs on <b>iPhones</b>." || a.Confidence == nil || *a.Confidence != 0.914 || b.Confidence != nil {
		t.Fatalf("stored claims %+v / %+v", a, b)
	}
	cases := []struct {
		format string
		want   []string
	}{
		{FormatMarkdown, []string{"Read as: Tallyhub Go runs on &lt;b&gt;iPhones&lt;/b&gt;.", "Confidence: 91%", "Confidence: not measured"}},
		{FormatHTML, []string{"Read as: Tallyhub Go runs on &lt;b&gt;iPhones&lt;/b&gt;.", "Confidence: 91%", "Confidence: not measured"}},
	}
	for _, c := range cases {
		out, err := Export(rec, c.format)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s export lacks %q:\n%s", c.format, w, out)
			}
		}
	}
}

func ptr(f float64) *float64 { return &f }

func deref(f *float64) any {
	if f == nil {
		return "not measured"
	}
	return *f
}
