//go:build embedmodels

package main

import (
	"embed"
	"io/fs"
)

// embeddedModels are the offline models compiled in by `make cli-embedded`
// (-tags embedmodels): the folders `make models` fills, so the binary finds
// them in any folder, with nothing installed beside it.
//
//go:embed models/use-lite models/glove models/wordnet
var embeddedModels embed.FS

// bundledModels is use-lite/, glove/ and wordnet/ at the root, as in models/.
func bundledModels() fs.FS {
	sub, err := fs.Sub(embeddedModels, "models")
	if err != nil {
		panic(err) // the embed patterns guarantee the folder
	}
	return sub
}
