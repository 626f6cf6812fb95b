// Package lexical is the BM25 index over chunks, built on bleve with an English analyzer stemmed by kljensen/snowball.
package lexical
