package uselite

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
)

// Dimensions is the length of every embedding.
const Dimensions = dims

// NameFS is the Name LoadFS would give the model at the root of fsys,
// without decoding or compiling it: the hash of model.json, its weight
// shards in manifest order and vocab.json, read as a stream. Opening an
// index needs the name (vectors of different models never mix); a search
// whose query vector is cached needs nothing more.
func NameFS(fsys fs.FS, where string) (string, error) {
	h := sha256.New()
	raw, err := fs.ReadFile(fsys, "model.json")
	if err != nil {
		return "", fmt.Errorf("%s: read model: %w", where, err)
	}
	_, _ = h.Write(raw)
	var mf struct {
		WeightsManifest []struct {
			Paths []string `json:"paths"`
		} `json:"weightsManifest"`
	}
	if err := json.Unmarshal(raw, &mf); err != nil {
		return "", fmt.Errorf("%s: %w: model.json: %w", where, ErrModel, err)
	}
	for _, g := range mf.WeightsManifest {
		for _, p := range g.Paths {
			if err := hashFile(h, fsys, p); err != nil {
				return "", fmt.Errorf("%s: read weight shard: %w", where, err)
			}
		}
	}
	if err := hashFile(h, fsys, "vocab.json"); err != nil {
		return "", fmt.Errorf("%s: read vocabulary: %w", where, err)
	}
	return "use-lite-" + hex.EncodeToString(h.Sum(nil))[:12], nil
}

func hashFile(h io.Writer, fsys fs.FS, name string) error {
	f, err := fsys.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(h, f)
	return err
}
