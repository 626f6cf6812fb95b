package scorecard

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"continuity/backend/eval"
)

// contradictedCard is a run whose q1 answer now contradicts its approved
// answer against the baseline, while every metric held; q2 is unchanged.
func contradictedCard(t *testing.T, curFaith float64) *Scorecard {
	t.Helper()
	base := Build(eval.Run{ID: "base", Questions: 2}, []eval.QuestionResult{answered("q1", "Refunds within 30 days.", 1), answered("q2", "Same.", 1)}, nil)
	cur := Build(eval.Run{ID: "cur", Questions: 2}, []eval.QuestionResult{answered("q1", "Refunds within 45 days.", curFaith), answered("q2", "Same.", 1)}, nil)
	d := Compare(base, cur, 0)
	if err := d.CheckAnswers(context.Background(), base, cur, &wordJudge{bad: []string{"45"}}); err != nil {
		t.Fatal(err)
	}
	cur.AttachBaseline(&d)
	return cur
}

func TestAttachBaselineGatesNewContradictions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		faith     float64
		wantFails []string
	}{
		{"metrics held, answer contradicts: fails on the contradiction", 1, []string{"q1 now contradicts its approved answer (confidence 0.90)"}},
		{"a metric fails too: both reasons", 0.5, []string{"faithfulness mean 0.750 is below its threshold 0.90", "q1 now contradicts its approved answer (confidence 0.90)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sc := contradictedCard(t, c.faith)
			if sc.Gate.Pass || !slices.Equal(sc.Gate.Failures, c.wantFails) {
				t.Fatalf("gate %+v, want failures %q", sc.Gate, c.wantFails)
			}
			if r := sc.Result(); r.Gate.Pass || !slices.Contains(r.Gate.Failures, "q1 now contradicts its approved answer (confidence 0.90)") {
				t.Errorf("--json gate %+v", r.Gate)
			}
		})
	}
	t.Run("no contradiction: the gate stands", func(t *testing.T) {
		t.Parallel()
		base := Build(eval.Run{ID: "base", Questions: 1}, []eval.QuestionResult{answered("q1", "Refunds within 30 days.", 1)}, nil)
		cur := Build(eval.Run{ID: "cur", Questions: 1}, []eval.QuestionResult{answered("q1", "Full refunds within 30 days.", 1)}, nil)
		d := Compare(base, cur, 0)
		if err := d.CheckAnswers(context.Background(), base, cur, &wordJudge{}); err != nil {
			t.Fatal(err)
		}
		cur.AttachBaseline(&d)
		if !cur.Gate.Pass || len(cur.Gate.Failures) != 0 || cur.Baseline != &d {
			t.Fatalf("gate %+v, baseline %p", cur.Gate, cur.Baseline)
		}
	})
}

// TestHTMLShowsAnswerFlags parses the HTML export: the questions table has
// the answer-changed and contradicts-approved columns, and the baseline
// section names the question that now contradicts its approved answer.
func TestHTMLShowsAnswerFlags(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := WriteHTML(&buf, contradictedCard(t, 1), nil); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	table := findNode(doc, func(n *html.Node) bool { return n.Data == "table" && attr(n, "id") == "questions" })
	if table == nil {
		t.Fatal("no questions table")
	}
	var rows [][]string
	for _, tr := range allNodes(table, func(n *html.Node) bool { return n.Data == "tr" }) {
		var cells []string
		for _, td := range allNodes(tr, func(n *html.Node) bool { return n.Data == "td" || n.Data == "th" }) {
			cells = append(cells, strings.TrimSpace(textOf(td)))
		}
		rows = append(rows, cells)
	}
	changed, contra := slices.Index(rows[0], "answer changed"), slices.Index(rows[0], "contradicts approved answer")
	if len(rows) != 3 || changed < 0 || contra < 0 {
		t.Fatalf("questions table %q", rows)
	}
	want := map[string][2]string{"q1": {"yes", "yes"}, "q2": {"no", "no"}}
	for _, r := range rows[1:] {
		if w := want[r[0]]; r[changed] != w[0] || r[contra] != w[1] {
			t.Errorf("row %s: answer changed %q, contradicts %q; want %q", r[0], r[changed], r[contra], w)
		}
	}
	li := findNode(doc, func(n *html.Node) bool { return n.Data == "li" && attr(n, "data-question") == "q1" })
	if li == nil || !strings.Contains(textOf(li), "q1 now contradicts its approved answer") || !strings.Contains(textOf(li), "Refunds within 45 days.") {
		t.Errorf("contradiction list item missing or incomplete")
	}
	gate := findNode(doc, func(n *html.Node) bool { return n.Data == "p" && strings.Contains(attr(n, "class"), "gate") })
	if gate == nil || !strings.Contains(textOf(gate), "FAIL") {
		t.Errorf("gate line does not say FAIL")
	}
}

func findNode(n *html.Node, ok func(*html.Node) bool) *html.Node {
	if all := allNodes(n, ok); len(all) > 0 {
		return all[0]
	}
	return nil
}

func allNodes(n *html.Node, ok func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	for c := range n.Descendants() {
		if c.Type == html.ElementNode && ok(c) {
			out = append(out, c)
		}
	}
	return out
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func textOf(n *html.Node) string {
	var b strings.Builder
	for c := range n.Descendants() {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}
