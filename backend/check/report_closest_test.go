package check

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"continuity/backend/claims"
)

// A not-covered claim carries the closest published passage and the fact
// slot it states otherwise into the stored report, `check --json` (and so
// the MCP server's check_draft) and the exports; no other verdict does.
func TestClosestAndDiffersReachEveryFace(t *testing.T) {
	t.Parallel()
	closest := &claims.Evidence{DocID: "remote-work", ChunkID: "remote-work#2", Title: "Remote work",
		Quote: "Employees can claim up to $75 per month for home internet."}
	const differs = "closest published: the corpus says $75 per month; the draft says $50 a month"
	passages := map[string]claims.Passage{"remote-work#2": {DocID: "remote-work", ChunkID: "remote-work#2", Title: "Remote work",
		URL: "https://example.com/remote", Text: "Home office. Employees can claim up to $75 per month for home internet."}}
	cases := []struct {
		name        string
		verdict     claims.Verdict
		closest     *claims.Evidence
		differs     string
		wantClosest bool
		wantDiffers string
	}{
		{"not covered with closest and differs", claims.NotCovered, closest, differs, true, differs},
		{"not covered with closest only", claims.NotCovered, closest, "", true, ""},
		{"not covered without closest", claims.NotCovered, nil, "", false, ""},
		{"supported never shows one", claims.Supported, closest, differs, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rep := Build(claims.Report{Engine: "offline", Results: []claims.Result{{
				Claim:   claims.Claim{Text: "We cover home internet costs of up to $50 a month."},
				Verdict: c.verdict, Explanation: "No published passage states this.", Closest: c.closest, Differs: c.differs}}}, passages, nil, 4)
			got := rep.Claims[0]
			if (got.Closest != nil) != c.wantClosest || got.Differs != c.wantDiffers {
				t.Fatalf("stored closest %+v differs %q", got.Closest, got.Differs)
			}
			if c.wantClosest && (got.Closest.URL != "https://example.com/remote" || !strings.Contains(got.Closest.ChunkText, got.Closest.Quote)) {
				t.Errorf("stored closest lacks its chunk: %+v", got.Closest)
			}
			b, err := json.Marshal(ContractJSON(rep))
			if err != nil {
				t.Fatal(err)
			}
			var v struct {
				Claims []map[string]json.RawMessage `json:"claims"`
			}
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			raw, has := v.Claims[0]["closest"]
			if has != c.wantClosest {
				t.Fatalf("--json closest present %v, want %v: %s", has, c.wantClosest, b)
			}
			if has {
				var e map[string]string
				if err := json.Unmarshal(raw, &e); err != nil {
					t.Fatal(err)
				}
				want := map[string]string{"doc_id": "remote-work", "chunk_id": "remote-work#2", "title": "Remote work", "quote": closest.Quote}
				if len(e) != len(want) {
					t.Errorf("--json closest %v, want exactly %v", e, want)
				}
				for k, w := range want {
					if e[k] != w {
						t.Errorf("--json closest.%s = %q, want %q", k, e[k], w)
					}
				}
			}
			var d string
			if raw, ok := v.Claims[0]["differs"]; ok {
				if err := json.Unmarshal(raw, &d); err != nil {
					t.Fatal(err)
				}
			}
			if d != c.wantDiffers {
				t.Errorf("--json differs %q, want %q", d, c.wantDiffers)
			}
			for _, format := range []string{FormatMarkdown, FormatHTML} {
				out, err := Export(Record{Title: "Perks", Report: rep}, format)
				if err != nil {
					t.Fatal(err)
				}
				if strings.Contains(out, "Closest published passage") != c.wantClosest {
					t.Errorf("%s export: closest shown %v, want %v:\n%s", format, !c.wantClosest, c.wantClosest, out)
				}
				if c.wantDiffers != "" && !strings.Contains(out, "the corpus says $75 per month") {
					t.Errorf("%s export lacks the differing slot:\n%s", format, out)
				}
			}
		})
	}
}

// The closest passage survives the history, and a check stored before it
// was kept opens without one.
func TestClosestSurvivesTheHistory(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := openRepo(t)
	rep := Build(claims.Report{Engine: "offline", Results: []claims.Result{{
		Claim: claims.Claim{Text: "We cover home internet costs of up to $50 a month."}, Verdict: claims.NotCovered,
		Closest: &claims.Evidence{DocID: "remote-work", ChunkID: "remote-work#2", Title: "Remote work", Quote: "up to $75 per month"},
		Differs: "closest published: the corpus says $75 per month; the draft says $50 a month"}},
		Summary: claims.Summary{NotCovered: 1}}, nil, nil, 4)
	id, err := r.Save(ctx, SourceCLI, "We cover home internet costs of up to $50 a month.", rep)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := r.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	c := rec.Report.Claims[0]
	if c.Closest == nil || c.Closest.Quote != "up to $75 per month" || c.Differs != rep.Claims[0].Differs {
		t.Fatalf("stored claim %+v", c)
	}
}

// A hostile closest passage is escaped in both exports.
func TestClosestIsEscapedInExports(t *testing.T) {
	t.Parallel()
	rep := Report{Engine: "offline", Claims: []Claim{{Text: "x", Verdict: "not_covered", Flags: []string{},
		Closest: &Evidence{Title: "<script>t</script>", ChunkID: "c", Quote: "<img src=x onerror=alert(1)>"}, Differs: "<b>differs</b>"}}}
	for _, format := range []string{FormatMarkdown, FormatHTML} {
		out, err := Export(Record{Title: "T", Report: rep}, format)
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []string{"<script>t", "<img src", "<b>differs"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s export holds raw %q:\n%s", format, bad, out)
			}
		}
	}
}
