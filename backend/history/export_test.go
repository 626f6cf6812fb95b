package history

import (
	"context"
	"strings"
	"time"
)

// WalkBlobs lists the Markdown changes of every commit of dir's history
// and reads both blobs of each, as Import does, without parsing them: the
// cost of reading git alone.
func WalkBlobs(ctx context.Context, dir string) (time.Duration, error) {
	start := time.Now()
	r, err := openRepo(ctx, dir)
	if err != nil {
		return 0, err
	}
	head, err := r.head(ctx)
	if err != nil {
		return 0, err
	}
	b, err := r.openBlobs(ctx)
	if err != nil {
		return 0, err
	}
	defer b.close()
	err = r.log(ctx, head, r.pathspecs([]string{".md"}), func(c commit) error {
		for _, ch := range c.changes {
			for _, sha := range []string{ch.oldBlob, ch.newBlob} {
				if strings.Trim(sha, "0") != "" {
					if _, err := b.read(sha, 1<<30); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
	return time.Since(start), err
}
