package check

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"continuity/backend/claims"
	"continuity/backend/corpus"
	"continuity/backend/retrieval"
)

// fakeHistory serves superseded sentences and one document's chunks.
type fakeHistory struct {
	hits   []retrieval.SupersededHit
	chunks []retrieval.ChunkSpan
	err    error
}

func (f fakeHistory) SearchSuperseded(context.Context, string, int) ([]retrieval.SupersededHit, error) {
	return f.hits, f.err
}

func (f fakeHistory) DocumentChunks(context.Context, string) ([]retrieval.ChunkSpan, error) {
	return f.chunks, nil
}

func (f fakeHistory) Document(_ context.Context, id string) (corpus.Document, bool, error) {
	return corpus.Document{ID: id, Title: "Refunds", URL: "https://help.example/refunds"}, len(f.chunks) > 0, nil
}

// fakeJudge gives a verdict per passage: old against the superseded
// sentence, now against the current sentence and chunk (chunk against the
// chunk alone when set).
type fakeJudge struct {
	old, now, chunk claims.Verdict
}

func (j fakeJudge) Verify(c claims.Claim, ps []claims.Passage) claims.Result {
	v := j.now
	switch {
	case strings.HasPrefix(ps[0].ChunkID, "superseded:"):
		v = j.old
	case ps[0].Text != nowRefund && j.chunk != "":
		v = j.chunk
	}
	return claims.Result{Claim: c, Verdict: v, Confidence: 0.8}
}

const (
	oldRefund = "Refunds are accepted within 14 days of purchase."
	nowRefund = "Refunds are accepted within 30 days of purchase."
)

var refundChange = retrieval.Superseded{ID: 7, DocID: "refunds", Title: "Refunds", Text: oldRefund, Replacement: nowRefund, Current: nowRefund,
	Until: time.Date(2026, 3, 12, 9, 0, 0, 0, time.UTC), Commit: "1a2b3c4d5e6f7a8b", Message: "New refund policy"}

func TestNameChanges(t *testing.T) {
	t.Parallel()
	chunk := retrieval.ChunkSpan{ID: "refunds#0", Text: "# Refunds\n\n" + nowRefund}
	hit := retrieval.SupersededHit{Superseded: refundChange}
	removed := refundChange
	removed.Replacement, removed.Current = "", ""
	unrelated := refundChange
	unrelated.Replacement = "See the billing page for how to ask for one."
	unrelated.Current = unrelated.Replacement
	otherChunk := retrieval.ChunkSpan{ID: "refunds#0", Text: "# Refunds\n\n" + unrelated.Current}
	recased := refundChange
	recased.Replacement = "Refunds are Accepted within 14 days of Purchase."
	recased.Current = recased.Replacement
	recasedChunk := retrieval.ChunkSpan{ID: "refunds#0", Text: "# Refunds\n\n" + recased.Current}
	engineEv := Evidence{DocID: "refunds", ChunkID: "refunds#0", Title: "Refunds", Quote: "within 30 days"}
	other := Evidence{DocID: "faq", ChunkID: "faq#2", Title: "FAQ", Quote: "Refunds within 14 days."}
	closest := &Evidence{DocID: "refunds", ChunkID: "refunds#0", Quote: nowRefund}
	cases := []struct {
		name     string
		claim    Claim
		hist     fakeHistory
		judge    fakeJudge
		verdict  claims.Verdict
		named    bool
		evidence []string // chunk IDs, in order
		conf     *float64
	}{
		{"not covered, states the old fact", Claim{Text: "You get a refund for two weeks.", Verdict: "not_covered", Closest: closest, Differs: "x"},
			fakeHistory{hits: []retrieval.SupersededHit{hit}, chunks: []retrieval.ChunkSpan{chunk}}, fakeJudge{old: claims.Supported, now: claims.Contradicted},
			claims.Contradicted, true, []string{"refunds#0"}, ptr(0.8)},
		{"old fact by its words and values, judge unsure", Claim{Text: "Refunds are accepted within 14 days of the purchase.", Verdict: "not_covered"},
			fakeHistory{hits: []retrieval.SupersededHit{hit}, chunks: []retrieval.ChunkSpan{chunk}}, fakeJudge{old: claims.NotCovered, now: claims.NotCovered},
			claims.Contradicted, true, []string{"refunds#0"}, nil},
		{"already contradicted gains the change", Claim{Text: "Refunds within 14 days.", Verdict: "contradicted", Confidence: ptr(0.9), Evidence: []Evidence{other, engineEv}},
			fakeHistory{hits: []retrieval.SupersededHit{hit}, chunks: []retrieval.ChunkSpan{chunk}}, fakeJudge{old: claims.Supported, now: claims.Contradicted},
			claims.Contradicted, true, []string{"refunds#0", "faq#2"}, ptr(0.9)},
		{"the page still says it", Claim{Text: "Refunds are accepted.", Verdict: "not_covered"},
			fakeHistory{hits: []retrieval.SupersededHit{hit}, chunks: []retrieval.ChunkSpan{chunk}}, fakeJudge{old: claims.Supported, now: claims.Supported},
			claims.NotCovered, false, nil, nil},
		{"supported by another page", Claim{Text: "Refunds within 14 days.", Verdict: "supported", Evidence: []Evidence{other}},
			fakeHistory{hits: []retrieval.SupersededHit{hit}, chunks: []retrieval.ChunkSpan{chunk}}, fakeJudge{old: claims.Supported, now: claims.Contradicted},
			claims.Supported, false, []string{"faq#2"}, nil},
		{"the page's other sentences still say it", Claim{Text: "You get a refund for two weeks.", Verdict: "not_covered"},
			fakeHistory{hits: []retrieval.SupersededHit{hit}, chunks: []retrieval.ChunkSpan{chunk}}, fakeJudge{old: claims.Supported, now: claims.NotCovered, chunk: claims.Supported},
			claims.NotCovered, false, nil, nil},
		{"supported by the changed page, its current sentence contradicts", Claim{Text: "Refunds within 14 days.", Verdict: "supported", Evidence: []Evidence{engineEv}},
			fakeHistory{hits: []retrieval.SupersededHit{hit}, chunks: []retrieval.ChunkSpan{chunk}}, fakeJudge{old: claims.Supported, now: claims.Contradicted, chunk: claims.Supported},
			claims.Contradicted, true, []string{"refunds#0"}, ptr(0.8)},
		{"supported, the current sentence does not contradict", Claim{Text: "Refunds within 14 days.", Verdict: "supported", Evidence: []Evidence{engineEv}},
			fakeHistory{hits: []retrieval.SupersededHit{hit}, chunks: []retrieval.ChunkSpan{chunk}}, fakeJudge{old: claims.Supported, now: claims.NotCovered, chunk: claims.NotCovered},
			claims.Supported, false, []string{"refunds#0"}, nil},
		{"another sentence took its place", Claim{Text: "You get a refund for two weeks.", Verdict: "not_covered"},
			fakeHistory{hits: []retrieval.SupersededHit{{Superseded: unrelated}}, chunks: []retrieval.ChunkSpan{otherChunk}}, fakeJudge{old: claims.Supported, now: claims.NotCovered},
			claims.NotCovered, false, nil, nil},
		{"only re-cased", Claim{Text: "Refunds are accepted within 14 days of purchase.", Verdict: "not_covered"},
			fakeHistory{hits: []retrieval.SupersededHit{{Superseded: recased}}, chunks: []retrieval.ChunkSpan{recasedChunk}}, fakeJudge{old: claims.Supported, now: claims.NotCovered},
			claims.NotCovered, false, nil, nil},
		{"another old fact", Claim{Text: "Parking is free.", Verdict: "not_covered"},
			fakeHistory{hits: []retrieval.SupersededHit{hit}, chunks: []retrieval.ChunkSpan{chunk}}, fakeJudge{old: claims.NotCovered, now: claims.NotCovered},
			claims.NotCovered, false, nil, nil},
		{"a sentence removed with nothing in its place", Claim{Text: "You get a refund for two weeks.", Verdict: "not_covered"},
			fakeHistory{hits: []retrieval.SupersededHit{{Superseded: removed}}, chunks: []retrieval.ChunkSpan{chunk}}, fakeJudge{old: claims.Supported, now: claims.Contradicted},
			claims.NotCovered, false, nil, nil},
		{"the current page is not indexed", Claim{Text: "You get a refund for two weeks.", Verdict: "not_covered"},
			fakeHistory{hits: []retrieval.SupersededHit{hit}}, fakeJudge{old: claims.Supported, now: claims.Contradicted},
			claims.NotCovered, false, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rep := Report{Claims: []Claim{c.claim}}
			if err := NameChanges(context.Background(), &rep, c.hist, c.judge); err != nil {
				t.Fatal(err)
			}
			got := rep.Claims[0]
			if got.Verdict != string(c.verdict) || (got.Superseded != nil) != c.named {
				t.Fatalf("verdict %s, superseded %+v; want %s, named %v", got.Verdict, got.Superseded, c.verdict, c.named)
			}
			var ids []string
			for _, e := range got.Evidence {
				ids = append(ids, e.ChunkID)
			}
			if strings.Join(ids, " ") != strings.Join(c.evidence, " ") {
				t.Errorf("evidence %v, want %v", ids, c.evidence)
			}
			if got.Text != c.claim.Text {
				t.Errorf("claim text %q, want the writer's %q", got.Text, c.claim.Text)
			}
			want := Report{Claims: []Claim{{Verdict: string(c.verdict)}}}
			if rep.Summary != summaryOf(want.Claims) {
				t.Errorf("summary %+v, want one %s", rep.Summary, c.verdict)
			}
			if !c.named {
				return
			}
			if !strings.Contains(got.Explanation, "commit 1a2b3c4") || got.Superseded.Current != nowRefund || got.Superseded.Text != oldRefund {
				t.Errorf("named %+v: %s", got.Superseded, got.Explanation)
			}
			if ev := got.Evidence[0]; ev.Quote != nowRefund || !strings.Contains(ev.ChunkText, ev.Quote) || ev.URL == "" {
				t.Errorf("first evidence %+v, want the current sentence in its chunk", ev)
			}
			if (got.Confidence == nil) != (c.conf == nil) || (got.Confidence != nil && *got.Confidence != *c.conf) {
				t.Errorf("confidence %v, want %v", deref(got.Confidence), deref(c.conf))
			}
			if got.Closest != nil || got.Differs != "" {
				t.Errorf("a contradicted claim keeps a closest passage: %+v %q", got.Closest, got.Differs)
			}
		})
	}
}

func TestNameChangesSearchError(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	rep := Report{Claims: []Claim{{Text: "Refunds within 14 days.", Verdict: "not_covered"}}}
	if err := NameChanges(context.Background(), &rep, fakeHistory{err: boom}, fakeJudge{}); !errors.Is(err, boom) {
		t.Fatalf("error %v, want it wrapped", err)
	}
}

// `check --json` carries exactly the documented superseded object; a
// claim without one, or a check stored before it was kept, has none.
func TestSupersededInJSONAndOldRecords(t *testing.T) {
	t.Parallel()
	v := &SupersededVersion{Text: oldRefund, DocID: "refunds", Title: "Refunds", Until: refundChange.Until, Commit: refundChange.Commit,
		Message: "New refund policy", Current: nowRefund}
	cases := []struct {
		name string
		sup  *SupersededVersion
		want map[string]string
	}{
		{"named", v, map[string]string{"text": oldRefund, "doc_id": "refunds", "until": "2026-03-12T09:00:00Z",
			"commit": "1a2b3c4d5e6f7a8b", "message": "New refund policy"}},
		{"none", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			b, err := json.Marshal(ContractJSON(Report{Claims: []Claim{{Verdict: "contradicted", Superseded: c.sup}}}))
			if err != nil {
				t.Fatal(err)
			}
			var out struct {
				Claims []struct {
					Superseded map[string]string `json:"superseded"`
				} `json:"claims"`
			}
			if err := json.Unmarshal(b, &out); err != nil {
				t.Fatal(err)
			}
			got := out.Claims[0].Superseded
			if len(got) != len(c.want) {
				t.Fatalf("--json superseded %v, want exactly %v", got, c.want)
			}
			for k, w := range c.want {
				if got[k] != w {
					t.Errorf("superseded.%s = %q, want %q", k, got[k], w)
				}
			}
		})
	}
	var old Report
	if err := json.Unmarshal([]byte(`{"engine":"offline","claims":[{"text":"x","verdict":"contradicted","evidence":[]}]}`), &old); err != nil {
		t.Fatal(err)
	}
	if old.Claims[0].Superseded != nil {
		t.Errorf("an old record decodes with superseded %+v", old.Claims[0].Superseded)
	}
}
