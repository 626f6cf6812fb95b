package voice

import (
	"slices"
	"strings"
	"testing"
)

// The folded twin is only a faster route: it finds exactly the spans the
// case-insensitive pattern finds, and stands aside where it could not.
func TestWordPatternTwinMatchesTheSameSpans(t *testing.T) {
	cases := []struct {
		name   string
		phrase string
		sep    string
		draft  string
		twin   bool // the fast route is taken
		want   int  // spans found
	}{
		{name: "mixed case", phrase: "log in", sep: `\s+`, draft: "Log In, LOG\tIN, log  in, blog in, login.", twin: true, want: 3},
		{name: "capitalization separator", phrase: "Tally hub", sep: `[ \t-]*`, draft: "TallyHub, tally-hub, TALLY HUB, Tallyhubs", twin: true, want: 3},
		{name: "non-ascii text around", phrase: "utilize", sep: `\s+`, draft: "Éléments: UTILIZE, utilizé, ütilize", twin: true, want: 1},
		{name: "kelvin sign folds to k", phrase: "kit", sep: `\s+`, draft: "Kit, \u212Ait, kit", twin: false, want: 3},
		{name: "long s folds to s", phrase: "use", sep: `\s+`, draft: "u\u017Fe and USE", twin: false, want: 2},
		{name: "non-ascii phrase", phrase: "Café", sep: `\s+`, draft: "CAFÉ and café", twin: false, want: 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := compileWords(strings.Fields(tc.phrase), tc.sep, false)
			if err != nil {
				t.Fatal(err)
			}
			d := newDraft(tc.draft)
			if got := p.folded != nil && d.Folded != ""; got != tc.twin {
				t.Fatalf("twin used %v, want %v", got, tc.twin)
			}
			fast := findWords(p, d)
			slow := findWords(wordPattern{re: p.re}, d)
			if !slices.Equal(fast, slow) {
				t.Errorf("twin found %v, the pattern %v", fast, slow)
			}
			if len(slow) != tc.want {
				t.Errorf("found %d spans %v, want %d", len(slow), slow, tc.want)
			}
		})
	}
}

// BenchmarkFindWordsLongLine is the 1 MB price list of the CLI's hostile
// inputs against one case-insensitive token.
func BenchmarkFindWordsLongLine(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 1<<20; i++ {
		sb.WriteString("Item " + strings.Repeat("x", i%7+1) + " costs $3, ")
	}
	d := newDraft(sb.String())
	p, err := literalPattern("utilize", false)
	if err != nil {
		b.Fatal(err)
	}
	for _, route := range []struct {
		name string
		p    wordPattern
	}{{"twin", p}, {"pattern", wordPattern{re: p.re}}} {
		b.Run(route.name, func(b *testing.B) {
			for b.Loop() {
				findWords(route.p, d)
			}
		})
	}
}

// wordSpans is wordRe by hand: the same spans on prose, joiners at the
// edges, doubled joiners, digits and non-Latin scripts.
func TestWordSpansAreWordRe(t *testing.T) {
	drafts := map[string]string{
		"prose":            "It's the team's plan — don’t re-run v2.5.1 now.",
		"joiners at edges": "'quoted' -dash- .dot. end.",
		"doubled joiners":  "a--b a..b a'’b a-.b",
		"digits and marks": "$3,000 costs 29.99/mo in 2026-01-06 ＦＵＬＬ ２９",
		"other scripts":    "日本語のテキスト, Ελληνικά-λέξη, مرحبا",
		"empty":            "",
		"only joiners":     "'-.’",
		"trailing joiner":  "word-",
	}
	for name, s := range drafts {
		t.Run(name, func(t *testing.T) {
			want := wordRe.FindAllStringIndex(s, -1)
			if got := wordSpans(s); !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("wordSpans %v, wordRe %v", got, want)
			}
		})
	}
}

func FuzzWordSpans(f *testing.F) {
	for _, s := range []string{"It's re-run v2.5.1", "a--b a..b", "x’y'", "ＦＵＬＬ ２９", "\xff-a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := wordRe.FindAllStringIndex(s, -1)
		if got := wordSpans(s); !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%q: wordSpans %v, wordRe %v", s, got, want)
		}
	})
}
