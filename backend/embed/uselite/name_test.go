package uselite

import (
	"os"
	"path/filepath"
	"testing"
)

// NameFS names the model as loading it does, and fails where loading would
// on a missing file.
func TestNameFSIsTheLoadedName(t *testing.T) {
	dir := modelDir(t)
	enc := encoder(t)
	name, err := NameFS(os.DirFS(dir), dir)
	if err != nil {
		t.Fatal(err)
	}
	if name != enc.Name() {
		t.Fatalf("NameFS = %q, LoadFS named it %q", name, enc.Name())
	}
	empty := t.TempDir()
	if err := os.WriteFile(filepath.Join(empty, "model.json"), []byte(`{"weightsManifest":[{"paths":["gone"]}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NameFS(os.DirFS(empty), empty); err == nil {
		t.Fatal("NameFS of a model without its shard: no error")
	}
}
