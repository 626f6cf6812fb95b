// Package evalwire connects evaluation runs to the real parts: the hybrid
// index, the claim engine, the embedders, the LLM client and golden sets.
package evalwire
