package glove

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// tiny is a hand-made table: two directions, with "cat" and "kitten" close.
func tiny(t testing.TB) []byte {
	t.Helper()
	words := []string{"the", "cat", "kitten", "invoice", "long-term"}
	vecs := [][]float32{
		{0.5, 0.5, 0.5, 0.5},
		{1, 0.2, 0, -0.1},
		{0.9, 0.3, 0.1, -0.1},
		{-0.1, 0, 1, 0.4},
		{0, 0, 0, 0},
	}
	var buf bytes.Buffer
	if err := Encode(&buf, words, vecs); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	t.Parallel()
	b := tiny(t)
	m, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if m.Len() != 5 || m.Dims() != 4 || len(m.Hash()) != 64 {
		t.Fatalf("len %d dims %d hash %q", m.Len(), m.Dims(), m.Hash())
	}
	v, ok := m.Vector("cat")
	want := []float32{1, 0.2, 0, -0.1}
	if !ok {
		t.Fatal("cat missing")
	}
	for i := range v {
		// Quantisation error is at most half a step of max|v|/127.
		if math.Abs(float64(v[i]-want[i])) > 0.5/127+1e-6 {
			t.Errorf("cat[%d] = %v, want %v", i, v[i], want[i])
		}
	}
	if r, ok := m.Rank("kitten"); !ok || r != 2 {
		t.Errorf("rank of kitten = %d, %v", r, ok)
	}
	if _, ok := m.Vector("dog"); ok {
		t.Error("dog found in a table without it")
	}
	if s, ok := m.Similarity("long-term", "cat"); !ok || s != 0 {
		t.Errorf("similarity with a zero row = %v, %v; want 0, true", s, ok)
	}
}

func TestDecodeRejectsCorrupt(t *testing.T) {
	t.Parallel()
	good := tiny(t)
	edit := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	rowsEnd := headerSize + 5*(4+4)
	cases := []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"short header", good[:7]},
		{"bad magic", edit(func(b []byte) []byte { b[0] = 'X'; return b })},
		{"future version", edit(func(b []byte) []byte { binary.LittleEndian.PutUint16(b[4:], 2); return b })},
		{"zero dims", edit(func(b []byte) []byte { binary.LittleEndian.PutUint16(b[6:], 0); return b })},
		{"huge dims", edit(func(b []byte) []byte { binary.LittleEndian.PutUint16(b[6:], 60000); return b })},
		{"huge count", edit(func(b []byte) []byte { binary.LittleEndian.PutUint32(b[8:], 1<<30); return b })},
		{"count past the data", edit(func(b []byte) []byte { binary.LittleEndian.PutUint32(b[8:], 50); return b })},
		{"NaN scale", edit(func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[headerSize:], math.Float32bits(float32(math.NaN())))
			return b
		})},
		{"negative scale", edit(func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[headerSize:], math.Float32bits(-1))
			return b
		})},
		{"word length past the end", edit(func(b []byte) []byte { b[len(b)-len("long-term")-1] = 200; return b })},
		{"zero word length", edit(func(b []byte) []byte { b[rowsEnd] = 0; return b })},
		{"duplicate word", edit(func(b []byte) []byte { copy(b[rowsEnd+1+3+1:], "the"); return b })},
		{"invalid UTF-8", edit(func(b []byte) []byte { b[rowsEnd+1] = 0xff; return b })},
		{"truncated words", good[:len(good)-3]},
		{"trailing bytes", append(append([]byte(nil), good...), 0)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if _, err := Decode(c.b); !errors.Is(err, ErrCorrupt) {
				t.Errorf("Decode = %v, want ErrCorrupt", err)
			}
		})
	}
}

func TestEncodeRejectsBadInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		words []string
		vecs  [][]float32
	}{
		{"no words", nil, nil},
		{"count mismatch", []string{"a", "b"}, [][]float32{{1}}},
		{"ragged rows", []string{"a", "b"}, [][]float32{{1, 2}, {1}}},
		{"duplicate", []string{"a", "a"}, [][]float32{{1}, {2}}},
		{"empty word", []string{""}, [][]float32{{1}}},
		{"NaN value", []string{"a"}, [][]float32{{float32(math.NaN())}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if err := Encode(&bytes.Buffer{}, c.words, c.vecs); err == nil {
				t.Error("Encode accepted bad input")
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if _, err := Load(filepath.Join(dir, "none.bin")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v, want ErrNotExist", err)
	}
	bad := filepath.Join(dir, "bad.bin")
	if err := os.WriteFile(bad, []byte("CGLV garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(bad); !errors.Is(err, ErrCorrupt) {
		t.Errorf("corrupt file: %v, want ErrCorrupt", err)
	}
	good := filepath.Join(dir, "good.bin")
	if err := os.WriteFile(good, tiny(t), 0o644); err != nil {
		t.Fatal(err)
	}
	if m, err := Load(good); err != nil || m.Len() != 5 {
		t.Errorf("good file: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	good := tiny(f)
	f.Add(good)
	f.Add(good[:headerSize])
	f.Add(append(append([]byte(nil), good[:headerSize]...), 0, 0, 0x80, 0x3f))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Decode(b)
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		// Whatever decodes must be usable throughout.
		for _, w := range m.words {
			v, ok := m.Vector(w)
			if !ok || len(v) != m.Dims() {
				t.Fatalf("word %q: vector %v, %v", w, v, ok)
			}
			if s, ok := m.Similarity(w, m.words[0]); !ok || math.IsNaN(s) || s > 1+1e-9 || s < -1-1e-9 {
				t.Fatalf("similarity %v, %v", s, ok)
			}
		}
	})
}
