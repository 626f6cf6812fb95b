package check

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"continuity/backend/claims"
	"continuity/backend/embed/uselite"
	"continuity/backend/llm"
	"continuity/backend/llm/llmtest"
	"continuity/backend/models"
	"continuity/backend/retrieval"
	"continuity/backend/store"
)

// sampleCorpus is the bundled sample workspace, relative to this package.
const sampleCorpus = "../../corpus"

func decomposeOne(text string) llmtest.Reply {
	return llmtest.Reply{JSON: map[string]any{"claims": []any{map[string]any{"text": text, "source": text}}}}
}

// benchIndex syncs a real index over content in a temp data dir.
func benchIndex(b *testing.B, content string) (*retrieval.Index, int) {
	return benchIndexWith(b, content, retrieval.Options{})
}

// benchIndexWith is benchIndex with the given index options.
func benchIndexWith(b *testing.B, content string, opts retrieval.Options) (*retrieval.Index, int) {
	b.Helper()
	ctx := context.Background()
	data := b.TempDir()
	db, err := store.OpenDir(ctx, data)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	ix, err := retrieval.Open(ctx, db, data, opts)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ix.Close() })
	rep, err := ix.Sync(ctx, content, nil)
	if err != nil {
		b.Fatal(err)
	}
	return ix, rep.Documents
}

// draftOfWords repeats the sample drafts' paragraphs up to n words.
func draftOfWords(b *testing.B, n int) string {
	b.Helper()
	paths, _ := filepath.Glob(filepath.Join(sampleCorpus, "drafts", "*.md"))
	var paras []string
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		paras = append(paras, strings.Split(string(raw), "\n\n")...)
	}
	var out []string
	words := 0
	for i := 0; words < n; i++ {
		p := paras[i%len(paras)]
		out = append(out, p)
		words += len(strings.Fields(p))
	}
	return strings.Join(out, "\n\n")
}

// reportP50 runs fn b.N times and reports the median as ms/p50.
func reportP50(b *testing.B, fn func() error) {
	b.Helper()
	var ds []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if err := fn(); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "ms/p50")
	b.ReportMetric(float64(ds[min(len(ds)-1, len(ds)*95/100)].Microseconds())/1000, "ms/p95")
}

func benchOffline(b *testing.B, content string) {
	ix, docs := benchIndex(b, content)
	draft := draftOfWords(b, 1500)
	reportP50(b, func() error {
		_, err := CheckDraft(context.Background(), claims.NewOffline(), ix, draft, docs)
		return err
	})
}

// BenchmarkCheckOfflineSampleCorpus: a 1,500-word draft against the
// sample corpus, end to end (hybrid retrieval per paragraph + verdicts).
func BenchmarkCheckOfflineSampleCorpus(b *testing.B) {
	benchOffline(b, filepath.Join(sampleCorpus, "content"))
}

// BenchmarkCheckOfflineSampleCorpusSentenceVectors: the same check as
// the product runs it, with USE-lite sentence vectors stored at index
// time and the draft's claims embedded per check (skipped without the
// model; run `make models`).
func BenchmarkCheckOfflineSampleCorpusSentenceVectors(b *testing.B) {
	p, err := models.Find("", models.USELite)
	if err != nil {
		b.Skipf("USE-lite: %v", err)
	}
	enc, err := uselite.Load(filepath.Dir(p))
	if err != nil {
		b.Fatal(err)
	}
	ix, docs := benchIndexWith(b, filepath.Join(sampleCorpus, "content"), retrieval.Options{Sentences: true, SentenceEmbedder: enc})
	draft := draftOfWords(b, 1500)
	reportP50(b, func() error {
		_, err := CheckDraft(context.Background(), claims.NewOffline(), ix, draft, docs)
		return err
	})
}

// BenchmarkCheckOffline1000Docs: the same draft against 1,000 generated
// published documents (the sample corpus plus synthetic help pages).
func BenchmarkCheckOffline1000Docs(b *testing.B) {
	content := b.TempDir()
	products := []string{"invoices", "estimates", "expenses", "payouts", "reports", "clients", "taxes", "reminders"}
	for i := 0; i < 1000; i++ {
		p := products[i%len(products)]
		doc := fmt.Sprintf("---\nid: gen-%d\ntitle: %s guide %d\ntype: help\nstatus: published\npublished: 2025-01-%02d\n---\n\n# %s guide %d\n\n"+
			"You can export up to %d %s per month on the Team plan. Reminders go out %d days before the due date.\n\n"+
			"## Limits\n\nThe Starter plan keeps %s for %d days. Business customers get %d GB of storage for %s.\n",
			i, p, i, i%28+1, p, i, 10+i%90, p, 1+i%14, p, 30+i%300, 5+i%200, p)
		if err := os.WriteFile(filepath.Join(content, fmt.Sprintf("gen-%04d.md", i)), []byte(doc), 0o600); err != nil {
			b.Fatal(err)
		}
	}
	benchOffline(b, content)
}

// BenchmarkCheckLLM10Paragraphs: the LLM engine over real HTTP against
// llmtest at 500 ms per call, 10 paragraphs, 4 paragraphs in flight.
func BenchmarkCheckLLM10Paragraphs(b *testing.B) {
	ix, docs := benchIndex(b, filepath.Join(sampleCorpus, "content"))
	srv := llmtest.New(b)
	srv.Latency = 500 * time.Millisecond
	srv.On(llmtest.Schema("claims_decompose"), decomposeOne("Refunds take 14 days."))
	srv.On(llmtest.Schema("claims_verify"), llmtest.Reply{JSON: map[string]any{"verdicts": []any{map[string]any{"claim": 0, "verdict": "not_covered", "explanation": "x", "evidence": []any{}}}}})
	client, err := llm.New(llm.Config{BaseURL: srv.URL, APIKey: "test", Models: llm.Models{Answer: "m", Judge: "m"}, MaxConcurrency: 4, Timeout: 30 * time.Second})
	if err != nil {
		b.Fatal(err)
	}
	defer client.Close()
	var paras []string
	for i := 0; i < 10; i++ {
		paras = append(paras, fmt.Sprintf("Paragraph %d: you can request a full refund within %d days of any payment.", i, 14+i))
	}
	draft := strings.Join(paras, "\n\n")
	e := claims.NewLLM(client)
	e.Concurrency = 4
	reportP50(b, func() error {
		rep, err := CheckDraft(context.Background(), e, ix, draft, docs)
		if err == nil && len(rep.Claims) != 10 {
			err = fmt.Errorf("got %d claims, want 10", len(rep.Claims))
		}
		return err
	})
}
