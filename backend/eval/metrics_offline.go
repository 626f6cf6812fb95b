package eval

import (
	"context"
	"fmt"
	"math"
)

// similarityFloor is RAGAS NonLLMContextRecall's default threshold.
const similarityFloor = 0.5

// referenceStatements are what context recall must find: the approved
// answer's sentences, or the supporting line when there is no answer.
func referenceStatements(q Question) []string {
	if s := sentences(q.ApprovedAnswer); len(s) > 0 {
		return s
	}
	return sentences(q.SupportingLine)
}

// similarityContextRecall is the offline context recall: the share of
// reference statements whose best match among retrieved sentences reaches
// similarityFloor (word Levenshtein similarity or term containment).
func similarityContextRecall(q Question, retrieved []Passage) (outcome, string) {
	if q.Category == Refuse {
		return notMeasured("refuse question: the corpus holds nothing to recall"), ""
	}
	stmts := referenceStatements(q)
	if len(stmts) == 0 {
		return notMeasured("question has no approved answer or supporting line"), ""
	}
	if len(retrieved) == 0 {
		return measured(0), fmt.Sprintf("0/%d reference statements found: nothing retrieved", len(stmts))
	}
	type sent struct {
		terms []string
		set   map[string]bool
	}
	var pool []sent
	for _, p := range retrieved {
		for _, s := range sentences(p.Text) {
			t := contentTerms(s)
			pool = append(pool, sent{t, termSet(t)})
		}
	}
	found := 0
	for _, st := range stmts {
		terms := contentTerms(st)
		best := 0.0
		for _, c := range pool {
			best = max(best, wordSimilarity(terms, c.terms), coverage(terms, c.set))
			if best >= 1 {
				break
			}
		}
		if best >= similarityFloor {
			found++
		}
	}
	return measured(float64(found) / float64(len(stmts))),
		fmt.Sprintf("%d/%d reference statements found in the retrieved text (similarity >= %.1f)", found, len(stmts), similarityFloor)
}

func relevancyPrecheck(q Question, a Answer, e embedder) (outcome, bool) {
	switch {
	case q.Category == Refuse:
		return notMeasured("refuse question: relevancy of a refusal is not meaningful"), true
	case e == nil:
		return notMeasured("no embedder configured"), true
	case a.Refused:
		return measured(0), true
	}
	return outcome{}, false
}

// cosine is false for mismatched, empty or zero vectors, so NaN never escapes.
func cosine(a, b []float32) (float64, bool) {
	if len(a) == 0 || len(a) != len(b) {
		return 0, false
	}
	var dot, na, nb float64
	for i := range a {
		x, y := float64(a[i]), float64(b[i])
		dot += x * y
		na += x * x
		nb += y * y
	}
	if na == 0 || nb == 0 {
		return 0, false
	}
	c := dot / math.Sqrt(na*nb)
	if math.IsNaN(c) || math.IsInf(c, 0) {
		return 0, false
	}
	return c, true
}

// verifierFaithfulness is the share of the answer's claims the claim engine
// found supported by the retrieved passages.
func verifierFaithfulness(ctx context.Context, v claimVerifier, a Answer, retrieved []Passage) (outcome, []ClaimVerdict, error) {
	switch {
	case v == nil:
		return notMeasured("no claim verifier configured"), nil, nil
	case a.Refused:
		return notMeasured("answer is a refusal: no claims to check"), nil, nil
	}
	verdicts, err := v.Verify(ctx, a.Text, retrieved)
	if err != nil {
		return outcome{}, nil, fmt.Errorf("verify answer claims: %w", err)
	}
	o, err := supportedShare(verdicts)
	return o, verdicts, err
}

func supportedShare(verdicts []ClaimVerdict) (outcome, error) {
	if len(verdicts) == 0 {
		return notMeasured("answer has no checkable claims"), nil
	}
	ok := 0
	for i, v := range verdicts {
		switch v.Verdict {
		case VerdictSupported:
			ok++
		case VerdictContradicted, VerdictNotCovered:
		default:
			return outcome{}, fmt.Errorf("claim %d: unknown verdict %q", i+1, v.Verdict)
		}
	}
	return measured(float64(ok) / float64(len(verdicts))), nil
}
