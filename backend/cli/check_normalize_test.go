package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"continuity/backend/text"
)

// runCheckStdin checks a draft given on standard input against the sample
// corpus with the offline engine.
func runCheckStdin(t *testing.T, data, draft string) (int, checkJSON, string) {
	t.Helper()
	var out, errb bytes.Buffer
	args := []string{"--data", data, "--corpus", sampleCorpus, "check", "--json", "--engine", "offline", "-"}
	code := Main(context.Background(), args, IO{Stdin: strings.NewReader(draft), Stdout: &out, Stderr: &errb}, nil, nil)
	if code != ExitOK && code != ExitFailed {
		t.Fatalf("exit %d; stderr %s", code, errb.String())
	}
	return code, decodeCheck(t, out.String()), errb.String()
}

// No character the writer cannot see may change a verdict: every form of
// the same contradicted sentence stays contradicted, and the claim shown is
// the writer's own bytes at the writer's offsets.
func TestInvisibleCharactersAndOtherDigitsCannotEvadeTheGate(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	cases := []struct{ name, draft, number string }{
		{"plain", "The Team plan costs $19 per month.\n", "19"},
		{"zero-width space in the number", "The Team plan costs $1\u200b9 per month.\n", "1\u200b9"},
		{"zero-width space in a word", "The Team plan co\u200bsts $19 per month.\n", "19"},
		{"soft hyphen and bidi controls", "The Te\u00adam plan \u202acosts\u202c $19 per month.\n", "19"},
		{"nul byte", "The Team plan costs $19\x00 per month.\n", "19"},
		{"byte-order mark", "\ufeffThe Team plan costs $19 per month.\n", "19"},
		{"full-width digits", "The Team plan costs $１９ per month.\n", "１９"},
		{"arabic-indic digits", "The Team plan costs $١٩ per month.\n", "١٩"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, rep, stderr := runCheckStdin(t, data, tc.draft)
			if code != ExitFailed || rep.Summary.Contradicted != 1 {
				t.Fatalf("exit %d, summary %+v, want the price contradicted; stderr %s", code, rep.Summary, stderr)
			}
			for _, c := range rep.Claims {
				if tc.draft[c.Start:c.End] != c.Text {
					t.Errorf("claim %q is not the draft's bytes %d..%d (%q)", c.Text, c.Start, c.End, tc.draft[c.Start:c.End])
				}
				if c.Verdict == "contradicted" && !strings.Contains(c.Text, tc.number) {
					t.Errorf("contradicted claim %q does not quote the writer's %q", c.Text, tc.number)
				}
			}
		})
	}
}

// The crash of issue 12: a full-width number used to loop until memory ran
// out. It now means 29, the corpus's price, and is supported.
func TestFullWidthDigitsMeanTheirValue(t *testing.T) {
	t.Parallel()
	code, rep, stderr := runCheckStdin(t, t.TempDir(), "The Team plan costs ２９ dollars a month.\n")
	if code != ExitOK || rep.Summary.Supported != 1 || rep.Summary.Contradicted != 0 {
		t.Fatalf("exit %d, summary %+v, want the $29 price supported; stderr %s", code, rep.Summary, stderr)
	}
	if rep.Voice == nil {
		t.Error(`check --json must always carry "voice": []`)
	}
}

// FuzzReadDraft: a draft of any kind, from a file or stdin, is read into
// valid text or refused with an error naming it, and its normalized form
// maps back inside it.
func FuzzReadDraft(f *testing.F) {
	for _, s := range []string{"# T\n\nIt costs $9.", "\ufeff---\nid: x\n---\nbody", "<h1>A</h1><p>B</p>", "a\x00b", "\xff\xfe", "٢٩\u200b", ""} {
		f.Add(s, uint8(0))
	}
	exts := []string{"-", ".md", ".txt", ".html", ".markdown", ".htm"}
	f.Fuzz(func(t *testing.T, s string, kind uint8) {
		ext := exts[int(kind)%len(exts)]
		path := "-"
		if ext != "-" {
			path = filepath.Join(t.TempDir(), "draft"+ext)
			if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		env := newEnv(strings.NewReader(s), &strings.Builder{}, &strings.Builder{}, &globals{dataDir: t.TempDir(), logLevel: "warn"}, nil)
		out, err := readDraft(env, path)
		if err != nil {
			name := path
			if path == "-" {
				name = "stdin"
			}
			if !strings.Contains(err.Error(), name) {
				t.Fatalf("error %q does not name %s", err, name)
			}
			return
		}
		if !utf8.ValidString(out) {
			t.Fatalf("draft %q is not valid UTF-8", out)
		}
		n := text.Normalize(out)
		if s0, e0 := n.Span(0, len(n.Text)); s0 < 0 || e0 > len(out) || s0 > e0 {
			t.Fatalf("normalized span %d..%d outside %d bytes", s0, e0, len(out))
		}
	})
}

// The voice check reads the same normalized text: a zero-width space
// cannot hide a banned word, and the passage shown is the writer's bytes.
func TestInvisibleCharactersCannotHideVoiceIssues(t *testing.T) {
	t.Parallel()
	draft := "Our new exports are revolu\u200btionary for teams of every size.\n"
	code, rep, stderr := runCheckStdin(t, t.TempDir(), draft)
	if code != ExitOK && code != ExitFailed {
		t.Fatalf("exit %d; stderr %s", code, stderr)
	}
	found := false
	for _, v := range rep.Voice {
		if draft[v.Start:v.End] != v.Passage {
			t.Errorf("voice passage %q is not the draft's bytes %d..%d", v.Passage, v.Start, v.End)
		}
		found = found || v.Passage == "revolu\u200btionary"
	}
	if !found {
		t.Fatalf("the banned word behind a zero-width space was not flagged: %+v", rep.Voice)
	}
}
