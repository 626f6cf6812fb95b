package glove

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"unicode/utf8"
)

// The table file, little-endian:
//
//	magic "CGLV" | version u16 | dims u16 | count u32
//	count rows of (scale f32, dims × int8), in frequency order
//	count words of (length u8, UTF-8 bytes), in the same order
//
// and nothing after. Row order is the word's frequency rank, which is all
// SIF needs to estimate p(w); the sha256 of the whole file is the model hash.
const (
	magic      = "CGLV"
	version    = 1
	headerSize = 4 + 2 + 2 + 4

	// Bounds that keep a corrupt or hostile header from asking for
	// gigabytes: the real table is 100 dims × 100k words (11 MB).
	maxDims  = 1024
	maxCount = 1 << 21
	maxFile  = 256 << 20
	maxWord  = 255
)

// ErrCorrupt is returned for a table file that is not a valid table.
var ErrCorrupt = errors.New("glove: corrupt table")

// Encode writes words and their vectors as a table, quantising each row to
// int8 with its own scale (max |v| / 127), which keeps cosines within about
// 1e-3 of the float vectors at a quarter of the size.
func Encode(w io.Writer, words []string, vectors [][]float32) error {
	if len(words) == 0 || len(words) != len(vectors) || len(words) > maxCount {
		return fmt.Errorf("glove: encode %d words with %d vectors", len(words), len(vectors))
	}
	dims := len(vectors[0])
	if dims == 0 || dims > maxDims {
		return fmt.Errorf("glove: encode %d dims: want 1..%d", dims, maxDims)
	}
	seen := make(map[string]struct{}, len(words))
	for i, word := range words {
		if len(word) == 0 || len(word) > maxWord || !utf8.ValidString(word) {
			return fmt.Errorf("glove: encode word %d %q: empty, longer than %d bytes or not UTF-8", i, word, maxWord)
		}
		if _, dup := seen[word]; dup {
			return fmt.Errorf("glove: encode word %d %q: duplicate", i, word)
		}
		seen[word] = struct{}{}
		if len(vectors[i]) != dims {
			return fmt.Errorf("glove: encode word %q: %d dims, want %d", word, len(vectors[i]), dims)
		}
	}
	bw := bufio.NewWriter(w)
	hdr := make([]byte, headerSize)
	copy(hdr, magic)
	binary.LittleEndian.PutUint16(hdr[4:], version)
	binary.LittleEndian.PutUint16(hdr[6:], uint16(dims))
	binary.LittleEndian.PutUint32(hdr[8:], uint32(len(words)))
	bw.Write(hdr)
	row := make([]byte, 4+dims)
	for i, v := range vectors {
		scale, err := quantise(v, row[4:])
		if err != nil {
			return fmt.Errorf("glove: encode word %q: %w", words[i], err)
		}
		binary.LittleEndian.PutUint32(row, math.Float32bits(scale))
		bw.Write(row)
	}
	for _, word := range words {
		bw.WriteByte(byte(len(word)))
		bw.WriteString(word)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("glove: write table: %w", err)
	}
	return nil
}

func quantise(v []float32, q []byte) (float32, error) {
	var maxAbs float64
	for _, x := range v {
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, errors.New("value not finite")
		}
		maxAbs = max(maxAbs, math.Abs(f))
	}
	if maxAbs == 0 {
		clear(q)
		return 0, nil
	}
	scale := maxAbs / 127
	for i, x := range v {
		q[i] = byte(int8(max(-127, min(127, math.Round(float64(x)/scale)))))
	}
	return float32(scale), nil
}

// decode parses a whole table held in memory, checking every length
// against the bytes actually present before it allocates for it.
func decode(b []byte) (*Model, error) {
	if len(b) < headerSize || string(b[:4]) != magic {
		return nil, fmt.Errorf("%w: bad magic or short header", ErrCorrupt)
	}
	if v := binary.LittleEndian.Uint16(b[4:]); v != version {
		return nil, fmt.Errorf("%w: version %d, want %d", ErrCorrupt, v, version)
	}
	dims := int(binary.LittleEndian.Uint16(b[6:]))
	count := int(binary.LittleEndian.Uint32(b[8:]))
	if dims == 0 || dims > maxDims || count == 0 || count > maxCount {
		return nil, fmt.Errorf("%w: %d dims × %d words out of range", ErrCorrupt, dims, count)
	}
	rowsEnd := headerSize + count*(4+dims)
	// Each word takes at least two bytes (length and one byte).
	if len(b) < rowsEnd+2*count {
		return nil, fmt.Errorf("%w: %d bytes cannot hold %d rows of %d dims", ErrCorrupt, len(b), count, dims)
	}
	m := &Model{
		dims:   dims,
		scales: make([]float32, count),
		values: make([]int8, count*dims),
		words:  make([]string, count),
		index:  make(map[string]int32, count),
	}
	off := headerSize
	for i := range count {
		s := math.Float32frombits(binary.LittleEndian.Uint32(b[off:]))
		if math.IsNaN(float64(s)) || math.IsInf(float64(s), 0) || s < 0 {
			return nil, fmt.Errorf("%w: row %d has scale %v", ErrCorrupt, i, s)
		}
		m.scales[i] = s
		for j, x := range b[off+4 : off+4+dims] {
			m.values[i*dims+j] = int8(x)
		}
		off += 4 + dims
	}
	for i := range count {
		if off >= len(b) {
			return nil, fmt.Errorf("%w: word list ends at word %d of %d", ErrCorrupt, i, count)
		}
		n := int(b[off])
		off++
		if n == 0 || off+n > len(b) {
			return nil, fmt.Errorf("%w: word %d has length %d past the end", ErrCorrupt, i, n)
		}
		w := string(b[off : off+n])
		off += n
		if !utf8.ValidString(w) {
			return nil, fmt.Errorf("%w: word %d is not UTF-8", ErrCorrupt, i)
		}
		if _, dup := m.index[w]; dup {
			return nil, fmt.Errorf("%w: word %q appears twice", ErrCorrupt, w)
		}
		m.words[i] = w
		m.index[w] = int32(i)
	}
	if off != len(b) {
		return nil, fmt.Errorf("%w: %d bytes after the word list", ErrCorrupt, len(b)-off)
	}
	return m, nil
}
