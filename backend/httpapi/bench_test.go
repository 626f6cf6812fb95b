package httpapi_test

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"continuity/backend/httpapi"
	"continuity/backend/team"
)

// BenchmarkFiftyClients is issue 31's load target: 50 concurrent clients,
// each reading golden sets, runs and search results, editing a golden row
// (re-reading on a conflict, as an editor would), and one in ten checking a
// 1,500-word draft. It reports the p95 of reads and of checks, and fails on
// any answer that is not the API's success (a 409 that is then retried is
// the protocol, not an error).
func BenchmarkFiftyClients(b *testing.B) {
	srv, err := httpapi.New(fx.sess, fx.team, httpapi.Options{Rate: 1000, Burst: 1000})
	if err != nil {
		b.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	draft := longDraft(b, 1500)
	tokens := make([]string, 50)
	for i := range tokens {
		tokens[i] = benchUser(b, i)
	}
	var mu sync.Mutex
	var reads, checks []time.Duration
	errs := 0
	b.ResetTimer()
	for range b.N {
		var wg sync.WaitGroup
		for i, tok := range tokens {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, c, e := client(b, hs.URL, tok, i%10 == 0, draft)
				mu.Lock()
				reads, checks, errs = append(reads, r...), append(checks, c...), errs+e
				mu.Unlock()
			}()
		}
		wg.Wait()
	}
	b.StopTimer()
	b.ReportMetric(p95(reads).Seconds()*1000, "read-p95-ms")
	if len(checks) > 0 {
		b.ReportMetric(p95(checks).Seconds()*1000, "check-p95-ms")
	}
	b.ReportMetric(float64(errs), "errors")
	if errs > 0 {
		b.Fatalf("%d requests failed", errs)
	}
}

// client is one user's round: six reads, one edit, maybe one check.
func client(b *testing.B, base, tok string, checks bool, draft string) (reads, check []time.Duration, errs int) {
	timed := func(method, path string, body, out any, ok ...int) (time.Duration, int) {
		start := time.Now()
		code := do(b, base, tok, method, path, body, out)
		if !slices.Contains(ok, code) {
			errs++
		}
		return time.Since(start), code
	}
	for _, p := range []string{"/golden-sets", "/runs", "/search?q=refund+window", "/golden-sets/sample", "/runs?set=sample", "/search?q=free+trial"} {
		d, _ := timed("GET", wsPath(p), nil, nil, 200)
		reads = append(reads, d)
	}
	for attempt := 0; attempt < 20; attempt++ {
		var set setReply
		d, _ := timed("GET", wsPath("/golden-sets/sample"), nil, &set, 200)
		reads = append(reads, d)
		body := map[string]any{"base_version": set.Set.Version, "field": "owner", "value": tok[4:12]}
		if _, code := timed("PATCH", wsPath("/golden-sets/sample/rows/Q001"), body, nil, 200, 409); code != 409 {
			break
		}
	}
	if checks {
		d, _ := timed("POST", wsPath("/checks"), map[string]any{"draft": draft, "engine": "offline"}, nil, 201)
		check = append(check, d)
	}
	return reads, check, errs
}

func benchUser(b *testing.B, i int) string {
	b.Helper()
	_, tok, err := fx.team.AddUser(b.Context(), "bench-"+itoa(i)+"-"+itoa(int(time.Now().UnixNano()%1e9)), team.Admin, []string{fx.ws})
	if err != nil {
		b.Fatal(err)
	}
	return tok
}

// longDraft repeats the sample drafts' paragraphs to about words words.
func longDraft(b *testing.B, words int) string {
	b.Helper()
	files, _ := filepath.Glob(filepath.Join(sampleCorpus, "drafts", "*.md"))
	var parts []string
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		parts = append(parts, string(raw))
	}
	var sb strings.Builder
	for n := 0; n < words; {
		for _, p := range parts {
			sb.WriteString(p + "\n\n")
			n += len(strings.Fields(p))
			if n >= words {
				break
			}
		}
	}
	return sb.String()
}

func p95(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[(len(s)*95+99)/100-1]
}
