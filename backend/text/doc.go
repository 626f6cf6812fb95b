// Package text holds the one normalization every piece of user text goes
// through before analysis: a leading byte-order mark is dropped, invisible
// characters are removed, and digits and full-width forms are folded to
// ASCII, with a map from the normalized text back to the writer's bytes.
package text
