package xlsx

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"continuity/backend/eval"
	"continuity/backend/scorecard"
)

func scoreFixture() (*scorecard.Scorecard, []scorecard.TrendPoint) {
	s := func(v float64) eval.Score { return eval.Score{Value: v} }
	results := []eval.QuestionResult{
		{QuestionID: "Q1", Category: eval.Routine, Question: "=HYPERLINK(\"x\")", Answer: "-2 invoices", AnswerModel: "offline-extractive",
			Retrieved: []eval.Passage{{DocID: "d1", ChunkID: "d1#0", Text: "@SUM(A1)"}},
			Scores:    map[eval.Metric]eval.Score{eval.Faithfulness: s(0.5), eval.IDContextRecall: s(1)}},
		{QuestionID: "Q2", Category: eval.Refuse, Question: "Teleport?", Answer: eval.NotCoveredText,
			Scores: map[eval.Metric]eval.Score{eval.RefusalCorrectness: s(1)}},
	}
	base := scorecard.Build(eval.Run{ID: "r0", Questions: 2}, results[1:], nil)
	card := scorecard.Build(eval.Run{ID: "r1", Engine: "offline", GoldenSet: "sample", Questions: 2, CorpusFingerprint: "fp-old",
		CorpusChanges: []eval.CorpusChange{{ResumedAt: "2026-03-01T10:00:00Z", Fingerprint: "fp-new", Remaining: 1}}}, results, nil)
	d := scorecard.Compare(base, card, 0)
	card.Baseline = &d
	return card, scorecard.Trend([]*scorecard.Scorecard{base, card})
}

func TestWriteScorecardWorkbook(t *testing.T) {
	t.Parallel()
	card, trend := scoreFixture()
	var buf bytes.Buffer
	if err := WriteScorecard(&buf, card, trend); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := strings.Join(f.GetSheetList(), ","); got != "Summary,Questions,Review,Baseline,Trend" {
		t.Fatalf("sheets = %s", got)
	}
	cases := []struct{ sheet, cell, want string }{
		{"Summary", "B6", "fp-old → fp-new (resumed 2026-03-01T10:00:00Z)"}, // both corpora of a resumed run
		{"Summary", "A10", "faithfulness"},
		{"Summary", "B10", "0.5"},
		{"Summary", "D10", "FAIL"},
		{"Summary", "B11", "not measured"},
		{"Questions", "C2", "'=HYPERLINK(\"x\")"}, // formula trigger neutralised
		{"Questions", "D2", "'-2 invoices"},
		{"Review", "A2", "Q1"},
		{"Trend", "A3", "r1"},
		{"Baseline", "A4", "faithfulness"},
		{"Baseline", "E4", "new"}, // no faithfulness in the baseline: new, not a change
		{"Baseline", "A11", "refusal_correctness"},
		{"Baseline", "E11", "unchanged"},
	}
	for _, c := range cases {
		if got, err := f.GetCellValue(c.sheet, c.cell); err != nil || got != c.want {
			t.Errorf("%s!%s = %q (%v), want %q", c.sheet, c.cell, got, err, c.want)
		}
	}
	for _, sh := range []string{"Summary", "Questions"} {
		cf, err := f.GetConditionalFormats(sh)
		if err != nil || len(cf) == 0 {
			t.Errorf("%s: no conditional formatting (%v)", sh, err)
		}
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	charts := 0
	for _, zf := range zr.File {
		if strings.HasPrefix(zf.Name, "xl/charts/chart") {
			charts++
		}
		if zf.Name == "xl/worksheets/sheet1.xml" { // Summary
			rc, err := zf.Open()
			if err != nil {
				t.Fatal(err)
			}
			raw, err := io.ReadAll(rc)
			rc.Close()
			// the colours follow the scorecard's own verdict, not a comparison of their own
			if err != nil || !strings.Contains(string(raw), `$D10=&#34;FAIL&#34;`) && !strings.Contains(string(raw), `$D10=&quot;FAIL&quot;`) {
				t.Errorf("Summary colours do not follow the Result column (%v)", err)
			}
		}
	}
	if charts != 2 {
		t.Fatalf("charts = %d, want summary and trend", charts)
	}
}

func TestScTextCapsAndEscapes(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, in, want string }{
		{"plain", "hello", "hello"},
		{"formula", "=1+1", "'=1+1"},
		{"at", "@x", "'@x"},
		{"tab", "\tx", "'\tx"},
		{"empty", "", ""},
	}
	for _, c := range cases {
		if got := scText(c.in); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	long := scText(strings.Repeat("😀", excelize.TotalCellChars))
	if !strings.HasSuffix(long, "[truncated for Excel]") || len([]rune(long)) > excelize.TotalCellChars {
		t.Fatalf("long text not capped visibly: %d runes", len([]rune(long)))
	}
}
