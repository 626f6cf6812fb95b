// Package retrieval keeps the hybrid index of the published corpus and
// searches it. A SQLite registry is the source of truth (documents,
// chunks, sentences, cached vectors and the fitted embedding model); bleve
// and the in-memory vectors are rebuildable caches. A sync is authoritative:
// changed documents are deleted then inserted, removed ones pruned,
// unchanged ones skipped by hash. Search fuses the BM25 and vector rankings
// (weighted min-max or reciprocal rank fusion) into hits that keep both ranks.
package retrieval
