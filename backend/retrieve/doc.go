// Package retrieve fuses BM25 and vector rankings (reciprocal rank fusion or weighted min-max) into hits that keep both ranks.
package retrieve
