#!/usr/bin/env bash
# dist-deb.sh STAGE OUT.deb VERSION LICENCES: the Linux desktop package.
# /opt/continuity holds the desktop binary (run bare it opens the app; with
# a subcommand it is the CLI) and models/ beside it, where it looks for
# them; /usr/bin/continuity links to it. Built with dpkg-deb, which every
# Debian has, so packaging needs nothing from outside the distribution.
set -euo pipefail
stage=$1 out=$2 version=$3 licences=$4
bin=build/bin/continuity-desktop
[ -x "$bin" ] || { echo "dist-deb: $bin is missing (make desktop)" >&2; exit 1; }

rm -rf "$stage"
mkdir -p "$stage/DEBIAN" "$stage/opt/continuity/models" "$stage/usr/bin" \
	"$stage/usr/share/applications" "$stage/usr/share/pixmaps" "$stage/usr/share/doc/continuity"
install -m 0755 "$bin" "$stage/opt/continuity/continuity"
for m in use-lite glove wordnet; do cp -R "models/$m" "$stage/opt/continuity/models/"; done
chmod -R u=rwX,go=rX "$stage/opt/continuity/models"
ln -s ../../opt/continuity/continuity "$stage/usr/bin/continuity"
install -m 0644 build/appicon.png "$stage/usr/share/pixmaps/continuity.png"
install -m 0644 "$licences" "$stage/usr/share/doc/continuity/copyright"

cat >"$stage/usr/share/applications/continuity.desktop" <<'EOF'
[Desktop Entry]
Type=Application
Name=Continuity
Comment=Check new content against everything you already published
Exec=/opt/continuity/continuity
Icon=continuity
Terminal=false
Categories=Office;TextTools;
EOF

size=$(du -sk "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<EOF
Package: continuity
Version: $version
Architecture: amd64
Maintainer: Continuity <team@continuity.example>
Installed-Size: $size
Depends: libgtk-3-0, libwebkit2gtk-4.0-37
Recommends: git
Section: text
Priority: optional
Homepage: https://continuity.example
Description: checks new content against everything you already published
 Labels every factual claim of a draft as supported, contradicted or not
 covered by the published corpus, checks voice and tone, and runs golden
 question sets against a retrieval pipeline or your own assistant.
 The offline models are in /opt/continuity/models.
EOF
dpkg-deb --root-owner-group -Zxz --build "$stage" "$out" >/dev/null
