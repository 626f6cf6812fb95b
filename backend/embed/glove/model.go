// Package glove loads the int8 GloVe table made by cmd/glovepack and offers
// word similarity (for synonyms) and a SIF sentence embedder.
package glove

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
)

// FileName is the table's name inside the models folder's glove/ directory.
const FileName = "glove-100d-int8.bin"

// Model is a read-only word table, safe for concurrent use. Rows stay int8
// in memory (10 MB for 100k words) and are scaled on the fly.
type Model struct {
	dims   int
	scales []float32
	values []int8
	words  []string
	index  map[string]int32
	hash   string
}

// Load reads and verifies a table file; the error wraps ErrCorrupt when the
// file is not a valid table.
func Load(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("glove: open table: %w", err)
	}
	defer f.Close()
	return read(f, path)
}

// LoadFS is Load of FileName at the root of fsys (a models folder's glove/
// directory, or the one compiled into a release build).
func LoadFS(fsys fs.FS) (*Model, error) {
	f, err := fsys.Open(FileName)
	if err != nil {
		return nil, fmt.Errorf("glove: open table: %w", err)
	}
	defer f.Close()
	return read(f, FileName)
}

// read decodes a table of at most maxFile bytes from r; path names it in errors.
func read(r io.Reader, path string) (*Model, error) {
	// Sized from Stat where the reader has one, so an 11 MB table is read
	// into one allocation instead of a slice grown a dozen times.
	var buf bytes.Buffer
	if st, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if info, err := st.Stat(); err == nil && info.Size() <= maxFile {
			buf.Grow(int(info.Size()) + bytes.MinRead)
		}
	}
	if _, err := buf.ReadFrom(io.LimitReader(r, maxFile+1)); err != nil {
		return nil, fmt.Errorf("glove: read %s: %w", path, err)
	}
	if buf.Len() > maxFile {
		return nil, fmt.Errorf("%w: %s is larger than %d MB", ErrCorrupt, path, maxFile>>20)
	}
	m, err := Decode(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("glove: load %s: %w", path, err)
	}
	return m, nil
}

// Decode parses a table held in memory (for release builds that embed it).
func Decode(b []byte) (*Model, error) {
	m, err := decode(b)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(b)
	m.hash = hex.EncodeToString(sum[:])
	return m, nil
}

// Hash is the sha256 of the table file, recorded with every vector made
// from it.
func (m *Model) Hash() string { return m.hash }

// Dims is the length of every vector.
func (m *Model) Dims() int { return m.dims }

// Len is the number of words.
func (m *Model) Len() int { return len(m.words) }

// Rank is the word's frequency rank (0 is the most frequent).
func (m *Model) Rank(word string) (int, bool) {
	i, ok := m.index[word]
	return int(i), ok
}

// Vector returns a fresh copy of word's vector; the word must be in the
// table's form (lower case, see Tokens).
func (m *Model) Vector(word string) ([]float32, bool) {
	i, ok := m.index[word]
	if !ok {
		return nil, false
	}
	v := make([]float32, m.dims)
	m.addRow(v, int(i), 1)
	return v, true
}

// addRow adds weight × row i to acc.
func (m *Model) addRow(acc []float32, i int, weight float32) {
	s := m.scales[i] * weight
	row := m.values[i*m.dims : (i+1)*m.dims]
	for j, q := range row {
		acc[j] += s * float32(q)
	}
}

// Similarity is the cosine of two words' vectors; false when either word is
// not in the table. GloVe puts synonyms and antonyms alike close together
// (both share contexts), so pair it with WordNet to tell them apart.
func (m *Model) Similarity(a, b string) (float64, bool) {
	i, ok := m.index[a]
	j, ok2 := m.index[b]
	if !ok || !ok2 {
		return 0, false
	}
	// The per-row scales cancel out of the cosine.
	ra := m.values[int(i)*m.dims : (int(i)+1)*m.dims]
	rb := m.values[int(j)*m.dims : (int(j)+1)*m.dims]
	var dot, na, nb int64
	for k := range ra {
		x, y := int64(ra[k]), int64(rb[k])
		dot += x * y
		na += x * x
		nb += y * y
	}
	if na == 0 || nb == 0 {
		return 0, true
	}
	return float64(dot) / math.Sqrt(float64(na)*float64(nb)), true
}
