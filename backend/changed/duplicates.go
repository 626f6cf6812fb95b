package changed

import (
	"path/filepath"
	"strings"

	"continuity/backend/corpus"
)

// Duplicate is a changed page that shares its document ID with another
// published page: the index holds one of the two, so a pull request that
// makes the clash (or edits a page in one) must not pass as clean. Paths
// are relative to the repository root, like Page.Path.
type Duplicate struct {
	File    string `json:"file"`    // the changed page
	ID      string `json:"id"`      // the ID both pages have
	Indexed string `json:"indexed"` // the page the index holds under ID
	Skipped string `json:"skipped"` // the page left out of the index
}

// duplicatesOf matches the sync's duplicate-ID skips (paths relative to
// the workspace root wsRoot) with the changed pages (relative to the
// repository root repoRoot).
func duplicatesOf(wsRoot, repoRoot string, pages []Page, skipped []corpus.Skipped) []Duplicate {
	out := []Duplicate{}
	root, err := filepath.EvalSymlinks(wsRoot)
	if err != nil {
		root = wsRoot
	}
	inRepo := func(wsRel string) string {
		rel, err := filepath.Rel(repoRoot, filepath.Join(root, filepath.FromSlash(wsRel)))
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return ""
		}
		return filepath.ToSlash(rel)
	}
	for _, s := range skipped {
		if s.Reason != corpus.SkipDuplicateID {
			continue
		}
		lost, kept := inRepo(s.Path), inRepo(s.DuplicateOf)
		for _, p := range pages {
			if p.Path != "" && (p.Path == lost || p.Path == kept) {
				out = append(out, Duplicate{File: p.Path, ID: p.DocID, Indexed: kept, Skipped: lost})
			}
		}
	}
	return out
}
