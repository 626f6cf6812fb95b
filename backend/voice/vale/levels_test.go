package vale

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
)

// Vale's levels map onto Continuity's: error is required, warning and
// suggestion recommended. MinAlertLevel drops what is below it, and a
// section's Style.Rule = level | NO overrides the rule file, later
// sections winning.
func TestLevelsOverridesAndMinAlertLevel(t *testing.T) {
	cases := []struct {
		name, ini string
		file      string
		want      []string // check:level
	}{
		{"levels as written", "StylesPath = styles\n[*.md]\nBasedOnStyles = S\n", "a.md",
			[]string{"S.Err:required", "S.Sug:recommended", "S.Warn:recommended"}},
		{"MinAlertLevel warning drops suggestions", "StylesPath = styles\nMinAlertLevel = warning\n[*.md]\nBasedOnStyles = S\n", "a.md",
			[]string{"S.Err:required", "S.Warn:recommended"}},
		{"override level and NO", "StylesPath = styles\n[*.md]\nBasedOnStyles = S\nS.Sug = error\nS.Err = NO\n", "a.md",
			[]string{"S.Sug:required", "S.Warn:recommended"}},
		{"glob sections: later wins, others do not apply", "StylesPath = styles\n[*]\nBasedOnStyles = S\n[docs/*.md]\nS.Warn = NO\n[*.txt]\nS.Err = NO\n", "docs/a.md",
			[]string{"S.Err:required", "S.Sug:recommended"}},
		{"brace glob", "StylesPath = styles\n[*.{txt,md}]\nBasedOnStyles = S\nS.Sug = NO\nS.Warn = NO\n", "b.md",
			[]string{"S.Err:required"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			ini := filepath.Join(dir, ".vale.ini")
			write(t, ini, tc.ini)
			for name, lvl := range map[string]string{"Err": "error", "Warn": "warning", "Sug": "suggestion"} {
				write(t, filepath.Join(dir, "styles", "S", name+".yml"), "extends: existence\nmessage: m\nlevel: "+lvl+"\ntokens: [x"+name+"]\n")
			}
			st, err := Load(context.Background(), ini)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Run(context.Background(), st.For(tc.file).Guidelines, "xErr xWarn xSug\n")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, is := range res.Issues {
				got = append(got, is.Rule+":"+string(is.Level))
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
