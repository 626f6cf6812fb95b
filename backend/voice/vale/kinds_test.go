package vale

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
)

// One rule of each kind, in a real style directory, on a small draft.
func TestKindsFollowValeSemantics(t *testing.T) {
	const excl = "extends: occurrence\nmessage: At most one.\nlevel: error\nscope: text\nmax: 1\ntoken: '!'\n"
	cases := []struct {
		name, rule, draft string
		want              []string
	}{
		{"consistency once per pair, at the first place of the last match",
			"extends: consistency\nmessage: \"Inconsistent spelling of '%s'.\"\nlevel: error\nignorecase: true\neither:\n  advisor: adviser\n",
			"An adviser helps. The advisor agrees. Another adviser.\n",
			[]string{"a.md:1:4:S.R:Inconsistent spelling of 'adviser'."}},
		{"conditional acronym defined elsewhere",
			"extends: conditional\nmessage: \"'%s' has no definition.\"\nlevel: warning\nfirst: '\\b([A-Z]{3,5})\\b'\nsecond: '(?:\\b[A-Z][a-z]+ )+\\(([A-Z]{3,5})\\)'\n",
			"World Health Organization (WHO) says so. WHO and NFL agree.\n",
			[]string{"a.md:1:50:S.R:'NFL' has no definition."}},
		{"substitution skips what already is the replacement",
			"extends: substitution\nmessage: \"Use '%s' instead of '%s'.\"\nlevel: warning\nignorecase: true\nswap:\n  e-?mail: email\n",
			"Send an e-mail. Read your Email.\n",
			[]string{"a.md:1:9:S.R:Use 'email' instead of 'e-mail'."}},
		{"occurrence once per sentence above max",
			"extends: occurrence\nmessage: More than 2 commas!\nlevel: error\nscope: sentence\nmax: 2\ntoken: ','\n",
			"One, two, three, four. Fine, fine. A, b, c, d, e.\n",
			[]string{"a.md:1:4:S.R:More than 2 commas!", "a.md:1:37:S.R:More than 2 commas!"}},
		// Occurrence on text counts per Markdown block; each case as vale 3.26 reports it.
		{"occurrence on text: two in one paragraph", excl,
			"Hello there! We are here!\n\nAnother one.\n", []string{"a.md:1:12:S.R:At most one."}},
		{"occurrence on text: a paragraph wrapped over two lines", excl,
			"Hello there!\nWe are here!\n", []string{"a.md:1:12:S.R:At most one."}},
		{"occurrence on text: two paragraphs", excl, "Hello there!\n\nWe are here!\n", nil},
		{"occurrence on text: a heading and a paragraph", excl, "# Hi!\n\nWe are here!\n", nil},
		{"occurrence on text: two list items", excl, "- one!\n- two!\n", nil},
		{"occurrence on text: two in one list item", excl, "- one! two!\n", []string{"a.md:1:6:S.R:At most one."}},
		{"readability grade of the whole document",
			"extends: readability\nmessage: \"Grade %s is too high.\"\nlevel: warning\nmetrics: [Flesch-Kincaid]\ngrade: 8\n",
			"Notwithstanding considerable organizational responsibilities, administrators systematically investigate extraordinarily complicated infrastructural interdependencies.\n",
			[]string{"a.md:1:1:S.R:Grade 49.85 is too high."}},
		{"existence with vocabulary exception",
			"extends: existence\nmessage: \"No caps: '%s'.\"\nlevel: error\ntokens: ['[A-Z]{2,}']\n",
			"The API is NEW.\n",
			[]string{"a.md:1:12:S.R:No caps: 'NEW'."}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			ini := filepath.Join(dir, ".vale.ini")
			write(t, ini, "StylesPath = styles\nVocab = V\n[*.md]\nBasedOnStyles = S\n")
			write(t, filepath.Join(dir, "styles", "S", "R.yml"), tc.rule)
			write(t, filepath.Join(dir, "styles", "config", "vocabularies", "V", "accept.txt"), "API\n")
			st, err := Load(context.Background(), ini)
			if err != nil {
				t.Fatal(err)
			}
			if len(st.Warnings) > 0 {
				t.Fatalf("warnings: %v", st.Warnings)
			}
			found, err := st.Lint(context.Background(), "a.md", tc.draft)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range found {
				if f.Check == "S.R" {
					got = append(got, f.String())
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q\nwant %q", got, tc.want)
			}
		})
	}
}
