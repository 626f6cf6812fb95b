package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"continuity/backend/check"
)

// `check --json` and the text output carry a not-covered claim's closest
// published passage and the fact slot it states otherwise; a claim
// without one has neither key.
func TestCheckOutputCarriesClosestAndDiffers(t *testing.T) {
	t.Parallel()
	closest := &check.Evidence{DocID: "remote-work", ChunkID: "remote-work#2", Title: "Remote work",
		Quote: "Employees can claim up to $75 per month for home internet.", URL: "https://example.com/remote", ChunkText: "…"}
	const differs = "closest published: the corpus says $75 per month; the draft says $50 a month"
	cases := []struct {
		name        string
		closest     *check.Evidence
		differs     string
		wantClosest map[string]any // nil: absent
		wantText    []string
	}{
		{"closest and differs", closest, differs,
			map[string]any{"doc_id": "remote-work", "chunk_id": "remote-work#2", "title": "Remote work", "quote": closest.Quote},
			[]string{"      " + differs, "      closest: Remote work (remote-work#2): “Employees can claim up to $75 per month for home internet.”"}},
		{"closest only", closest, "",
			map[string]any{"doc_id": "remote-work", "chunk_id": "remote-work#2", "title": "Remote work", "quote": closest.Quote},
			[]string{"closest: Remote work (remote-work#2)"}},
		{"neither", nil, "", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rep := check.Report{Engine: "offline", Claims: []check.Claim{{Text: "We cover home internet costs of up to $50 a month.",
				Verdict: "not_covered", Flags: []string{}, Closest: c.closest, Differs: c.differs}}}
			b, err := json.Marshal(contractJSON(rep))
			if err != nil {
				t.Fatal(err)
			}
			var v struct {
				Claims []map[string]any `json:"claims"`
			}
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			got := v.Claims[0]
			if c.wantClosest == nil {
				if _, ok := got["closest"]; ok {
					t.Errorf("closest present: %s", b)
				}
			} else if e, _ := got["closest"].(map[string]any); len(e) != len(c.wantClosest) {
				t.Errorf("closest %v, want exactly %v", got["closest"], c.wantClosest)
			} else {
				for k, w := range c.wantClosest {
					if e[k] != w {
						t.Errorf("closest.%s = %v, want %v", k, e[k], w)
					}
				}
			}
			if d, ok := got["differs"]; ok != (c.differs != "") || (ok && d != c.differs) {
				t.Errorf("differs %v (present %v), want %q", d, ok, c.differs)
			}
			var out bytes.Buffer
			writeCheckText(&out, rep)
			for _, w := range c.wantText {
				if !strings.Contains(out.String(), w) {
					t.Errorf("text output lacks %q:\n%s", w, out.String())
				}
			}
			if c.closest == nil && strings.Contains(out.String(), "closest") {
				t.Errorf("text output names a closest passage:\n%s", out.String())
			}
		})
	}
}
