package check

import (
	"context"
	"fmt"

	"continuity/backend/calibrate/stored"
	"continuity/backend/claims"
	"continuity/backend/session"
)

// applyCalibration gives e the workspace's calibrated contradicted
// threshold (`continuity calibrate`) and returns what the report says of
// it: "" when the workspace has none. A threshold fitted for another
// model is not applied, and the report says so.
func applyCalibration(ctx context.Context, s *session.Session, e *claims.OfflineEngine) (string, error) {
	ws, err := s.WorkspaceID(ctx)
	if err != nil {
		return "", err
	}
	t, ok, err := stored.Load(ctx, s.DB, ws)
	if err != nil || !ok {
		return "", err
	}
	name, err := e.ModelName()
	if err != nil {
		return "", err
	}
	if t.Model != name {
		return fmt.Sprintf("calibrated threshold not applied: it was fitted for %s, this check uses %s (run continuity calibrate again)", t.Model, name), nil
	}
	e.ContradictedThreshold = t.Threshold
	return t.Describe(), nil
}
