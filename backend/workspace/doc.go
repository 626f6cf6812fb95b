// Package workspace resolves where things live: the data dir, the corpus
// workspace (published content, guidelines, drafts, golden set) and the
// bundled sample workspace that first runs open.
package workspace
