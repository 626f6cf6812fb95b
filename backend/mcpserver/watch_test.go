package mcpserver

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A served session watches its corpus instead of syncing on every call
// (issue 32 item 4), and an edit to a published page still reaches the
// next searches: the index is never left stale.
func TestServedSearchSeesAnEditedPage(t *testing.T) {
	f := newFixture(t)
	c := startRawOn(t, f)
	search := func(id int) string {
		c.send(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"search_corpus","arguments":{"query":"zephyrine courier partner","k":3}}}`, id))
		m := c.until(t, float64(id))
		b, _ := m["result"].(map[string]any)
		return fmt.Sprint(b["structuredContent"])
	}
	if got := search(1); strings.Contains(got, "Zephyrine") {
		t.Fatalf("the term is in the corpus before the edit: %s", got)
	}
	page := filepath.Join(f.ws, "content", "help", "refund-policy.md")
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, append(b, []byte("\nRefunds of parcels go back through Zephyrine, our courier partner.\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for id := 2; ; id++ {
		if got := search(id); strings.Contains(got, "Zephyrine") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the served index never picked up the edited page")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
