package corpus

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// SkipReason says why a file found in the workspace is not indexed.
type SkipReason string

// The reasons a file is not indexed; every such file is reported once.
const (
	SkipWorkspaceFile   SkipReason = "workspace_file"
	SkipIgnored         SkipReason = "ignored"
	SkipUnsupportedType SkipReason = "unsupported_type"
	SkipTooLarge        SkipReason = "too_large"
	SkipUnreadable      SkipReason = "unreadable"
	SkipDuplicateID     SkipReason = "duplicate_id"
	SkipUnpublished     SkipReason = "unpublished"
	SkipNotRegular      SkipReason = "not_regular"
)

// Skipped is a file (or a whole folder, path ending in "/") the sync did
// not index. Path is relative to the workspace root, so files beside
// content/ and inside it are told apart.
type Skipped struct {
	Path   string     `json:"path"`
	Reason SkipReason `json:"reason"`
	Detail string     `json:"detail"`
	// DuplicateOf is, for SkipDuplicateID, the page that holds the ID in
	// the index (relative to the workspace root like Path), so both paths
	// of the clash are listed.
	DuplicateOf string `json:"duplicate_of,omitempty"`
}

// Warning is the skip as a located problem, for skips worth a warning.
func (s Skipped) Warning(rel string) Warning { return Warning{Path: rel, Message: s.Detail} }

// Workspace files beside a content/ folder, and the guide that may sit in
// a root without one.
const guidelinesFile = "guidelines.md"

var rootWorkspaceFiles = []string{"README.md", "FACTS.md", guidelinesFile}

// layout is where a scanned content root sits in its workspace.
type layout struct {
	wsRoot string
	prefix string // content root relative to wsRoot, "" or "content/"
	// contentDir is true when the root is a workspace's content/ folder:
	// the workspace files then live beside it, never in it.
	contentDir bool
}

func layoutOf(root string) layout {
	if filepath.Base(root) == "content" {
		return layout{wsRoot: filepath.Dir(root), prefix: "content/", contentDir: true}
	}
	return layout{wsRoot: root}
}

// Path is rel (relative to the scanned root) relative to the workspace root.
func (r ScanResult) Path(rel string) string { return r.prefix + rel }

// Located turns a skip with a content-relative path into one relative to
// the workspace root.
func (r ScanResult) Located(s Skipped) Skipped {
	s.Path = r.prefix + s.Path
	return s
}

// ScanResult is what Scan found: the candidate documents, the problems, and
// every file or folder it will not hand on, with the reason.
type ScanResult struct {
	Files    []File
	Warnings []Warning
	Skipped  []Skipped
	Ignore   *IgnoreRules
	prefix   string
}

// beside lists the workspace files next to a content/ folder: the sync
// never reads them, and a user who keeps the front page there should see
// why it is not a document.
func (l layout) beside() []Skipped {
	var out []Skipped
	for _, name := range rootWorkspaceFiles {
		if st, err := os.Stat(filepath.Join(l.wsRoot, name)); err == nil && !st.IsDir() {
			out = append(out, Skipped{Path: name, Reason: SkipWorkspaceFile,
				Detail: "workspace file beside content/; documents are read from content/"})
		}
	}
	if st, err := os.Stat(filepath.Join(l.wsRoot, "drafts")); err == nil && st.IsDir() {
		out = append(out, Skipped{Path: "drafts/", Reason: SkipWorkspaceFile, Detail: "drafts folder; drafts are checked, not published"})
	}
	return out
}

// rootWorkspaceFile tells whether rel, in a workspace root without
// content/, is the workspace's own file rather than a document: only a
// guidelines.md that holds a rules block is (README.md and FACTS.md are
// then real content, e.g. a handbook's front page).
func rootWorkspaceFile(rel, abs string) (string, bool) {
	if rel != guidelinesFile {
		return "", false
	}
	raw, err := os.ReadFile(abs)
	if err != nil || !IsGuidelines(raw) {
		return "", false
	}
	return "voice & tone guidelines (has a rules block)", true
}

var (
	rulesHeadingRe = regexp.MustCompile(`^##[ \t]+Rules[ \t]*#*[ \t]*$`)
	yamlFenceRe    = regexp.MustCompile("^[ \t]*(```+|~~~+)[ \t]*ya?ml[ \t]*$")
)

// IsGuidelines tells whether raw has the shape of a voice guide: YAML front
// matter with a rules key, or a ```yaml block under "## Rules". It does not
// validate the rules; a broken guide is still the guide.
func IsGuidelines(raw []byte) bool {
	sc := bufio.NewScanner(bytes.NewReader(bytes.TrimPrefix(raw, []byte("\ufeff"))))
	sc.Buffer(make([]byte, 0, 64<<10), MaxFileBytes)
	first, inFront, underRules := true, false, false
	for sc.Scan() {
		l := strings.TrimSuffix(sc.Text(), "\r")
		switch {
		case first && strings.TrimSpace(l) == "---":
			inFront = true
		case inFront && strings.TrimSpace(l) == "---":
			inFront = false
		case inFront:
			if strings.HasPrefix(l, "rules:") {
				return true
			}
		case rulesHeadingRe.MatchString(l):
			underRules = true
		case strings.HasPrefix(l, "## "):
			underRules = false
		case underRules && yamlFenceRe.MatchString(l):
			return true
		}
		first = false
	}
	return false
}

func unsupported(rel string) Skipped {
	ext := strings.ToLower(filepath.Ext(rel))
	if ext == "" {
		ext = "no extension"
	}
	return Skipped{Path: rel, Reason: SkipUnsupportedType,
		Detail: fmt.Sprintf("%s is not a document type (reads %s)", ext, supportedExts())}
}

func supportedExts() string {
	var out []string
	for e := range exts {
		out = append(out, e)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// Unpublished is the skip of a document whose status keeps it out.
func Unpublished(doc Document) Skipped {
	detail := fmt.Sprintf("status %q", doc.Status)
	if !knownStatus(doc.Status) {
		detail = fmt.Sprintf("unknown status %q; treated as unpublished", doc.Status)
	}
	return Skipped{Path: doc.Path, Reason: SkipUnpublished, Detail: detail}
}

// DuplicateID is the skip of a published document whose ID an earlier one
// (at prev, as the user should see it) already has.
func DuplicateID(doc Document, prev string) Skipped {
	return Skipped{Path: doc.Path, Reason: SkipDuplicateID, DuplicateOf: prev,
		Detail: fmt.Sprintf("id %q is also %s, which is indexed; give one of them another id", doc.ID, prev)}
}
