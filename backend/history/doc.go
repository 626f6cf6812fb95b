// Package history imports what a git workspace's published pages used to
// say: it walks the commits that touched the content folder and records,
// for every published sentence a commit changed or removed, the old
// sentence, the one that took its place, the commit, its author date and
// its subject (retrieval.RecordHistory). It also lists the changes for
// release notes (Changes) and describes what changed between two versions
// of a sentence (Describe).
//
// Git is driven through the git executable, not go-git (which the module
// already has, for gitignore patterns):
//   - backend/changed already runs git for check --changed; one way of
//     reading a repository keeps the two features agreeing about renames,
//     pathspecs and which repository a folder belongs to.
//   - Speed: one `git log --raw -z` stream names every changed file with
//     its old and new blob, and one long-lived `git cat-file --batch`
//     reads the blobs; git computes the tree diffs in C from its commit
//     graph and pack indexes. go-git's path-filtered log diffs trees in Go
//     commit by commit (see docs/benchmarks.md for both on handbook-dev).
//   - Fidelity: git reads every repository git writes (worktrees, partial
//     and shallow clones, reftable, newer index and pack formats) and does
//     its own rename detection; go-git fails on some of these.
//
// A docs-as-code team clones its workspace with git, so it is there; when
// it is not, the import says so (ErrNoGit) and syncs still record what
// they see change (retrieval records superseded sentences on every sync).
//
// The import is incremental (a later run reads only the commits after the
// last one it finished), resumable (each batch of commits is written with
// how far the import got, in one transaction) and cancellable.
package history
