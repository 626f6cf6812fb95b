package cache

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"

	"continuity/backend/embed"
)

// Wrap returns an Embedder with inner's Name and Model that computes only
// the texts the cache does not hold.
func (c *Cache) Wrap(inner embed.Embedder) embed.Embedder {
	return &cached{c: c, inner: inner}
}

type cached struct {
	c     *Cache
	inner embed.Embedder
}

func (e *cached) Name() string  { return e.inner.Name() }
func (e *cached) Model() string { return e.inner.Model() }

// SharesVectors says the cache file keeps what this embedder computes, so
// a caller (a data dir's index) may keep a reference instead of a second
// copy and ask again. After any failed cache read or write in this process
// it says false: keeping a copy is then the safe choice.
func (e *cached) SharesVectors() bool { return e.c.failures.Load() == 0 }

type digest = [sha256.Size]byte

// modelKey is read on every call, not fixed at Wrap, in case the inner
// embedder's model can change under it.
func modelKey(name, model string) []byte {
	k := sha256.Sum256([]byte(name + "\x00" + model))
	return k[:]
}

// Embed looks every distinct text up, computes the misses in one inner
// call, stores them in one transaction and returns vectors in input order.
// Problems with the cache file are logged once per call and never fail it.
func (e *cached) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("cached embed: %w", err)
	}
	if len(texts) == 0 {
		return [][]float32{}, nil
	}
	c := e.c
	name, model := e.inner.Name(), e.inner.Model()
	key := modelKey(name, model)
	now := c.now().Unix()

	// pos maps each input to its distinct text, so duplicates cost one
	// lookup and at most one computation.
	pos := make([]int, len(texts))
	index := make(map[digest]int, len(texts))
	var hashes []digest
	var uniq []string
	for i, t := range texts {
		h := sha256.Sum256([]byte(t))
		u, ok := index[h]
		if !ok {
			u = len(hashes)
			index[h] = u
			hashes = append(hashes, h)
			uniq = append(uniq, t)
		}
		pos[i] = u
	}

	var problems []error
	found, damaged, err := c.lookup(ctx, key, hashes, now)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("cached embed: %w", ctx.Err())
		}
		problems = append(problems, err)
	}
	if damaged > 0 {
		problems = append(problems, fmt.Errorf("%d cached vectors malformed; recomputing them", damaged))
	}

	vecs := make([][]float32, len(hashes))
	var touch []digest
	var missIdx []int
	var missTexts []string
	for u, h := range hashes {
		if f, ok := found[h]; ok {
			vecs[u] = f.vec
			if f.stale {
				touch = append(touch, h)
			}
			continue
		}
		missIdx = append(missIdx, u)
		missTexts = append(missTexts, uniq[u])
	}

	var fresh []entry
	if len(missTexts) > 0 {
		computed, err := e.inner.Embed(ctx, missTexts)
		if err != nil {
			return nil, fmt.Errorf("embed %d uncached texts with %s %s: %w", len(missTexts), name, model, err)
		}
		if len(computed) != len(missTexts) {
			return nil, fmt.Errorf("embed with %s %s: %d vectors for %d texts", name, model, len(computed), len(missTexts))
		}
		var unstorable int
		for j, u := range missIdx {
			vecs[u] = computed[j]
			// Encoded now, before the caller can touch the slice.
			if blob, ok := encode(computed[j]); ok {
				fresh = append(fresh, entry{hash: hashes[u], dim: len(computed[j]), blob: blob})
			} else {
				unstorable++
			}
		}
		if unstorable > 0 {
			problems = append(problems, fmt.Errorf("%d vectors from %s %s are empty or not finite; not cached", unstorable, name, model))
		}
	}

	if len(fresh) > 0 || len(touch) > 0 {
		if err := c.write(ctx, key, fresh, touch, now); err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("cached embed: %w", ctx.Err())
			}
			problems = append(problems, err)
		}
	}

	c.hits.Add(int64(len(hashes) - len(missIdx)))
	c.misses.Add(int64(len(missIdx)))
	if len(problems) > 0 {
		c.failures.Add(1)
		c.log.Warn("embedding cache degraded; vectors computed without it",
			"path", c.path, "embedder", name, "model", model, "texts", len(texts), "err", errors.Join(problems...))
	}

	out := make([][]float32, len(texts))
	given := make([]bool, len(hashes))
	for i, u := range pos {
		if given[u] {
			// A caller normalising one result in place must not change
			// its duplicate.
			out[i] = slices.Clone(vecs[u])
			continue
		}
		given[u] = true
		out[i] = vecs[u]
	}
	return out, nil
}
