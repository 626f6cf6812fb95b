package check

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/claims"
	"continuity/backend/store"
)

func openRepo(t *testing.T) *Repo {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	r, err := NewRepo(context.Background(), db, "ws-test")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

const hostile = `<script>alert(1)</script><img src="https://evil.example/x.png"> [link](https://evil.example) **bold**`

func sampleReport() Report {
	chunk := "Full refunds within 30 days\n\nYou can request a full refund within 30 days of any payment to Tallyhub."
	rep := claims.Report{Engine: "offline", Model: "offline-1", PromptVersions: map[string]string{}, Results: []claims.Result{
		{Claim: claims.Claim{Paragraph: 2, Text: "You can ask for a full refund within 14 days.", Start: 10, End: 55}, Verdict: claims.Contradicted,
			Explanation: "the corpus says 30 days; the draft says 14 days.",
			Evidence:    []claims.Evidence{{DocID: "help-refund-policy", ChunkID: "help-refund-policy#1", Title: "Refund policy", Quote: "You can request a full refund within 30 days of any payment to Tallyhub."}}},
		{Claim: claims.Claim{Paragraph: 3, Text: hostile}, Verdict: claims.NotCovered, Explanation: hostile},
	}, Summary: claims.Summary{Contradicted: 1, NotCovered: 1}}
	passages := map[string]claims.Passage{"help-refund-policy#1": {DocID: "help-refund-policy", ChunkID: "help-refund-policy#1", Title: "Refund policy",
		URL: "https://help.tallyhub.example/refund-policy", Text: chunk}}
	return Build(rep, passages, map[int]Searched{3: {Passages: 8, Documents: []string{"Refund policy", hostile}}}, 40)
}

func TestHistoryFeedbackAndTriage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := openRepo(t)
	id, err := r.Save(ctx, "desktop", "# Billing news\n\nYou can ask for a full refund within 14 days.", sampleReport())
	if err != nil {
		t.Fatal(err)
	}
	list, err := r.List(ctx)
	if err != nil || len(list) != 1 || list[0].Title != "Billing news" || list[0].Summary.Contradicted != 1 || list[0].Engine != "offline" {
		t.Fatalf("list %+v %v", list, err)
	}
	rec, err := r.Get(ctx, id)
	if err != nil || rec.Report.Claims[0].Evidence[0].ChunkText == "" || rec.Report.Claims[1].Searched.Passages != 8 {
		t.Fatalf("get %+v %v", rec, err)
	}
	cases := []struct {
		name        string
		claim       int
		vote, note  string
		wantErr     error
		wantTriaged int
	}{
		{"thumbs down", 0, VoteDown, "the blog post is older", nil, 1},
		{"change to up", 0, VoteUp, "", nil, 0},
		{"down again", 0, VoteDown, "wrong", nil, 1},
		{"second claim down", 1, VoteDown, "", nil, 2},
		{"bad vote", 0, "maybe", "", ErrInvalid, 2},
		{"claim out of range", 7, VoteDown, "", ErrInvalid, 2},
		{"clear", 1, "", "", nil, 1},
	}
	for _, c := range cases { // sequential: each step builds on the last
		err := r.SetFeedback(ctx, id, c.claim, c.vote, c.note)
		if !errors.Is(err, c.wantErr) {
			t.Fatalf("%s: err %v, want %v", c.name, err, c.wantErr)
		}
		tri, err := r.Triage(ctx)
		if err != nil || len(tri) != c.wantTriaged {
			t.Fatalf("%s: triage %+v %v", c.name, tri, err)
		}
	}
	tri, _ := r.Triage(ctx)
	if tri[0].ClaimText != "You can ask for a full refund within 14 days." || tri[0].ChunkIDs[0] != "help-refund-policy#1" || tri[0].Verdict != "contradicted" || tri[0].Note != "wrong" {
		t.Fatalf("triage row %+v", tri[0])
	}
	if err := r.Delete(ctx, id); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Get(ctx, id); !errors.Is(err, ErrNotFound) {
		t.Fatalf("get after delete: %v", err)
	}
	if err := r.Delete(ctx, id); !errors.Is(err, ErrNotFound) {
		t.Fatalf("second delete: %v", err)
	}
	if tri, _ := r.Triage(ctx); len(tri) != 1 {
		t.Fatalf("triage rows must outlive their check: %+v", tri)
	}
	if err := r.SetFeedback(ctx, id, 0, VoteUp, ""); !errors.Is(err, ErrNotFound) {
		t.Fatalf("feedback on a deleted check: %v", err)
	}
}

func TestExportEscapesAndStaysSelfContained(t *testing.T) {
	t.Parallel()
	rec := Record{ID: 1, Title: hostile, Draft: hostile, Report: sampleReport(), Feedback: map[int]Feedback{0: {Vote: VoteDown, Note: hostile}}}
	cases := []struct {
		format string
		must   []string
		never  []string
	}{
		{FormatHTML, []string{"<mark>You can request a full refund within 30 days of any payment to Tallyhub.</mark>", "✗ Contradicted", "? Not covered", "Offline engine", "&lt;script&gt;"},
			[]string{"<script", "<img", `src="`, `href="`, "<link", "@import", "url("}},
		{FormatMarkdown, []string{"✗ Contradicted", "Refund policy", "Searched 8 passages", "&lt;script&gt;", `\[link\]`},
			[]string{"<script", "<img", "[link](", "**bold**"}},
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
					t.Errorf("missing %q", m)
				}
			}
			for _, n := range c.never {
				if strings.Contains(out, n) {
					t.Errorf("contains %q", n)
				}
			}
		})
	}
	if _, err := Export(rec, "pdf"); !errors.Is(err, ErrInvalid) {
		t.Fatalf("pdf: %v", err)
	}
}

func TestTitle(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, in, want string }{
		{"heading", "\n\n## Refunds ahead\nbody", "Refunds ahead"},
		{"empty", " \n\n", "Untitled draft"},
		{"long", strings.Repeat("é", 100), strings.Repeat("é", 79) + "…"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Title(c.in); got != c.want {
				t.Fatalf("Title = %q, want %q", got, c.want)
			}
		})
	}
}
