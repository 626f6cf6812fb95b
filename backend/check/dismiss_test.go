package check

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"continuity/backend/progress"
)

func reportWithVoice() Report {
	rep := sampleReport()
	score := 82.0
	rep.VoiceScore = &score
	rep.Voice = []VoiceIssue{
		{Passage: "TallyHub", Start: 0, End: 8, Rule: "product-names", Guideline: "Write Tallyhub, not TallyHub.",
			Explanation: "Our product name has one capital.", Suggestion: "Tallyhub", Concrete: true, Level: "required"},
		{Passage: "simply", Start: 20, End: 26, Rule: "no-simply", Guideline: "Avoid “simply”.",
			Explanation: "It adds nothing.", Suggestion: "Cut it.", Level: "recommended"},
	}
	return rep
}

func TestDismissKeepsReasonsWithTheCheck(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := openRepo(t)
	id, err := r.Save(ctx, "desktop", "# Billing news\n\nTallyHub refunds within 14 days.", reportWithVoice())
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Dismiss(ctx, id, KindClaim, 0, "  Correct, corpus outdated "); err != nil {
		t.Fatal(err)
	}
	if err := r.Dismiss(ctx, id, KindVoice, 1, "Intended"); err != nil {
		t.Fatal(err)
	}
	rec, err := r.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Dismissed[Finding{KindClaim, 0}].Reason; got != "Correct, corpus outdated" {
		t.Errorf("claim 0 dismissed for %q", got)
	}
	if got := rec.Dismissed[Finding{KindVoice, 1}].Reason; got != "Intended" {
		t.Errorf("voice 1 dismissed for %q", got)
	}
	if len(rec.Dismissed) != 2 {
		t.Errorf("dismissed %v, want 2", rec.Dismissed)
	}
	// a dismissed claim is a 👎 with the reason as its note, so triage has it
	tr, err := r.Triage(ctx)
	if err != nil || len(tr) != 1 || tr[0].ClaimIndex != 0 || tr[0].Note != "Correct, corpus outdated" {
		t.Fatalf("triage %+v %v", tr, err)
	}

	// restoring clears the dismissal and the 👎 it made
	if err := r.Dismiss(ctx, id, KindClaim, 0, ""); err != nil {
		t.Fatal(err)
	}
	if tr, _ := r.Triage(ctx); len(tr) != 0 {
		t.Errorf("triage after restore %+v", tr)
	}
	// …but not a 👎 the writer changed since
	if err := r.Dismiss(ctx, id, KindClaim, 1, "Not a factual claim"); err != nil {
		t.Fatal(err)
	}
	if err := r.SetFeedback(ctx, id, 1, VoteDown, "the engine missed the 2025 page"); err != nil {
		t.Fatal(err)
	}
	if err := r.Dismiss(ctx, id, KindClaim, 1, ""); err != nil {
		t.Fatal(err)
	}
	if tr, _ := r.Triage(ctx); len(tr) != 1 || tr[0].Note != "the engine missed the 2025 page" {
		t.Errorf("triage after restoring an edited 👎 %+v", tr)
	}
	rec, _ = r.Get(ctx, id)
	if _, ok := rec.Dismissed[Finding{KindClaim, 1}]; ok || len(rec.Dismissed) != 1 {
		t.Errorf("dismissed after restores %v", rec.Dismissed)
	}

	// deleting the check takes its dismissals with it
	if err := r.Delete(ctx, id); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := r.db.Reader().QueryRowContext(ctx, `SELECT count(*) FROM check_dismissals`).Scan(&n); err != nil || n != 0 {
		t.Errorf("dismissals left after delete: %d %v", n, err)
	}
}

func TestDismissRefusesWhatIsNotAFinding(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := openRepo(t)
	id, err := r.Save(ctx, "desktop", "draft", reportWithVoice())
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		id     int64
		kind   string
		index  int
		reason string
		want   error
	}{
		{"unknown kind", id, "style", 0, "x", ErrInvalid},
		{"claim out of range", id, KindClaim, 2, "x", ErrInvalid},
		{"voice out of range", id, KindVoice, -1, "x", ErrInvalid},
		{"reason too long", id, KindVoice, 0, strings.Repeat("x", MaxNote+1), ErrInvalid},
		{"unknown check", id + 1, KindClaim, 0, "x", ErrNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := r.Dismiss(ctx, c.id, c.kind, c.index, c.reason); !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
		})
	}
}

func TestExportHasVoiceAndDismissals(t *testing.T) {
	t.Parallel()
	rec := Record{ID: 3, Title: "Billing news", Report: reportWithVoice(), Feedback: map[int]Feedback{0: {Vote: VoteDown, Note: "Intended"}},
		Dismissed: map[Finding]Dismissal{{KindClaim, 0}: {Reason: "Intended"}, {KindVoice, 1}: {Reason: "House style <b>here</b>"}}}
	cases := []struct {
		format string
		must   []string
		never  []string
	}{
		{FormatMarkdown, []string{"## Voice & tone", "Voice score 82/100 · 2 issue(s), 1 dismissed", "### ⚑ Required — product-names (issue 1)\n",
			"> TallyHub", "Guideline: Write Tallyhub, not TallyHub.", "Why: Our product name has one capital.", "Rewrite: Tallyhub",
			"### ⚑ Recommended — no-simply (issue 2) · dismissed", "Suggestion: Cut it.", "Dismissed: House style &lt;b&gt;here&lt;/b&gt;",
			"(paragraph 3) · dismissed", "Dismissed: Intended"},
			[]string{"Feedback: 👎 disagree Intended", "<b>"}},
		{FormatHTML, []string{"<h2>Voice &amp; tone</h2>", "⚑ Required · product-names", "“TallyHub”", "Rewrite: <mark>Tallyhub</mark>",
			"Why: Our product name has one capital.", `class="claim voice is-dismissed"`, "Dismissed: House style &lt;b&gt;here&lt;/b&gt;",
			"Dismissed: Intended"},
			[]string{"Feedback: 👎 disagree Intended", "<b>here"}},
	}
	for _, c := range cases {
		t.Run(c.format, func(t *testing.T) {
			t.Parallel()
			out, err := Export(rec, c.format)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range c.must {
				if !strings.Contains(out, m) {
					t.Errorf("missing %q in\n%s", m, out)
				}
			}
			for _, n := range c.never {
				if strings.Contains(out, n) {
					t.Errorf("contains %q", n)
				}
			}
		})
	}
	none := rec
	none.Report.VoiceScore, none.Report.Voice = nil, nil
	out, _ := Export(none, FormatMarkdown)
	if !strings.Contains(out, "## Voice & tone\n\nNot checked:") {
		t.Errorf("a check without voice says so:\n%s", out)
	}
}

func TestCheckProgressCountsUpToItsTotals(t *testing.T) {
	t.Parallel()
	var got []progress.Event
	draft := "# Plans\n\nTallyhub costs $9 a month. It runs on iPhones.\n\nRefunds take 30 days.\n"
	p := newCheckProgress(draft, func(e progress.Event) { got = append(got, e) })
	// two paragraphs with claims, one holding two: 2 + 2 searches, 4 model calls
	if p.searchTotal != 4 || p.callTotal != 4 {
		t.Fatalf("totals %d searches, %d calls; want 4 and 4", p.searchTotal, p.callTotal)
	}
	p.start()
	for range 6 {
		p.searched()
	}
	p.called()
	last := got[len(got)-2]
	if last.Stage != StageSearching || last.Done != 4 || last.Total != 4 {
		t.Errorf("searches never pass the total: %+v", last)
	}
	if e := got[len(got)-1]; e.Stage != StageModel || e.Done != 1 || e.Total != 4 || e.Message != "asking the model" {
		t.Errorf("model call event %+v", e)
	}
	if got[0].Done != 0 || got[0].Total != 4 {
		t.Errorf("first event %+v", got[0])
	}

	// with the LLM engine the last search announces the model calls
	got = nil
	p = newCheckProgress(draft, func(e progress.Event) { got = append(got, e) })
	p.model = true
	for range 4 {
		p.searched()
	}
	if e := got[len(got)-1]; e.Stage != StageModel || e.Done != 0 || e.Total != 4 {
		t.Errorf("after the searches %+v, want the model stage at 0/4", e)
	}
}

func TestRecordWithDismissalsEncodesAsJSON(t *testing.T) {
	t.Parallel()
	rec := Record{ID: 1, Dismissed: map[Finding]Dismissal{{KindVoice, 2}: {Reason: "Intended"}}}
	b, err := json.Marshal(rec)
	if err != nil || !strings.Contains(string(b), `"voice:2":{"Reason":"Intended"`) {
		t.Fatalf("json %s, %v", b, err)
	}
	var back Record
	if err := json.Unmarshal(b, &back); err != nil || back.Dismissed[Finding{KindVoice, 2}].Reason != "Intended" {
		t.Fatalf("decoded %+v, %v", back.Dismissed, err)
	}
	var f Finding
	if err := f.UnmarshalText([]byte("style:x")); !errors.Is(err, ErrInvalid) {
		t.Errorf("a bad finding name: %v", err)
	}
}
