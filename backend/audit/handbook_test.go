package audit

import (
	"bufio"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"continuity/backend/retrieval"
)

// handbookDir is the real handbook development set (SOURCE.md there).
const handbookDir = "/work/shared/benchmarks/handbook-dev"

// handbookChange is one fact an older revision of a handbook page stated
// differently: the HEAD sentence and the older wording that replaced it.
type handbookChange struct {
	doc, head, old string
}

var oldWording = regexp.MustCompile(`: '(.*?)'(;| ?\(|$)`)

// handbookChanges reads the CONTRADICTED rows whose source quotes the
// older wording and whose evidence is a HEAD sentence of the page.
func handbookChanges(t *testing.T) []handbookChange {
	t.Helper()
	f, err := os.Open(filepath.Join(handbookDir, "claims.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []handbookChange
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		var r struct{ Label, Doc, Evidence, Source string }
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("claims.jsonl:%d: %v", line, err)
		}
		m := oldWording.FindStringSubmatch(r.Source)
		if r.Label != "CONTRADICTED" || r.Doc == "" || r.Evidence == "" || m == nil {
			continue
		}
		out = append(out, handbookChange{doc: r.Doc, head: r.Evidence, old: m[1]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// wrapped matches s across the page's hard line wraps.
func wrapped(s string) *regexp.Regexp {
	fields := strings.Fields(s)
	for i, f := range fields {
		fields[i] = regexp.QuoteMeta(f)
	}
	return regexp.MustCompile(strings.Join(fields, `\s+`))
}

func words(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}), " ")
}

// TestHandbookAudit measures the audit on the real handbook: every page
// with a known older wording gets its old revision published beside it
// (under old/, file time 2019), and the audit should find each changed
// fact between the two versions. It logs the numbers docs/benchmarks.md
// reports; run with CONTINUITY_HANDBOOK_AUDIT=1.
func TestHandbookAudit(t *testing.T) {
	if os.Getenv("CONTINUITY_HANDBOOK_AUDIT") == "" {
		t.Skip("measurement on the real handbook: set CONTINUITY_HANDBOOK_AUDIT=1")
	}
	root := t.TempDir()
	content := filepath.Join(root, "content")
	src := filepath.Join(handbookDir, "corpus")
	head := time.Date(2025, 2, 27, 0, 0, 0, 0, time.UTC)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		dst := filepath.Join(content, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			return err
		}
		return os.Chtimes(dst, head, head)
	})
	if err != nil {
		t.Fatal(err)
	}
	changes := handbookChanges(t)
	byDoc := map[string][]handbookChange{}
	var applied []handbookChange
	for _, c := range changes {
		byDoc[c.doc] = append(byDoc[c.doc], c)
	}
	old := time.Date(2019, 6, 1, 0, 0, 0, 0, time.UTC)
	for doc, cs := range byDoc {
		b, err := os.ReadFile(filepath.Join(src, doc))
		if err != nil {
			t.Fatal(err)
		}
		page := string(b)
		for _, c := range cs {
			loc := wrapped(c.head).FindStringIndex(page)
			if loc == nil {
				continue
			}
			page = page[:loc[0]] + c.old + page[loc[1]:]
			applied = append(applied, c)
		}
		dst := filepath.Join(content, "old", doc)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(dst, old, old); err != nil {
			t.Fatal(err)
		}
	}
	s := openSession(t, root)
	ctx := context.Background()
	began := time.Now()
	rep, err := Run(ctx, s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(began)
	ix, err := s.Index(ctx)
	if err != nil {
		t.Fatal(err)
	}
	docs, err := ix.Documents(ctx)
	if err != nil {
		t.Fatal(err)
	}
	idOf := map[string]string{}
	for _, d := range docs {
		idOf[d.Path] = d.ID
	}
	repo, err := OpenRepo(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	cache, err := repo.load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	found, newer, flagged := 0, 0, 0
	matched := map[string]bool{}
	for _, c := range applied {
		headID, oldID := idOf[c.doc], idOf["old/"+c.doc]
		if engineFlagged(cache, headID, oldID, words(c.old)) {
			flagged++
		}
		hit := false
		for _, k := range rep.Conflicts {
			sides := map[string]Statement{k.A.DocID: k.A, k.B.DocID: k.B}
			o, okOld := sides[oldID]
			_, okHead := sides[headID]
			if !okOld || (!okHead && headID != "") {
				continue
			}
			ow, qw := words(c.old), words(o.Quote)
			if qw != "" && (strings.Contains(ow, qw) || strings.Contains(qw, ow)) {
				hit, matched[k.Key] = true, true
				if k.Newer == "a" && k.A.DocID == headID {
					newer++
				}
			}
		}
		if hit {
			found++
		} else {
			t.Logf("missed: %s: %q -> %q", c.doc, c.head, c.old)
		}
	}
	other, between := 0, 0
	for _, k := range rep.Conflicts {
		if matched[k.Key] {
			continue
		}
		if strings.HasPrefix(pathOf(docs, k.A.DocID), "old/") != strings.HasPrefix(pathOf(docs, k.B.DocID), "old/") &&
			strings.TrimPrefix(pathOf(docs, k.A.DocID), "old/") == strings.TrimPrefix(pathOf(docs, k.B.DocID), "old/") {
			between++
		} else {
			other++
		}
		t.Logf("unmatched conflict: %s %q vs %s %q %v %.2f", k.A.DocID, k.A.Quote, k.B.DocID, k.B.Quote, k.Values, k.Confidence)
	}
	t.Logf("engine contradicted verdicts between the two versions on %d of %d changed facts (before the audit's acceptance rule)", flagged, len(applied))
	t.Logf("handbook audit: %d documents (%d old revisions), %d changed facts applied of %d listed; found %d (newer named %d); %d conflicts: %d unmatched between versions of a page, %d between other pages; %d claims in %s (%.1f docs/s)",
		len(docs), len(byDoc), len(applied), len(changes), found, newer, len(rep.Conflicts), between, other, rep.Checked.Claims, elapsed.Round(time.Second), float64(len(docs))/elapsed.Seconds())
	if found == 0 {
		t.Fatalf("the audit found none of %d changed facts", len(applied))
	}
}

func pathOf(docs []retrieval.IndexedDoc, id string) string {
	for _, d := range docs {
		if d.ID == id {
			return d.Path
		}
	}
	return ""
}

// engineFlagged: a contradicted verdict of either version cites the other
// at the old wording, whether or not the audit's rule accepted it.
func engineFlagged(cache map[string]cached, headID, oldID, oldWords string) bool {
	for _, pair := range [][2]string{{headID, oldID}, {oldID, headID}} {
		for _, f := range cache[pair[0]].Findings {
			if f.Evidence.DocID != pair[1] {
				continue
			}
			for _, q := range []string{words(f.Claim.Text), words(f.Evidence.Quote)} {
				if q != "" && (strings.Contains(oldWords, q) || strings.Contains(q, oldWords)) {
					return true
				}
			}
		}
	}
	return false
}
