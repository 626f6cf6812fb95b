package corpus

import (
	"path/filepath"
	"sort"
	"strings"
)

// CandidatePath tells whether rel, a file path relative to the content
// root root (slash-separated), is a document ScanAll would hand on,
// judged by its path alone: a document type, no hidden or ignored folder
// or name, not a workspace file. A history importer asks it of paths that
// no longer exist on disk; the root guide is told apart by its content
// (IsWorkspaceGuide).
func CandidatePath(root string, rules *IgnoreRules, rel string) (kind string, ok bool) {
	lay := layoutOf(root)
	parts := strings.Split(rel, "/")
	for i := 1; i < len(parts); i++ {
		dir := strings.Join(parts[:i], "/")
		_, ignored := rules.Match(lay.prefix+dir, true)
		switch {
		case ignored && !rules.mayReinclude(lay.prefix+dir):
			return "", false
		case ignored:
			continue // the walker looks inside for re-included files
		case strings.HasPrefix(parts[i-1], "."):
			return "", false
		case !lay.contentDir && dir == "drafts":
			return "", false
		}
	}
	name := parts[len(parts)-1]
	kind, ok = exts[strings.ToLower(filepath.Ext(name))]
	if _, ignored := rules.Match(lay.prefix+rel, false); ignored || !ok || strings.HasPrefix(name, ".") {
		return "", false
	}
	if !lay.contentDir && rel == IgnoreFile {
		return "", false
	}
	return kind, true
}

// IsWorkspaceGuide tells whether raw at rel is the workspace's voice guide
// rather than a document: a guidelines.md with rules at the root of a
// workspace without a content/ folder.
func IsWorkspaceGuide(root, rel string, raw []byte) bool {
	return !layoutOf(root).contentDir && rel == guidelinesFile && IsGuidelines(raw)
}

// Extensions are the file name endings read as documents, with the dot,
// sorted.
func Extensions() []string {
	out := make([]string, 0, len(exts))
	for e := range exts {
		out = append(out, e)
	}
	sort.Strings(out)
	return out
}

// WorkspaceRoot is the workspace a content root belongs to: the folder
// holding content/, else the root itself.
func WorkspaceRoot(root string) string { return layoutOf(root).wsRoot }
