package ingest

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Kinds of source.
const (
	KindFolder     = "folder"
	KindWXR        = "wxr"
	KindGhost      = "ghost"
	KindZendesk    = "zendesk"
	KindHTMLFolder = "html_folder"
	KindSitemap    = "sitemap"
)

// Kinds lists the kinds a source can be added as, in the order a picker
// shows them.
func Kinds() []string {
	return []string{KindWXR, KindGhost, KindZendesk, KindHTMLFolder, KindFolder, KindSitemap}
}

// Source is one registered source of documents and what its last sync did.
type Source struct {
	Name     string    `json:"name"`
	Kind     string    `json:"kind"`
	Location string    `json:"location"` // absolute file or folder path, or a URL
	LastSync time.Time `json:"last_sync,omitzero"`
	Counts   Counts    `json:"counts"`
	Skipped  []Skip    `json:"skipped"`
	// LastError is why the last sync failed; the documents of the sync
	// before it are kept.
	LastError string `json:"last_error,omitempty"`
}

// Counts are a sync's numbers: documents the source now holds, files
// written, left unchanged and removed, items skipped.
type Counts struct {
	Documents int `json:"documents"`
	Written   int `json:"written"`
	Unchanged int `json:"unchanged"`
	Removed   int `json:"removed"`
	Skipped   int `json:"skipped"`
}

type registryFile struct {
	Version int      `json:"version"`
	Sources []Source `json:"sources"`
}

// RegistryPath is where a workspace keeps its list of sources.
func RegistryPath(root string) string { return filepath.Join(root, ".continuity", "sources.json") }

func loadRegistry(root string) ([]Source, error) {
	p := RegistryPath(root)
	raw, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sources registry: %w", err)
	}
	var f registryFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, jsonError(p, raw, err)
	}
	return f.Sources, nil
}

func saveRegistry(root string, srcs []Source) error {
	p := RegistryPath(root)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("sources registry: %w", err)
	}
	if srcs == nil {
		srcs = []Source{}
	}
	raw, err := json.MarshalIndent(registryFile{Version: 1, Sources: srcs}, "", "  ")
	if err != nil {
		return fmt.Errorf("sources registry: %w", err)
	}
	return writeAtomic(p, append(raw, '\n'))
}
