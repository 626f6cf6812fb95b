package vale

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"continuity/backend/voice"
)

// The guidelines.md engine and the Vale-loaded one flag the same passages
// where their semantics coincide: word lists and US spelling. Product
// names, exclamation marks, sentence length and preferred words differ by
// design (Vale.Terms runs only with BasedOnStyles = Vale and has no
// context exceptions, occurrence reports once per block or sentence, \w+
// counts words differently), so they are not compared.
func TestSameFindingsWhereSemanticsCoincide(t *testing.T) {
	g, err := voice.LoadFile("../../../corpus/guidelines.md")
	if err != nil {
		t.Fatal(err)
	}
	st, err := Load(context.Background(), filepath.Join("testdata", "sample", ".vale.ini"))
	if err != nil {
		t.Fatal(err)
	}
	pairs := []struct {
		name      string
		guideline []string // rule names in guidelines.md
		vale      []string // Vale checks
	}{
		{"words to avoid", []string{"avoid-words"}, []string{"Continuity.AvoidHype", "Continuity.AvoidFiller", "Continuity.Leverage"}},
		{"US spelling", []string{"us-spelling"}, []string{"Continuity.USSpelling"}},
	}
	drafts, _ := filepath.Glob(filepath.Join(draftsDir, "*.md"))
	if len(drafts) == 0 {
		t.Fatal("no drafts")
	}
	for _, pc := range pairs {
		t.Run(pc.name, func(t *testing.T) {
			total := 0
			for _, p := range drafts {
				src, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				issues, err := voice.NewOffline(g).Check(context.Background(), string(src))
				if err != nil {
					t.Fatal(err)
				}
				var want []string
				for _, is := range issues {
					if slices.Contains(pc.guideline, is.Rule) {
						want = append(want, is.Passage+"@"+itoa(is.Start))
					}
				}
				found, err := st.Lint(context.Background(), filepath.Base(p), string(src))
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, f := range found {
					if slices.Contains(pc.vale, f.Check) {
						got = append(got, f.Issue.Passage+"@"+itoa(f.Issue.Start))
					}
				}
				slices.Sort(want)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Errorf("%s: Vale %q, guidelines %q", filepath.Base(p), got, want)
				}
				total += len(got)
			}
			if total == 0 {
				t.Error("no passages compared: the drafts should exercise this rule")
			}
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
