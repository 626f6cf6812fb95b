package httpapi

import (
	"sync"

	"continuity/backend/golden"
)

// rowCache keeps decoded golden-set versions. A saved version never
// changes (every edit saves a new one), so a cached version is never
// stale while its set lives; a set deleted or renamed is forgotten, since
// a new set of that name starts again at version 1. The cache only saves
// decoding the same rows for every reader.
type rowCache struct {
	mu    sync.Mutex
	rows  map[rowKey][]golden.Row
	order []rowKey // oldest first, for a bounded size
}

type rowKey struct {
	workspace, set string
	version        int
}

const rowCacheSize = 64

func (c *rowCache) get(k rowKey) ([]golden.Row, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.rows[k]
	return r, ok
}

func (c *rowCache) put(k rowKey, rows []golden.Row) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.rows == nil {
		c.rows = map[rowKey][]golden.Row{}
	}
	if _, ok := c.rows[k]; ok {
		return
	}
	if len(c.order) == rowCacheSize {
		delete(c.rows, c.order[0])
		c.order = c.order[1:]
	}
	c.rows[k] = rows
	c.order = append(c.order, k)
}

// forget drops every cached version of a set: it was deleted or renamed.
func (c *rowCache) forget(workspace, set string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	kept := c.order[:0]
	for _, k := range c.order {
		if k.workspace == workspace && k.set == set {
			delete(c.rows, k)
			continue
		}
		kept = append(kept, k)
	}
	c.order = kept
}
