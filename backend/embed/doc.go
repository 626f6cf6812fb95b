// Package embed turns chunk text into vectors: an offline hashed-feature embedder and an adapter for OpenAI-compatible embedding clients.
package embed
