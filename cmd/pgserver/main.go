// Command pgserver runs a private, throw-away PostgreSQL for the browser
// suite (scripts/e2e.sh): the same server the Go tests start (pgtest), one
// fresh database, its URL written to a file; SIGTERM stops and removes it.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"continuity/backend/store/pg/pgtest"
)

func main() {
	urlFile := flag.String("url-file", "", "where to write the database's postgres:// URL (required)")
	flag.Parse()
	if *urlFile == "" {
		fmt.Fprintln(os.Stderr, "pgserver: --url-file is required")
		os.Exit(2)
	}
	if err := run(*urlFile); err != nil {
		fmt.Fprintln(os.Stderr, "pgserver:", err)
		os.Exit(1)
	}
}

func run(urlFile string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv, err := pgtest.Start(ctx)
	if err != nil {
		return err
	}
	defer srv.Stop()
	url, err := srv.NewDatabase(ctx)
	if err != nil {
		return err
	}
	// written whole, then renamed, so a reader never sees half a URL
	tmp := urlFile + ".tmp"
	if err := os.WriteFile(tmp, []byte(url+"\n"), 0o600); err != nil {
		return err
	}
	if err := os.Rename(tmp, urlFile); err != nil {
		return err
	}
	<-ctx.Done()
	return nil
}
