package check

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/embed"
	"continuity/backend/retrieval"
	"continuity/backend/store"
)

const (
	causeRefund  = "You can request a full refund within 30 days of any payment."
	causePricing = "The pro plan costs 29 euros a month and the team plan 49 euros."
)

// causeWorld is a real workspace, a synced index and a check history in
// one SQLite file.
type causeWorld struct {
	content string
	ix      *retrieval.Index
	repo    *Repo
}

func newCauseWorld(t *testing.T) *causeWorld {
	t.Helper()
	ctx := context.Background()
	root := t.TempDir()
	w := &causeWorld{content: filepath.Join(root, "content")}
	for name, body := range map[string]string{
		"refund.md":  "---\nid: refund\n---\n# Refunds\n\n" + causeRefund + "\n",
		"pricing.md": "---\nid: pricing\n---\n# Pricing\n\n" + causePricing + "\n",
		"trial.md":   "---\nid: trial\n---\n# Free trial\n\nEvery plan starts with a free trial of 14 days.\n",
	} {
		w.write(t, name, body)
	}
	db, err := store.OpenDir(ctx, filepath.Join(root, "data"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if w.ix, err = retrieval.Open(ctx, db, filepath.Join(root, "data"), retrieval.Options{Embedder: embed.NewOffline()}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.ix.Close() })
	if _, err := w.ix.Sync(ctx, w.content, nil); err != nil {
		t.Fatal(err)
	}
	if w.repo, err = NewRepo(ctx, db, "ws-test"); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *causeWorld) write(t *testing.T, name, body string) {
	t.Helper()
	if err := os.MkdirAll(w.content, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w.content, name), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// disputed saves a check of one claim citing evidence and files a 👎 with note.
func (w *causeWorld) disputed(t *testing.T, note string, evidence ...Evidence) int64 {
	t.Helper()
	ctx := context.Background()
	rep := Report{Engine: "offline", Model: "m", PromptVersions: map[string]string{}, Claims: []Claim{{Text: "Refunds take 14 days.",
		Verdict: "contradicted", Evidence: evidence, Searched: Searched{Documents: []string{"Refunds"}}}}}
	id, err := w.repo.Save(ctx, SourceDesktop, "Refunds take 14 days.", rep)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.repo.SetFeedback(ctx, id, 0, VoteDown, note); err != nil {
		t.Fatal(err)
	}
	return id
}

func (w *causeWorld) feedback(t *testing.T, id int64) Feedback {
	t.Helper()
	rec, err := w.repo.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return rec.Feedback[0]
}

var (
	refundCited  = Evidence{DocID: "refund", ChunkID: "refund#0", Title: "Refunds", Quote: causeRefund}
	pricingCited = Evidence{DocID: "pricing", ChunkID: "pricing#0", Title: "Pricing", Quote: causePricing}
)

func TestSuggestCause(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		note     string
		evidence []Evidence
		before   func(t *testing.T, w *causeWorld) // what happened after the check
		want     Cause
		why      string
	}{
		{"cited file changed, not re-indexed", "", []Evidence{refundCited}, func(t *testing.T, w *causeWorld) {
			w.write(t, "refund.md", "---\nid: refund\n---\n# Refunds\n\nRefunds are possible within 14 days.\n")
		}, CauseStaleIndex, "no longer in refund's file"},
		{"cited chunk gone from the index", "", []Evidence{{DocID: "refund", ChunkID: "refund#7", Quote: causeRefund}}, nil,
			CauseStaleIndex, "refund#7 is no longer in the index"},
		{"cited file unpublished, not re-indexed", "", []Evidence{refundCited}, func(t *testing.T, w *causeWorld) {
			w.write(t, "refund.md", "---\nid: refund\nstatus: draft\n---\n# Refunds\n\n"+causeRefund+"\n")
		}, CauseStaleIndex, "no longer published"},
		{"cited chunk changed in the index", "", []Evidence{{DocID: "refund", ChunkID: "refund#0", Quote: "Refunds are instant."}}, nil,
			CauseStaleIndex, "changed in the index"},
		{"note names a document that was not retrieved", "The answer is in trial.md, not here.", []Evidence{refundCited}, nil,
			CauseRetrievalMiss, "names trial"},
		{"note names a cited document: no miss", "refund is right but the verdict is wrong", []Evidence{refundCited}, nil,
			CauseWrongVerdict, "verdict itself"},
		{"cited passage states two values", "", []Evidence{pricingCited}, nil, CauseBadGrounding, "2 different values (29, 49)"},
		{"clean evidence", "wrong", []Evidence{refundCited}, nil, CauseWrongVerdict, "still indexed and unambiguous"},
		{"no evidence", "", nil, nil, CauseWrongVerdict, "no passage was cited"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			w := newCauseWorld(t)
			id := w.disputed(t, c.note, c.evidence...)
			if c.before != nil {
				c.before(t, w)
			}
			s, err := w.repo.SuggestAndSaveCause(context.Background(), id, 0, w.ix, w.content)
			if err != nil {
				t.Fatal(err)
			}
			f := w.feedback(t, id)
			if s.Cause != c.want || f.Cause != c.want || f.CauseSuggested != c.want || !strings.Contains(f.CauseWhy, c.why) {
				t.Fatalf("suggested %+v, stored cause %q suggested %q why %q; want %s saying %q", s, f.Cause, f.CauseSuggested, f.CauseWhy, c.want, c.why)
			}
		})
	}
}

func TestCauseIsEditable(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newCauseWorld(t)
	id := w.disputed(t, "", pricingCited)
	if _, err := w.repo.SuggestAndSaveCause(ctx, id, 0, w.ix, w.content); err != nil {
		t.Fatal(err)
	}
	if err := w.repo.SetCause(ctx, id, 0, CauseWrongVerdict); err != nil {
		t.Fatal(err)
	}
	// A later suggestion (the note was edited) keeps the writer's choice.
	if err := w.repo.SetFeedback(ctx, id, 0, VoteDown, "still wrong"); err != nil {
		t.Fatal(err)
	}
	if _, err := w.repo.SuggestAndSaveCause(ctx, id, 0, w.ix, w.content); err != nil {
		t.Fatal(err)
	}
	if f := w.feedback(t, id); f.Cause != CauseWrongVerdict || f.CauseSuggested != CauseBadGrounding {
		t.Fatalf("after editing: cause %q suggested %q", f.Cause, f.CauseSuggested)
	}
	for _, bad := range []Cause{"", "engine", "BAD_GROUNDING"} {
		if err := w.repo.SetCause(ctx, id, 0, bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("cause %q: %v", bad, err)
		}
	}
	if err := w.repo.SetFeedback(ctx, id, 0, VoteUp, ""); err != nil {
		t.Fatal(err)
	}
	if f := w.feedback(t, id); f.Cause != "" {
		t.Fatalf("a 👍 keeps cause %q", f.Cause)
	}
	if err := w.repo.SetCause(ctx, id, 0, CauseStaleIndex); !errors.Is(err, ErrInvalid) {
		t.Fatalf("cause on a 👍: %v", err)
	}
	if _, err := w.repo.SuggestAndSaveCause(ctx, id, 0, w.ix, w.content); !errors.Is(err, ErrInvalid) {
		t.Fatalf("suggestion for a 👍: %v", err)
	}
}
