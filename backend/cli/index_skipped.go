package cli

import (
	"fmt"
	"io"
	"strings"

	"continuity/backend/corpus"
	"continuity/backend/logging"
)

// skipOrder is the order reasons are counted in; the ones a user must act
// on are also listed file by file.
var skipOrder = []struct {
	reason corpus.SkipReason
	each   bool
}{
	{corpus.SkipIgnored, false}, {corpus.SkipWorkspaceFile, false}, {corpus.SkipUnsupportedType, false},
	{corpus.SkipUnpublished, false}, {corpus.SkipDuplicateID, true}, {corpus.SkipTooLarge, true},
	{corpus.SkipUnreadable, true}, {corpus.SkipNotRegular, true},
}

// writeSkipped prints "skipped 12 files: 3 ignored, 1 workspace file, …"
// and one line per file skipped for a reason worth fixing.
func writeSkipped(w io.Writer, skipped []corpus.Skipped) {
	if len(skipped) == 0 {
		return
	}
	counts := map[corpus.SkipReason]int{}
	for _, s := range skipped {
		counts[s.Reason]++
	}
	var parts []string
	known := 0
	for _, o := range skipOrder {
		if n := counts[o.reason]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, reasonLabel(o.reason)))
			known += n
		}
	}
	if other := len(skipped) - known; other > 0 {
		parts = append(parts, fmt.Sprintf("%d other", other))
	}
	noun := "files"
	if len(skipped) == 1 {
		noun = "file"
	}
	fmt.Fprintf(w, "skipped %d %s: %s (use --json for the list)\n", len(skipped), noun, strings.Join(parts, ", "))
	for _, o := range skipOrder {
		if !o.each {
			continue
		}
		for _, s := range skipped {
			if s.Reason == o.reason {
				fmt.Fprintf(w, "skipped    %s: %s, %s\n", logging.Name(s.Path), reasonLabel(s.Reason), logging.Escape(s.Detail))
			}
		}
	}
}

// listedSkips is the set of paths writeSkipped lists one by one.
func listedSkips(skipped []corpus.Skipped) map[string]bool {
	out := map[string]bool{}
	for _, s := range skipped {
		if listedEach(s.Reason) {
			out[s.Path] = true
		}
	}
	return out
}

func reasonLabel(r corpus.SkipReason) string { return strings.ReplaceAll(string(r), "_", " ") }

// strictSkips fails index --strict on the skips listed file by file: each
// is a page someone meant to publish that the index does not hold, which a
// CI run must not pass as clean. It is exit 1, not 2: the sync itself ran.
func strictSkips(env *Env, skipped []corpus.Skipped) error {
	counts := map[corpus.SkipReason]int{}
	n := 0
	for _, s := range skipped {
		if listedEach(s.Reason) {
			counts[s.Reason]++
			n++
		}
	}
	if n == 0 {
		return nil
	}
	var parts []string
	for _, o := range skipOrder {
		if c := counts[o.reason]; c > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c, reasonLabel(o.reason)))
		}
	}
	fmt.Fprintf(env.Stderr, "index --strict: %d file(s) left out of the index: %s\n", n, strings.Join(parts, ", "))
	return Failed("index --strict: %d file(s) left out of the index", n)
}

func listedEach(r corpus.SkipReason) bool {
	for _, o := range skipOrder {
		if o.reason == r {
			return o.each
		}
	}
	return false
}
