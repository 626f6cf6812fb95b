package models

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Bounds on what an archive may unpack to: the models are about 70 MB in
// some 30 files, so anything far larger is not a models archive, and must
// not fill the disk finding that out.
const (
	maxArchiveFiles = 1000
	maxArchiveBytes = 2 << 30
)

// errNoModels is returned by an install source with no model folders.
var errNoModels = errors.New("no models")

// ErrArchive is returned for an archive that cannot be a models archive:
// a path leaving the archive, a link or device, or too much data.
var ErrArchive = errors.New("models: unusable archive")

// checkArchive returns the archive's sha256 and whether a SHA256SUMS beside
// it (as `make models-archive` writes into dist/) listed it; a listed
// archive that does not match is an error.
func checkArchive(src string) (string, bool, error) {
	f, err := os.Open(src)
	if err != nil {
		return "", false, fmt.Errorf("models install: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", false, fmt.Errorf("models install: read %s: %w", src, err)
	}
	got := hex.EncodeToString(h.Sum(nil))
	dir := filepath.Dir(src)
	if _, err := os.Stat(filepath.Join(dir, SumsFile)); err != nil {
		return got, false, nil
	}
	m, err := readManifest(os.DirFS(dir), SumsFile, "")
	if err != nil {
		return got, false, fmt.Errorf("models install: %s beside the archive: %w", SumsFile, err)
	}
	want, listed := m[filepath.Base(src)]
	if !listed {
		return got, false, nil
	}
	if want != got {
		return got, false, fmt.Errorf("models install: %w: %s has sha256 %s, %s beside it says %s", ErrVerify, src, got, SumsFile, want)
	}
	return got, true, nil
}

// installTarGz unpacks src into a folder of the data dir's models/ (the
// same file system, so nothing is left in /tmp) and installs from there.
func installTarGz(dataDir, src string) (InstallReport, error) {
	dst := filepath.Join(dataDir, "models")
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return InstallReport{Source: src}, fmt.Errorf("models install: %w", err)
	}
	tmp, err := os.MkdirTemp(dst, ".unpack-")
	if err != nil {
		return InstallReport{Source: src}, fmt.Errorf("models install: %w", err)
	}
	defer os.RemoveAll(tmp)
	if err := unpackTarGz(src, tmp); err != nil {
		return InstallReport{Source: src}, fmt.Errorf("models install: %s: %w", src, err)
	}
	return InstallFS(dataDir, os.DirFS(tmp), src)
}

func unpackTarGz(src, into string) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return fmt.Errorf("%w: not gzip: %w", ErrArchive, err)
	}
	tr := tar.NewReader(gz)
	var files int
	var total int64
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%w: %w", ErrArchive, err)
		}
		name := path.Clean(strings.TrimPrefix(hdr.Name, "./"))
		if name == "." {
			continue
		}
		if !fs.ValidPath(name) {
			return fmt.Errorf("%w: unsafe path %q", ErrArchive, hdr.Name)
		}
		target := filepath.Join(into, filepath.FromSlash(name))
		switch hdr.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
			continue
		case tar.TypeReg:
		default:
			return fmt.Errorf("%w: %s is not a regular file or folder", ErrArchive, hdr.Name)
		}
		files++
		total += hdr.Size
		if files > maxArchiveFiles || total > maxArchiveBytes {
			return fmt.Errorf("%w: more than %d files or %d MB", ErrArchive, maxArchiveFiles, maxArchiveBytes>>20)
		}
		if err := writeEntry(target, tr, hdr.Size); err != nil {
			return err
		}
	}
}

func writeEntry(target string, r io.Reader, size int64) error {
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrArchive, err) // a name twice in the archive
	}
	if _, err := io.CopyN(out, r, size); err != nil {
		_ = out.Close()
		return fmt.Errorf("%w: %s: %w", ErrArchive, filepath.Base(target), err)
	}
	return out.Close()
}

// installZip installs from the archive in place: a zip is a file system.
func installZip(dataDir, src string) (InstallReport, error) {
	zr, err := zip.OpenReader(src)
	if err != nil {
		// includes zip.ErrInsecurePath: a name that would leave the archive
		return InstallReport{Source: src}, fmt.Errorf("models install: %s: %w: %w", src, ErrArchive, err)
	}
	defer zr.Close()
	return InstallFS(dataDir, zr, src)
}
