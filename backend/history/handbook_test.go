package history_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"continuity/backend/history"
	"continuity/backend/session"
)

const handbookDir = "../../../shared/benchmarks/handbook-dev"

// TestHandbookHistory measures the import of handbook-dev's history
// bundle (197 commits) the way the app runs it, and how often a
// contradicted claim built from that history finds its old sentence among
// the superseded ones. It logs the numbers docs/benchmarks.md reports;
// run with CONTINUITY_HISTORY_BENCH=1.
func TestHandbookHistory(t *testing.T) {
	if os.Getenv("CONTINUITY_HISTORY_BENCH") == "" {
		t.Skip("measurement on the real handbook: set CONTINUITY_HISTORY_BENCH=1")
	}
	ctx := context.Background()
	ws := filepath.Join(t.TempDir(), "handbook")
	if out, err := exec.Command("git", "clone", "-q", filepath.Join(handbookDir, "history.bundle"), ws).CombinedOutput(); err != nil {
		t.Fatalf("clone: %v\n%s", err, out)
	}
	cache := os.Getenv("CONTINUITY_HISTORY_BENCH_CACHE") // a warm run reuses one
	if cache == "" {
		cache = t.TempDir() // cold: every vector computed
	}
	t.Setenv("CONTINUITY_CACHE_DIR", cache)
	data := t.TempDir()
	s, err := session.Open(ctx, session.Options{DataDir: data, CorpusFlag: ws})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	start := time.Now()
	ix, err := s.Index(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := ix.Sync(ctx, ws, nil)
	if err != nil {
		t.Fatal(err)
	}
	syncTime := time.Since(start)
	before := dirSize(t, data)
	start = time.Now()
	run, err := s.ImportHistory(ctx, ix, ws, session.HistoryForce, nil)
	if err != nil {
		t.Fatal(err)
	}
	importTime := time.Since(start)
	after := dirSize(t, data)
	start = time.Now()
	again, err := s.ImportHistory(ctx, ix, ws, session.HistoryForce, nil)
	if err != nil || !again.Report.UpToDate {
		t.Fatalf("second import %+v, %v", again, err)
	}
	upToDate := time.Since(start)
	start = time.Now()
	if _, _, err := s.FreshIndex(ctx, nil); err != nil {
		t.Fatal(err)
	}
	fresh := time.Since(start)
	all, err := history.Changes(ctx, ix, ws, "")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[history.Kind]int{}
	for _, c := range all {
		kinds[c.Kind]++
	}
	st, _ := ix.Stats(ctx)
	t.Logf("corpus: %d documents, %d chunks; embedder %s, sentences %s", rep.Documents, rep.Chunks, st.EmbedModel, st.SentenceModel)
	t.Logf("sync (no history): %v; data dir %.1f MB", syncTime.Round(time.Millisecond), float64(before)/1e6)
	t.Logf("history import: %v, %d commits, %d superseded sentences (%v), %d warnings; data dir %.1f MB (+%.1f MB)",
		importTime.Round(time.Millisecond), run.Report.Commits, run.Report.Superseded, kinds, len(run.Report.Warnings),
		float64(after)/1e6, float64(after-before)/1e6)
	t.Logf("up-to-date import: %v; reader sync with catch-up: %v", upToDate.Round(time.Millisecond), fresh.Round(time.Millisecond))

	// The contradicted claims whose changing commit is in the bundle: is
	// the older wording their source quotes kept, and found for the claim?
	replayed := replayedCommits(t, ws)
	kept, found, asked := 0, 0, 0
	var lat []time.Duration
	for _, c := range handbookClaims(t) {
		old := quotedOld.FindStringSubmatch(c.Source)
		if c.Label != "CONTRADICTED" || old == nil || !inBundle(c.Source, replayed) {
			continue
		}
		asked++
		want := norm(old[1])
		hit := false
		for _, ch := range all {
			if matchesOld(norm(ch.Old), want) {
				hit = true
				break
			}
		}
		if hit {
			kept++
		} else {
			t.Logf("older wording not among the superseded sentences: %q", old[1])
		}
		t0 := time.Now()
		hits, err := ix.SearchSuperseded(ctx, c.Claim, 5)
		lat = append(lat, time.Since(t0))
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hits {
			if matchesOld(norm(h.Text), want) {
				found++
				break
			}
		}
	}
	slices.Sort(lat)
	med := time.Duration(0)
	if len(lat) > 0 {
		med = lat[len(lat)/2]
	}
	t.Logf("contradicted claims changed by a bundle commit: %d; older wording kept as superseded: %d; among the claim's top 5 superseded hits: %d; search median %v",
		asked, kept, found, med.Round(time.Millisecond))
	walk, err := history.WalkBlobs(ctx, ws)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("walk only (log and blobs, no parsing), git binary: %v", walk.Round(time.Millisecond))
}

var (
	quotedOld = regexp.MustCompile(`: '(.+?)'(?:;|$| \()`)
	shaToken  = regexp.MustCompile(`\b[0-9a-f]{7,12}\b`)
)

func inBundle(source string, replayed map[string]string) bool {
	for _, tok := range shaToken.FindAllString(source, -1) {
		if _, ok := replayed[tok]; ok {
			return true
		}
	}
	return false
}

func norm(s string) string {
	s = strings.NewReplacer("*", "", "`", "").Replace(strings.ToLower(s))
	return strings.Join(strings.Fields(s), " ")
}

// matchesOld: a stored sentence and the quoted wording overlap (the quote
// may span two sentences, or be a fragment of one, and abbreviates with
// "..." what it leaves out).
func matchesOld(stored, quote string) bool {
	if len(stored) <= 15 || len(quote) <= 15 {
		return false
	}
	if strings.Contains(quote, stored) {
		return true
	}
	n := 0
	for _, part := range strings.Split(quote, "...") {
		part = strings.TrimSpace(part)
		if len(part) < 6 {
			continue
		}
		if !strings.Contains(stored, part) {
			return false
		}
		n++
	}
	return n > 0
}

type handbookClaim struct {
	Claim, Label, Source string
}

func handbookClaims(t *testing.T) []handbookClaim {
	t.Helper()
	f, err := os.Open(filepath.Join(handbookDir, "claims.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []handbookClaim
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c struct{ Claim, Label, Source string }
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		out = append(out, handbookClaim(c))
	}
	return out
}

// replayedCommits maps each original commit prefix (8 hex digits) to the
// bundle commit that replays it.
func replayedCommits(t *testing.T, ws string) map[string]string {
	t.Helper()
	out, err := exec.Command("git", "-C", ws, "log", "--format=%H %b%x00").Output()
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`Replayed from 18F/handbook commit ([0-9a-f]{40})`)
	m := map[string]string{}
	for _, rec := range strings.Split(string(out), "\x00") {
		rec = strings.TrimSpace(rec)
		if len(rec) < 40 {
			continue
		}
		if g := re.FindStringSubmatch(rec); g != nil {
			for n := 7; n <= 12; n++ {
				m[g[1][:n]] = rec[:40]
			}
		}
	}
	return m
}

func dirSize(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err == nil {
			n += info.Size()
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
