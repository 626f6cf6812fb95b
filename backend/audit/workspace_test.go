package audit

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/session"
)

const sampleCorpus = "../../corpus"

// copyCorpus copies the sample workspace into a temp dir and returns it.
func copyCorpus(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	err := filepath.WalkDir(sampleCorpus, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(sampleCorpus, p)
		dst := filepath.Join(root, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func openSession(t testing.TB, corpus string) *session.Session {
	t.Helper()
	s, err := session.Open(context.Background(), session.Options{DataDir: t.TempDir(), CorpusFlag: corpus})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// oldRefundPolicy is the current refund policy as it read before two
// facts changed: the refund window (14 days, stated three times) and the
// processing time. Everything else is the same.
func oldRefundPolicy(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(sampleCorpus, "content", "help", "refund-policy.md"))
	if err != nil {
		t.Fatal(err)
	}
	r := strings.NewReplacer(
		"id: help-refund-policy\n", "id: help-refund-policy-old\n",
		"title: Refund policy\n", "title: Refund policy (old)\n",
		"url: https://help.tallyhub.example/refund-policy\n", "url: https://help.tallyhub.example/refund-policy-old\n",
		"published: 2026-03-14", "published: 2023-05-02",
		"30 days", "14 days",
		"within two business days", "within five business days",
	)
	return r.Replace(string(b))
}

// changedStatements are the old page's sentences that differ from the
// current page, with the value pair each conflict must name (new, old).
var changedStatements = []struct {
	old   string
	value ValuePair
}{
	{"Full refunds within 14 days", ValuePair{A: "30 days", B: "14 days"}},
	{"You can request a full refund within 14 days of any payment to Tallyhub", ValuePair{A: "30 days", B: "14 days"}},
	{"What happens after the first 14 days depends on how you pay:", ValuePair{A: "30 days", B: "14 days"}},
	{"We process refund requests within five business days", ValuePair{A: "two business days", B: "five business days"}},
}
