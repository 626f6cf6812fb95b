package claims

import (
	"testing"

	"continuity/backend/models"
)

// A check made while $CONTINUITY_MODELS points at an empty folder must not
// leave the process's later checks without GloVe: the app test that
// flagged a supported approved answer as contradicted ran after one.
func TestDefaultResourcesFollowTheModelsSetting(t *testing.T) {
	t.Setenv(models.EnvDir, t.TempDir())
	if r := DefaultResources(); r.GloVe != nil {
		t.Fatal("an empty models folder gave GloVe")
	}
	t.Setenv(models.EnvDir, "")
	if r := DefaultResources(); r.GloVe == nil {
		t.Fatalf("after the setting is cleared GloVe must be found again: %v", r.Notes)
	}
}
