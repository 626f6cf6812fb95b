// Package index keeps the hybrid index of the published corpus: a SQLite registry as the source of truth (documents, chunks, cached vectors and the fitted embedding model), with bleve and the in-memory vectors as rebuildable caches.
package index
