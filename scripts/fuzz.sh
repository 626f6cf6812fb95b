#!/usr/bin/env bash
# Runs every fuzz target for FUZZTIME (default 10s) each. `go test` already
# runs each target's seeds and testdata/fuzz corpus, so CI covers the
# crashers kept there; this script looks for new ones.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime=${FUZZTIME:-10s}
failed=0
while IFS=: read -r file name; do
  pkg=./$(dirname "$file")
  echo "== $pkg $name ($fuzztime)"
  if ! go test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" "$pkg"; then
    failed=$((failed + 1))
  fi
done < <(grep -rHoE --include='*_test.go' '^func (Fuzz[A-Za-z0-9_]+)' backend app | sed -E 's/:func /:/' | sort -u)
if [ "$failed" -gt 0 ]; then
  echo "fuzz: $failed target(s) found a failure; the input is kept under the package's testdata/fuzz" >&2
  exit 1
fi
