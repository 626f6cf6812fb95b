package session

import (
	"context"
	"errors"
	"testing"
	"testing/fstest"

	"continuity/backend/settings"
	"continuity/backend/workspace"
)

// The workspace in force is --corpus, then $CONTINUITY_CORPUS, then the
// saved corpus folder, then the sample; each folder keeps one id.
func TestCurrentSaysWhichWorkspaceIsInForce(t *testing.T) { // not parallel: sets $CONTINUITY_CORPUS
	flag, env, saved := t.TempDir(), t.TempDir(), t.TempDir()
	sample := fstest.MapFS{"content/a.md": {Data: []byte("# A\n")}}
	cases := []struct {
		name, flag, env, saved string
		want                   Source
		wantRoot               string // "" = the sample in the data dir
	}{
		{"--corpus wins over everything", flag, env, saved, FromFlag, flag},
		{"then the environment", "", env, saved, FromEnv, env},
		{"then the saved folder", "", "", saved, FromSettings, saved},
		{"then the bundled sample", "", "", "", FromSample, ""},
	}
	ids := map[string]string{}
	data := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv(workspace.EnvCorpus, c.env)
			s, err := Open(context.Background(), Options{DataDir: data, CorpusFlag: c.flag, Sample: sample})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			st := settings.Defaults()
			st.CorpusDir = c.saved
			if err := s.Settings.Save(context.Background(), st); err != nil {
				t.Fatal(err)
			}
			cur, err := s.Current(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if cur.Source != c.want || cur.Saved != c.saved || (c.wantRoot != "" && cur.Root != c.wantRoot) || cur.ID == "" {
				t.Fatalf("current %+v; want source %s, root %s, saved %q", cur, c.want, c.wantRoot, c.saved)
			}
			if prev, seen := ids[cur.Root]; seen && prev != cur.ID {
				t.Fatalf("%s changed id: %s then %s", cur.Root, prev, cur.ID)
			}
			ids[cur.Root] = cur.ID
		})
	}
	if len(ids) != 4 {
		t.Fatalf("four folders, ids %v", ids)
	}
}

// A folder chosen in a running session takes effect at once, is saved,
// and outranks the launch choice from then on.
func TestSwitchWorkspaceReplacesTheLaunchChoice(t *testing.T) { // not parallel: sets $CONTINUITY_CORPUS
	ctx := context.Background()
	flag, env, chosen := t.TempDir(), t.TempDir(), t.TempDir()
	t.Setenv(workspace.EnvCorpus, env)
	s, err := Open(ctx, Options{DataDir: t.TempDir(), CorpusFlag: flag, Sample: fstest.MapFS{"a.md": {Data: []byte("# A\n")}}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	before, err := s.Current(ctx)
	if err != nil || before.Source != FromFlag {
		t.Fatalf("before: %+v, %v", before, err)
	}
	cases := []struct {
		name, dir string
		want      Source
		wantRoot  string
	}{
		{"a folder", chosen, FromSettings, chosen},
		{"clearing it goes back to the launch folder", "", FromFlag, flag},
		{"a folder again", chosen, FromSettings, chosen},
	}
	for _, c := range cases {
		cur, err := s.SwitchWorkspace(ctx, c.dir)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		st, _ := s.Settings.Load(ctx)
		if cur.Source != c.want || (c.wantRoot != "" && cur.Root != c.wantRoot) || st.CorpusDir != c.dir || (cur.ID == before.ID) != (c.want == FromFlag) {
			t.Fatalf("%s: current %+v, saved %q", c.name, cur, st.CorpusDir)
		}
	}
	if _, err := s.SwitchWorkspace(ctx, "/no/such/folder"); !errors.Is(err, workspace.ErrNotWorkspace) {
		t.Fatalf("a missing folder: %v, want ErrNotWorkspace", err)
	}
	if cur, _ := s.Current(ctx); cur.Source != FromSettings || cur.Root != chosen {
		t.Fatalf("a refused switch changed the workspace: %+v", cur)
	}
}

// Without a launch folder, clearing the corpus folder opens the sample.
func TestClearingTheFolderWithoutALaunchFolderOpensTheSample(t *testing.T) { // not parallel: sets $CONTINUITY_CORPUS
	ctx := context.Background()
	t.Setenv(workspace.EnvCorpus, "")
	s, err := Open(ctx, Options{DataDir: t.TempDir(), Sample: fstest.MapFS{"a.md": {Data: []byte("# A\n")}}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.SwitchWorkspace(ctx, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	cur, err := s.SwitchWorkspace(ctx, "")
	if err != nil || cur.Source != FromSample {
		t.Fatalf("cleared: %+v, %v; want the sample", cur, err)
	}
}
