package vale

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"continuity/backend/voice"
)

// A workspace with a .vale.ini at its root uses it; without one it uses
// guidelines.md; an explicit path wins over both.
func TestLoadRulesPrefersTheWorkspaceValeConfig(t *testing.T) {
	withVale := t.TempDir()
	write(t, filepath.Join(withVale, ConfigName), "StylesPath = styles\n[*.md]\nBasedOnStyles = S\n")
	write(t, filepath.Join(withVale, "styles", "S", "R.yml"), "extends: existence\nmessage: \"No '%s'.\"\nlevel: error\ntokens: [foo]\n")
	write(t, filepath.Join(withVale, "guidelines.md"), "not a guidelines file")
	plain := t.TempDir()
	cases := []struct {
		name, root, vale string
		wantKind         string
		wantDescribe     string
		wantErr          error
	}{
		{"workspace .vale.ini", withVale, "", SourceVale, ".vale.ini (Vale style S)", nil},
		{"explicit path", plain, filepath.Join(withVale, ConfigName), SourceVale, ".vale.ini (Vale style S)", nil},
		{"guidelines.md fallback", plain, "", SourceGuidelines, "guidelines.md", voice.ErrNoGuidelines},
		{"explicit path missing", withVale, filepath.Join(plain, ConfigName), SourceVale, "", ErrNoConfig},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, src, err := LoadRules(context.Background(), tc.root, tc.vale, "")
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if src.Kind != tc.wantKind || src.Describe != tc.wantDescribe {
				t.Errorf("source = %+v, want %s %q", src, tc.wantKind, tc.wantDescribe)
			}
			if err != nil {
				return
			}
			res, err := Run(context.Background(), g, "Some foo here.\n")
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Issues) != 1 || res.Issues[0].Passage != "foo" || res.Issues[0].Level != voice.Required {
				t.Errorf("issues = %+v, want one required on foo", res.Issues)
			}
		})
	}
}
