package cli

import (
	"fmt"
	"io"
	"strings"

	"continuity/backend/corpus"
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
				fmt.Fprintf(w, "skipped    %s: %s, %s\n", s.Path, reasonLabel(s.Reason), s.Detail)
			}
		}
	}
}

func reasonLabel(r corpus.SkipReason) string { return strings.ReplaceAll(string(r), "_", " ") }
