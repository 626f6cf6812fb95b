// Package text holds what every piece of user text goes through before
// analysis, so no two packages read the same words differently: the one
// normalization (a leading byte-order mark is dropped, invisible
// characters are removed, digits and full-width forms are folded to
// ASCII, with a map from the normalized text back to the writer's
// bytes), the one sentence splitter and the one English stemmer.
package text
