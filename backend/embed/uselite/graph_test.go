package uselite

import (
	"errors"
	"testing"
)

func node(name, op string, inputs ...string) nodeDef {
	return nodeDef{Name: name, Op: op, Input: inputs}
}

// tinyGraph is out = Sum(Reshape(Relu(x·w + bias) * (one+two), Shape(x)), 1)
// for x [2,2], exercising folding, a weight kernel, a view and release.
func tinyGraph() ([]nodeDef, map[string]*Tensor) {
	defs := []nodeDef{
		node("x", "Placeholder"),
		node("w", "Const"), node("bias", "Const"), node("one", "Const"), node("two", "Const"), node("axis", "Const"),
		node("three", "Add", "one", "two"),
		node("mm", "MatMul", "x", "w"),
		node("b", "BiasAdd", "mm", "bias"),
		node("r", "Relu", "b"),
		node("s", "Mul", "r", "three"),
		node("shape", "Shape", "x"),
		node("rs", "Reshape", "s", "shape"),
		node("out", "Sum", "rs", "axis"),
	}
	weights := map[string]*Tensor{
		"w":    f32(sh(2, 2), 1, -1, 2, 1),
		"bias": f32(sh(2), 0, 1),
		"one":  f32(nil, 1),
		"two":  f32(nil, 2),
		"axis": i32(nil, 1),
	}
	return defs, weights
}

func TestCompileAndRun(t *testing.T) {
	defs, weights := tinyGraph()
	g, err := compile(defs, weights)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range g.nodes {
		if n.def.Name == "three" && !n.static {
			t.Error("Add of two constants was not folded")
		}
	}
	a := &arena{}
	x := f32(sh(2, 2), 1, 2, -3, 1)
	// x·w = [5 1; -1 4], + bias = [5 2; -1 5], relu = [5 2; 0 5], *3, row sums.
	want := f32(sh(2), 21, 15)
	for run := range 3 { // reruns reuse released buffers; results must not change
		got, err := g.run(a, map[string]*Tensor{"x": x})
		if err != nil {
			t.Fatal(err)
		}
		if msg := sameTensor(got, want); msg != "" {
			t.Errorf("run %d: %s", run, msg)
		}
	}
	if x.f[0] != 1 || x.f[2] != -3 {
		t.Errorf("evaluation wrote into its input: %v", x.f)
	}
	if _, err := g.run(a, nil); !errors.Is(err, ErrGraph) {
		t.Errorf("run without feeds: err = %v, want ErrGraph", err)
	}
}

func TestCompileRejects(t *testing.T) {
	cases := []struct {
		name string
		edit func(defs []nodeDef, w map[string]*Tensor) []nodeDef
		want error
	}{
		{"unknown op", func(d []nodeDef, _ map[string]*Tensor) []nodeDef {
			return append(d, node("extra", "Erf", "out"))
		}, ErrUnsupported},
		{"two outputs", func(d []nodeDef, _ map[string]*Tensor) []nodeDef {
			return append(d, node("other", "Relu", "x"))
		}, ErrUnsupported},
		{"unknown input", func(d []nodeDef, _ map[string]*Tensor) []nodeDef {
			d[len(d)-1].Input = []string{"rs", "nope"}
			return d
		}, ErrModel},
		{"constant without weight", func(d []nodeDef, w map[string]*Tensor) []nodeDef {
			delete(w, "bias")
			return d
		}, ErrModel},
		{"control input", func(d []nodeDef, _ map[string]*Tensor) []nodeDef {
			d[len(d)-1].Input = append(d[len(d)-1].Input, "^x")
			return d
		}, ErrUnsupported},
		{"cycle", func(d []nodeDef, _ map[string]*Tensor) []nodeDef {
			for k := range d {
				if d[k].Name == "b" {
					d[k] = node("b", "Add", "mm", "s") // b → r → s → b
				}
			}
			return d
		}, ErrModel},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defs, w := tinyGraph()
			if _, err := compile(c.edit(defs, w), w); !errors.Is(err, c.want) {
				t.Errorf("err = %v, want %v", err, c.want)
			}
		})
	}
}

func TestArenaReuse(t *testing.T) {
	a := &arena{}
	first := a.float(sh(100))
	p := &first.f[0]
	a.release(first)
	second := a.float(sh(120)) // same size class (128)
	if &second.f[0] != p {
		t.Error("released buffer was not reused")
	}
	if len(second.f) != 120 {
		t.Errorf("len %d, want 120", len(second.f))
	}
	a.release(second)
	a.release(second) // a second release of the same tensor must not double-free
	x, y := a.float(sh(128)), a.float(sh(128))
	if &x.f[0] == &y.f[0] {
		t.Error("one buffer handed out twice")
	}
	c := f32(sh(2), 1, 2) // not from an arena: never taken
	a.release(c)
	if c.f == nil {
		t.Error("released a tensor the arena does not own")
	}
}
