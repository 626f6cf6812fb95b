package models

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Installed is one model Install put in place.
type Installed struct {
	Model  string `json:"model"`
	Path   string `json:"path"`
	SHA256 string `json:"sha256"` // as Location.SHA256
	Files  int    `json:"files"`  // files copied, licences and manifests included
}

// InstallReport says what Install did.
type InstallReport struct {
	Source string `json:"source"`
	Dir    string `json:"dir"` // <data dir>/models
	// ArchiveSHA256 is the archive's sha256; ArchiveVerified says a
	// SHA256SUMS beside it listed it and it matched.
	ArchiveSHA256   string      `json:"archive_sha256,omitempty"`
	ArchiveVerified bool        `json:"archive_verified"`
	Installed       []Installed `json:"installed"`
	Absent          []string    `json:"absent"` // models the source does not hold, by Name
}

// Install copies the models in src into <dataDir>/models, where every
// later run finds them (Candidates). src is a models folder laid out like
// models/ (use-lite/, glove/, wordnet/), or such a folder packed as .tar.gz,
// .tgz or .zip (`make models-archive`), optionally inside one top folder.
// Every file is checked against the SHA256SUMS at the source's root, else
// the model folder's own, before anything replaces an installed model; an
// archive is first checked against a SHA256SUMS beside it when that lists
// it. A model is replaced by one rename, so a run never sees half of one.
func Install(dataDir, src string) (InstallReport, error) {
	st, err := os.Stat(src)
	if err != nil {
		return InstallReport{Source: src}, fmt.Errorf("models install: %w", err)
	}
	if st.IsDir() {
		if same(src, filepath.Join(dataDir, "models")) {
			return InstallReport{Source: src}, fmt.Errorf("models install: %s is the data dir's models folder itself", src)
		}
		return InstallFS(dataDir, os.DirFS(src), src)
	}
	sum, verified, err := checkArchive(src)
	if err != nil {
		return InstallReport{Source: src}, err
	}
	var rep InstallReport
	switch lower := strings.ToLower(src); {
	case strings.HasSuffix(lower, ".tar.gz"), strings.HasSuffix(lower, ".tgz"):
		rep, err = installTarGz(dataDir, src)
	case strings.HasSuffix(lower, ".zip"):
		rep, err = installZip(dataDir, src)
	default:
		return InstallReport{Source: src}, fmt.Errorf("models install: %s: want a models folder, a .tar.gz/.tgz or a .zip", src)
	}
	rep.ArchiveSHA256, rep.ArchiveVerified = sum, verified
	return rep, err
}

// InstallFS is Install from the root of fsys (a folder, an unpacked
// archive, or the models compiled into the binary); source names it.
func InstallFS(dataDir string, fsys fs.FS, source string) (InstallReport, error) {
	dst := filepath.Join(dataDir, "models")
	rep := InstallReport{Source: source, Dir: dst, Installed: []Installed{}, Absent: []string{}}
	root, err := modelsRoot(fsys)
	if err != nil {
		return rep, fmt.Errorf("models install: %s: %w", source, err)
	}
	var sums manifest // nil: each model folder's own SHA256SUMS
	if _, err := fs.Stat(root, SumsFile); err == nil {
		if sums, err = readManifest(root, SumsFile, ""); err != nil {
			return rep, fmt.Errorf("models install: %s: %w", source, err)
		}
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return rep, fmt.Errorf("models install: %w", err)
	}
	stage, err := os.MkdirTemp(dst, ".install-")
	if err != nil {
		return rep, fmt.Errorf("models install: %w", err)
	}
	defer os.RemoveAll(stage)
	var staged []string
	for _, rel := range All() {
		dir := path.Dir(rel)
		if !regularFile(root, rel) {
			rep.Absent = append(rep.Absent, Name(rel))
			continue
		}
		in, err := stageModel(root, rel, sums, filepath.Join(stage, dir))
		if err != nil {
			return rep, fmt.Errorf("models install: %s: %w", source, err)
		}
		in.Path = filepath.Join(dst, dir)
		rep.Installed = append(rep.Installed, in)
		staged = append(staged, dir)
	}
	if len(staged) == 0 {
		return rep, fmt.Errorf("models install: %s: %w (want use-lite/, glove/ or wordnet/ with their files)", source, errNoModels)
	}
	for _, dir := range staged {
		if err := swapIn(filepath.Join(stage, dir), filepath.Join(dst, dir), filepath.Join(stage, dir+".old")); err != nil {
			return rep, fmt.Errorf("models install: %w", err)
		}
	}
	return rep, nil
}

// modelsRoot is fsys itself when it holds a model folder, else its only
// folder when that does (an archive made with the folder's name in it).
func modelsRoot(fsys fs.FS) (fs.FS, error) {
	if hasModelDir(fsys) {
		return fsys, nil
	}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, e.Name())
		}
	}
	if len(dirs) == 1 {
		if sub, err := fs.Sub(fsys, dirs[0]); err == nil && hasModelDir(sub) {
			return sub, nil
		}
	}
	return nil, errNoModels
}

func hasModelDir(fsys fs.FS) bool {
	for _, rel := range All() {
		if st, err := fs.Stat(fsys, path.Dir(rel)); err == nil && st.IsDir() {
			return true
		}
	}
	return false
}

// stageModel copies the model folder of rel from root to to, verifying
// every file against sums (the root manifest), else the folder's own.
func stageModel(root fs.FS, rel string, sums manifest, to string) (Installed, error) {
	dir := path.Dir(rel)
	in := Installed{Model: Name(rel)}
	own := sums == nil
	if own {
		m, err := readManifest(root, path.Join(dir, SumsFile), dir)
		if errors.Is(err, fs.ErrNotExist) {
			return in, fmt.Errorf("%w: %s has no %s (and the source none at its root) to verify it against", ErrVerify, dir, SumsFile)
		}
		if err != nil {
			return in, err
		}
		sums = m
	}
	want := sums.under(dir)
	if len(want) == 0 {
		return in, fmt.Errorf("%w: %s lists no file of %s/", ErrVerify, SumsFile, dir)
	}
	entries, err := fs.ReadDir(root, dir)
	if err != nil {
		return in, err
	}
	if err := os.MkdirAll(to, 0o755); err != nil {
		return in, err
	}
	model := sha256.New() // the loader's files in name order, as Location.Hash
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() {
			return in, fmt.Errorf("%w: %s/%s is not a regular file", ErrVerify, dir, name)
		}
		sum, listed := want[name]
		if !listed && !(own && name == SumsFile) {
			return in, fmt.Errorf("%w: %s/%s is not listed in %s", ErrVerify, dir, name, SumsFile)
		}
		extra := io.Discard
		if part(rel, name) {
			extra = model
		}
		got, err := copyFile(root, path.Join(dir, name), filepath.Join(to, name), extra)
		if err != nil {
			return in, err
		}
		if listed && got != sum {
			return in, fmt.Errorf("%w: %s/%s has sha256 %s, %s says %s", ErrVerify, dir, name, got, SumsFile, sum)
		}
		delete(want, name)
		in.Files++
	}
	if len(want) > 0 {
		left := slices.Sorted(maps.Keys(want))
		return in, fmt.Errorf("%w: %s/%s is listed in %s but missing", ErrVerify, dir, left[0], SumsFile)
	}
	in.SHA256 = hex.EncodeToString(model.Sum(nil))
	return in, nil
}

// copyFile copies name from fsys to dst (also into extra) and returns the
// file's sha256.
func copyFile(fsys fs.FS, name, dst string, extra io.Writer) (string, error) {
	src, err := fsys.Open(name)
	if err != nil {
		return "", err
	}
	defer src.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	if _, err := io.Copy(io.MultiWriter(out, h, extra), src); err != nil {
		_ = out.Close()
		return "", fmt.Errorf("copy %s: %w", name, err)
	}
	if err := out.Close(); err != nil {
		return "", fmt.Errorf("copy %s: %w", name, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// swapIn replaces dst by the staged folder with renames, the old copy
// moved aside first and put back if the new one cannot take its place.
func swapIn(staged, dst, aside string) error {
	had := false
	if _, err := os.Stat(dst); err == nil {
		if err := os.Rename(dst, aside); err != nil {
			return fmt.Errorf("move the installed %s aside: %w", dst, err)
		}
		had = true
	}
	if err := os.Rename(staged, dst); err != nil {
		if had {
			_ = os.Rename(aside, dst)
		}
		return fmt.Errorf("install %s: %w", dst, err)
	}
	return nil
}

func regularFile(fsys fs.FS, name string) bool {
	st, err := fs.Stat(fsys, name)
	return err == nil && st.Mode().IsRegular()
}

// same reports whether a and b are the same folder.
func same(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}
