// Package changed finds the published pages a git change added or edited
// since a base commit, diffs each page's paragraphs against its old
// version, and checks only the new or edited paragraphs against the rest
// of the corpus (docs-as-code review in pull requests).
//
// Git is driven through the git executable (it must be on PATH): CI
// runners that check out a docs repository always have it, and exec keeps
// the static CLI free of a second, partial implementation of git's
// rename detection and merge-base rules.
package changed
