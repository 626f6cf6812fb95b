package vector

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
)

const magic = "CVEC1\n"

// ErrStale means the file does not belong to the expected generation or model.
var ErrStale = errors.New("vector file is stale")

// Save writes the store atomically (temp file, fsync, rename) tagged with gen.
func (s *Store) Save(path string, gen int64) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	tmp, err := os.CreateTemp(filepath.Dir(path), ".vectors-*")
	if err != nil {
		return fmt.Errorf("save vectors: %w", err)
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriterSize(tmp, 1<<20)
	hdr := []any{int64(gen), int32(s.dim), int32(len(s.ids)), int32(len(s.model))}
	w.WriteString(magic)
	for _, h := range hdr {
		if err := binary.Write(w, binary.LittleEndian, h); err != nil {
			return fmt.Errorf("save vectors: %w", err)
		}
	}
	w.WriteString(s.model)
	for _, id := range s.ids {
		binary.Write(w, binary.LittleEndian, int32(len(id)))
		w.WriteString(id)
	}
	buf := make([]byte, 4)
	for _, x := range s.data {
		binary.LittleEndian.PutUint32(buf, math.Float32bits(x))
		w.Write(buf)
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return fmt.Errorf("save vectors: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("save vectors: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("save vectors: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("save vectors: %w", err)
	}
	return nil
}

// Load reads a file written by Save, returning ErrStale when its
// generation or model differ from what the registry expects.
func Load(path, model string, gen int64) (*Store, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("load vectors: %w", err)
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	head := make([]byte, len(magic))
	if _, err := io.ReadFull(r, head); err != nil || string(head) != magic {
		return nil, fmt.Errorf("load vectors %s: bad header: %w", path, ErrStale)
	}
	var g int64
	var dim, n, ml int32
	for _, p := range []any{&g, &dim, &n, &ml} {
		if err := binary.Read(r, binary.LittleEndian, p); err != nil {
			return nil, fmt.Errorf("load vectors %s: %w", path, err)
		}
	}
	if g != gen || dim < 0 || n < 0 || ml < 0 || ml > 4096 {
		return nil, fmt.Errorf("load vectors %s: generation %d, want %d: %w", path, g, gen, ErrStale)
	}
	mb := make([]byte, ml)
	if _, err := io.ReadFull(r, mb); err != nil || string(mb) != model {
		return nil, fmt.Errorf("load vectors %s: model %q, want %q: %w", path, mb, model, ErrStale)
	}
	s := New(model, int(dim))
	s.ids = make([]string, n)
	for i := range s.ids {
		var l int32
		if err := binary.Read(r, binary.LittleEndian, &l); err != nil || l < 0 || l > 1<<16 {
			return nil, fmt.Errorf("load vectors %s: id %d: %w", path, i, ErrStale)
		}
		b := make([]byte, l)
		if _, err := io.ReadFull(r, b); err != nil {
			return nil, fmt.Errorf("load vectors %s: %w", path, err)
		}
		s.ids[i] = string(b)
		s.pos[s.ids[i]] = i
	}
	raw := make([]byte, int(n)*int(dim)*4)
	if _, err := io.ReadFull(r, raw); err != nil {
		return nil, fmt.Errorf("load vectors %s: truncated: %w", path, ErrStale)
	}
	s.data = make([]float32, int(n)*int(dim))
	for i := range s.data {
		s.data[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[i*4:]))
	}
	return s, nil
}
