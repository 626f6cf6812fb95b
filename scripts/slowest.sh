#!/usr/bin/env bash
# Prints the ten slowest Go packages from `go test` output (a file, or stdin):
# the "ok <pkg> <secs>s" and "FAIL <pkg> <secs>s" lines, slowest first.
# Cached packages carry no time and are left out.
set -uo pipefail
awk '($1 == "ok" || $1 == "FAIL") && $3 ~ /^[0-9.]+s$/ { t = $3; sub(/s$/, "", t); printf "%10.1fs  %-4s %s\n", t, $1, $2 }' "${1:-/dev/stdin}" |
	sort -rn | head -n "${SLOWEST:-10}" | { echo "slowest packages:"; cat; }
