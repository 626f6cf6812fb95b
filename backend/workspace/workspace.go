package workspace

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"continuity/backend/corpus"
)

// Env vars that override the defaults.
const (
	EnvDataDir = "CONTINUITY_DATA"
	EnvCorpus  = "CONTINUITY_CORPUS"
)

// DefaultDataDir is the OS user data dir + /continuity, or $CONTINUITY_DATA.
func DefaultDataDir() (string, error) {
	if d := os.Getenv(EnvDataDir); d != "" {
		return d, nil
	}
	base, err := userDataDir()
	if err != nil {
		return "", fmt.Errorf("find user data dir: %w", err)
	}
	return filepath.Join(base, "continuity"), nil
}

func userDataDir() (string, error) {
	switch runtime.GOOS {
	case "windows":
		if d := os.Getenv("LocalAppData"); d != "" {
			return d, nil
		}
		return os.UserConfigDir()
	case "darwin":
		home, err := os.UserHomeDir()
		return filepath.Join(home, "Library", "Application Support"), err
	default:
		if d := os.Getenv("XDG_DATA_HOME"); d != "" {
			return d, nil
		}
		home, err := os.UserHomeDir()
		return filepath.Join(home, ".local", "share"), err
	}
}

// Workspace is a corpus folder laid out as the sample in corpus/ is.
type Workspace struct {
	Root string
}

// ErrNotWorkspace means the folder does not exist or is not a directory.
var ErrNotWorkspace = errors.New("not a workspace folder")

// Open checks that root is a readable directory.
func Open(root string) (Workspace, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return Workspace{}, fmt.Errorf("%w: %s: %w", ErrNotWorkspace, root, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return Workspace{}, fmt.Errorf("%w: %s: %w", ErrNotWorkspace, root, err)
	}
	if !st.IsDir() {
		return Workspace{}, fmt.Errorf("%w: %s is a file", ErrNotWorkspace, root)
	}
	return Workspace{Root: abs}, nil
}

// ContentDir holds the published documents: content/ when present, so a
// workspace can keep drafts and guidelines beside its corpus; otherwise the
// root itself, so any folder of Markdown works as a corpus.
func (w Workspace) ContentDir() string {
	c := filepath.Join(w.Root, "content")
	if st, err := os.Stat(c); err == nil && st.IsDir() {
		return c
	}
	return w.Root
}

// GuidelinesPath is the voice & tone guide.
func (w Workspace) GuidelinesPath() string { return filepath.Join(w.Root, "guidelines.md") }

// DraftsDir holds drafts to check.
func (w Workspace) DraftsDir() string { return filepath.Join(w.Root, "drafts") }

// GoldenPath is the workspace's golden question set.
func (w Workspace) GoldenPath() string { return filepath.Join(w.Root, "golden.xlsx") }

// DocumentExts are the file types the corpus loader reads.
var DocumentExts = map[string]bool{".md": true, ".markdown": true, ".html": true, ".htm": true, ".txt": true}

// Summary counts what a workspace holds, without parsing documents.
type Summary struct {
	Root          string
	ContentDir    string
	Documents     int
	Drafts        []string
	HasGuidelines bool
	HasGolden     bool
}

// Summarize walks the workspace. Documents counts what a sync would read:
// the same scan, ignore rules and workspace-file rule (corpus.ScanAll), so
// the count never disagrees with the index.
func (w Workspace) Summarize() (Summary, error) {
	s := Summary{Root: w.Root, ContentDir: w.ContentDir()}
	// The scan reads no document, only directory entries, so it is not
	// worth a caller's context.
	res, err := corpus.ScanAll(context.Background(), s.ContentDir)
	if err != nil {
		return s, fmt.Errorf("scan %s: %w", s.ContentDir, err)
	}
	s.Documents = len(res.Files)
	s.Drafts, _ = w.ListDrafts()
	_, gerr := os.Stat(w.GuidelinesPath())
	s.HasGuidelines = gerr == nil
	_, xerr := os.Stat(w.GoldenPath())
	s.HasGolden = xerr == nil
	return s, nil
}

// ListDrafts returns the drafts' file names, sorted.
func (w Workspace) ListDrafts() ([]string, error) {
	entries, err := os.ReadDir(w.DraftsDir())
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("list drafts: %w", err)
	}
	var out []string
	for _, e := range entries {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		if !e.IsDir() && DocumentExts[ext] {
			out = append(out, e.Name())
		}
	}
	return out, nil
}
