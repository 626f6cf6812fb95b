// Package goldenstale finds the golden rows the corpus has moved away
// from: reference documents gone, archived or renamed, supporting lines no
// longer in their documents (golden.FindStale), and approved answers the
// offline claims engine finds contradicted by the published corpus. The
// CLI's `golden validate` and `eval`, and the desktop's Golden view and run
// panel, all ask this package.
package goldenstale
