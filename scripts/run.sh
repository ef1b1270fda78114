#!/usr/bin/env bash
# make run: serve the search API on a fresh clone.
#
# With the embedded backend (the default), INDEX_DIR (default ./data/index)
# must hold an index. If it holds no generation yet, one is built first:
#   - from CORPUS, a folder of contract files, when set
#     (CORPUS=../shared/corpora/cuad make run);
#   - else from the demo corpus, generated into DEMO_DIR (default ./data/demo,
#     300 contracts, seed 1: the same files on every machine).
# An existing index is served as it is; REBUILD=1 builds a new generation
# from CORPUS (or the demo corpus) first. The gateway serves the newest
# generation and picks up new ones by itself (SIGHUP or polling).
#
# DEV_MODE defaults to true: with no API_TOKENS or API_TOKENS_FILE, the dev
# token kept in DEV_TOKEN_FILE (default ./data/dev-token, created with mode
# 0600 on the first run) is used, so scripts keep working across restarts;
# it is printed each time with ready-to-run curl commands. Delete the file
# for a new token.
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-go}
INDEX_DIR=${INDEX_DIR:-./data/index}
DEMO_DIR=${DEMO_DIR:-./data/demo}
DEMO_N=${DEMO_N:-300}
DEMO_SEED=${DEMO_SEED:-1}
SEARCH_BACKEND=${SEARCH_BACKEND:-embedded}
LISTEN_ADDR=${LISTEN_ADDR:-:8080}
export DEV_MODE=${DEV_MODE:-true} INDEX_DIR SEARCH_BACKEND LISTEN_ADDR

say() { printf '==> %s\n' "$*" >&2; }

mkdir -p bin
say "building bin/gateway, bin/ingest, bin/democorpus, bin/segtool"
"$GO" build -o bin/ ./cmd/gateway ./cmd/ingest ./cmd/democorpus ./cmd/segtool

has_generation() {
  compgen -G "$INDEX_DIR/gen-*/MANIFEST" >/dev/null 2>&1
}

build_index() {
  local corpus
  if [ -n "${CORPUS:-}" ]; then
    if [ ! -d "$CORPUS" ]; then
      echo "run: CORPUS=$CORPUS is not a folder" >&2
      exit 2
    fi
    corpus=$CORPUS
  else
    corpus=$DEMO_DIR
    if [ -z "$(ls -A "$DEMO_DIR" 2>/dev/null)" ]; then
      say "generating the demo corpus in $DEMO_DIR ($DEMO_N contracts, seed $DEMO_SEED)"
      bin/democorpus -out "$DEMO_DIR" -n "$DEMO_N" -seed "$DEMO_SEED" >&2
    else
      say "using the demo corpus already in $DEMO_DIR"
    fi
  fi
  say "ingesting $corpus into $INDEX_DIR"
  bin/ingest -in "$corpus" -index-dir "$INDEX_DIR" >&2
}

if [ "$SEARCH_BACKEND" = embedded ]; then
  if [ "${REBUILD:-}" = 1 ] || ! has_generation; then
    build_index
  else
    # An index an older build wrote is refused by the gateway; say how to
    # rebuild it here rather than leave the user with the engine's error.
    # Other faults are the gateway's to handle (it serves the newest good
    # generation).
    if ! err=$(bin/segtool -index-dir "$INDEX_DIR" 2>&1 >/dev/null) && [[ $err == *"rebuild it"* ]]; then
      echo "run: the index in $INDEX_DIR was written by an older build of the engine ($err)" >&2
      echo "run: rebuild it: REBUILD=1 make run (with CORPUS=DIR to build it from your own files)" >&2
      exit 2
    fi
    say "serving the existing index in $INDEX_DIR (to rebuild it: REBUILD=1 make run, with CORPUS=DIR for your own files)"
  fi
fi

DEV_TOKEN_FILE=${DEV_TOKEN_FILE:-./data/dev-token}

# dev_token prints the token kept in DEV_TOKEN_FILE, first writing a new one
# there (readable by its owner only) when the file is absent or empty.
dev_token() {
  if [ ! -s "$DEV_TOKEN_FILE" ]; then
    mkdir -p "$(dirname "$DEV_TOKEN_FILE")"
    local tmp
    tmp=$(umask 077 && mktemp "$DEV_TOKEN_FILE.XXXXXX")
    printf 'dev-%s\n' "$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')" >"$tmp"
    mv "$tmp" "$DEV_TOKEN_FILE"
    say "new dev token written to $DEV_TOKEN_FILE (mode 0600)"
  fi
  local token
  token=$(head -n 1 "$DEV_TOKEN_FILE" | tr -d ' \r\n')
  case $token in
    ''|*,*) echo "run: $DEV_TOKEN_FILE holds no usable token; delete it for a new one" >&2; exit 2 ;;
  esac
  printf '%s' "$token"
}

if [ "$DEV_MODE" = true ] && [ -z "${API_TOKENS:-}" ] && [ -z "${API_TOKENS_FILE:-}" ]; then
  API_TOKENS=$(dev_token)
  export API_TOKENS
  say "dev token: $API_TOKENS (kept in $DEV_TOKEN_FILE across runs; delete the file for a new one)"
fi

port=${LISTEN_ADDR##*:}
host=${LISTEN_ADDR%:*}
if [ -z "$host" ] || [ "$host" = 0.0.0.0 ]; then host=localhost; fi
base="http://$host:$port/api/v1alpha/search"
token=${API_TOKENS%%,*}
[ -n "$token" ] || token='<one of your API tokens>'
cat >&2 <<EOF
==> serving on $LISTEN_ADDR ($SEARCH_BACKEND backend). Try:

  curl -s -XPOST '$base?token=$token&pretty' -H 'Content-Type: application/json' \\
    -d '{"query":{"q":"confidential information"}}'

  curl -s -XPOST '$base?token=$token&pretty' -H 'Content-Type: application/json' \\
    -d '{"query":{"q":"","clause":{"Governing Law":"New York"}}}'

  curl -s -XPOST '$base?token=$token&pretty' -H 'Content-Type: application/json' \\
    -d '{"query":{"q":"","_index":"definition"}}'

EOF
exec bin/gateway
