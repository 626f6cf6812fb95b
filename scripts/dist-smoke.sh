#!/usr/bin/env bash
# dist-smoke.sh: the release artifacts work as installed, away from the
# source tree (issue 30). The .deb is unpacked with dpkg -x and the Linux
# CLI archive with tar, each into its own temp root; from a temp git
# repository holding the sample corpus, with no CONTINUITY_* variables and
# an empty HOME, each binary's `check --changed --base main` after the
# refund window goes from 30 to 45 days (in the body, then in a heading)
# must exit 1, name the blog post that still says 30 days, and print no
# "degraded" line. Then, with the archive's models removed, it must exit 2
# with one line naming the missing model, and run with --allow-degraded.
# Last, the Go SBOM lists bleve, excelize, openai-go and Wails with versions.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
deb=$(ls dist/continuity_*_amd64.deb)
cli=$(ls dist/continuity_*_linux_amd64.tar.gz)
work=$(mktemp -d /tmp/continuity-dist-smoke.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/deb" "$work/cli" "$work/home"
dpkg -x "$deb" "$work/deb"
tar -xzf "$cli" -C "$work/cli"
bins=("$work/deb/opt/continuity/continuity" "$(ls -d "$work"/cli/continuity_*)/continuity")
fails=0

# run DIR BIN ARGS...: the binary as a user would run it: no CONTINUITY_*
# variables, a fresh HOME, in DIR.
run() {
	local dir=$1 bin=$2
	shift 2
	(cd "$dir" && env -i PATH=/usr/bin:/bin HOME="$work/home" LANG=C.UTF-8 "$bin" "$@")
}

# repo NAME OLD NEW: the sample corpus as a git repository on main, with
# one commit on a branch replacing OLD by NEW in the refund page.
repo() {
	local dir="$work/$1"
	cp -R "$src/corpus" "$dir"
	git -C "$dir" init -q -b main
	git -C "$dir" -c user.name=smoke -c user.email=smoke@example.com add -A
	git -C "$dir" -c user.name=smoke -c user.email=smoke@example.com commit -qm "sample corpus"
	git -C "$dir" checkout -qb change
	python3 - "$dir/content/help/refund-policy.md" "$2" "$3" <<-'EOF'
		import sys
		p, old, new = sys.argv[1:]
		s = open(p, encoding="utf-8").read()
		assert old in s, f"{p} lacks {old!r}"
		open(p, "w", encoding="utf-8").write(s.replace(old, new, 1))
	EOF
	git -C "$dir" -c user.name=smoke -c user.email=smoke@example.com commit -qam "45-day refunds"
	echo "$dir"
}

fail() { echo "dist-smoke: FAIL: $*" >&2; fails=$((fails + 1)); }

body=$(repo body "within **30 days** of any payment" "within **45 days** of any payment")
heading=$(repo heading "## Full refunds within 30 days" "## Full refunds within 45 days")
for bin in "${bins[@]}"; do
	for r in "$body" "$heading"; do
		what="$(basename "$(dirname "$bin")")/$(basename "$bin") on the $(basename "$r") edit"
		set +e
		out=$(run "$r" "$bin" --corpus . check --changed --base main 2>&1)
		rc=$?
		set -e
		if [ "$rc" != 1 ]; then fail "$what: exit $rc, want 1"; fi
		if ! grep -q "blog-longer-refund-window\|longer-refund-window" <<<"$out"; then fail "$what: the blog post is not named"; fi
		if grep -qi "degraded" <<<"$out"; then fail "$what: degraded"; fi
		echo "dist-smoke: $what: exit $rc"
		[ "$rc" = 1 ] || printf '%s\n' "$out" | tail -20 >&2
	done
done

# Without models: a clear error, and --allow-degraded says so in the JSON.
archived=${bins[1]}
rm -rf "$(dirname "$archived")/models"
set +e
out=$(run "$body" "$archived" --corpus . check --changed --base main 2>&1)
rc=$?
set -e
lines=$(grep -c . <<<"$out" || true)
if [ "$rc" != 2 ] || [ "$lines" != 1 ] || ! grep -q "models install" <<<"$out"; then
	fail "no models: exit $rc, $lines lines: $out"
fi
echo "dist-smoke: no models: exit $rc: $out"
set +e
out=$(run "$body" "$archived" --corpus . --json check --changed --base main --allow-degraded 2>/dev/null)
rc=$?
set -e
if ! python3 -c 'import json,sys; d=json.load(sys.stdin); sys.exit(0 if d.get("degraded") else 1)' <<<"$out"; then
	fail "--allow-degraded: exit $rc, the JSON does not say degraded"
fi
echo "dist-smoke: --allow-degraded: exit $rc, degraded in the JSON"

# The SBOM names the main libraries with their versions.
sbom=$(ls dist/continuity_*.go.cdx.json)
if ! python3 - "$sbom" <<-'EOF'
	import json, sys
	have = {c["name"]: c.get("version", "") for c in json.load(open(sys.argv[1]))["components"]}
	want = ["github.com/blevesearch/bleve/v2", "github.com/xuri/excelize/v2", "github.com/openai/openai-go/v3", "github.com/wailsapp/wails/v2"]
	missing = [w for w in want if not have.get(w, "").startswith("v")]
	for w in want: print(f"dist-smoke: SBOM: {w} {have.get(w, 'MISSING')}")
	sys.exit(1 if missing else 0)
EOF
then fail "$sbom lacks a main library or its version"; fi

[ "$fails" = 0 ] || { echo "dist-smoke: $fails failures" >&2; exit 1; }
echo "dist-smoke: ok"
