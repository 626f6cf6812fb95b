#!/usr/bin/env bash
# Release artifacts into dist/ (called by `make dist`, which builds the
# frontend and models and installs the pinned tools first):
#   continuity_VERSION_OS_ARCH.tar.gz|.zip  the static headless CLI with models/ and licences
#   continuity_DEBVERSION_amd64.deb          the desktop app for Linux (also the CLI), models in /opt
#   continuity_VERSION_windows_amd64_setup.exe  the desktop app for Windows (wails -nsis), models beside it
#   continuity_VERSION.go.cdx.json, .npm.cdx.json  CycloneDX SBOMs of the Go modules and the frontend bundle
#   SHA256SUMS                               of every file above
# The models go beside each binary (models/ next to the executable is
# where `continuity` looks after --models and CONTINUITY_MODELS), so an
# unpacked or installed copy finds them from any folder.
#
# Env: VERSION, COMMIT, WAILS, CYCLONEDX (paths of the pinned tools),
# DIST_TARGETS (default: every CLI target below).
set -euo pipefail
cd "$(dirname "$0")/.."

: "${VERSION:?}" "${COMMIT:?}" "${WAILS:?}" "${CYCLONEDX:?}"
TARGETS=${DIST_TARGETS:-linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64}
LDFLAGS="-w -s -X continuity/backend/cli.Version=$VERSION -X continuity/backend/cli.Commit=$COMMIT"
MODEL_DIRS=(use-lite glove wordnet)
OUT=dist
# Debian versions must start with a digit; an untagged build is 0.0.0+g<hash>.
DEB_VERSION=$VERSION
[[ $DEB_VERSION =~ ^[0-9] ]] || DEB_VERSION="0.0.0+g${VERSION}"
DEB_VERSION=${DEB_VERSION#v}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$OUT"
rm -f "$OUT"/continuity_* "$OUT"/SHA256SUMS

for m in "${MODEL_DIRS[@]}"; do
	[ -d "models/$m" ] || { echo "dist: models/$m is missing (run make models)" >&2; exit 1; }
done
bash scripts/third-party-licenses.sh >"$work/THIRD_PARTY_LICENSES.txt"

# stage_common DIR: models, licences and a short readme beside a binary.
stage_common() {
	mkdir -p "$1/models"
	for m in "${MODEL_DIRS[@]}"; do cp -R "models/$m" "$1/models/"; done
	cp "$work/THIRD_PARTY_LICENSES.txt" "$1/"
	cat >"$1/README.txt" <<-EOF
		Continuity $VERSION ($COMMIT)
		The offline models are in models/ beside the program; keep them together.
		  continuity help       commands
		  continuity version    version, commit and the hash of each model it found
		Third-party licences: THIRD_PARTY_LICENSES.txt; each model's licence is in its models/ folder.
	EOF
}

# Reproducible archives: sorted, no owners, fixed times.
tar_gz() { # tar_gz OUTFILE DIR NAME
	tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -C "$2" -cf - "$3" | gzip -9n >"$1"
}

for t in $TARGETS; do
	os=${t%/*} arch=${t#*/}
	name="continuity_${VERSION}_${os}_${arch}"
	exe=continuity
	[ "$os" = windows ] && exe=continuity.exe
	echo "dist: CLI $os/$arch"
	stage="$work/cli/$name"
	mkdir -p "$stage"
	CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath -ldflags "$LDFLAGS" -o "$stage/$exe" .
	stage_common "$stage"
	if [ "$os" = windows ]; then
		(cd "$work/cli" && python3 -m zipfile -c "$OLDPWD/$OUT/$name.zip" "$name")
	else
		tar_gz "$OUT/$name.tar.gz" "$work/cli" "$name"
	fi
done

echo "dist: desktop .deb"
bash scripts/dist-deb.sh "$work/deb" "$OUT/continuity_${DEB_VERSION}_amd64.deb" "$DEB_VERSION" "$work/THIRD_PARTY_LICENSES.txt"

echo "dist: desktop Windows installer (wails -nsis)"
# -s: the frontend is built already; -skipbindings: the bindings are
# committed (generating them runs the app); -m: no go mod tidy.
"$WAILS" build -platform windows/amd64 -nsis -s -m -skipbindings -trimpath \
	-ldflags "-X continuity/backend/cli.Version=$VERSION -X continuity/backend/cli.Commit=$COMMIT" \
	-o continuity.exe >"$work/wails.log" 2>&1 || { cat "$work/wails.log" >&2; exit 1; }
mv build/bin/continuity-amd64-installer.exe "$OUT/continuity_${VERSION}_windows_amd64_setup.exe"

echo "dist: SBOMs"
# The desktop build links a superset of the CLI's modules (Wails among them).
GOFLAGS=-tags=desktop,production "$CYCLONEDX" app -json -licenses -output "$OUT/continuity_${VERSION}.go.cdx.json" -main . . 2>"$work/cdx.log" ||
	{ cat "$work/cdx.log" >&2; exit 1; }
(cd frontend && npm sbom --sbom-format cyclonedx --omit dev --package-lock-only) >"$OUT/continuity_${VERSION}.npm.cdx.json"

(cd "$OUT" && find . -maxdepth 1 -type f -name 'continuity[_-]*' -printf '%f\n' | LC_ALL=C sort | xargs sha256sum -- >SHA256SUMS)
echo "dist: $(wc -l <"$OUT/SHA256SUMS") artifacts in $OUT/ (SHA256SUMS):"
(cd "$OUT" && du -h continuity[_-]* | sort -k2)
