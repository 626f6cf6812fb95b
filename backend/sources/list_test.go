package sources

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestListStatuses(t *testing.T) {
	lib, _ := sampleLibrary(t, func(root string) {
		help := filepath.Join(root, "content", "help")
		b, _ := os.ReadFile(filepath.Join(help, "support-hours.md"))
		_ = os.WriteFile(filepath.Join(help, "support-hours.md"), append(b, "\nWe are also open on Sundays.\n"...), 0o644)
		_ = os.WriteFile(filepath.Join(help, "new-page.md"), []byte("---\nid: help-new-page\ntitle: A new page\n---\n\nFresh text.\n"), 0o644)
		_ = os.Remove(filepath.Join(help, "free-trial.md"))
	}, true)
	rows, err := lib.List(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]Row{}
	for i, r := range rows {
		byID[r.ID] = r
		if i > 0 && rows[i-1].Path > r.Path {
			t.Errorf("rows out of path order: %s before %s", rows[i-1].Path, r.Path)
		}
	}
	for id, want := range map[string]Status{
		"help-refund-policy":          StatusIndexed,
		"help/keyboard-shortcuts.txt": StatusIndexed,
		"help-support-hours":          StatusChanged,
		"help-new-page":               StatusNotIndexed,
		"help-free-trial":             StatusRemoved,
		"help-refund-policy-2024":     StatusNotIndexed,
	} {
		if got := byID[id].Status; got != want {
			t.Errorf("%s: got status %q, want %q", id, got, want)
		}
	}
	if r := byID["help-refund-policy"]; r.Chunks == 0 || r.Path != "content/help/refund-policy.md" || r.URL == "" || r.Publish != "published" {
		t.Errorf("got %+v", r)
	}
	if r := byID["help-refund-policy-2024"]; r.Chunks != 0 || r.Publish != "archived" {
		t.Errorf("archived page: got %+v", r)
	}
	if r := byID["help/keyboard-shortcuts.txt"]; r.URL != "" || r.Title != "Keyboard shortcuts in Tallyhub" {
		t.Errorf("plain text page: got %+v", r)
	}
}

func TestListFilters(t *testing.T) {
	lib, _ := sampleLibrary(t, nil, false)
	ctx := context.Background()
	for _, tc := range []struct {
		name, query string
		want        []string
	}{
		{"by id, case aside", "HELP-REFUND", []string{"help-refund-policy-2024", "help-refund-policy"}},
		{"by title", "retries and fail", []string{"docs/webhooks-retry.html"}},
		{"by path", "content/help/keyboard", []string{"help/keyboard-shortcuts.txt"}},
		{"nothing", "zzzz-nothing", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows, err := lib.List(ctx, tc.query)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range rows {
				got = append(got, r.ID)
			}
			if strings.Join(got, ",") != strings.Join(tc.want, ",") {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
	all, err := lib.List(ctx, "  ")
	if err != nil || len(all) < 45 {
		t.Errorf("blank filter: got %d rows, %v", len(all), err)
	}
	if _, err := lib.List(ctx, strings.Repeat("x", MaxQuery+1)); err == nil {
		t.Error("an over-long filter was accepted")
	}
}
