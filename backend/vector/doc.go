// Package vector is exact cosine search over contiguous, normalised float32 vectors held in memory; the index keeps them durable in SQLite and rebuilds the store at open.
package vector
