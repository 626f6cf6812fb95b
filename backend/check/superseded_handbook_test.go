package check

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"continuity/backend/claims"
	"continuity/backend/retrieval"
	"continuity/backend/session"
)

const handbookDir = "../../../shared/benchmarks/handbook-dev"

// TestHandbookNamesTheChange measures checks that name the change on
// handbook-dev with its history bundle cloned as the workspace: each of
// the 143 claims is checked as a one-sentence draft, by the engine alone
// and then with NameChanges, and the test logs what the history changed
// (recall of the contradicted claims whose changing commit is in the
// bundle, the claims of other labels it made contradicted, and its share
// of the check time), then checks the set's ten drafts whole. Run with
// CONTINUITY_HISTORY_BENCH=1.
func TestHandbookNamesTheChange(t *testing.T) {
	if os.Getenv("CONTINUITY_HISTORY_BENCH") == "" {
		t.Skip("measurement on the real handbook: set CONTINUITY_HISTORY_BENCH=1")
	}
	ctx := context.Background()
	ws := filepath.Join(t.TempDir(), "handbook")
	if out, err := exec.Command("git", "clone", "-q", filepath.Join(handbookDir, "history.bundle"), ws).CombinedOutput(); err != nil {
		t.Fatalf("clone: %v\n%s", err, out)
	}
	s := openSession(t, t.TempDir(), ws)
	ix, _, err := s.FreshIndex(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	run, err := s.ImportHistory(ctx, ix, ws, session.HistoryForce, nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := ix.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("history: %d commits, %d superseded sentences", run.Report.Commits, run.Report.Superseded)
	e := claims.NewOffline()
	measureClaims(ctx, t, ix, e, st.Documents, bundleCommits(t, ws))
	measureDrafts(ctx, t, ix, e, st.Documents)
}

// measureClaims checks every labelled claim as its own draft, with and
// without naming the changes, and logs the verdicts by label.
func measureClaims(ctx context.Context, t *testing.T, ix *retrieval.Index, e *claims.OfflineEngine, docs int, replayed map[string]bool) {
	t.Helper()
	var engineTime, namingTime, searchTime, verifyTime time.Duration
	var verifies int
	type tally struct{ rows, contradicted, named, withCommit int }
	byGroup := map[string]*tally{}
	for _, c := range handbookRows(t) {
		t0 := time.Now()
		rep, err := CheckDraft(ctx, e, ix, c.Claim, docs)
		if err != nil {
			t.Fatal(err)
		}
		t1 := time.Now()
		before := verdictOf(rep)
		if err := NameChanges(ctx, &rep, timedHistory{ix, &searchTime}, timedJudge{e, &verifyTime, &verifies}); err != nil {
			t.Fatal(err)
		}
		engineTime, namingTime = engineTime+t1.Sub(t0), namingTime+time.Since(t1)
		after := verdictOf(rep)
		group := c.Label
		if c.Label == "CONTRADICTED" && inBundleSource(c.Source, replayed) {
			group = "CONTRADICTED, changed in the bundle"
		}
		g := byGroup[group]
		if g == nil {
			g = &tally{}
			byGroup[group] = g
		}
		g.rows++
		named := namedClaim(rep)
		if after == string(claims.Contradicted) {
			g.contradicted++
		}
		if named != nil {
			g.named++
			if strings.Contains(named.Explanation, "(commit ") {
				g.withCommit++
			}
		}
		if before != after || (named != nil && c.Label != "CONTRADICTED") || (group != c.Label && named == nil) {
			t.Logf("%s %s: engine %s, with history %s: %q — %s", c.ID, group, before, after, c.Claim, explanationOf(rep))
		}
	}
	for g, n := range byGroup {
		t.Logf("%-36s %3d claims: %3d contradicted, %3d name a change (%d with the commit)", g, n.rows, n.contradicted, n.named, n.withCommit)
	}
	t.Logf("check time: engine %v, naming the changes %v (+%.0f%%): superseded search %v, %d verifications %v",
		engineTime.Round(time.Millisecond), namingTime.Round(time.Millisecond), 100*namingTime.Seconds()/engineTime.Seconds(),
		searchTime.Round(time.Millisecond), verifies, verifyTime.Round(time.Millisecond))
}

// measureDrafts checks the set's drafts whole, three times, and logs the
// changes named and each round's share of the time naming them took, with
// the median: one round's share moved by ±4 points between runs.
func measureDrafts(ctx context.Context, t *testing.T, ix *retrieval.Index, e *claims.OfflineEngine, docs int) {
	t.Helper()
	drafts, err := filepath.Glob(filepath.Join(handbookDir, "drafts", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	var shares []float64
	for round := range 3 {
		var engineTime, namingTime, searchTime, verifyTime time.Duration
		var verifies int
		n := 0
		for _, d := range drafts {
			b, err := os.ReadFile(d)
			if err != nil {
				t.Fatal(err)
			}
			t0 := time.Now()
			rep, err := CheckDraft(ctx, e, ix, string(b), docs)
			if err != nil {
				t.Fatal(err)
			}
			t1 := time.Now()
			if err := NameChanges(ctx, &rep, timedHistory{ix, &searchTime}, timedJudge{e, &verifyTime, &verifies}); err != nil {
				t.Fatal(err)
			}
			engineTime, namingTime = engineTime+t1.Sub(t0), namingTime+time.Since(t1)
			n += len(rep.Claims)
			for _, c := range rep.Claims {
				if c.Superseded != nil && round == 0 {
					t.Logf("draft %s: %q — %s", filepath.Base(d), c.Text, c.Explanation)
				}
			}
		}
		shares = append(shares, namingTime.Seconds()/engineTime.Seconds())
		t.Logf("round %d, %d drafts, %d claims: engine %v, naming the changes %v (+%.0f%%): superseded search %v, %d verifications %v", round+1, len(drafts), n,
			engineTime.Round(time.Millisecond), namingTime.Round(time.Millisecond), 100*shares[round],
			searchTime.Round(time.Millisecond), verifies, verifyTime.Round(time.Millisecond))
	}
	slices.Sort(shares)
	t.Logf("drafts: naming the changes adds a median %.0f%% to the check time (rounds %.0f%%, %.0f%%, %.0f%%)", 100*shares[1], 100*shares[0], 100*shares[1], 100*shares[2])
}

func namedClaim(rep Report) *Claim {
	for i := range rep.Claims {
		if rep.Claims[i].Superseded != nil {
			return &rep.Claims[i]
		}
	}
	return nil
}

// verdictOf is a one-sentence draft's verdict: contradicted if any claim
// is, else supported if any is, else not covered.
func verdictOf(rep Report) string {
	v := string(claims.NotCovered)
	for _, c := range rep.Claims {
		switch c.Verdict {
		case string(claims.Contradicted):
			return c.Verdict
		case string(claims.Supported):
			v = c.Verdict
		}
	}
	return v
}

func explanationOf(rep Report) string {
	var out []string
	for _, c := range rep.Claims {
		out = append(out, c.Explanation)
	}
	return strings.Join(out, " | ")
}

type handbookRow struct{ ID, Claim, Label, Source string }

func handbookRows(t *testing.T) []handbookRow {
	t.Helper()
	f, err := os.Open(filepath.Join(handbookDir, "claims.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []handbookRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r handbookRow
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

var shaWord = regexp.MustCompile(`\b[0-9a-f]{7,12}\b`)

// bundleCommits is the set of original commit prefixes the bundle replays.
func bundleCommits(t *testing.T, ws string) map[string]bool {
	t.Helper()
	out, err := exec.Command("git", "-C", ws, "log", "--format=%b%x00").Output()
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`Replayed from 18F/handbook commit ([0-9a-f]{40})`)
	m := map[string]bool{}
	for _, g := range re.FindAllStringSubmatch(string(out), -1) {
		for n := 7; n <= 12; n++ {
			m[g[1][:n]] = true
		}
	}
	return m
}

// inBundleSource says the row's source names a commit the bundle replays.
func inBundleSource(source string, replayed map[string]bool) bool {
	for _, tok := range shaWord.FindAllString(source, -1) {
		if replayed[tok] {
			return true
		}
	}
	return false
}

type timedHistory struct {
	BatchHistory
	d *time.Duration
}

func (h timedHistory) SearchSuperseded(ctx context.Context, q string, k int) ([]retrieval.SupersededHit, error) {
	t0 := time.Now()
	defer func() { *h.d += time.Since(t0) }()
	return h.BatchHistory.SearchSuperseded(ctx, q, k)
}

// SearchSupersededAll is the batch search NameChanges uses.
func (h timedHistory) SearchSupersededAll(ctx context.Context, qs []string, k int) ([][]retrieval.SupersededHit, error) {
	t0 := time.Now()
	defer func() { *h.d += time.Since(t0) }()
	return h.BatchHistory.SearchSupersededAll(ctx, qs, k)
}

type timedJudge struct {
	PairJudge
	d *time.Duration
	n *int
}

func (j timedJudge) Verify(c claims.Claim, ps []claims.Passage) claims.Result {
	t0 := time.Now()
	defer func() { *j.d += time.Since(t0); *j.n++ }()
	return j.PairJudge.Verify(c, ps)
}
