package ingest

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// readFolder reads, in path order, the files under root whose lower-case
// extension is in exts (dot files and dot folders left out) with read,
// which gets the file's path and its slash path relative to root. An
// unreadable entry or a file read refuses is skipped with the reason; an
// unreadable root is an error, named by what ("html folder", "folder").
func readFolder(ctx context.Context, what, root string, exts map[string]bool, read func(ctx context.Context, p, rel string) (Item, error)) ([]Item, []Skip, error) {
	st, err := os.Stat(root)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", what, err)
	}
	if !st.IsDir() {
		return nil, nil, fmt.Errorf("%s %s: not a directory", what, root)
	}
	var paths []string
	var skips []Skip
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			skips = append(skips, Skip{Origin: p, Reason: "unreadable: " + err.Error()})
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		hidden := p != root && strings.HasPrefix(d.Name(), ".")
		switch {
		case d.IsDir() && hidden:
			return filepath.SkipDir
		case !d.IsDir() && !hidden && exts[strings.ToLower(filepath.Ext(p))]:
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s: %w", what, root, err)
	}
	sort.Strings(paths)
	var items []Item
	for _, p := range paths {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		it, err := read(ctx, p, rel)
		if err != nil {
			skips = append(skips, Skip{Origin: rel, Reason: err.Error()})
			continue
		}
		items = append(items, it)
	}
	return items, skips, nil
}
