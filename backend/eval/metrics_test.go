package eval

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestIDMetrics(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name              string
		ref, got          []string
		recall, precision float64
		recallOK, precOK  bool
	}{
		// RAGAS docs, IDBasedContextRecall: one of four references retrieved.
		{"ragas recall example", []string{"doc_1", "doc_4", "doc_5", "doc_6"}, []string{"doc_1", "doc_2", "doc_3"}, 0.25, 1.0 / 3, true, true},
		// RAGAS docs, IDBasedContextPrecision: two of four retrieved are references.
		{"ragas precision example", []string{"doc_1", "doc_4", "doc_5", "doc_6"}, []string{"doc_1", "doc_2", "doc_3", "doc_4"}, 0.5, 0.5, true, true},
		{"duplicates collapse", []string{"a", "a", "b"}, []string{"a", "a", "a", "c"}, 0.5, 0.5, true, true},
		{"ids are trimmed", []string{" a "}, []string{"a"}, 1, 1, true, true},
		{"no references", nil, []string{"a"}, 0, 0, false, false},
		{"nothing retrieved", []string{"a"}, nil, 0, 0, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := idContextRecall(c.ref, c.got)
			p := idContextPrecision(c.ref, c.got)
			if r.measured != c.recallOK || (r.measured && !near(r.value, c.recall)) {
				t.Errorf("recall = %+v, want %v (measured %v)", r, c.recall, c.recallOK)
			}
			if p.measured != c.precOK || (p.measured && !near(p.value, c.precision)) {
				t.Errorf("precision = %+v, want %v (measured %v)", p, c.precision, c.precOK)
			}
			if !r.measured && r.reason == "" || !p.measured && p.reason == "" {
				t.Error("not measured without a reason")
			}
		})
	}
}

func TestRankedPrecision(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		useful []bool
		want   float64
	}{
		{"all useful", []bool{true, true, true}, 1},
		{"first and third", []bool{true, false, true}, (1 + 2.0/3) / 2},
		{"only last of four", []bool{false, false, false, true}, 0.25},
		{"none useful is zero, not NaN", []bool{false, false}, 0},
		{"second and third", []bool{false, true, true}, (0.5 + 2.0/3) / 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if o := rankedPrecision(c.useful); !o.measured || !near(o.value, c.want) {
				t.Fatalf("got %+v, want %v", o, c.want)
			}
		})
	}
	if o := rankedPrecision(nil); o.measured {
		t.Fatal("empty retrieval must be not measured")
	}
	o := idRankedPrecision([]string{"d2"}, []Passage{{DocID: "d1"}, {DocID: "d2"}, {DocID: "d2"}})
	if !near(o.value, (0.5+2.0/3)/2) {
		t.Fatalf("id ranked precision = %v", o.value)
	}
}

func TestSupportingLineRecall(t *testing.T) {
	t.Parallel()
	ps := []Passage{{ChunkID: "c1", Text: "Nothing here."}, {ChunkID: "c2", Text: "Intro.\n  You can\u00a0export   \u201cinvoices\u201d as CSV \u2014 any time.  More."}}
	cases := []struct {
		name, line string
		want       float64
		measured   bool
		chunk      string
	}{
		{"quotes, dashes and spaces normalised", `you can export "invoices" as csv - any time.`, 1, true, "c2"},
		{"missing line", "You can export invoices as PDF.", 0, true, ""},
		{"no line", "  ", 0, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			o, chunk := supportingLineRecall(c.line, ps)
			if o.measured != c.measured || o.value != c.want || chunk != c.chunk {
				t.Fatalf("got %+v in %q, want %v in %q", o, chunk, c.want, c.chunk)
			}
		})
	}
}

func TestSimilarityContextRecall(t *testing.T) {
	t.Parallel()
	q := Question{Category: Routine, ApprovedAnswer: "Invoices can be exported as CSV. Refunds take ten days to process."}
	ps := []Passage{{Text: "You can export invoices as CSV from Settings. Payroll runs monthly."}}
	o, why := similarityContextRecall(q, ps)
	if !o.measured || o.value != 0.5 || !strings.Contains(why, "1/2") {
		t.Fatalf("got %+v %q, want 0.5 (1 of 2 statements)", o, why)
	}
	if o, _ := similarityContextRecall(Question{Category: Refuse, ApprovedAnswer: "x"}, ps); o.measured {
		t.Fatal("refuse question must be not measured")
	}
	if o, _ := similarityContextRecall(q, nil); !o.measured || o.value != 0 {
		t.Fatalf("nothing retrieved: got %+v, want measured 0", o)
	}
}

func TestCosineNeverNaN(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		a, b []float32
		want float64
		ok   bool
	}{
		{"same direction", []float32{1, 2}, []float32{2, 4}, 1, true},
		{"orthogonal", []float32{1, 0}, []float32{0, 1}, 0, true},
		{"opposite", []float32{1, 0}, []float32{-1, 0}, -1, true},
		{"zero vector", []float32{0, 0}, []float32{1, 0}, 0, false},
		{"length mismatch", []float32{1}, []float32{1, 0}, 0, false},
		{"NaN input", []float32{float32(math.NaN())}, []float32{1}, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, ok := cosine(c.a, c.b)
			if ok != c.ok || (ok && !near(got, c.want)) {
				t.Fatalf("got %v %v, want %v %v", got, ok, c.want, c.ok)
			}
		})
	}
}

func TestSupportedShare(t *testing.T) {
	t.Parallel()
	o, err := supportedShare([]ClaimVerdict{{Verdict: VerdictSupported}, {Verdict: VerdictContradicted}, {Verdict: VerdictSupported}, {Verdict: VerdictNotCovered}})
	if err != nil || o.value != 0.5 {
		t.Fatalf("got %+v %v, want 0.5", o, err)
	}
	if o, _ := supportedShare(nil); o.measured {
		t.Fatal("no claims must be not measured, as RAGAS' NaN case")
	}
	if _, err := supportedShare([]ClaimVerdict{{Verdict: "maybe"}}); err == nil {
		t.Fatal("unknown verdict must be an error")
	}
}

func TestSentencesAndSimilarity(t *testing.T) {
	t.Parallel()
	got := sentences("Version 2.1 is out! Is it good? Yes.\nNew line without stop")
	want := []string{"Version 2.1 is out!", "Is it good?", "Yes.", "New line without stop"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("sentences = %q", got)
	}
	if s := wordSimilarity([]string{"a", "b", "c", "d"}, []string{"a", "x", "c", "d"}); s != 0.75 {
		t.Fatalf("similarity = %v, want 0.75", s)
	}
}

func FuzzSentences(f *testing.F) {
	for _, s := range []string{"", "A. B", "e.g. this? yes!\n\nno", "…。", "v1.2.3 works."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			t.Skip("sentences works on text already decoded as UTF-8")
		}
		joined := strings.Join(sentences(s), "")
		strip := func(x string) string { return strings.Join(strings.Fields(x), "") }
		if strip(joined) != strip(s) {
			t.Fatalf("sentences lost text: %q -> %q", s, joined)
		}
	})
}

func FuzzNormText(f *testing.F) {
	for _, s := range []string{"", " \u201cA\u201d \t b ", "\u00a0x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := normText(s)
		if normText(n) != n || strings.HasPrefix(n, " ") || strings.HasSuffix(n, " ") {
			t.Fatalf("normText not idempotent/trimmed: %q -> %q", s, n)
		}
	})
}
