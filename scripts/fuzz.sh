#!/usr/bin/env bash
# Runs every fuzz target (every func Fuzz… in a _test.go file) for FUZZTIME
# each (a duration such as 10s, or an execution count such as 100000x).
#
# Each package's fuzzing test binary is built once (go test -c -fuzz) and
# run once per target from the package's folder, as `go test -fuzz` would
# run it, with the same corpus cache (GOCACHE/fuzz): building per target
# cost more than the fuzzing itself in `make test`.
#
# Go 1.26's fuzz coordinator can fail a run that found nothing with
# "context deadline exceeded" when a duration runs out mid-call
# (go.dev/issue/75804, fixed in Go 1.27). A real finding always writes a
# reproducer ("Failing input written to …") or reports a panic, so a
# failure that shows only the deadline error is run once more, and if it
# happens again it is reported as the toolchain flake it is, not a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-10s}
root=$(pwd)
bins=$(mktemp -d)
trap 'rm -rf "$bins"' EXIT
# FUZZ_FRESH_CACHE=1 (make test) starts every target from its seed corpus
# only, in a temporary cache, so the step's time does not grow with the
# corpus earlier runs on this machine collected; `make fuzz` keeps
# GOCACHE/fuzz, as `go test -fuzz` does.
cache=$("$GO" env GOCACHE)/fuzz
if [ "${FUZZ_FRESH_CACHE:-}" = 1 ]; then
  cache=$bins/cache
fi

# FUZZ_DIRS (package folders) limits the run to their targets; make test
# fuzzes only the parsers of what users send, `make fuzz` every target.
targets=$(grep -r --include='*_test.go' -o '^func Fuzz[A-Za-z0-9_]*' ${FUZZ_DIRS:-cmd internal integration mappings} | sort -u)
status=0
declare -A built
while IFS=: read -r file decl; do
  [ -n "$file" ] || continue
  name=${decl#func }
  dir=$(dirname "$file")
  bin="$bins/$(printf '%s' "$dir" | tr '/' '_').test"
  if [ -z "${built[$dir]:-}" ]; then
    if ! out=$("$GO" test -c -fuzz=. -o "$bin" "./$dir" 2>&1); then
      printf '%s\n' "$out"
      echo "FAIL: ./$dir does not build"
      status=1
      built[$dir]=failed
      continue
    fi
    built[$dir]=$("$GO" list "./$dir")
  fi
  [ "${built[$dir]}" != failed ] || continue
  for attempt in 1 2; do
    echo "== ./$dir $name"
    out=$(cd "$root/$dir" && "$bin" -test.run '^$' -test.fuzz "^$name\$" -test.fuzztime "$FUZZTIME" \
      -test.fuzzcachedir "$cache/${built[$dir]}" 2>&1)
    rc=$?
    printf '%s\n' "$out" | tail -n 4
    if [ $rc -eq 0 ]; then
      break
    fi
    if printf '%s' "$out" | grep -q 'context deadline exceeded' &&
       ! printf '%s' "$out" | grep -qE 'Failing input written|panic:'; then
      if [ $attempt -eq 1 ]; then
        echo "   (the Go 1.26 fuzz deadline flake, no input found: running $name again)"
        continue
      fi
      echo "   warning: $name hit the Go 1.26 fuzz deadline flake twice; no failing input was found"
      break
    fi
    printf '%s\n' "$out" | head -n 60 # the finding: reproducer, panic, stack
    echo "FAIL: ./$dir $name"
    status=1
    break
  done
done <<< "$targets"
exit $status
