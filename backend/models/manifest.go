package models

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// SumsFile is the manifest install verifies against, in sha256sum's
// format: "<hex>  <path>" per line ("*" before the path for binary mode);
// lines starting with # are comments (scripts/models.sh records the
// package it verified there).
const SumsFile = "SHA256SUMS"

// ErrVerify is returned when a file does not match its manifest, is not
// listed in it, or is listed but absent.
var ErrVerify = errors.New("models: verification failed")

// manifest maps a slash path to its expected sha256 (hex, lower case).
type manifest map[string]string

// readManifest parses name in fsys; paths are taken relative to prefix,
// which lets a per-model manifest (use-lite/SHA256SUMS) and the archive's
// root manifest share one map.
func readManifest(fsys fs.FS, name, prefix string) (manifest, error) {
	raw, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	m := manifest{}
	sc := bufio.NewScanner(bytes.NewReader(raw))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sum, file, ok := strings.Cut(line, " ")
		file = strings.TrimPrefix(strings.TrimPrefix(file, " "), "*")
		file = path.Clean(strings.TrimPrefix(file, "./"))
		if b, err := hex.DecodeString(sum); !ok || err != nil || len(b) != 32 || !fs.ValidPath(file) {
			return nil, fmt.Errorf("%w: %s line %d is not \"<sha256>  <file>\"", ErrVerify, name, n)
		}
		m[path.Join(prefix, file)] = strings.ToLower(sum)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return m, nil
}

// under is the part of m for the model folder dir, keyed by file name.
func (m manifest) under(dir string) map[string]string {
	out := map[string]string{}
	for p, sum := range m {
		if d, f := path.Split(p); strings.TrimSuffix(d, "/") == dir {
			out[f] = sum
		}
	}
	return out
}
