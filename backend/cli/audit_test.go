package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/audit"
)

// auditPages are the sample pages the CLI audit tests copy: the refund
// policy and the pages that repeat its facts. The whole sample's audit
// (every page against every other) is backend/audit's acceptance test;
// here only flags, output and exit codes are under test, and a full audit
// per run made this one of the package's slowest tests.
var auditPages = []string{
	"content/help/refund-policy.md",
	"content/blog/longer-refund-window.md",
	"content/help/cancel-subscription.md",
	"content/docs/pricing.md",
}

// auditWorkspace copies auditPages of the sample workspace, with the
// refund policy as it read before its window changed published beside it
// when withOld.
func auditWorkspace(t *testing.T, withOld bool) string {
	t.Helper()
	root := t.TempDir()
	for _, rel := range auditPages {
		b, err := os.ReadFile(filepath.Join(sampleCorpus, rel))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, rel), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if withOld {
		b, err := os.ReadFile(filepath.Join(sampleCorpus, "content", "help", "refund-policy.md"))
		if err != nil {
			t.Fatal(err)
		}
		old := strings.NewReplacer("id: help-refund-policy\n", "id: help-refund-policy-old\n",
			"published: 2026-03-14", "published: 2023-05-02", "30 days", "14 days").Replace(string(b))
		if err := os.WriteFile(filepath.Join(root, "content", "help", "refund-policy-old.md"), []byte(old), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func runAuditCLI(t *testing.T, data, corpus string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	full := append([]string{"--data", data, "--corpus", corpus, "audit"}, args...)
	code := Main(context.Background(), full, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil, nil)
	return code, out.String(), errb.String()
}

func TestAuditCommand(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	plain := auditWorkspace(t, false)
	code, out, errOut := runAuditCLI(t, data, plain)
	if code != ExitOK || !strings.Contains(out, "0 conflict(s)") || !strings.Contains(out, "model offline-") {
		t.Fatalf("plain sample: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}

	withOld := auditWorkspace(t, true)
	code, out, errOut = runAuditCLI(t, data, withOld)
	if code != ExitFailed {
		t.Fatalf("conflicts must exit %d, got %d\n%s%s", ExitFailed, code, out, errOut)
	}
	for _, want := range []string{
		`conflict: help-refund-policy "Refund policy" (2026-03-14, newer) vs help-refund-policy-old "Refund policy" (2023-05-02)`,
		`help-refund-policy-old says "Full refunds within 14 days"`,
		"differs: 30 days ≠ 14 days",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}

	code, out, _ = runAuditCLI(t, data, withOld, "--json", "--doc", "help-refund-policy-old")
	var rep audit.Report
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil || code != ExitFailed {
		t.Fatalf("--json: exit %d, %v\n%s", code, err, out)
	}
	if rep.Checked.Documents != 1 || len(rep.Conflicts) == 0 || rep.Conflicts[0].Newer != "a" || rep.ModelHash == "" {
		t.Fatalf("--json --doc: %+v", rep)
	}
}

func TestAuditCommandErrors(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	corpus := auditWorkspace(t, false)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"argument", []string{"extra"}, "audit takes no arguments"},
		{"option as revision", []string{"--since", "--output=x"}, "--since must be a date"},
		{"unknown document", []string{"--doc", "no-such-page"}, "no-such-page"},
		{"not a git workspace", []string{"--since", "HEAD~1"}, "git"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runAuditCLI(t, data, corpus, c.args...)
			if code != ExitError || !strings.Contains(errOut, c.want) {
				t.Fatalf("exit %d, stderr %q; want exit %d mentioning %q", code, errOut, ExitError, c.want)
			}
		})
	}
}
