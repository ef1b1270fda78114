#!/usr/bin/env bash
# Compares the embedded engine with the Lucene oracle (see internal/parity):
# for each bulk file, both build an index, both answer the parity query set,
# and `parity compare` reports the differences. Needs Java 17 and Debian's
# liblucene8-java (apt-get install -y liblucene8-java).
#
#   scripts/parity.sh                                  # demo corpus, and CUAD when present
#   PARITY_CORPORA="dir1 dir2" scripts/parity.sh       # folders of contract files
#   PARITY_BULK="a.ndjson b.ndjson" scripts/parity.sh  # any bulk files
#
# Without PARITY_BULK the bulk files are made by our own ingest: the demo
# corpus (generated, seed 1) and each folder of PARITY_CORPORA (default
# ../shared/corpora/cuad, skipped when absent).
# Reports go to $PARITY_DIR/report-<name>.txt; the exit status is non-zero
# when any query differs.
set -euo pipefail
cd "$(dirname "$0")/.."
PARITY_DIR=${PARITY_DIR:-/tmp/contractsearch-parity}
ORACLE_SRC=${ORACLE_SRC:-../shared/tools/lucene-oracle}
GO=${GO:-go}

if ! command -v java >/dev/null 2>&1; then
  echo "parity: java is not installed (the oracle runs on Java 17)" >&2; exit 2
fi
if [ ! -e /usr/share/java/lucene-core-8.7.0.jar ]; then
  echo "parity: Lucene jars missing: apt-get update && apt-get install -y liblucene8-java" >&2; exit 2
fi
if [ ! -d "$ORACLE_SRC" ]; then
  echo "parity: the oracle's sources are not at $ORACLE_SRC (set ORACLE_SRC)" >&2; exit 2
fi
CUAD_DIR=${CUAD_DIR:-../shared/corpora/cuad}

mkdir -p "$PARITY_DIR"
oracle="$PARITY_DIR/oracle"
rm -rf "$oracle" && cp -r "$ORACLE_SRC" "$oracle" && chmod -R u+w "$oracle"
"$oracle/build.sh" >/dev/null
$GO build -o "$PARITY_DIR/bin/" ./cmd/ingest ./cmd/parity ./cmd/democorpus

if [ -z "${PARITY_BULK:-}" ]; then
  rm -rf "$PARITY_DIR/demo-corpus"
  "$PARITY_DIR/bin/democorpus" -out "$PARITY_DIR/demo-corpus" -n 300 -seed 1 >/dev/null
  "$PARITY_DIR/bin/ingest" -in "$PARITY_DIR/demo-corpus" -bulk-out "$PARITY_DIR/demo.ndjson" -progress none >/dev/null
  PARITY_BULK="$PARITY_DIR/demo.ndjson"
  for corpus in ${PARITY_CORPORA:-$CUAD_DIR}; do
    if [ ! -d "$corpus" ]; then
      echo "parity: $corpus is absent; skipped" >&2
      continue
    fi
    out="$PARITY_DIR/$(basename "$corpus").ndjson"
    "$PARITY_DIR/bin/ingest" -in "$corpus" -bulk-out "$out" -progress none >/dev/null
    PARITY_BULK="$PARITY_BULK $out"
  done
fi

status=0
for bulk in $PARITY_BULK; do
  name=$(basename "$bulk" .ndjson)
  work="$PARITY_DIR/$name"
  rm -rf "$work" && mkdir -p "$work"
  echo "== $name: building both indexes"
  "$oracle/run.sh" index --mappings mappings --data "$bulk" --out "$work/oracle-index" >"$work/oracle-index.log"
  "$PARITY_DIR/bin/ingest" -in "$bulk" -index-dir "$work/engine-index" >"$work/engine-index.log"
  echo "== $name: answering the query set"
  "$PARITY_DIR/bin/parity" prepare -out "$work/oracle-queries.jsonl"
  "$oracle/run.sh" query --mappings mappings --index "$work/oracle-index" --queries "$work/oracle-queries.jsonl" \
    --repeat 1 >"$work/oracle.jsonl" 2>"$work/oracle-query.log"
  "$PARITY_DIR/bin/parity" run -index-dir "$work/engine-index" -out "$work/engine.jsonl"
  echo "== $name: report ($PARITY_DIR/report-$name.txt)"
  "$PARITY_DIR/bin/parity" compare -engine "$work/engine.jsonl" -oracle "$work/oracle.jsonl" \
    -report "$PARITY_DIR/report-$name.txt" | head -40 || status=1
done
exit $status
