// Package corpus loads published documents (Markdown with front matter, HTML, plain text) and cuts them into heading-aware chunks.
package corpus
