// Package index keeps the hybrid index of the published corpus: a SQLite registry as the source of truth, with bleve and the vector file as rebuildable caches.
package index
