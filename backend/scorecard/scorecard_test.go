package scorecard

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"math"
	"regexp"
	"strings"
	"testing"

	"continuity/backend/eval"
)

func sc(v float64) eval.Score { return eval.Score{Value: v, Method: "test"} }

func sampleResults() []eval.QuestionResult {
	return []eval.QuestionResult{
		{QuestionID: "Q1", Category: eval.Routine, Question: "How do I export?", Answer: "From Settings.", AnswerModel: "offline-extractive",
			Retrieved:   []eval.Passage{{DocID: "d1", ChunkID: "d1#0", Text: "Export from Settings."}},
			Scores:      map[eval.Metric]eval.Score{eval.Faithfulness: sc(1), eval.IDContextRecall: sc(1), eval.ContextRecall: sc(1)},
			NotMeasured: map[eval.Metric]eval.NotMeasured{eval.AnswerRelevancy: {Reason: "no embedder configured"}}},
		{QuestionID: "Q2", Category: eval.Tricky, Question: "Can I <b>merge</b>?", Answer: `<script>alert("x")</script> yes`,
			Retrieved: []eval.Passage{{DocID: "d9", ChunkID: "d9#1", Text: "Unrelated </pre><img src=x onerror=alert(1)>"}},
			Scores:    map[eval.Metric]eval.Score{eval.Faithfulness: sc(0.6), eval.IDContextRecall: sc(0), eval.ContextRecall: sc(math.NaN())}},
		{QuestionID: "Q3", Category: eval.Refuse, Question: "Teleport?", Answer: "This is not covered in our knowledge base.", Refused: true,
			Scores: map[eval.Metric]eval.Score{eval.RefusalCorrectness: sc(1)}},
	}
}

func TestBuildMeansThresholdsAndGate(t *testing.T) {
	t.Parallel()
	card := Build(eval.Run{ID: "r1", Engine: "offline", Questions: 3}, sampleResults(), nil)
	f := card.Metrics["faithfulness"]
	if f.Measured != 2 || f.NotMeasured != 1 || math.Abs(*f.Mean-0.8) > 1e-9 || *f.Pass || *f.Threshold != 0.9 {
		t.Fatalf("faithfulness = %+v", f)
	}
	if cr := card.Metrics["context_recall"]; cr.Measured != 1 || *cr.Mean != 1 {
		t.Fatalf("NaN must stay out of the mean: %+v", cr)
	}
	if ar := card.Metrics["answer_relevancy"]; ar.Mean != nil || ar.Pass != nil || ar.Measured != 0 {
		t.Fatalf("unmeasured metric must have null mean and pass: %+v", ar)
	}
	if card.Gate.Pass || len(card.Gate.Failures) != 2 { // faithfulness 0.8 and id recall 0.5
		t.Fatalf("gate = %+v", card.Gate)
	}
	if card.Run.AnswerModel != "offline-extractive" {
		t.Fatalf("answer model not taken from results: %q", card.Run.AnswerModel)
	}
	if len(card.Review) != 1 || card.Review[0].ID != "Q2" || len(card.Review[0].Retrieved) != 1 {
		t.Fatalf("review queue = %+v", card.Review)
	}
	if r := card.Categories["refuse"]["refusal_correctness"]; r.Measured != 1 || *r.Mean != 1 {
		t.Fatalf("refuse category = %+v", r)
	}
}

func TestGateFailsOnErrorsAndIncompleteRuns(t *testing.T) {
	t.Parallel()
	good := eval.QuestionResult{QuestionID: "Q1", Category: eval.Routine, Scores: map[eval.Metric]eval.Score{eval.Faithfulness: sc(1)}}
	bad := eval.QuestionResult{QuestionID: "Q2", Category: eval.Routine, Error: "faithfulness judge: reply is not valid JSON"}
	cases := []struct {
		name    string
		run     eval.Run
		results []eval.QuestionResult
		want    string
	}{
		{"judge parse error", eval.Run{Questions: 2}, []eval.QuestionResult{good, bad}, "1 question(s) failed with an error"},
		{"incomplete", eval.Run{Questions: 5}, []eval.QuestionResult{good}, "1 of 5 questions"},
		{"empty", eval.Run{}, nil, "no question was evaluated"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			card := Build(c.run, c.results, nil)
			if card.Gate.Pass || !strings.Contains(strings.Join(card.Gate.Failures, "|"), c.want) {
				t.Fatalf("gate = %+v, want a failure mentioning %q", card.Gate, c.want)
			}
		})
	}
	if card := Build(eval.Run{Questions: 1}, []eval.QuestionResult{good}, nil); !card.Gate.Pass {
		t.Fatalf("clean run must pass: %+v", card.Gate)
	}
}

func TestResultJSONContract(t *testing.T) {
	t.Parallel()
	card := Build(eval.Run{ID: "r1", Engine: "offline", Questions: 3}, sampleResults(), nil)
	b, err := json.Marshal(card.Result())
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"run_id", "engine", "answer_model", "judge_model", "metrics", "gate", "errors", "questions"} {
		if _, ok := m[k]; !ok {
			t.Errorf("missing %q in %s", k, b)
		}
	}
	ar := m["metrics"].(map[string]any)["answer_relevancy"].(map[string]any)
	if ar["mean"] != nil || ar["pass"] != nil || ar["threshold"] != 0.8 {
		t.Fatalf("answer_relevancy = %v, want null mean and pass", ar)
	}
	q := m["questions"].([]any)[0].(map[string]any)
	for _, k := range []string{"id", "category", "retrieved_doc_ids", "answer", "scores", "not_measured"} {
		if _, ok := q[k]; !ok {
			t.Errorf("question lacks %q", k)
		}
	}
}

func TestCompareBaseline(t *testing.T) {
	t.Parallel()
	base := Build(eval.Run{ID: "base", Questions: 3}, []eval.QuestionResult{
		{QuestionID: "Q1", Scores: map[eval.Metric]eval.Score{eval.Faithfulness: sc(1), eval.ContextRecall: sc(0.5)}},
		{QuestionID: "Q2", Scores: map[eval.Metric]eval.Score{eval.Faithfulness: sc(0.9)}},
		{QuestionID: "Q3", Scores: map[eval.Metric]eval.Score{eval.Faithfulness: sc(1)}},
	}, nil)
	cur := Build(eval.Run{ID: "cur", Questions: 3}, []eval.QuestionResult{
		{QuestionID: "Q1", Scores: map[eval.Metric]eval.Score{eval.Faithfulness: sc(0.5), eval.ContextRecall: sc(1)}},
		{QuestionID: "Q2", Scores: map[eval.Metric]eval.Score{eval.Faithfulness: sc(0.92)}, NotMeasured: map[eval.Metric]eval.NotMeasured{eval.ContextRecall: {Reason: "x"}}},
		{QuestionID: "Q4", Error: "boom"},
	}, nil)
	d := Compare(base, cur, 0)
	if len(d.Regressions) != 1 || d.Regressions[0].QuestionID != "Q1" || d.Regressions[0].Metric != "faithfulness" || d.Regressions[0].Delta != -0.5 {
		t.Fatalf("regressions = %+v", d.Regressions)
	}
	if len(d.Improvements) != 1 || d.Improvements[0].Metric != "context_recall" {
		t.Fatalf("improvements = %+v (0.02 on Q2 is noise)", d.Improvements)
	}
	if strings.Join(d.Added, ",") != "Q4" || strings.Join(d.Removed, ",") != "Q3" {
		t.Fatalf("added %v removed %v", d.Added, d.Removed)
	}
	for _, md := range d.Metrics {
		if md.Metric == "faithfulness" && (md.Delta == nil || math.Abs(*md.Delta-(0.71-0.9666666666666667)) > 1e-9) {
			t.Fatalf("faithfulness mean delta = %v", md.Delta)
		}
	}
	if tr := Trend([]*Scorecard{base, cur}); len(tr) != 2 || tr[1].RunID != "cur" || tr[1].Errors != 1 || tr[0].Means["faithfulness"] == nil {
		t.Fatalf("trend = %+v", tr)
	}
}

func TestJUnitRoundTrip(t *testing.T) {
	t.Parallel()
	res := append(sampleResults(), eval.QuestionResult{QuestionID: "Q4", Category: eval.Routine, Error: "judge reply <bad> & \x00 broken"})
	card := Build(eval.Run{ID: "r1", Questions: 4}, res, nil)
	var buf bytes.Buffer
	if err := WriteJUnit(&buf, card); err != nil {
		t.Fatal(err)
	}
	var got junitSuites
	if err := xml.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("not well-formed: %v\n%s", err, buf.String())
	}
	if len(got.Suites) != 2 || got.Suites[0].Name != "gates" || got.Suites[1].Tests != 4 {
		t.Fatalf("suites = %+v", got.Suites)
	}
	gates := map[string]junitCase{}
	for _, c := range got.Suites[0].Cases {
		gates[c.Name] = c
	}
	if len(gates) != 5 || gates["faithfulness"].Failure == nil || gates["answer_relevancy"].Skipped == nil || gates["no_errors"].Failure == nil {
		t.Fatalf("gate cases = %+v", gates)
	}
	if got.Suites[1].Errors != 1 || got.Suites[1].Failures != 1 || got.Errors != 1 {
		t.Fatalf("question counts = %+v", got.Suites[1])
	}
}

func TestHTMLSelfContainedAndEscaped(t *testing.T) {
	t.Parallel()
	base := Build(eval.Run{ID: "r0", Questions: 3}, sampleResults()[:1], nil)
	card := Build(eval.Run{ID: "r1", Questions: 3, GoldenSet: "<i>set</i>"}, sampleResults(), nil)
	d := Compare(base, card, 0)
	card.Baseline = &d
	var buf bytes.Buffer
	if err := WriteHTML(&buf, card, Trend([]*Scorecard{base, card})); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if regexp.MustCompile(`(?i)https?:|//[a-z0-9]`).MatchString(out) {
		t.Fatal("export references an external URL")
	}
	for _, bad := range []string{"<script", "<img", "<b>merge", "<i>set"} {
		if strings.Contains(out, bad) {
			t.Fatalf("unescaped %q in export", bad)
		}
	}
	for _, want := range []string{"&lt;script&gt;", "Gate: FAIL", "<polyline", "faithfulness", "Compared with baseline r0", "ZgotmplZ"} {
		if strings.Contains(out, want) != (want != "ZgotmplZ") {
			t.Fatalf("export: %q present = %v", want, strings.Contains(out, want))
		}
	}
}

// A run scored against two corpora says so in every export, so the mix is
// never read as one measurement.
func TestCorpusChangeWarningReachesJSONAndHTML(t *testing.T) {
	t.Parallel()
	run := eval.Run{ID: "r1", Questions: 3, CorpusFingerprint: "fp-old",
		CorpusChanges: []eval.CorpusChange{{ResumedAt: "2026-03-01T10:00:00Z", Fingerprint: "fp-new", Remaining: 2}}}
	card := Build(run, sampleResults(), nil)
	if len(card.Warnings) != 1 || !strings.Contains(card.Warnings[0], "fp-new") || !strings.Contains(card.Warnings[0], "2 of 3 questions") {
		t.Fatalf("warnings = %q", card.Warnings)
	}
	b, err := json.Marshal(card.Result())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"warnings":["the corpus changed`) {
		t.Fatalf("result JSON lacks the warning: %s", b)
	}
	var buf bytes.Buffer
	if err := WriteHTML(&buf, card, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "warning: the corpus changed") {
		t.Fatal("HTML export lacks the corpus warning")
	}
	// one corpus throughout: an empty list, not null and not a warning
	if b, _ := json.Marshal(Build(eval.Run{ID: "r2", Questions: 3}, sampleResults(), nil).Result()); !strings.Contains(string(b), `"warnings":[]`) {
		t.Fatalf("JSON of a clean run: %s", b)
	}
}
