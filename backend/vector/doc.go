// Package vector is exact cosine search over contiguous, normalised float32 vectors, persisted as one file.
package vector
