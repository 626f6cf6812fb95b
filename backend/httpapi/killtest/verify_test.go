package killtest

import (
	"context"
	"slices"
	"testing"

	"continuity/backend/golden"
	"continuity/backend/session"
)

// checkRuns: every acknowledged run is there, and every run there is whole.
func checkRuns(t *testing.T, srv, token, base string, acked []string) {
	t.Helper()
	var list struct {
		Runs []struct {
			ID string `json:"run_id"`
		} `json:"runs"`
	}
	if patient(srv, token, "GET", base+"/runs", nil, &list) != 200 {
		t.Fatal("list runs after the restart")
	}
	var stored []string
	for _, r := range list.Runs {
		if !isRun(r.ID) {
			continue
		}
		stored = append(stored, r.ID)
		var one struct {
			Results []any `json:"results"`
		}
		if patient(srv, token, "GET", base+"/runs/"+r.ID, nil, &one) != 200 || len(one.Results) != resultsPerRun {
			t.Errorf("run %s after the restart holds %d of its %d results", r.ID, len(one.Results), resultsPerRun)
		}
	}
	for _, id := range acked {
		if !slices.Contains(stored, id) {
			t.Errorf("acknowledged run %s is gone after the restart", id)
		}
	}
}

// checkAudit: every acknowledged write has its audit entry.
func checkAudit(t *testing.T, srv, token string, runs, edits int) {
	t.Helper()
	var log struct {
		Entries []struct {
			Action string `json:"action"`
		} `json:"entries"`
	}
	if patient(srv, token, "GET", "/api/v1/audit-log?limit=10000", nil, &log) != 200 {
		t.Fatal("audit log after the restart")
	}
	count := map[string]int{}
	for _, e := range log.Entries {
		count[e.Action]++
	}
	if count["run.create"] < runs || count["golden.edit"] < edits {
		t.Errorf("audit log: %d run.create, %d golden.edit; acknowledged %d and %d", count["run.create"], count["golden.edit"], runs, edits)
	}
}

// checkEdits opens the workspace's database itself: every acknowledged edit
// is in the version the server answered with, and every version is whole.
func checkEdits(t *testing.T, ctx context.Context, data, ws string, acked []ackedEdit) {
	t.Helper()
	s, err := session.Open(ctx, session.Options{DataDir: data, CorpusFlag: ws})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	id, err := s.WorkspaceID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	repo, err := golden.NewRepo(ctx, s.DB, id)
	if err != nil {
		t.Fatal(err)
	}
	versions, err := repo.Versions(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	first := versions[len(versions)-1].RowCount
	for _, v := range versions {
		rows, err := repo.VersionRows(ctx, "sample", v.Version)
		if err != nil || len(rows) != first {
			t.Errorf("version %d after the restart: %d rows, %v; want %d", v.Version, len(rows), err, first)
		}
	}
	for _, e := range acked {
		rows, err := repo.VersionRows(ctx, "sample", e.version)
		if err != nil {
			t.Errorf("acknowledged version %d is gone: %v", e.version, err)
			continue
		}
		if i := slices.IndexFunc(rows, func(r golden.Row) bool { return r.ID == e.row }); i < 0 || rows[i].Owner != e.value {
			t.Errorf("version %d does not hold the acknowledged edit %s owner=%s", e.version, e.row, e.value)
		}
	}
}
