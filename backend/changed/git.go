package changed

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// ErrNotRepo means the workspace is not inside a git work tree.
var ErrNotRepo = errors.New("not a git repository")

// ErrNoGit means the git executable is not on PATH.
var ErrNoGit = errors.New("git is not on PATH")

// BaseError means no base commit could be resolved; Tried lists the refs
// asked, in order, so the message says what to fetch or pass.
type BaseError struct {
	Tried []string
	Err   error
}

func (e *BaseError) Error() string {
	return fmt.Sprintf("base not found: tried %s (pass --base REF, and fetch it: actions/checkout needs fetch-depth: 0)",
		strings.Join(e.Tried, ", "))
}

func (e *BaseError) Unwrap() error { return e.Err }

// Repo is a git work tree.
type Repo struct {
	Root string // absolute, as git prints it
}

// OpenRepo finds the work tree dir belongs to.
func OpenRepo(ctx context.Context, dir string) (Repo, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return Repo{}, fmt.Errorf("%w: %w", ErrNoGit, err)
	}
	out, err := runGit(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		if ctx.Err() != nil {
			return Repo{}, ctx.Err()
		}
		return Repo{}, fmt.Errorf("%s: %w", dir, ErrNotRepo)
	}
	root := strings.TrimSpace(string(out))
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	return Repo{Root: root}, nil
}

// defaultBases are tried in order when no base is given: the remote's
// default branch, then the usual names of it.
var defaultBases = []string{"origin/HEAD", "origin/main", "main", "master"}

// ResolveBase is the commit a change is compared with: ref itself when
// given, else the merge base of HEAD with the first default branch that
// exists.
func (r Repo) ResolveBase(ctx context.Context, ref string) (string, error) {
	if ref != "" {
		sha, err := r.commit(ctx, ref)
		if err != nil {
			return "", &BaseError{Tried: []string{ref}, Err: err}
		}
		return sha, nil
	}
	var last error
	for _, cand := range defaultBases {
		if _, err := r.commit(ctx, cand); err != nil {
			last = err
			continue
		}
		out, err := runGit(ctx, r.Root, "merge-base", "HEAD", cand)
		if err != nil {
			last = err
			continue
		}
		return strings.TrimSpace(string(out)), nil
	}
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	tried := make([]string, len(defaultBases))
	for i, b := range defaultBases {
		tried[i] = "merge-base HEAD " + b
	}
	return "", &BaseError{Tried: tried, Err: last}
}

func (r Repo) commit(ctx context.Context, ref string) (string, error) {
	if strings.HasPrefix(ref, "-") {
		return "", fmt.Errorf("ref %q: not a revision", ref)
	}
	out, err := runGit(ctx, r.Root, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}")
	if err != nil {
		return "", fmt.Errorf("ref %q: %w", ref, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// Status is how a file changed since the base.
type Status string

const (
	Added    Status = "added"
	Modified Status = "modified"
	Renamed  Status = "renamed"
	Deleted  Status = "deleted"
)

// FileChange is one changed file, paths relative to the repo root with
// forward slashes; OldPath is set for a rename.
type FileChange struct {
	Status  Status
	Path    string
	OldPath string
}

// Changes lists what differs between base and the working tree: committed
// and uncommitted edits of tracked files (renames detected), plus
// untracked files that .gitignore does not hide, as added. The index a
// check reads is synced from the same working tree.
func (r Repo) Changes(ctx context.Context, base string) ([]FileChange, error) {
	out, err := runGit(ctx, r.Root, "diff", "--name-status", "-z", "--find-renames", "--no-color", base, "--")
	if err != nil {
		return nil, fmt.Errorf("git diff %s: %w", base, err)
	}
	changes, err := parseNameStatus(out)
	if err != nil {
		return nil, fmt.Errorf("git diff %s: %w", base, err)
	}
	untracked, err := runGit(ctx, r.Root, "ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %w", err)
	}
	for _, p := range strings.Split(string(untracked), "\x00") {
		if p != "" {
			changes = append(changes, FileChange{Status: Added, Path: p})
		}
	}
	return changes, nil
}

// parseNameStatus reads `git diff --name-status -z`: a status field, then
// one path (two for renames and copies), NUL-separated.
func parseNameStatus(out []byte) ([]FileChange, error) {
	f := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	var changes []FileChange
	for i := 0; i < len(f) && f[0] != ""; {
		st := f[i]
		if st == "" || i+1 >= len(f) {
			return nil, fmt.Errorf("name-status field %d: %q is incomplete", i, st)
		}
		switch st[0] {
		case 'R', 'C':
			if i+2 >= len(f) {
				return nil, fmt.Errorf("name-status field %d: rename without its new path", i)
			}
			c := FileChange{Status: Renamed, OldPath: f[i+1], Path: f[i+2]}
			if st[0] == 'C' {
				c = FileChange{Status: Added, Path: f[i+2]}
			}
			changes = append(changes, c)
			i += 3
		case 'A':
			changes, i = append(changes, FileChange{Status: Added, Path: f[i+1]}), i+2
		case 'D':
			changes, i = append(changes, FileChange{Status: Deleted, Path: f[i+1]}), i+2
		default: // M, T (type change), U (unmerged)
			changes, i = append(changes, FileChange{Status: Modified, Path: f[i+1]}), i+2
		}
	}
	return changes, nil
}

// Show is path's content at commit; ok is false when it did not exist.
func (r Repo) Show(ctx context.Context, commit, path string) (content []byte, ok bool, err error) {
	out, err := runGit(ctx, r.Root, "cat-file", "blob", commit+":"+path)
	if err != nil {
		if ctx.Err() != nil {
			return nil, false, ctx.Err()
		}
		if _, e := runGit(ctx, r.Root, "cat-file", "-e", commit+":"+path); e != nil {
			return nil, false, nil
		}
		return nil, false, fmt.Errorf("git show %s:%s: %w", short(commit), path, err)
	}
	return out, true, nil
}

func short(sha string) string { return sha[:min(len(sha), 12)] }

// runGit runs git in dir; a failure carries git's own first stderr line.
func runGit(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-c", "core.quotepath=off"}, args...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = nil, &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		if msg != "" {
			return nil, fmt.Errorf("%w: %s", err, msg)
		}
		return nil, err
	}
	return out, nil
}
