package uselite

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/bits"
	"strconv"
	"unsafe"
)

// modelFile is the part of a TF.js graph-model model.json this package reads.
type modelFile struct {
	ModelTopology struct {
		Node []nodeDef `json:"node"`
	} `json:"modelTopology"`
	WeightsManifest []weightGroup `json:"weightsManifest"`
}

type weightGroup struct {
	Paths   []string     `json:"paths"`
	Weights []weightSpec `json:"weights"`
}

type weightSpec struct {
	Name         string          `json:"name"`
	Shape        []int           `json:"shape"`
	Dtype        string          `json:"dtype"`
	Quantization json.RawMessage `json:"quantization"`
}

type nodeDef struct {
	Name  string          `json:"name"`
	Op    string          `json:"op"`
	Input []string        `json:"input"`
	Attr  map[string]attr `json:"attr"`
}

// attr is a TF AttrValue as the TF.js converter writes it: int64 values may
// be JSON strings, byte strings may be base64 or arrays of bytes.
type attr struct {
	I    json.RawMessage `json:"i"`
	B    *bool           `json:"b"`
	Type json.RawMessage `json:"type"`
	S    json.RawMessage `json:"s"`
	List *struct {
		I []json.RawMessage `json:"i"`
	} `json:"list"`
}

func parseInt(raw json.RawMessage) (int, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return strconv.Atoi(s)
	}
	var n int
	err := json.Unmarshal(raw, &n)
	return n, err
}

// attrInt reads an int attribute, or def when the node does not set it.
func (n *nodeDef) attrInt(name string, def int) (int, error) {
	a, ok := n.Attr[name]
	if !ok || len(a.I) == 0 {
		return def, nil
	}
	v, err := parseInt(a.I)
	if err != nil {
		return 0, fmt.Errorf("%w: node %s attr %s: %w", ErrModel, n.Name, name, err)
	}
	return v, nil
}

func (n *nodeDef) attrBool(name string) bool {
	a, ok := n.Attr[name]
	return ok && a.B != nil && *a.B
}

func (n *nodeDef) attrInts(name string) ([]int, error) {
	a, ok := n.Attr[name]
	if !ok || a.List == nil {
		return nil, nil
	}
	out := make([]int, len(a.List.I))
	for k, raw := range a.List.I {
		v, err := parseInt(raw)
		if err != nil {
			return nil, fmt.Errorf("%w: node %s attr %s: %w", ErrModel, n.Name, name, err)
		}
		out[k] = v
	}
	return out, nil
}

func (n *nodeDef) attrString(name string) (string, error) {
	a, ok := n.Attr[name]
	if !ok || len(a.S) == 0 {
		return "", nil
	}
	var b64 string
	if err := json.Unmarshal(a.S, &b64); err == nil {
		raw, err := base64.StdEncoding.DecodeString(b64)
		if err != nil {
			return "", fmt.Errorf("%w: node %s attr %s: %w", ErrModel, n.Name, name, err)
		}
		return string(raw), nil
	}
	var bytes []byte
	var ints []int
	if err := json.Unmarshal(a.S, &ints); err != nil {
		return "", fmt.Errorf("%w: node %s attr %s: %w", ErrModel, n.Name, name, err)
	}
	for _, v := range ints {
		bytes = append(bytes, byte(v))
	}
	return string(bytes), nil
}

// attrType maps a TF DataType enum to the dtype that carries it here.
func (n *nodeDef) attrType(name string) (dtype, error) {
	a, ok := n.Attr[name]
	if !ok || len(a.Type) == 0 {
		return 0, fmt.Errorf("%w: node %s has no attr %s", ErrModel, n.Name, name)
	}
	v, err := parseInt(a.Type)
	if err != nil {
		return 0, fmt.Errorf("%w: node %s attr %s: %w", ErrModel, n.Name, name, err)
	}
	switch v {
	case 1: // DT_FLOAT
		return dtFloat, nil
	case 3, 9: // DT_INT32, DT_INT64
		return dtInt, nil
	case 10: // DT_BOOL
		return dtBool, nil
	}
	return 0, fmt.Errorf("%w: node %s attr %s: TF dtype %d", ErrUnsupported, n.Name, name, v)
}

// readModel parses model.json in fsys and decodes every weight in its
// manifest, writing the bytes of model.json and then of each shard to sum.
func readModel(fsys fs.FS, sum io.Writer) ([]nodeDef, map[string]*Tensor, error) {
	raw, err := fs.ReadFile(fsys, "model.json")
	if err != nil {
		return nil, nil, fmt.Errorf("read model: %w", err)
	}
	_, _ = sum.Write(raw) // a hash, or io.Discard: never fails
	var mf modelFile
	if err := json.Unmarshal(raw, &mf); err != nil {
		return nil, nil, fmt.Errorf("%w: model.json: %w", ErrModel, err)
	}
	if len(mf.ModelTopology.Node) == 0 {
		return nil, nil, fmt.Errorf("%w: model.json has no graph nodes", ErrModel)
	}
	weights := map[string]*Tensor{}
	for _, g := range mf.WeightsManifest {
		if err := readGroup(fsys, g, weights, sum); err != nil {
			return nil, nil, err
		}
	}
	return mf.ModelTopology.Node, weights, nil
}

// readGroup decodes one manifest group: its shards concatenated hold its
// weights back to back, little-endian. The shards are read once into one
// float32 array that the weights then share (a load used to grow a byte
// slice shard by shard and copy every weight out of it: about 0.2 s of a
// CLI check).
func readGroup(fsys fs.FS, g weightGroup, into map[string]*Tensor, sum io.Writer) error {
	total, sizes := 0, make([]int, len(g.Paths))
	for i, p := range g.Paths {
		// fs paths are slash-separated and cannot leave fsys, so a manifest
		// naming ../something fails here instead of reading outside the model
		st, err := fs.Stat(fsys, p)
		if err != nil {
			return fmt.Errorf("read weight shard: %w", err)
		}
		sizes[i] = int(st.Size())
		total += sizes[i]
	}
	words := make([]float32, (total+3)/4)
	buf := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), 4*len(words))[:total] //nolint:gosec // a float32 array seen as its bytes, to read into it in place
	at := 0
	for i, p := range g.Paths {
		if err := readShard(fsys, p, buf[at:at+sizes[i]]); err != nil {
			return err
		}
		_, _ = sum.Write(buf[at : at+sizes[i]]) // a hash, or io.Discard: never fails
		at += sizes[i]
	}
	if !littleEndian() {
		for k, w := range words {
			words[k] = math.Float32frombits(bits.ReverseBytes32(math.Float32bits(w)))
		}
	}
	off := 0
	for _, w := range g.Weights {
		if len(w.Quantization) > 0 && string(w.Quantization) != "null" {
			return fmt.Errorf("%w: quantized weight %s", ErrUnsupported, w.Name)
		}
		n := numElements(w.Shape)
		if off+4*n > total {
			return fmt.Errorf("%w: weight %s runs past the end of its shards", ErrModel, w.Name)
		}
		// full slice expressions: an append to one weight must never write into the next
		f := words[off/4 : off/4+n : off/4+n]
		off += 4 * n
		switch w.Dtype {
		case "float32":
			into[w.Name] = newFloat(w.Shape, f)
		case "int32":
			v := make([]int32, n)
			for k := range v {
				v[k] = int32(math.Float32bits(f[k]))
			}
			into[w.Name] = newInt(w.Shape, v)
		default:
			return fmt.Errorf("%w: weight %s has dtype %q", ErrUnsupported, w.Name, w.Dtype)
		}
	}
	if off != total {
		return fmt.Errorf("%w: shards hold %d bytes, manifest describes %d", ErrModel, total, off)
	}
	return nil
}

// readShard fills dst, sized by a Stat of shard p, with the shard.
func readShard(fsys fs.FS, p string, dst []byte) error {
	f, err := fsys.Open(p)
	if err != nil {
		return fmt.Errorf("read weight shard: %w", err)
	}
	defer f.Close()
	if _, err := io.ReadFull(f, dst); err != nil {
		return fmt.Errorf("read weight shard %s: %w", p, err)
	}
	return nil
}

// littleEndian reports the host's byte order; the shards are little-endian.
func littleEndian() bool { return binary.NativeEndian.Uint16([]byte{1, 0}) == 1 }
