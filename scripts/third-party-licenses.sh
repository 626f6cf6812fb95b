#!/usr/bin/env bash
# Writes the licence texts of everything compiled into a release binary to
# stdout: Go itself, every Go module a CLI or desktop build links (for each
# OS a release targets), and the npm packages bundled into frontend/dist.
# The models' licences travel inside models/*/ beside the binary.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '%s\n' "$@"; }
rule() { say '' '================================================================================' "$1" ''; }

# licence_files DIR: the licence and notice files at the root of a module or package.
licence_files() {
	find "$1" -maxdepth 1 -type f \( -iname 'LICEN[CS]E*' -o -iname 'COPYING*' -o -iname 'NOTICE*' -o -iname 'UNLICENSE*' \) | LC_ALL=C sort
}

emit() { # emit NAME DIR
	local files
	files=$(licence_files "$2")
	if [ -z "$files" ]; then
		echo "third-party-licenses: no licence file in $1 ($2)" >&2
		exit 1
	fi
	rule "$1"
	while IFS= read -r f; do
		say "--- $(basename "$f")"
		cat "$f"
	done <<<"$files"
}

say 'Third-party licences of Continuity release binaries.' \
	'Each section names a component compiled into the binary and gives its licence text.'

emit "Go $(go env GOVERSION) (standard library and runtime)" "$(go env GOROOT)"

# The modules every release build links: CLI (no tags) and desktop tags, for each OS.
mods=$(for os in linux darwin windows; do
	for tags in "" "desktop,production"; do
		GOOS=$os GOARCH=amd64 CGO_ENABLED=0 go list -deps -tags "$tags" \
			-f '{{with .Module}}{{if not .Main}}{{.Path}}@{{.Version}}	{{.Dir}}{{end}}{{end}}' .
	done
done | LC_ALL=C sort -u)
while IFS=$'\t' read -r mod dir; do
	[ -n "$mod" ] && emit "$mod (Go module)" "$dir"
done <<<"$mods"

# The npm packages the frontend bundle is built from (dependencies, not devDependencies).
(cd frontend && npm ls --omit=dev --all --parseable 2>/dev/null) | tail -n +2 | LC_ALL=C sort -u |
	while IFS= read -r dir; do
		[ -f "$dir/package.json" ] || continue
		id=$(node -e 'const p=require(process.argv[1]);console.log(p.name+"@"+p.version)' "$dir/package.json")
		emit "$id (npm package, in the frontend bundle)" "$dir"
	done
