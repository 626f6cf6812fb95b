package claims_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"continuity/backend/claims"
)

const sampleWorkspace = "../../corpus"

type expectedClaim struct {
	Paragraph int      `json:"paragraph"`
	Text      string   `json:"text"`
	Verdict   string   `json:"verdict"`
	DocIDs    []string `json:"doc_ids"`
}

type answerKey struct {
	Draft  string          `json:"draft"`
	Claims []expectedClaim `json:"claims"`
}

// confusion counts expected (row) against produced (column) verdicts.
type confusion map[[2]claims.Verdict]int

func (m confusion) prf(v claims.Verdict) (p, r, f float64, ok bool) {
	var tp, pred, gold int
	for k, n := range m {
		if k[1] == v {
			pred += n
		}
		if k[0] == v {
			gold += n
		}
		if k[0] == v && k[1] == v {
			tp += n
		}
	}
	if pred == 0 || gold == 0 {
		return 0, 0, 0, false
	}
	p, r = float64(tp)/float64(pred), float64(tp)/float64(gold)
	if p+r > 0 {
		f = 2 * p * r / (p + r)
	}
	return p, r, f, true
}

func (m confusion) table() string {
	var b strings.Builder
	b.WriteString("| verdict | precision | recall | F1 | expected |\n|---|---|---|---|---|\n")
	for _, v := range []claims.Verdict{claims.Supported, claims.Contradicted, claims.NotCovered} {
		gold := 0
		for k, n := range m {
			if k[0] == v {
				gold += n
			}
		}
		p, r, f, ok := m.prf(v)
		if !ok {
			fmt.Fprintf(&b, "| %s | not measured | not measured | not measured | %d |\n", v, gold)
			continue
		}
		fmt.Fprintf(&b, "| %s | %.2f | %.2f | %.2f | %d |\n", v, p, r, f, gold)
	}
	return b.String()
}

func loadKeys(t testing.TB) map[string]answerKey {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(sampleWorkspace, "drafts", "*.expected.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no answer keys: %v", err)
	}
	keys := map[string]answerKey{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var k answerKey
		if err := json.Unmarshal(b, &k); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		keys[strings.TrimSuffix(filepath.Base(f), ".expected.json")] = k
	}
	return keys
}

// aggregate is the verdict for an expected claim: the produced claims
// overlapping its span, a contradiction in any part deciding.
func aggregate(rs []claims.Result) claims.Verdict {
	if len(rs) == 0 {
		return "missing"
	}
	all := true
	for _, r := range rs {
		if r.Verdict == claims.Contradicted {
			return claims.Contradicted
		}
		all = all && r.Verdict == claims.Supported
	}
	if all {
		return claims.Supported
	}
	return claims.NotCovered
}

// scoreDraft matches each expected claim to the produced claims whose
// span overlaps its text in the draft.
func scoreDraft(t testing.TB, draft string, key answerKey, rep claims.Report, m confusion, logf func(string, ...any)) (unkeyedContradicted int) {
	paragraphs := claims.SplitParagraphs(draft)
	used := map[int]bool{}
	for _, ec := range key.Claims {
		if ec.Paragraph >= len(paragraphs) {
			t.Fatalf("%s: paragraph %d out of range", key.Draft, ec.Paragraph)
		}
		p := paragraphs[ec.Paragraph]
		i := strings.Index(p.Text, ec.Text)
		if i < 0 {
			t.Fatalf("%s: %q not in paragraph %d", key.Draft, ec.Text, ec.Paragraph)
		}
		a, b := p.Start+i, p.Start+i+len(ec.Text)
		var over []claims.Result
		for j, r := range rep.Results {
			if r.Start < b && r.End > a {
				over = append(over, r)
				used[j] = true
			}
		}
		got := aggregate(over)
		m[[2]claims.Verdict{claims.Verdict(ec.Verdict), got}]++
		if string(got) != ec.Verdict && logf != nil {
			why := ""
			for _, r := range over {
				why += " | " + r.Explanation
			}
			logf("MISS %s p%d want %s got %s: %s%s", key.Draft, ec.Paragraph, ec.Verdict, got, ec.Text, why)
		}
	}
	for j, r := range rep.Results {
		if !used[j] && r.Verdict == claims.Contradicted {
			unkeyedContradicted++
			if logf != nil {
				logf("UNKEYED contradicted %s p%d: %s (%s)", key.Draft, r.Paragraph, r.Text, r.Explanation)
			}
		}
	}
	return unkeyedContradicted
}

func TestSampleDraftScores(t *testing.T) {
	ix := openSample(t)
	keys := loadKeys(t)
	names := make([]string, 0, len(keys))
	for n := range keys {
		names = append(names, n)
	}
	sort.Strings(names)
	m := confusion{}
	unkeyed := 0
	for _, n := range names {
		draft := readDraft(t, n)
		e := claims.NewOffline()
		tuneFromEnv(e)
		if os.Getenv("CLAIMS_TRACE") != "" {
			claims.SetTrace(e, t.Logf)
		}
		rep, err := e.Check(context.Background(), draft, ix)
		if err != nil {
			t.Fatal(err)
		}
		unkeyed += scoreDraft(t, draft, keys[n], rep, m, t.Logf)
	}
	t.Logf("sample drafts, offline engine:\n%s\nunkeyed contradicted claims: %d", m.table(), unkeyed)
	p, r, _, _ := m.prf(claims.Contradicted)
	_, sr, _, _ := m.prf(claims.Supported)
	t.Logf("contradicted P=%.2f R=%.2f supported R=%.2f", p, r, sr)
}

func readDraft(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(sampleWorkspace, "drafts", name+".md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// tuneFromEnv lets calibration sweeps override retrieval depth:
// CLAIMS_TUNE="k=12" (the verdict is the model's, see cmd/trainverdict).
func tuneFromEnv(e *claims.OfflineEngine) {
	for _, kv := range strings.Split(os.Getenv("CLAIMS_TUNE"), ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		var f float64
		if _, err := fmt.Sscan(v, &f); err != nil {
			panic(fmt.Sprintf("CLAIMS_TUNE %s: %v", kv, err)) // a developer knob; a typo must not tune silently
		}
		if k == "k" {
			e.TopK = int(f)
		}
	}
}
