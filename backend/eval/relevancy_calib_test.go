package eval_test

import (
	"context"
	"os"
	"sync"
	"testing"

	"continuity/backend/corpus"
	"continuity/backend/eval"
	"continuity/backend/golden"
	"continuity/backend/xlsx"
)

const (
	sampleWorkbook = "../../corpus/golden.xlsx"
	sampleContent  = "../../corpus/content"
)

// referenceTitles are the titles of each row's reference documents: the
// source an approved answer was written from, as a passage title is the
// source of an extracted answer sentence in a run.
func referenceTitles(t *testing.T, r golden.Row) []string {
	t.Helper()
	titlesOnce.Do(func() {
		docs, _, err := corpus.Load(context.Background(), sampleContent)
		if err != nil {
			titlesErr = err
			return
		}
		titles = map[string]string{}
		for _, d := range docs {
			titles[d.ID] = d.Title
		}
	})
	if titlesErr != nil {
		t.Fatal(titlesErr)
	}
	var out []string
	for _, id := range r.ReferenceDocIDs {
		ti, ok := titles[id]
		if !ok {
			t.Fatalf("%s: reference %q is not in %s", r.ID, id, sampleContent)
		}
		out = append(out, ti)
	}
	return out
}

var (
	titlesOnce sync.Once
	titles     map[string]string
	titlesErr  error
)

func answerable(t *testing.T) []golden.Row {
	t.Helper()
	res, err := xlsx.ReadFile(context.Background(), sampleWorkbook)
	if err != nil || len(res.Errors) > 0 {
		t.Fatalf("read %s: %v %v", sampleWorkbook, err, res.Errors)
	}
	var rows []golden.Row
	for _, r := range res.Rows {
		if r.Category != "refuse" && r.ApprovedAnswer != "" {
			rows = append(rows, r)
		}
	}
	if len(rows) < 20 {
		t.Fatalf("only %d answerable rows in %s", len(rows), sampleWorkbook)
	}
	return rows
}

// TestOfflineRelevancySeparatesMatchedFromMismatched calibrates the offline
// answer relevancy on the sample golden set: each approved answer paired
// with its own question must score high, and paired with every other
// question (a fluent answer to a different question) must score low.
func TestOfflineRelevancySeparatesMatchedFromMismatched(t *testing.T) {
	t.Parallel()
	rows := answerable(t)
	var matched, mismatched float64
	pairs := 0
	for i, q := range rows {
		s := eval.OfflineRelevancyScore(q.Question, q.ApprovedAnswer, referenceTitles(t, q))
		matched += s
		if os.Getenv("RELEVANCY_DEBUG") != "" && s < 0.8 {
			t.Logf("matched %s %.2f: %q -> %q", q.ID, s, q.Question, q.ApprovedAnswer)
		}
		for j, a := range rows {
			if i == j {
				continue
			}
			m := eval.OfflineRelevancyScore(q.Question, a.ApprovedAnswer, referenceTitles(t, a))
			if os.Getenv("RELEVANCY_DEBUG") != "" && m >= 0.6 {
				t.Logf("mismatch %s<-%s %.2f: %q -> %q", q.ID, a.ID, m, q.Question, a.ApprovedAnswer)
			}
			mismatched += m
			pairs++
		}
	}
	matched /= float64(len(rows))
	mismatched /= float64(pairs)
	t.Logf("offline answer relevancy on %d approved answers: matched mean %.3f, mismatched mean %.3f (%d pairs), separation %.3f",
		len(rows), matched, mismatched, pairs, matched-mismatched)
	if matched < 0.8 {
		t.Errorf("approved answers score %.3f on average, want >= 0.80", matched)
	}
	if mismatched > 0.25 {
		t.Errorf("mismatched answers score %.3f on average, want <= 0.25", mismatched)
	}
}
