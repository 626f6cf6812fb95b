package check

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"continuity/backend/claims"
	"continuity/backend/retrieval"
)

// batchHistory is fakeHistory searching for all claims at once; it
// records the queries of each call.
type batchHistory struct {
	fakeHistory
	calls *[][]string
}

func (b batchHistory) SearchSupersededAll(_ context.Context, qs []string, k int) ([][]retrieval.SupersededHit, error) {
	*b.calls = append(*b.calls, qs)
	out := make([][]retrieval.SupersededHit, len(qs))
	for i := range qs {
		out[i] = b.hits
	}
	return out, b.err
}

// TestNameChangesSearchesOnceACheck: with a BatchHistory, a check's
// claims are searched in one call, with the text each is judged by (its
// resolved text when it has one), and the report is the one the
// claim-by-claim searches give.
func TestNameChangesSearchesOnceACheck(t *testing.T) {
	t.Parallel()
	hist := fakeHistory{hits: []retrieval.SupersededHit{{Superseded: refundChange}}, chunks: []retrieval.ChunkSpan{{ID: "refunds#0", Text: "# Refunds\n\n" + nowRefund}}}
	judge := fakeJudge{old: claims.Supported, now: claims.Contradicted}
	draft := func() Report {
		return Report{Claims: []Claim{
			{Text: "You get a refund within 14 days.", Verdict: "not_covered"},
			{Text: "That is the policy.", Resolved: "The refund policy allows 14 days.", Verdict: "not_covered"},
		}}
	}
	alone, together := draft(), draft()
	if err := NameChanges(context.Background(), &alone, hist, judge); err != nil {
		t.Fatal(err)
	}
	var calls [][]string
	if err := NameChanges(context.Background(), &together, batchHistory{hist, &calls}, judge); err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"You get a refund within 14 days.", "The refund policy allows 14 days."}}
	if !reflect.DeepEqual(calls, want) {
		t.Errorf("searches %q, want one with both claims %q", calls, want)
	}
	if !reflect.DeepEqual(together, alone) {
		t.Errorf("searched together:\n%+v\nclaim by claim:\n%+v", together, alone)
	}
	if alone.Summary.Contradicted != 2 {
		t.Errorf("summary %+v, want both claims contradicted by the change", alone.Summary)
	}

	boom := errors.New("boom")
	rep := draft()
	if err := NameChanges(context.Background(), &rep, batchHistory{fakeHistory{err: boom}, &calls}, judge); !errors.Is(err, boom) {
		t.Fatalf("error %v, want the search's wrapped", err)
	}
}
