package history

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// ErrNotRepo means the content folder is not inside a git work tree.
var ErrNotRepo = errors.New("not in a git repository")

// ErrNoGit means the git executable is not on PATH.
var ErrNoGit = errors.New("git is not on PATH")

// repo is the work tree a content folder belongs to.
type repo struct {
	root   string // absolute
	prefix string // the content folder relative to root, "" or ending in "/"
}

func openRepo(ctx context.Context, contentDir string) (repo, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return repo{}, fmt.Errorf("%w: %w", ErrNoGit, err)
	}
	out, err := runGit(ctx, contentDir, "rev-parse", "--show-toplevel", "--show-prefix")
	if err != nil {
		if ctx.Err() != nil {
			return repo{}, ctx.Err()
		}
		return repo{}, fmt.Errorf("%s: %w", contentDir, ErrNotRepo)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	r := repo{root: strings.TrimSpace(lines[0])}
	if len(lines) > 1 {
		r.prefix = strings.TrimSpace(lines[1])
	}
	return r, nil
}

// IsRepo reports whether contentDir is inside a git work tree and git can
// read it: the workspaces whose history is imported by default.
func IsRepo(ctx context.Context, contentDir string) bool {
	_, err := openRepo(ctx, contentDir)
	return err == nil
}

func runGit(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := gitCommand(ctx, dir, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return out, fmt.Errorf("git %s: %w: %s", args[0], err, msg)
		}
		return out, fmt.Errorf("git %s: %w", args[0], err)
	}
	return out, nil
}

func gitCommand(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir, "-c", "core.quotepath=off", "-c", "log.showSignature=false"}, args...)...)
	// Messages in English, never a pager or a prompt for credentials.
	cmd.Env = append(os.Environ(), "LC_ALL=C", "GIT_PAGER=cat", "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0")
	return cmd
}

// head is the commit HEAD names; "" in a repository without commits.
func (r repo) head(ctx context.Context) (string, error) {
	out, err := runGit(ctx, r.root, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() == 1 && ctx.Err() == nil {
			return "", nil
		}
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// isAncestor says whether commit a is in the history of b; false when a
// is no longer in the repository (history rewritten and collected).
func (r repo) isAncestor(ctx context.Context, a, b string) (bool, error) {
	_, err := runGit(ctx, r.root, "merge-base", "--is-ancestor", a, b)
	if err == nil {
		return true, nil
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) && ctx.Err() == nil {
		return false, nil
	}
	return false, err
}

// pathspecs limit the history to document files under the content folder.
func (r repo) pathspecs(exts []string) []string {
	out := make([]string, len(exts))
	for i, e := range exts {
		out[i] = ":(top,glob,icase)" + r.prefix + "**/*" + e
	}
	return out
}

// countCommits counts the commits of rng that touch the pathspecs, for
// progress.
func (r repo) countCommits(ctx context.Context, rng string, specs []string) (int, error) {
	args := append([]string{"rev-list", "--count", "--no-merges", rng, "--"}, specs...)
	out, err := runGit(ctx, r.root, args...)
	if err != nil {
		return 0, err
	}
	var n int
	if _, err := fmt.Sscanf(strings.TrimSpace(string(out)), "%d", &n); err != nil {
		return 0, fmt.Errorf("git rev-list --count: %q: %w", out, err)
	}
	return n, nil
}

// commit is one commit of the log with the document files it changed.
type commit struct {
	sha, author, subject string
	date                 time.Time
	changes              []fileChange
}

// fileChange is one --raw entry: status M, T, A, D, R or C; paths are
// relative to the repository root.
type fileChange struct {
	status           byte
	oldMode, newMode string
	oldBlob, newBlob string
	oldPath, newPath string
}

// logFormat starts each commit with \x01 and separates its fields by \x1f.
const logFormat = "format:\x01%H\x1f%aI\x1f%an\x1f%s"

// log streams the commits of rng oldest first to fn. Merges are left
// out: their changes are those of the commits merged, which are listed.
func (r repo) log(ctx context.Context, rng string, specs []string, fn func(commit) error) error {
	args := append([]string{"log", "--reverse", "--topo-order", "--no-merges", "-M", "--raw", "-z", "--no-abbrev",
		"--no-color", "--no-ext-diff", "--format=" + logFormat, rng, "--"}, specs...)
	cmd := gitCommand(ctx, r.root, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("git log: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git log: %w", err)
	}
	perr := parseLog(bufio.NewReaderSize(out, 1<<16), fn)
	if perr != nil {
		_ = cmd.Process.Kill()
	}
	werr := cmd.Wait()
	switch {
	case perr != nil:
		return perr
	case ctx.Err() != nil:
		return ctx.Err()
	case werr != nil:
		return fmt.Errorf("git log: %w: %s", werr, strings.TrimSpace(stderr.String()))
	}
	return nil
}

func parseLog(br *bufio.Reader, fn func(commit) error) error {
	var cur *commit
	flush := func() error {
		if cur == nil {
			return nil
		}
		c := *cur
		cur = nil
		return fn(c)
	}
	next := func() (string, bool, error) {
		tok, err := br.ReadString(0)
		if errors.Is(err, io.EOF) {
			return tok, tok != "", nil
		}
		return strings.TrimSuffix(tok, "\x00"), true, err
	}
	for {
		tok, ok, err := next()
		if err != nil {
			return fmt.Errorf("read git log: %w", err)
		}
		if !ok {
			return flush()
		}
		if strings.HasPrefix(tok, "\x01") {
			if err := flush(); err != nil {
				return err
			}
			head, rest, _ := strings.Cut(tok[1:], "\n")
			c, err := parseHeader(head)
			if err != nil {
				return err
			}
			cur, tok = &c, rest
		}
		if !strings.HasPrefix(tok, ":") || cur == nil {
			continue
		}
		fields := strings.Fields(tok[1:])
		if len(fields) < 5 || fields[4] == "" {
			return fmt.Errorf("read git log of %s: unexpected raw entry %q", cur.sha, tok)
		}
		ch := fileChange{status: fields[4][0], oldMode: fields[0], newMode: fields[1], oldBlob: fields[2], newBlob: fields[3]}
		p, _, err := next()
		if err != nil {
			return fmt.Errorf("read git log: %w", err)
		}
		ch.oldPath, ch.newPath = p, p
		if ch.status == 'R' || ch.status == 'C' {
			if ch.newPath, _, err = next(); err != nil {
				return fmt.Errorf("read git log: %w", err)
			}
		}
		cur.changes = append(cur.changes, ch)
	}
}

func parseHeader(h string) (commit, error) {
	f := strings.Split(h, "\x1f")
	if len(f) != 4 {
		return commit{}, fmt.Errorf("read git log: unexpected commit header %q", h)
	}
	t, err := time.Parse(time.RFC3339, f[1])
	if err != nil {
		return commit{}, fmt.Errorf("read git log: commit %s date %q: %w", f[0], f[1], err)
	}
	return commit{sha: f[0], date: t, author: f[2], subject: f[3]}, nil
}

// relTo is p (relative to the repository root) relative to the content
// folder; false when it lies outside it.
func (r repo) relTo(p string) (string, bool) {
	if !strings.HasPrefix(p, r.prefix) {
		return "", false
	}
	return filepath.ToSlash(strings.TrimPrefix(p, r.prefix)), true
}
