package audit

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// benchDocs is the synthetic corpus size; CONTINUITY_AUDIT_BENCH_DOCS
// overrides it.
func benchDocs(b *testing.B) int {
	if v := os.Getenv("CONTINUITY_AUDIT_BENCH_DOCS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 2 {
			b.Fatalf("CONTINUITY_AUDIT_BENCH_DOCS=%q: want a number of at least 2", v)
		}
		return n
	}
	return 1000
}

// syntheticCorpus writes n pages about n different products, each with a
// few facts, and every 100th page again as an older version with one
// fact changed, so the audit has conflicts to find among unrelated pages.
func syntheticCorpus(b *testing.B, n int) string {
	root := b.TempDir()
	dir := filepath.Join(root, "content")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	page := func(id, date string, i, trial int) string {
		p := productName(i)
		return fmt.Sprintf(`---
id: %s
title: %s setup
published: %s
status: published
---

# %s setup

%s supports up to %d users per team. Each team gets %d GB of storage.

The %s free trial lasts %d days. No credit card is needed to start it.

%s costs $%d per month. Annual billing saves %d%% on %s.
`, id, p, date, p, p, i%50+2, i%20+1, p, trial, p, i%90+10, i%25+5, p)
	}
	for i := 0; i < n; i++ {
		write := func(name, body string) {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
				b.Fatal(err)
			}
		}
		write(fmt.Sprintf("w%04d.md", i), page(fmt.Sprintf("widget-%04d", i), "2026-02-01", i, 30))
		if i%100 == 0 {
			write(fmt.Sprintf("w%04d-old.md", i), page(fmt.Sprintf("widget-%04d-old", i), "2024-02-01", i, 14))
		}
	}
	return root
}

// productName is a distinct made-up word per i ("Bakelo", "Dimura"):
// products told apart by a number alone ("Widget 12", "Widget 13") read
// as one subject to the acceptance rule, which sets numbers aside.
func productName(i int) string {
	cons, vows := "bdfgklmnprstvz", "aeiou"
	name := []byte{cons[i%14] - 'a' + 'A', vows[(i/14)%5], cons[(i/70)%14], vows[(i/980)%5], cons[(i/7)%14], 'o'}
	return string(name)
}

// BenchmarkAudit is a full audit (empty cache) of the synthetic corpus;
// indexing is setup, not measured. It reports documents per second.
func BenchmarkAudit(b *testing.B) {
	n := benchDocs(b)
	s := openSession(b, syntheticCorpus(b, n))
	ctx := context.Background()
	began := time.Now()
	if _, _, err := s.FreshIndex(ctx, nil); err != nil {
		b.Fatal(err)
	}
	b.Logf("indexed %d pages in %s", n+n/100, time.Since(began).Round(time.Millisecond))
	repo, err := OpenRepo(ctx, s)
	if err != nil {
		b.Fatal(err)
	}
	var rep Report
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		if _, err := repo.db.Writer().ExecContext(ctx, `DELETE FROM audit_results`); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if rep, err = Run(ctx, s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(rep.Checked.Documents*b.N)/b.Elapsed().Seconds(), "docs/s")
	b.Logf("%d documents, %d claims, %d conflicts (%d old versions planted)", rep.Checked.Documents, rep.Checked.Claims, len(rep.Conflicts), (n+99)/100)
}

// BenchmarkAuditUnchanged is the re-audit of an unchanged corpus: every
// document from the cache.
func BenchmarkAuditUnchanged(b *testing.B) {
	n := benchDocs(b)
	s := openSession(b, syntheticCorpus(b, n))
	ctx := context.Background()
	if _, err := Run(ctx, s, Options{}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	var rep Report
	var err error
	for i := 0; i < b.N; i++ {
		if rep, err = Run(ctx, s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if rep.Checked.Reused != rep.Checked.Documents {
		b.Fatalf("unchanged corpus re-checked documents: %+v", rep.Checked)
	}
	b.ReportMetric(float64(rep.Checked.Documents*b.N)/b.Elapsed().Seconds(), "docs/s")
}
