package scorecard

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"continuity/backend/eval"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// golden compares got with testdata/<name>.golden, rewriting it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run go test -update): %v", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s; run go test ./backend/scorecard -update and review the diff", name, path)
	}
}

// trendCards are three runs on two days, the middle one worse.
func trendCards() []*Scorecard {
	starts := []string{"2026-11-28T09:15:00Z", "2026-11-30T14:02:00Z", "2026-12-01T08:45:30Z"}
	var cards []*Scorecard
	for i, s := range starts {
		res := sampleResults()
		if i == 1 {
			res = res[:2]
			res[0].Scores[eval.Faithfulness] = sc(0.7)
		}
		cards = append(cards, Build(eval.Run{ID: "run" + string(rune('A'+i)), StartedAt: s, Questions: len(res)}, res, nil))
	}
	return cards
}

func TestTrendSVG(t *testing.T) {
	t.Parallel()
	cards := trendCards()
	got := TrendSVG(Trend(cards), cards[2])
	golden(t, "TestTrendSVG", got)
	for _, want := range []string{"2026-11-28", "2026-12-01", "08:45", ">0.0<", ">1.0<", "faithfulness", "now 0.800", "stroke-dasharray=\"3 3\""} {
		if !strings.Contains(got, want) {
			t.Errorf("trend SVG lacks %q", want)
		}
	}
	if TrendSVG(Trend(cards[:1]), cards[0]) != "" {
		t.Error("one run drew a trend")
	}
}

func TestCategorySVG(t *testing.T) {
	t.Parallel()
	card := trendCards()[2]
	got := CategorySVG(card)
	golden(t, "TestCategorySVG", got)
	for _, want := range []string{">routine<", ">tricky<", ">refuse<", "0.60 (≥ 0.90 below)", "refusal_correctness", ">0.4<"} {
		if !strings.Contains(got, want) {
			t.Errorf("category SVG lacks %q", want)
		}
	}
}

// The export is readable offline: axis labels, run dates and values are
// text in the page, never drawn by a script.
func TestHTMLTrendHasAxesDatesAndValues(t *testing.T) {
	t.Parallel()
	cards := trendCards()
	var buf bytes.Buffer
	if err := WriteHTML(&buf, cards[2], Trend(cards)); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"metric mean (0–1)", "run start (UTC), oldest first", "2026-11-28", "2026-11-30", "14:02",
		"mean score (0–1)", "Trend values", "<td>2026-12-01 08:45</td>", "0.800"} {
		if !strings.Contains(out, want) {
			t.Errorf("HTML export lacks %q", want)
		}
	}
	if strings.Contains(out, "<script") || regexp.MustCompile(`(?i)https?:`).MatchString(out) {
		t.Error("export has a script or an external URL")
	}
	if c := strings.Count(out, "<svg"); c != 2 {
		t.Errorf("%d SVG charts, want trend and categories", c)
	}
}
