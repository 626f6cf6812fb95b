// Package cache keeps sentence vectors on disk so that none is computed
// twice. A USE-lite vector costs tens of milliseconds of CPU; re-indexing a
// workspace, opening a second workspace over the same notes, or rerunning
// the tests would otherwise pay that again for every unchanged chunk.
//
// Rows are keyed by a hash of the embedder's Name and Model together with a
// SHA-256 of the exact text, so vectors of different models never mix. The
// file lives in the user's cache dir, outside any one data dir, and is shared
// by every workspace and process (SQLite does the locking). It is bounded:
// least-recently-used rows are evicted past Options.MaxBytes. Being only a
// cache, a damaged file is replaced and a failing read or write degrades to
// computing the vectors, with a warning, instead of failing the embedding.
package cache
