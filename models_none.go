//go:build !embedmodels

package main

import "io/fs"

// bundledModels is nil in a build without -tags embedmodels: the models
// are then found in the folders models.Candidates lists.
func bundledModels() fs.FS { return nil }
