// Package pgtest starts a real, private PostgreSQL server for tests: initdb
// and pg_ctl in a temporary folder, listening only on a Unix socket there,
// run as an unprivileged user when the tests run as root (PostgreSQL
// refuses to run as root).
package pgtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"continuity/backend/store/pg"
)

// Server is one running PostgreSQL cluster.
type Server struct {
	dir   string // owned by the server's user; holds data/, the socket and the log
	bin   string
	cred  *syscall.Credential
	admin *sql.DB
}

// Start initialises and starts a cluster. Stop it when done.
func Start(ctx context.Context) (*Server, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "continuity-pg-")
	if err != nil {
		return nil, err
	}
	s := &Server{dir: dir, bin: bin}
	if os.Geteuid() == 0 {
		if s.cred, err = unprivileged(); err != nil {
			_ = os.RemoveAll(dir)
			return nil, err
		}
		if err := os.Chown(dir, int(s.cred.Uid), int(s.cred.Gid)); err != nil {
			_ = os.RemoveAll(dir)
			return nil, err
		}
	}
	data := filepath.Join(dir, "data")
	if err := s.run(ctx, "initdb", "-D", data, "-U", "continuity", "-A", "trust", "--no-sync", "-E", "UTF8", "--no-locale"); err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	opts := fmt.Sprintf("-k %s -c listen_addresses= -c fsync=off -c max_connections=200", dir)
	if err := s.run(ctx, "pg_ctl", "-D", data, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "-o", opts, "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("%w\n%s", err, log)
	}
	if s.admin, err = pg.Open(ctx, s.url("postgres"), 30*time.Second); err != nil {
		s.Stop()
		return nil, err
	}
	return s, nil
}

// NewDatabase creates an empty database of its own and returns its URL,
// so every test starts from nothing.
func (s *Server) NewDatabase(ctx context.Context) (string, error) {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "t_" + hex.EncodeToString(b)
	if _, err := s.admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		return "", fmt.Errorf("create database: %w", err)
	}
	return s.url(name), nil
}

func (s *Server) url(db string) string {
	return "postgres://continuity@/" + db + "?host=" + s.dir + "&sslmode=disable"
}

// Tool runs one of PostgreSQL's client programs (pg_dump, pg_restore, psql)
// as the server's user, in Dir, so its files land where that user may write.
func (s *Server) Tool(ctx context.Context, tool string, args ...string) error {
	return s.run(ctx, tool, args...)
}

// Dir is the cluster's folder, writable by the server's user.
func (s *Server) Dir() string { return s.dir }

// Stop stops the cluster at once and removes its folder.
func (s *Server) Stop() {
	if s.admin != nil {
		_ = s.admin.Close()
	}
	_ = s.run(context.Background(), "pg_ctl", "-D", filepath.Join(s.dir, "data"), "-m", "immediate", "-w", "stop")
	_ = os.RemoveAll(s.dir)
}

func (s *Server) run(ctx context.Context, tool string, args ...string) error {
	cmd := exec.CommandContext(ctx, filepath.Join(s.bin, tool), args...)
	cmd.Dir = s.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	if s.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred}
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %w\n%s", tool, err, out)
	}
	return nil
}

// binDir finds initdb and pg_ctl: on PATH, else Debian's versioned folder.
func binDir() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Dir(real), nil
		}
		return filepath.Dir(p), nil
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(matches) == 0 {
		return "", errors.New("PostgreSQL server binaries not found (install postgresql-15: make deps-test does)")
	}
	return filepath.Dir(matches[len(matches)-1]), nil
}

// unprivileged is the postgres user Debian's package creates, else nobody.
func unprivileged() (*syscall.Credential, error) {
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
		gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
		if err1 == nil && err2 == nil {
			return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
		}
	}
	return nil, errors.New("running as root and no unprivileged user (postgres, nobody) to run PostgreSQL as")
}
