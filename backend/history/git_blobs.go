package history

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
)

// blobs reads objects through one long-lived `git cat-file --batch`.
type blobs struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func (r repo) openBlobs(ctx context.Context) (*blobs, error) {
	cmd := gitCommand(ctx, r.root, "cat-file", "--batch")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	return &blobs{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<16)}, nil
}

// errBlobMissing means the repository lacks the object (a partial or
// damaged clone); the caller warns and goes on.
var errBlobMissing = errors.New("object missing from the repository")

// read returns the blob sha, at most limit bytes (errTooLarge beyond).
func (b *blobs) read(sha string, limit int64) ([]byte, error) {
	if _, err := io.WriteString(b.in, sha+"\n"); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	line, err := b.out.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	f := strings.Fields(line)
	if len(f) == 2 && f[1] == "missing" {
		return nil, errBlobMissing
	}
	var size int64
	if len(f) != 3 {
		return nil, fmt.Errorf("git cat-file: unexpected reply %q", line)
	}
	if _, err := fmt.Sscanf(f[2], "%d", &size); err != nil {
		return nil, fmt.Errorf("git cat-file: unexpected reply %q: %w", line, err)
	}
	if size > limit {
		if _, err := io.CopyN(io.Discard, b.out, size+1); err != nil {
			return nil, fmt.Errorf("git cat-file: %w", err)
		}
		return nil, fmt.Errorf("%w: %d bytes, over the %d limit", errTooLarge, size, limit)
	}
	buf := make([]byte, size+1)
	if _, err := io.ReadFull(b.out, buf); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	return buf[:size], nil
}

var errTooLarge = errors.New("file too large")

func (b *blobs) close() error {
	b.in.Close()
	return b.cmd.Wait()
}
