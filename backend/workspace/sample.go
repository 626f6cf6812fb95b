package workspace

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// SampleDirName is where the bundled sample is unpacked inside the data dir.
const SampleDirName = "sample-workspace"

// EnsureSample unpacks the bundled sample workspace into dataDir and returns
// its path. The copy is replaced only when the bundled content changed, so a
// new release brings its new sample while repeated runs cost one hash.
func EnsureSample(bundle fs.FS, dataDir string) (string, error) {
	dst := filepath.Join(dataDir, SampleDirName)
	sum, err := hashFS(bundle)
	if err != nil {
		return "", fmt.Errorf("hash bundled sample: %w", err)
	}
	stamp := filepath.Join(dst, ".bundle-sha256")
	if b, err := os.ReadFile(stamp); err == nil && string(b) == sum {
		return dst, nil
	}
	tmp := dst + ".tmp"
	if err := os.RemoveAll(tmp); err != nil {
		return "", fmt.Errorf("unpack sample: %w", err)
	}
	if err := copyFS(bundle, tmp); err != nil {
		return "", fmt.Errorf("unpack sample: %w", err)
	}
	if err := os.WriteFile(filepath.Join(tmp, ".bundle-sha256"), []byte(sum), 0o600); err != nil {
		return "", fmt.Errorf("unpack sample: %w", err)
	}
	if err := os.RemoveAll(dst); err != nil {
		return "", fmt.Errorf("replace sample: %w", err)
	}
	if err := os.Rename(tmp, dst); err != nil {
		return "", fmt.Errorf("replace sample: %w", err)
	}
	return dst, nil
}

func hashFS(fsys fs.FS) (string, error) {
	var paths []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		return "", err
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, p := range paths {
		f, err := fsys.Open(p)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\x00", p)
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func copyFS(fsys fs.FS, dst string) error {
	return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		target := filepath.Join(dst, filepath.FromSlash(p))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}
