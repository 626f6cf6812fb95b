package main

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"continuity/backend/claims"
)

// checkTimeRuns is how many timed checks the 1,500-word figure is a median of.
const checkTimeRuns = 7

// checkTime times the check of a 1,500-word draft made of the sample drafts'
// paragraphs (repeated), on one core, in this process with the index warm:
// issue 27's "p50 ≤ 1 s on one core". The first check is not timed (it
// loads the claim resources). A whole CLI process adds the models' load;
// docs/benchmarks.md measures that separately.
func checkTime(ctx context.Context, e claims.Engine, s claims.Searcher, drafts []string) (string, error) {
	var paras []string
	for _, d := range drafts {
		for _, p := range claims.SplitParagraphs(d) {
			if t := strings.TrimSpace(p.Text); t != "" {
				paras = append(paras, t)
			}
		}
	}
	if len(paras) == 0 {
		return "", fmt.Errorf("check time: the sample drafts have no paragraphs")
	}
	var b []string
	words := 0
	for i := 0; words < 1500; i++ {
		p := paras[i%len(paras)]
		b = append(b, p)
		words += len(strings.Fields(p))
	}
	draft := strings.Join(b, "\n\n")
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	if _, err := checkDraft(ctx, e, s, draft); err != nil {
		return "", err
	}
	took := make([]time.Duration, checkTimeRuns)
	for i := range took {
		t0 := time.Now()
		if _, err := checkDraft(ctx, e, s, draft); err != nil {
			return "", err
		}
		took[i] = time.Since(t0)
	}
	slices.Sort(took)
	p95 := took[min(len(took)-1, (len(took)*95+99)/100-1)]
	return fmt.Sprintf("check time, a %d-word draft (the sample drafts' paragraphs repeated), one core, in process with the index open: p50 %v, p95 %v over %d checks",
		words, took[len(took)/2].Round(time.Millisecond), p95.Round(time.Millisecond), checkTimeRuns), nil
}
