// Continuity checks new content against everything a team already
// published. Run bare it opens the desktop app; with a command it is the
// CLI. main only wires the embedded assets to the CLI and the shell.
package main

import (
	"context"
	"embed"
	"io/fs"
	"os"
	"os/signal"
	"syscall"

	"continuity/app"
	"continuity/backend/cli"
	"continuity/backend/models"
)

//go:embed all:frontend/dist
var assets embed.FS

//go:embed all:corpus
var bundledSample embed.FS

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	sample, err := fs.Sub(bundledSample, "corpus")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder
	}
	web, err := fs.Sub(assets, "frontend/dist")
	if err != nil {
		panic(err)
	}
	models.SetEmbedded(bundledModels())
	code := cli.Main(ctx, os.Args[1:], cli.IO{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, WebUI: web}, sample, app.Desktop(assets))
	stop()
	os.Exit(code)
}
