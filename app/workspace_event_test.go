package app

import (
	"path/filepath"
	"testing"
)

// workspaceChanges are the workspace events rec saw, each on its channel.
func (r *recorder) workspaceChanges(t *testing.T) []WorkspaceChangedEvent {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []WorkspaceChangedEvent
	for i, e := range r.events {
		ev, ok := e.(WorkspaceChangedEvent)
		if ok != (r.channels[i] == ChannelWorkspaceChanged) {
			t.Fatalf("event %d: %T on channel %q", i, e, r.channels[i])
		}
		if ok {
			out = append(out, ev)
		}
	}
	return out
}

// A switch tells every view at once (issue 29 item 11): which workspace
// is in force now and which was before, the sync bringing the index to it,
// and whether the editor's draft stayed with the previous workspace (the
// working draft is kept per workspace), so an empty editor can say why.
func TestSwitchWorkspaceEmitsTheChange(t *testing.T) { // not parallel: desktop sets $CONTINUITY_CORPUS
	cases := []struct {
		name      string
		draft     string // saved in the first workspace before the switch; "-" saves none
		wantDraft bool
		wantWords int
	}{
		{"a draft stays with the previous workspace", "Refunds are paid within 30 days.\n\nOrders ship in two days.", true, 11},
		{"a draft emptied by the writer is none", " \n\t", false, 0},
		{"no draft ever saved", "-", false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := &recorder{}
			a, b := shippingWorkspace(t), shippingWorkspace(t)
			svc := desktop(t, rec, a)
			before, err := svc.Corpus.Summary()
			mustOK(t, err)
			if c.draft != "-" {
				_, err := svc.Draft.SaveWorkingDraft(c.draft, "", 0)
				mustOK(t, err)
			}

			sw, err := svc.Corpus.SwitchWorkspace(b)
			mustOK(t, err)
			svc.Corpus.c.jobs.wait()
			got := rec.workspaceChanges(t)
			want := WorkspaceChangedEvent{ID: sw.Workspace.ID, Root: b, Name: filepath.Base(b), SyncJobID: sw.JobID,
				PreviousID: before.ID, PreviousRoot: a, PreviousName: filepath.Base(a), PreviousDraft: c.wantDraft, PreviousWords: c.wantWords}
			if len(got) != 1 || got[0] != want {
				t.Fatalf("workspace events %+v\nwant one: %+v", got, want)
			}
			if got[0].ID == got[0].PreviousID {
				t.Fatalf("the two workspaces share the id %s", got[0].ID)
			}
			// the switch's sync names the workspace it read, so a view of
			// another one can drop it
			done := rec.syncsDone()
			rep, ok := done[len(done)-1].Result.(SyncReportDTO)
			if done[len(done)-1].JobID != sw.JobID || !ok || rep.WorkspaceID != sw.Workspace.ID {
				t.Fatalf("the switch's sync: %+v; want a report of workspace %s", done[len(done)-1], sw.Workspace.ID)
			}
			// the new workspace's editor starts empty: the draft stayed behind
			d, err := svc.Draft.WorkingDraft()
			mustOK(t, err)
			if d.Text != "" {
				t.Fatalf("the new workspace's draft is %q", d.Text)
			}

			// coming back names the other folder, whose draft is empty
			_, err = svc.Corpus.SwitchWorkspace(a)
			mustOK(t, err)
			svc.Corpus.c.jobs.wait()
			got = rec.workspaceChanges(t)
			if len(got) != 2 || got[1].ID != before.ID || got[1].PreviousID != sw.Workspace.ID || got[1].PreviousRoot != b || got[1].PreviousDraft {
				t.Fatalf("the switch back: %+v", got)
			}
			if d, err := svc.Draft.WorkingDraft(); err != nil || (c.draft != "-" && d.Text != c.draft) {
				t.Fatalf("the first workspace's draft after coming back: %q, %v; want %q", d.Text, err, c.draft)
			}
		})
	}
}

// A refused switch changes nothing, so it tells no view anything.
func TestRefusedSwitchEmitsNothing(t *testing.T) { // not parallel: desktop sets $CONTINUITY_CORPUS
	cases := []struct{ name, dir string }{
		{"a folder that does not exist", filepath.Join(t.TempDir(), "gone")},
		{"a path with a NUL", "a\x00b"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := &recorder{}
			svc := desktop(t, rec, shippingWorkspace(t))
			if _, err := svc.Corpus.SwitchWorkspace(c.dir); err == nil {
				t.Fatalf("switch to %q: no error", c.dir)
			}
			svc.Corpus.c.jobs.wait()
			if got := rec.workspaceChanges(t); len(got) != 0 {
				t.Fatalf("a refused switch sent %+v", got)
			}
		})
	}
}
