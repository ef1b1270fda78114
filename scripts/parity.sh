#!/usr/bin/env bash
# Compares the embedded engine with the Lucene oracle (see internal/parity):
# for each bulk file, both build an index, both answer the parity query set,
# and `parity compare` reports the differences. Needs Java 17 and Debian's
# liblucene8-java (apt-get install -y liblucene8-java).
#
#   PARITY_BULK="a.ndjson b.ndjson" scripts/parity.sh
#
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
if [ -z "${PARITY_BULK:-}" ]; then
  echo "parity: set PARITY_BULK to one or more bulk NDJSON files" >&2; exit 2
fi

mkdir -p "$PARITY_DIR"
oracle="$PARITY_DIR/oracle"
rm -rf "$oracle" && cp -r "$ORACLE_SRC" "$oracle" && chmod -R u+w "$oracle"
"$oracle/build.sh" >/dev/null
$GO build -o "$PARITY_DIR/bin/" ./cmd/ingest ./cmd/parity

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
