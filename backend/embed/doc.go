// Package embed turns chunk text into vectors: LSA fitted to the corpus (the offline default), an offline hashed-feature embedder that needs no fitting, and an adapter for OpenAI-compatible embedding clients.
package embed
