package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// CheckService checks drafts against the corpus.
type CheckService struct{ c *core }

// ListDrafts lists the workspace's sample drafts.
func (s *CheckService) ListDrafts() ([]string, error) {
	s.c.ready()
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return nil, err
	}
	d, err := ws.ListDrafts()
	if d == nil {
		d = []string{}
	}
	return d, err
}

// ReadDraft returns a draft's text. Only a bare file name from the drafts
// folder is accepted: bound methods are callable by any script in the
// webview, so this must never become a general file reader.
func (s *CheckService) ReadDraft(name string) (string, error) {
	s.c.ready()
	if name == "" || name != filepath.Base(name) || strings.ContainsAny(name, `/\`) || strings.HasPrefix(name, ".") {
		return "", fmt.Errorf("invalid draft name %q", name)
	}
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return "", err
	}
	b, err := os.ReadFile(filepath.Join(ws.DraftsDir(), name))
	if err != nil {
		return "", fmt.Errorf("read draft %s: %w", name, err)
	}
	return string(b), nil
}
