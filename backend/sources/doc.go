// Package sources reads the documents of a workspace for people: one document's body with its indexed
// chunks located in it, and the list of documents with their index status.
package sources
