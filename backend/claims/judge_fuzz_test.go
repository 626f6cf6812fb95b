package claims_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"continuity/backend/claims"
)

// onePassage is a corpus of one chunk: whatever the query, it is returned.
type onePassage string

func (p onePassage) Search(context.Context, string, int) ([]claims.Passage, error) {
	return []claims.Passage{{DocID: "doc", ChunkID: "doc#0", Title: "Doc", Text: string(p)}}, nil
}

// FuzzOfflineJudge drives the whole offline engine, decomposition, number
// and name extraction and the verdict rules, with a fuzzed draft and a
// fuzzed passage: it must end, cite only the passage it was given and keep
// every span inside the draft.
func FuzzOfflineJudge(f *testing.F) {
	seeds := [][2]string{
		{"The Team plan costs $19 per month.", "The Team plan costs $29 per month."},
		{"Refunds are available within 14 days.", "You can request a full refund within 30 days of any payment."},
		{"The Team plan costs ２９ dollars a month.", "Team costs $29/month, up to 10 users."},
		{"Support is open 8 a.m. to 8 p.m. on weekdays.", "Support hours are Monday–Friday, 08:00–20:00 CET."},
		{"SSO is not included on Business.", "Business adds single sign-on (SSO) as standard."},
		{"con\u200btradicted $1\u200b9", "٢٩ ۲۹ २९ ߂߉ 1,000,000.5 9:30 2026-01-06"},
		{strings.Repeat("Item costs $3, ", 200), strings.Repeat("a, ", 300)},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, draft, passage string) {
		if !utf8.ValidString(draft) || !utf8.ValidString(passage) {
			return // readers refuse invalid UTF-8 before any engine runs
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		rep, err := claims.NewOffline().Check(ctx, draft, onePassage(passage))
		if errors.Is(err, claims.ErrEmptyDraft) || errors.Is(err, claims.ErrTooManyClaims) {
			return
		}
		if err != nil {
			t.Fatalf("Check: %v", err)
		}
		for _, r := range rep.Results {
			if !r.Verdict.Valid() {
				t.Fatalf("verdict %q", r.Verdict)
			}
			if r.Start < 0 || r.End > len(draft) || r.Start > r.End {
				t.Fatalf("claim span %d..%d outside a %d-byte draft", r.Start, r.End, len(draft))
			}
			for _, e := range r.Evidence {
				if e.ChunkID != "doc#0" || !strings.Contains(passage, e.Quote) {
					t.Fatalf("evidence %+v is not a quote of the passage", e)
				}
			}
		}
	})
}
