package evalrun

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"continuity/backend/corpus"
)

// ErrVary marks a --vary mistake (unknown key, bad value, a grid too
// large): the faces report it as a usage error.
var ErrVary = errors.New("bad --vary")

// MaxConfigs caps the configurations one experiment may build and run:
// each may need its own index, and each runs the whole golden set.
const MaxConfigs = 8

// The settings an experiment can vary.
const (
	VaryChunk    = "chunk"    // words per chunk (corpus.ChunkOptions.Size)
	VaryOverlap  = "overlap"  // words repeated between pieces of a long paragraph
	VaryK        = "k"        // passages retrieved per question
	VaryEmbedder = "embedder" // what ranks passages: lsa or use-lite
)

// VaryKeys are the keys --vary accepts, in reporting order.
var VaryKeys = []string{VaryChunk, VaryOverlap, VaryK, VaryEmbedder}

// The embedders an experiment may choose between.
const (
	EmbedderLSA     = "lsa"      // the corpus-fitted LSA model (the product default)
	EmbedderUSELite = "use-lite" // the pretrained USE-lite encoder, when installed
)

// Embedders are the values of the embedder key.
var Embedders = []string{EmbedderLSA, EmbedderUSELite}

// bounds of the numeric keys, inclusive.
var bounds = map[string][2]int{VaryChunk: {20, 2000}, VaryOverlap: {0, 1000}, VaryK: {1, 50}}

// Config is one configuration of the built-in pipeline.
type Config struct {
	Chunk    int    `json:"chunk"`
	Overlap  int    `json:"overlap"`
	K        int    `json:"k"`
	Embedder string `json:"embedder"` // lsa, use-lite, or the workspace's remote model ("remote:MODEL")
}

// DefaultConfig is what a regular run uses with the default settings.
func DefaultConfig() Config {
	return Config{Chunk: corpus.DefaultChunkOptions.Size, Overlap: corpus.DefaultChunkOptions.Overlap, K: 8, Embedder: EmbedderLSA}
}

// value is the configuration's setting of key, as --vary spells it.
func (c Config) value(key string) string {
	switch key {
	case VaryChunk:
		return strconv.Itoa(c.Chunk)
	case VaryOverlap:
		return strconv.Itoa(c.Overlap)
	case VaryK:
		return strconv.Itoa(c.K)
	}
	return c.Embedder
}

func (c *Config) set(key, v string) {
	n, _ := strconv.Atoi(v) // validated by ParseVary
	switch key {
	case VaryChunk:
		c.Chunk = n
	case VaryOverlap:
		c.Overlap = n
	case VaryK:
		c.K = n
	default:
		c.Embedder = v
	}
}

// String names every setting: "chunk=200 overlap=40 k=8 embedder=lsa".
func (c Config) String() string { return c.label(VaryKeys) }

func (c Config) label(keys []string) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + c.value(k)
	}
	return strings.Join(parts, " ")
}

// IndexHash names the index folder of the configuration over content: k
// only changes the search, so configurations that differ in k share one.
func (c Config) IndexHash(content string) string {
	if abs, err := filepath.Abs(content); err == nil {
		content = abs
	}
	sum := sha256.Sum256([]byte(fmt.Sprintf("chunk=%d\noverlap=%d\nembedder=%s\ncontent=%s\n",
		c.Chunk, c.Overlap, c.Embedder, filepath.Clean(content))))
	return hex.EncodeToString(sum[:6])
}

// Vary is a parsed set of --vary flags: the keys in the order given and
// each key's values.
type Vary struct {
	Keys   []string
	Values map[string][]string
}

// ParseVary parses --vary KEY=V1,V2 flags. A key given twice, an unknown
// key, a value out of range or repeated, and a grid of more than
// MaxConfigs configurations are errors wrapping ErrVary.
func ParseVary(specs []string) (Vary, error) {
	v := Vary{Values: map[string][]string{}}
	for _, spec := range specs {
		key, list, ok := strings.Cut(spec, "=")
		key = strings.TrimSpace(key)
		if !ok || key == "" || strings.TrimSpace(list) == "" {
			return Vary{}, fmt.Errorf("%w: %q: want KEY=VALUE[,VALUE...] with KEY one of %s", ErrVary, spec, strings.Join(VaryKeys, ", "))
		}
		if !slices.Contains(VaryKeys, key) {
			return Vary{}, fmt.Errorf("%w: unknown key %q: want one of %s", ErrVary, key, strings.Join(VaryKeys, ", "))
		}
		if _, dup := v.Values[key]; dup {
			return Vary{}, fmt.Errorf("%w: key %q given twice: list its values in one --vary %s=A,B", ErrVary, key, key)
		}
		var vals []string
		for _, s := range strings.Split(list, ",") {
			s = strings.TrimSpace(s)
			if err := checkValue(key, s); err != nil {
				return Vary{}, err
			}
			if slices.Contains(vals, s) {
				return Vary{}, fmt.Errorf("%w: %s=%s is listed twice", ErrVary, key, s)
			}
			vals = append(vals, s)
		}
		v.Keys = append(v.Keys, key)
		v.Values[key] = vals
	}
	if n := v.Size(); n > MaxConfigs {
		return Vary{}, fmt.Errorf("%w: the grid has %d configurations (%s); at most %d are allowed", ErrVary, n, v.sizes(), MaxConfigs)
	}
	return v, nil
}

func checkValue(key, s string) error {
	if key == VaryEmbedder {
		if !slices.Contains(Embedders, s) {
			return fmt.Errorf("%w: embedder=%q: want one of %s", ErrVary, s, strings.Join(Embedders, ", "))
		}
		return nil
	}
	n, err := strconv.Atoi(s)
	b := bounds[key]
	if err != nil || n < b[0] || n > b[1] {
		return fmt.Errorf("%w: %s=%q: want a whole number from %d to %d", ErrVary, key, s, b[0], b[1])
	}
	return nil
}

// Size is the number of configurations in the grid.
func (v Vary) Size() int {
	if len(v.Keys) == 0 {
		return 0
	}
	n := 1
	for _, k := range v.Keys {
		n *= len(v.Values[k])
	}
	return n
}

func (v Vary) sizes() string {
	parts := make([]string, len(v.Keys))
	for i, k := range v.Keys {
		parts[i] = fmt.Sprintf("%d %s", len(v.Values[k]), k)
	}
	return strings.Join(parts, " × ")
}

// LabelKeys are the keys a column is named by: those with more than one
// value, or all of them when none has.
func (v Vary) LabelKeys() []string {
	var keys []string
	for _, k := range v.Keys {
		if len(v.Values[k]) > 1 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return v.Keys
	}
	return keys
}

// Grid is every combination of the varied values, the other settings
// taken from base, in the order the flags and values were given. An
// overlap not below its chunk size is an error wrapping ErrVary.
func (v Vary) Grid(base Config) ([]Config, error) {
	out := []Config{base}
	for _, k := range v.Keys {
		var next []Config
		for _, c := range out {
			for _, val := range v.Values[k] {
				c.set(k, val)
				next = append(next, c)
			}
		}
		out = next
	}
	for _, c := range out {
		if c.Overlap >= c.Chunk {
			return nil, fmt.Errorf("%w: overlap=%d must be below chunk=%d", ErrVary, c.Overlap, c.Chunk)
		}
	}
	return out, nil
}
