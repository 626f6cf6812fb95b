package cache

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/store"
)

func TestOpenReplacesUnusableFile(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		prepare func(t *testing.T, path string)
	}{
		{"garbage bytes", func(t *testing.T, path string) {
			junk := []byte(strings.Repeat("not a database, just bytes\x00\xff", 200))
			if err := os.WriteFile(path, junk, 0o600); err != nil {
				t.Fatal(err)
			}
		}},
		{"truncated database header", func(t *testing.T, path string) {
			if err := os.WriteFile(path, []byte("SQLite format 3\x00\x10\x00"), 0o600); err != nil {
				t.Fatal(err)
			}
		}},
		{"foreign database with a clashing table", func(t *testing.T, path string) {
			db, err := store.Open(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if _, err := db.Writer().Exec(`CREATE TABLE vectors (id INTEGER PRIMARY KEY, note TEXT)`); err != nil {
				t.Fatal(err)
			}
		}},
		{"migration recorded but tables missing", func(t *testing.T, path string) {
			c, err := Open(context.Background(), path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if _, err := c.db.Writer().Exec(`DROP TABLE meta`); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), FileName)
			tc.prepare(t, path)
			log, buf := newLog()
			c := openAt(t, path, Options{Log: log})
			if buf.count("embedding cache unusable; replacing it") != 1 {
				t.Errorf("want one replacement warning, log:\n%s", buf)
			}
			if _, err := os.Stat(path + ".corrupt"); err != nil {
				t.Errorf("damaged file not kept aside: %v", err)
			}
			f := newFake("fake", "m1")
			mustEmbed(t, c.Wrap(f), f, []string{"p", "q"})
			mustEmbed(t, c.Wrap(f), f, []string{"q", "p"})
			if n := len(f.Calls()); n != 1 || c.Stats().Failures != 0 {
				t.Errorf("replaced cache: %d inner calls (want 1), stats %+v, log:\n%s", n, c.Stats(), buf)
			}
		})
	}
}

// Errors that replacing the file cannot fix are returned, and the path is
// left as it was.
func TestOpenFailsWhenPathCannotHoldACache(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		prepare func(t *testing.T, dir string) string
	}{
		{"path is a directory", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, FileName)
			if err := os.MkdirAll(filepath.Join(p, "keep"), 0o700); err != nil {
				t.Fatal(err)
			}
			return p
		}},
		{"parent is a regular file", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "file")
			if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
				t.Fatal(err)
			}
			return filepath.Join(p, FileName)
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			path := tc.prepare(t, dir)
			log, buf := newLog()
			c, err := Open(context.Background(), path, Options{Log: log})
			if err == nil {
				c.Close()
				t.Fatalf("Open(%s) succeeded", path)
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name the path", err)
			}
			if buf.count("replacing") != 0 {
				t.Errorf("tried to replace a path it cannot fix:\n%s", buf)
			}
			if _, err := os.Stat(path + ".corrupt"); err == nil {
				t.Errorf("moved %s aside", path)
			}
		})
	}
}

func TestCancelledOpenDoesNotReplace(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), FileName)
	if err := os.WriteFile(path, []byte("garbage garbage garbage garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if c, err := Open(ctx, path, Options{}); err == nil {
		c.Close()
		t.Fatal("Open with a cancelled context succeeded")
	}
	if _, err := os.Stat(path + ".corrupt"); err == nil {
		t.Error("a cancelled Open moved the file aside")
	}
}

func TestDefaultPath(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name, env string
		want      func(t *testing.T) string
	}{
		{"env var wins", filepath.Join(dir, "override"), func(*testing.T) string {
			return filepath.Join(dir, "override", FileName)
		}},
		{"empty env var falls back to the user cache dir", "", func(t *testing.T) string {
			base, err := os.UserCacheDir()
			if err != nil {
				t.Fatal(err)
			}
			return filepath.Join(base, "continuity", FileName)
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(EnvDir, tc.env)
			t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "xdg")) // keep the fallback off the real cache dir on Linux
			got, err := DefaultPath()
			if err != nil {
				t.Fatal(err)
			}
			if want := tc.want(t); got != want {
				t.Errorf("DefaultPath() = %q, want %q", got, want)
			}
		})
	}
}
