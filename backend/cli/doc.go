// Package cli is the command-line face of Continuity: global flags, the
// command table, exit codes and output conventions. Each command lives in
// its own file and registers itself, so features add commands without
// touching a shared switch.
package cli
