package uselite

import (
	"context"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"
)

// benchSentences builds requirement-like sentences of 6 to 30 words from a
// small vocabulary, the length range claims and chunks sentences have.
func benchSentences(n int) []string {
	words := strings.Fields(`the supplier shall deliver all goods within thirty days of the order
		access to production data is restricted to approved staff members and auditors
		each release must include signed notes a rollback plan and test evidence
		the committee reviews budget changes above ten thousand euros every quarter
		passwords expire after ninety days unless multi factor authentication is enabled`)
	r := rand.New(rand.NewPCG(7, 11))
	out := make([]string, n)
	for k := range out {
		m := 6 + r.IntN(25)
		ws := make([]string, m)
		for j := range ws {
			ws[j] = words[r.IntN(len(words))]
		}
		out[k] = strings.ToUpper(ws[0][:1]) + strings.Join(ws, " ")[1:] + "."
	}
	return out
}

// BenchmarkEmbed reports sentences/s at batch 16; run with -cpu 1 for the
// per-core figure.
func BenchmarkEmbed(b *testing.B) {
	e := encoder(b)
	ctx := context.Background()
	texts := benchSentences(batchSize * 8)
	var tokens int
	for _, t := range texts {
		tokens += len(e.Tokenize(t))
	}
	b.Logf("GOMAXPROCS=%d, %.1f tokens per sentence", runtime.GOMAXPROCS(0), float64(tokens)/float64(len(texts)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, ok := cpuTime()
	for b.Loop() {
		if _, err := e.Embed(ctx, texts); err != nil {
			b.Fatal(err)
		}
	}
	reportRates(b, len(texts), cpu0, ok)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "MB-heap-in-use")
	runtime.GC()
	runtime.ReadMemStats(&ms)
	b.Logf("live heap after GC: %.1f MB (model plus pooled arenas)", float64(ms.HeapAlloc)/(1<<20))
	runtime.GC() // the second GC empties the arena pool's victim cache
	runtime.ReadMemStats(&ms)
	b.Logf("live heap after two GCs: %.1f MB (model)", float64(ms.HeapAlloc)/(1<<20))
}

// reportRates adds sentences per wall second and, where the OS reports it,
// per CPU second: the per-core figure even when other jobs share the cores.
func reportRates(b *testing.B, perOp int, cpu0 time.Duration, ok bool) {
	b.ReportMetric(float64(b.N*perOp)/b.Elapsed().Seconds(), "sentences/s")
	if cpu1, ok1 := cpuTime(); ok && ok1 && cpu1 > cpu0 {
		b.ReportMetric(float64(b.N*perOp)/(cpu1-cpu0).Seconds(), "sentences/cpu-s")
	}
}

// BenchmarkEmbedBatch16 times one call of exactly one batch.
func BenchmarkEmbedBatch16(b *testing.B) {
	e := encoder(b)
	ctx := context.Background()
	texts := benchSentences(batchSize)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, ok := cpuTime()
	for b.Loop() {
		if _, err := e.Embed(ctx, texts); err != nil {
			b.Fatal(err)
		}
	}
	reportRates(b, len(texts), cpu0, ok)
}

// handbookSentences builds n handbook-like sentences of 5 to 40 words:
// policy prose with figures and names, the mix one indexing call embeds.
func handbookSentences(n int) []string {
	words := strings.Fields(`employees may work remotely up to three days per week after approval by
		their manager the travel policy covers economy flights hotel costs and meals below 45 euros
		per day expense claims are submitted within 30 days through the finance portal new starters
		receive a laptop badge and onboarding plan in their first week security incidents must be
		reported to the IT desk within 24 hours annual leave is 27 days plus public holidays parental
		leave follows the 2024 agreement contractors sign the code of conduct before access is granted`)
	r := rand.New(rand.NewPCG(5, 9))
	out := make([]string, n)
	for k := range out {
		ws := make([]string, 5+r.IntN(36))
		for j := range ws {
			ws[j] = words[r.IntN(len(words))]
		}
		out[k] = strings.ToUpper(ws[0][:1]) + strings.Join(ws, " ")[1:] + "."
	}
	return out
}

// BenchmarkEmbedMixed times one Embed call of 200 sentences of mixed length,
// so the length-sorted batching is part of what it measures.
func BenchmarkEmbedMixed(b *testing.B) {
	benchTexts(b, handbookSentences(200))
}

// BenchmarkEmbedWindows times full 128-token windows, the long-chunk case:
// every text here is one window of exactly MaxTokens pieces.
func BenchmarkEmbedWindows(b *testing.B) {
	e := encoder(b)
	texts := handbookSentences(32)
	for k, t := range texts {
		for len(e.Tokenize(t)) < MaxTokens {
			t += " " + texts[(k+1)%len(texts)]
		}
		ids := e.Tokenize(t)
		for len(ids) > MaxTokens {
			t = t[:strings.LastIndexByte(t, ' ')]
			ids = e.Tokenize(t)
		}
		texts[k] = t
	}
	benchTexts(b, texts)
}

func benchTexts(b *testing.B, texts []string) {
	e := encoder(b)
	ctx := context.Background()
	var tokens int
	for _, t := range texts {
		tokens += len(e.Tokenize(t))
	}
	b.Logf("GOMAXPROCS=%d, %d texts, %.1f tokens per text", runtime.GOMAXPROCS(0), len(texts), float64(tokens)/float64(len(texts)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, ok := cpuTime()
	for b.Loop() {
		if _, err := e.Embed(ctx, texts); err != nil {
			b.Fatal(err)
		}
	}
	reportRates(b, len(texts), cpu0, ok)
}
