package uselite

import (
	"fmt"
	"strconv"
	"strings"
)

// kernel computes one node's outputs from its inputs. Kernels never write
// into their inputs and, unless the op is listed in viewOps, return freshly
// allocated outputs, so the arena may recycle them once they are dead.
type kernel func(a *arena, in []*Tensor) ([]*Tensor, error)

// builder turns a node definition into its kernel, reading attributes once.
type builder func(n *nodeDef) (kernel, error)

// viewOps return outputs that share their first input's data.
var viewOps = map[string]bool{"Reshape": true, "ExpandDims": true, "Squeeze": true}

type valueRef struct{ node, out int }

type gnode struct {
	def    *nodeDef
	run    kernel
	inputs []valueRef
	static bool // depends on no Placeholder: computed once at load
	view   bool // output shares its first input's data (viewOps, folded BiasAdds)
	// prod is the weight-specialised product the node runs, if any.
	prod *product
	// release lists the non-view values whose data is dead once this node
	// has run, views of them included.
	release []valueRef
}

// graph is a compiled model: nodes in topological order, pruned to what the
// output needs, constant subgraphs already evaluated.
type graph struct {
	nodes        []gnode
	consts       [][]*Tensor
	placeholders map[string]int
	output       valueRef
}

func parseRef(s string) (string, int, error) {
	if strings.HasPrefix(s, "^") {
		return "", 0, fmt.Errorf("%w: control input %s", ErrUnsupported, s)
	}
	name, idx, ok := strings.Cut(s, ":")
	if !ok {
		return s, 0, nil
	}
	k, err := strconv.Atoi(idx)
	if err != nil {
		return "", 0, fmt.Errorf("%w: input %q", ErrModel, s)
	}
	return name, k, nil
}

// compile orders defs topologically from the single sink, builds kernels,
// and folds every node that does not depend on a Placeholder.
func compile(defs []nodeDef, weights map[string]*Tensor) (*graph, error) {
	byName := make(map[string]int, len(defs))
	for k := range defs {
		byName[defs[k].Name] = k
	}
	consumed := make([]bool, len(defs))
	for _, d := range defs {
		for _, in := range d.Input {
			name, _, err := parseRef(in)
			if err != nil {
				return nil, err
			}
			j, ok := byName[name]
			if !ok {
				return nil, fmt.Errorf("%w: node %s reads unknown %s", ErrModel, d.Name, name)
			}
			consumed[j] = true
		}
	}
	sink := -1
	for k := range defs {
		if !consumed[k] && defs[k].Op != "Const" && defs[k].Op != "Placeholder" {
			if sink >= 0 {
				return nil, fmt.Errorf("%w: graph has several outputs (%s, %s)", ErrUnsupported, defs[sink].Name, defs[k].Name)
			}
			sink = k
		}
	}
	if sink < 0 {
		return nil, fmt.Errorf("%w: graph has no output", ErrModel)
	}

	// Depth-first post-order from the sink: a topological order that
	// leaves out whatever the output does not need.
	order := make([]int, 0, len(defs))
	state := make([]uint8, len(defs)) // 0 new, 1 on stack, 2 done
	var visit func(k int) error
	visit = func(k int) error {
		switch state[k] {
		case 1:
			return fmt.Errorf("%w: cycle through %s", ErrModel, defs[k].Name)
		case 2:
			return nil
		}
		state[k] = 1
		for _, in := range defs[k].Input {
			name, _, _ := parseRef(in)
			if err := visit(byName[name]); err != nil {
				return err
			}
		}
		state[k] = 2
		order = append(order, k)
		return nil
	}
	if err := visit(sink); err != nil {
		return nil, err
	}

	g := &graph{placeholders: map[string]int{}}
	pos := make(map[int]int, len(order))
	for p, k := range order {
		pos[k] = p
		d := &defs[k]
		n := gnode{def: d, view: viewOps[d.Op]}
		for _, in := range d.Input {
			name, out, _ := parseRef(in)
			n.inputs = append(n.inputs, valueRef{pos[byName[name]], out})
		}
		switch d.Op {
		case "Placeholder":
			g.placeholders[d.Name] = p
		case "Const":
			if _, ok := weights[d.Name]; !ok {
				return nil, fmt.Errorf("%w: no weight for constant %s", ErrModel, d.Name)
			}
			n.static = true
		default:
			b, ok := builders[d.Op]
			if !ok {
				return nil, fmt.Errorf("%w: op %s (node %s)", ErrUnsupported, d.Op, d.Name)
			}
			run, err := b(d)
			if err != nil {
				return nil, fmt.Errorf("build %s: %w", d.Name, err)
			}
			n.run = run
			n.static = true
			for _, r := range n.inputs {
				n.static = n.static && g.nodes[r.node].static
			}
		}
		g.nodes = append(g.nodes, n)
	}
	g.output = valueRef{len(g.nodes) - 1, 0}
	if err := g.fold(weights); err != nil {
		return nil, err
	}
	if err := g.prepareWeights(); err != nil {
		return nil, err
	}
	g.planRelease()
	return g, nil
}

// fold evaluates the static nodes once; evaluation then skips them.
func (g *graph) fold(weights map[string]*Tensor) error {
	g.consts = make([][]*Tensor, len(g.nodes))
	a := &arena{}
	for p := range g.nodes {
		n := &g.nodes[p]
		if !n.static {
			continue
		}
		if n.def.Op == "Const" {
			g.consts[p] = []*Tensor{weights[n.def.Name]}
			continue
		}
		out, err := n.run(a, g.inputsOf(n, g.consts))
		if err != nil {
			return fmt.Errorf("fold %s: %w", n.def.Name, err)
		}
		for _, t := range out {
			t.pooled = false // folded values live as long as the graph
		}
		g.consts[p] = out
	}
	return nil
}

func (g *graph) inputsOf(n *gnode, vals [][]*Tensor) []*Tensor {
	in := make([]*Tensor, len(n.inputs))
	for k, r := range n.inputs {
		if r.out < len(vals[r.node]) {
			in[k] = vals[r.node][r.out]
		}
	}
	return in
}

// run evaluates the graph for the given Placeholder values.
func (g *graph) run(a *arena, feeds map[string]*Tensor) (*Tensor, error) {
	vals := make([][]*Tensor, len(g.nodes))
	for name, p := range g.placeholders {
		t, ok := feeds[name]
		if !ok {
			return nil, fmt.Errorf("%w: no value for placeholder %s", ErrGraph, name)
		}
		vals[p] = []*Tensor{t}
	}
	for p := range g.nodes {
		n := &g.nodes[p]
		if n.static {
			vals[p] = g.consts[p]
			continue
		}
		if n.run == nil {
			continue
		}
		in := g.inputsOf(n, vals)
		for k, t := range in {
			if t == nil {
				return nil, fmt.Errorf("%w: node %s input %d is missing", ErrGraph, n.def.Name, k)
			}
		}
		out, err := n.run(a, in)
		if err != nil {
			return nil, fmt.Errorf("%s (%s): %w", n.def.Name, n.def.Op, err)
		}
		vals[p] = out
		for _, r := range n.release {
			a.release(vals[r.node][r.out])
		}
	}
	o := vals[g.output.node]
	if g.output.out >= len(o) {
		return nil, fmt.Errorf("%w: output %v missing", ErrGraph, g.output)
	}
	return o[g.output.out], nil
}
