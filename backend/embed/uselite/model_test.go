package uselite

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// writeModel writes a model.json with the given manifest weights and one
// shard holding shard, into a fresh directory.
func writeModel(t *testing.T, weights []weightSpec, shard []byte) string {
	t.Helper()
	dir := t.TempDir()
	mf := map[string]any{
		"modelTopology": map[string]any{"node": []map[string]any{
			{"name": "w", "op": "Const"},
			{"name": "pad", "op": "Conv2D", "input": []string{"w", "w"},
				"attr": map[string]any{"padding": map[string]any{"s": []int{86, 65, 76, 73, 68}}}},
		}},
		"weightsManifest": []map[string]any{{"paths": []string{"group1-shard1of1"}, "weights": weights}},
	}
	raw, err := json.Marshal(mf)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "model.json"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if shard != nil {
		if err := os.WriteFile(filepath.Join(dir, "group1-shard1of1"), shard, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func le(vals ...uint32) []byte {
	b := make([]byte, 4*len(vals))
	for k, v := range vals {
		binary.LittleEndian.PutUint32(b[4*k:], v)
	}
	return b
}

func TestReadModel(t *testing.T) {
	specs := []weightSpec{
		{Name: "w", Shape: []int{2}, Dtype: "float32"},
		{Name: "n", Shape: []int{}, Dtype: "int32"},
	}
	shard := le(math.Float32bits(1.5), math.Float32bits(-2), uint32(0xFFFFFFFF))
	dir := writeModel(t, specs, shard)
	h := sha256.New()
	defs, weights, err := readModel(os.DirFS(dir), h)
	if err != nil {
		t.Fatal(err)
	}
	if msg := sameTensor(weights["w"], f32(sh(2), 1.5, -2)); msg != "" {
		t.Errorf("w: %s", msg)
	}
	if msg := sameTensor(weights["n"], i32([]int{}, -1)); msg != "" {
		t.Errorf("n: %s", msg)
	}
	if pad, err := defs[1].attrString("padding"); err != nil || pad != "VALID" {
		t.Errorf("byte-array string attr = %q, %v; want VALID", pad, err)
	}
	manifest, err := os.ReadFile(filepath.Join(dir, "model.json"))
	if err != nil {
		t.Fatal(err)
	}
	if want := sha256.Sum256(append(manifest, shard...)); string(h.Sum(nil)) != string(want[:]) {
		t.Error("hash is not over model.json then the shards")
	}
}

func TestReadModelRejects(t *testing.T) {
	f := []weightSpec{{Name: "w", Shape: []int{2}, Dtype: "float32"}}
	cases := []struct {
		name  string
		specs []weightSpec
		shard []byte
		want  error
	}{
		{"quantized weights", []weightSpec{{Name: "w", Shape: []int{2}, Dtype: "float32",
			Quantization: json.RawMessage(`{"dtype":"uint8","scale":0.1,"min":0}`)}}, le(1, 2), ErrUnsupported},
		{"unknown dtype", []weightSpec{{Name: "w", Shape: []int{2}, Dtype: "complex64"}}, le(1, 2), ErrUnsupported},
		{"shard too short", f, le(1), ErrModel},
		{"shard too long", f, le(1, 2, 3), ErrModel},
		{"missing shard", f, nil, fs.ErrNotExist},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := readModel(os.DirFS(writeModel(t, c.specs, c.shard)), sha256.New())
			if !errors.Is(err, c.want) {
				t.Errorf("err = %v, want %v", err, c.want)
			}
		})
	}
}

func TestLoadMissingDir(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "absent"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("err = %v, want fs.ErrNotExist", err)
	}
}
