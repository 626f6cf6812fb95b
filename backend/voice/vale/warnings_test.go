package vale

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Everything Continuity does not run is reported once, with file and line.
func TestUnsupportedIsReportedOnceWithLine(t *testing.T) {
	cases := []struct {
		name string
		ini  string
		rule string // styles/S/R.yml
		want []string
	}{
		{"unsupported ini keys", "StylesPath = styles\nPackages = Google\n[*.md]\nBasedOnStyles = S\nBlockIgnores = (?s)x\n",
			"extends: existence\nmessage: m\ntokens: [foo]\n",
			[]string{".vale.ini:2", ".vale.ini:5"}},
		{"unsupported kind", "StylesPath = styles\n[*.md]\nBasedOnStyles = S\n",
			"message: m\nlevel: error\nextends: sequence\ntokens: []\n",
			[]string{"R.yml:3"}},
		{"unsupported key and scope", "StylesPath = styles\n[*.md]\nBasedOnStyles = S\n",
			"extends: existence\nmessage: m\nscope: code\ntokens: [foo]\nstyle: x\n",
			[]string{"R.yml:3", "R.yml:5"}},
		{"pattern RE2 cannot run", "StylesPath = styles\n[*.md]\nBasedOnStyles = S\n",
			"extends: existence\nmessage: m\ntokens:\n  - foo\n  - 'bar(?!x)'\n",
			[]string{"R.yml:5"}},
		{"unknown style and level", "StylesPath = styles\nMinAlertLevel = loud\n[*.md]\nBasedOnStyles = S, Missing\n",
			"extends: existence\nmessage: m\nlevel: fatal\ntokens: [foo]\n",
			[]string{".vale.ini:2", ".vale.ini:4", "R.yml:3"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			ini := filepath.Join(dir, ".vale.ini")
			write(t, ini, tc.ini)
			write(t, filepath.Join(dir, "styles", "S", "R.yml"), tc.rule)
			st, err := Load(context.Background(), ini)
			if err != nil {
				t.Fatal(err)
			}
			rules := st.For("a.md") // compiling again must not repeat a warning
			var got []string
			for _, w := range append(st.Warnings, rules.Warnings...) {
				got = append(got, filepath.Base(w.File)+":"+itoa(w.Line))
			}
			got = slices.Compact(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("warnings at %q, want %q:\n%v", got, tc.want, st.Warnings)
			}
			for _, w := range st.Warnings {
				if !strings.Contains(w.String(), w.File) {
					t.Errorf("warning %q does not name its file", w)
				}
			}
		})
	}
}

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}
