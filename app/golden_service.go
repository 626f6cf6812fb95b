package app

import "os"

// GoldenService manages golden question sets.
type GoldenService struct{ c *core }

// WorkspaceFile reports the workspace's golden set file.
func (s *GoldenService) WorkspaceFile() (GoldenStatusDTO, error) {
	s.c.ready()
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return GoldenStatusDTO{}, err
	}
	_, statErr := os.Stat(ws.GoldenPath())
	return GoldenStatusDTO{Path: ws.GoldenPath(), Exists: statErr == nil}, nil
}
