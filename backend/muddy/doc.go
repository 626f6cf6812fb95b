// Package muddy finds sentences that bind two facts or subjects so loosely
// that a retriever can attach one fact to the wrong subject, and suggests
// how to split them.
package muddy
