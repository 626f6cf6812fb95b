package uselite

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

const skipNoModel = "USE-lite model not found: run `make models`"

// modelDir finds the model: $CONTINUITY_MODELS_USE, else models/use-lite in
// the module root above the working directory.
func modelDir(tb testing.TB) string {
	tb.Helper()
	if d := os.Getenv("CONTINUITY_MODELS_USE"); d != "" {
		if _, err := os.Stat(filepath.Join(d, "model.json")); err == nil {
			return d
		}
		tb.Skipf("%s ($CONTINUITY_MODELS_USE=%s has no model.json)", skipNoModel, d)
	}
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			d := filepath.Join(dir, "models", "use-lite")
			if _, err := os.Stat(filepath.Join(d, "model.json")); err == nil {
				return d
			}
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	tb.Skip(skipNoModel)
	return ""
}

// encoder loads the model once per test binary.
func encoder(tb testing.TB) *Encoder {
	tb.Helper()
	dir := modelDir(tb)
	sharedOnce.Do(func() { shared, sharedErr = Load(dir) })
	if sharedErr != nil {
		tb.Fatalf("Load(%s): %v", dir, sharedErr)
	}
	return shared
}

var (
	sharedOnce sync.Once
	shared     *Encoder
	sharedErr  error
)

// goldenFixture is testdata/golden.json, written by testdata/reference.
type goldenFixture struct {
	ModelFilesSHA256 string `json:"model_files_sha256"`
	Tokens           []struct {
		Text string  `json:"text"`
		IDs  []int32 `json:"ids"`
	} `json:"tokens"`
	Vectors []struct {
		Text   string    `json:"text"`
		Vector []float32 `json:"vector"`
	} `json:"vectors"`
	Long []struct {
		Text    string    `json:"text"`
		Tokens  int       `json:"tokens"`
		Windows int       `json:"windows"`
		Vector  []float32 `json:"vector"`
	} `json:"long"`
}

func golden(tb testing.TB) goldenFixture {
	tb.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "golden.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var g goldenFixture
	if err := json.Unmarshal(raw, &g); err != nil {
		tb.Fatal(err)
	}
	return g
}
