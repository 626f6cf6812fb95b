package models

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"continuity/backend/wordnet"
)

// All is every offline model the engines use, in the order status lists
// them: sentence vectors, word similarity, synonyms and antonyms.
func All() []string { return []string{USELite, GloVe, WordNet} }

// Name is how users read the model rel (USELite, GloVe or WordNet).
func Name(rel string) string {
	switch rel {
	case USELite:
		return "USE-lite"
	case GloVe:
		return "GloVe"
	case WordNet:
		return "WordNet"
	}
	return rel
}

// part reports whether name is one of the files the model rel's loader
// reads: those are hashed, so a licence or manifest never changes the hash.
func part(rel, name string) bool {
	switch rel {
	case USELite:
		return name == "model.json" || name == "vocab.json" || strings.HasPrefix(name, "group1-shard")
	case WordNet:
		for _, p := range []string{"noun", "verb", "adj", "adv"} {
			if name == "data."+p || name == "index."+p || name == p+".exc" {
				return true
			}
		}
		return false
	}
	return name == path.Base(rel)
}

// Location is where a model was found.
type Location struct {
	Model string `json:"model"`          // Name: USE-lite, GloVe, WordNet
	From  string `json:"from,omitempty"` // FromEnv, FromDataDir, FromEmbedded, …; empty when missing
	Path  string `json:"path,omitempty"` // the model's folder, or "embedded"
	// SHA256 is the sha256 of the loader's files' bytes in name order (for
	// GloVe, one file, that is the table's own sha256); set by Describe.
	SHA256 string `json:"sha256,omitempty"`
	Error  string `json:"error,omitempty"` // why it is missing or unreadable
	FS     fs.FS  `json:"-"`               // the model's folder
	rel    string
}

// Locate finds the model rel: in the first of the folders Candidates
// lists that has it, else compiled into the binary, else (WordNet) where
// Debian's wordnet-base puts it. $CONTINUITY_WORDNET, when set, is the only
// place WordNet is looked for, as it always was. The error wraps
// ErrNotFound and names every place looked in.
func Locate(dataDir, rel string) (Location, error) {
	loc, looked := locate(dataDir, rel)
	if loc.FS != nil {
		return loc, nil
	}
	err := fmt.Errorf("%w: %s (looked in %s)", ErrNotFound, loc.Model, strings.Join(looked, ", "))
	loc.Error = err.Error()
	return loc, err
}

// locate is Locate, with the places looked in as users name them (models
// folders, not the use-lite/ in them); loc.FS is nil when not found.
func locate(dataDir, rel string) (Location, []string) {
	loc := Location{Model: Name(rel), rel: rel}
	dir, marker := path.Split(rel)
	var looked []string
	try := func(from, folder, d string) bool {
		looked = append(looked, folder)
		if st, err := os.Stat(filepath.Join(d, marker)); err != nil || !st.Mode().IsRegular() {
			return false
		}
		loc.From, loc.Path, loc.FS = from, d, os.DirFS(d)
		return true
	}
	if d := os.Getenv(wordnet.EnvDir); rel == WordNet && d != "" {
		try(FromEnv, d, d)
		return loc, looked
	}
	for _, p := range places(dataDir) {
		if try(p.from, p.dir, filepath.Join(p.dir, filepath.FromSlash(dir))) {
			return loc, looked
		}
	}
	if emb := Embedded(); emb != nil && os.Getenv(EnvDir) == "" {
		looked = append(looked, FromEmbedded)
		if sub, err := fs.Sub(emb, strings.TrimSuffix(dir, "/")); err == nil {
			if st, err := fs.Stat(sub, marker); err == nil && st.Mode().IsRegular() {
				loc.From, loc.Path, loc.FS = FromEmbedded, FromEmbedded, sub
				return loc, looked
			}
		}
	}
	if d := wordnet.Dir(); rel == WordNet {
		try(FromSystem, d, d)
	}
	return loc, looked
}

// Missing lists the models that are not found, by Name, and an error
// wrapping ErrNotFound that names them and where the first was looked
// for; nil when every model is there.
func Missing(dataDir string) ([]string, error) {
	var names, where []string
	for _, rel := range All() {
		if loc, looked := locate(dataDir, rel); loc.FS == nil {
			names = append(names, Name(rel))
			if where == nil {
				where = looked
			}
		}
	}
	if len(names) == 0 {
		return nil, nil
	}
	return names, fmt.Errorf("%w: %s (looked in %s)", ErrNotFound, strings.Join(names, ", "), strings.Join(where, ", "))
}

// Describe locates and hashes every model for status and version; a model
// that is missing or unreadable says why in its Error.
func Describe(dataDir string) []Location {
	var out []Location
	for _, rel := range All() {
		loc, err := Locate(dataDir, rel)
		if err == nil {
			if loc.SHA256, err = loc.Hash(); err != nil {
				loc.Error = err.Error()
			}
		}
		out = append(out, loc)
	}
	return out
}

// Hash is the sha256 of the model's files (those its loader reads) in name
// order, read from where it was found.
func (l Location) Hash() (string, error) {
	if l.FS == nil {
		return "", fmt.Errorf("%w: %s", ErrNotFound, l.Model)
	}
	entries, err := fs.ReadDir(l.FS, ".")
	if err != nil {
		return "", fmt.Errorf("hash %s: %w", l.Model, err)
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && part(l.rel, e.Name()) {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	h := sha256.New()
	for _, n := range names {
		if err := copyInto(h, l.FS, n); err != nil {
			return "", fmt.Errorf("hash %s: %w", l.Model, err)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func copyInto(w io.Writer, fsys fs.FS, name string) error {
	f, err := fsys.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}
