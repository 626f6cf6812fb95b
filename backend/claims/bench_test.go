package claims_test

import (
	"context"
	"strings"
	"testing"

	"continuity/backend/claims"
)

// BenchmarkOfflineCheck1500Words checks a ~1,500-word draft (the sample
// drafts concatenated) against the real hybrid index of the sample corpus.
func BenchmarkOfflineCheck1500Words(b *testing.B) {
	ix := openSample(b)
	var parts []string
	for name := range loadKeys(b) {
		parts = append(parts, readDraft(b, name))
	}
	draft := strings.Join(parts, "\n\n")
	for len(strings.Fields(draft)) < 1500 {
		draft += "\n\n" + parts[0]
	}
	words := strings.Fields(draft)
	draft = strings.Join(words[:1500], " ")
	draft = strings.Join(strings.SplitAfter(draft, ". "), "\n\n")
	e := claims.NewOffline()
	b.ResetTimer()
	for b.Loop() {
		if _, err := e.Check(context.Background(), draft, ix); err != nil {
			b.Fatal(err)
		}
	}
}
