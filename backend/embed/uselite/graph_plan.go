package uselite

import "fmt"

// prepareWeights swaps in the weight-specialised kernels of products whose
// right operand folded to a constant.
func (g *graph) prepareWeights() error {
	for p := range g.nodes {
		n := &g.nodes[p]
		wk, ok := weightKernels[n.def.Op]
		if !ok || n.static || len(n.inputs) < 2 || !g.nodes[n.inputs[1].node].static {
			continue
		}
		w := g.consts[n.inputs[1].node][n.inputs[1].out]
		src := n.inputs[0].node
		for g.nodes[src].view {
			src = g.nodes[src].inputs[0].node
		}
		prod, err := wk(n.def, w, g.nodes[src].def.Op == "Relu")
		if err != nil {
			return fmt.Errorf("prepare %s: %w", n.def.Name, err)
		}
		if prod != nil {
			n.run, n.prod = prod.run, prod
			n.inputs = n.inputs[:1] // the weight now lives in the kernel
		}
	}
	if foldBiasAdds {
		g.foldBiases()
	}
	// Drop constants only the replaced kernels read, so the weights are
	// not held twice.
	used := make([]bool, len(g.nodes))
	for p := range g.nodes {
		if !g.nodes[p].static {
			for _, r := range g.nodes[p].inputs {
				used[r.node] = true
			}
		}
	}
	for p := range g.nodes {
		if g.nodes[p].static && !used[p] && p != g.output.node {
			g.consts[p] = nil
		}
	}
	return nil
}

// foldBiasAdds turns on foldBiases; tests turn it off to compare.
var foldBiasAdds = true

// foldBiases moves each BiasAdd of a constant bias into the product it
// reads, when nothing else reads that product (through views): the kernel
// adds the bias in its last store instead of a pass over the whole output,
// with the same rounding, and the BiasAdd becomes a view.
func (g *graph) foldBiases() {
	readers := make([]int, len(g.nodes))
	for p := range g.nodes {
		if !g.nodes[p].static {
			for _, r := range g.nodes[p].inputs {
				readers[r.node]++
			}
		}
	}
	for p := range g.nodes {
		n := &g.nodes[p]
		if n.def.Op != "BiasAdd" || n.static || len(n.inputs) != 2 || !g.nodes[n.inputs[1].node].static {
			continue
		}
		bias := g.consts[n.inputs[1].node][n.inputs[1].out]
		src := n.inputs[0].node
		for g.nodes[src].view && readers[src] == 1 {
			src = g.nodes[src].inputs[0].node
		}
		prod := g.nodes[src].prod
		if prod == nil || readers[src] != 1 || bias.dt != dtFloat || bias.rank() != 1 || !prod.foldBias(bias.f) {
			continue
		}
		n.run, n.view = passThrough, true
		n.inputs = n.inputs[:1]
	}
}

func passThrough(_ *arena, in []*Tensor) ([]*Tensor, error) {
	return []*Tensor{in[0].view(in[0].shape)}, nil
}

// planRelease finds, for every dynamic value that owns its data, the last
// node that reads it or any view of it.
func (g *graph) planRelease() {
	root := make(map[valueRef]valueRef)
	last := make(map[valueRef]int)
	rootOf := func(r valueRef) valueRef {
		if x, ok := root[r]; ok {
			return x
		}
		return r
	}
	for p := range g.nodes {
		n := &g.nodes[p]
		if n.static {
			continue
		}
		for _, r := range n.inputs {
			if !g.nodes[r.node].static {
				last[rootOf(r)] = p
			}
		}
		if n.view && len(n.inputs) > 0 {
			root[valueRef{p, 0}] = rootOf(n.inputs[0])
		}
	}
	out := rootOf(g.output)
	for r, p := range last {
		if src := g.nodes[r.node]; r != out && !src.static && src.def.Op != "Placeholder" {
			g.nodes[p].release = append(g.nodes[p].release, r)
		}
	}
}
