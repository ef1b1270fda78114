#!/usr/bin/env bash
# Index build benchmark: replicates a bulk NDJSON file COPIES times with
# distinct ids (copy k's ids get the suffix ~k), builds it with cmd/ingest
# under /usr/bin/time -v and appends build seconds, peak RSS and index size
# to OUT with the machine noted. Nothing is committed; the work files go to
# WORK (default /tmp).
#
#   bench/index.sh BULK.ndjson [COPIES]
#
# BULK is the CUAD bulk file of docs/engine.md (cuad_conv.ndjson, 45 MB);
# 23 copies make about 1 GB. Issue 3 bounds a 1 GB build to 2 GB of RAM.
set -euo pipefail
bulk=${1:?usage: bench/index.sh BULK.ndjson [COPIES]}
copies=${2:-23}
work=${WORK:-/tmp}
out=${OUT:-bench/index.txt}
big=$work/bench-index-input.ndjson
dir=$work/bench-index-dir

for k in $(seq 0 $((copies - 1))); do
	sed -E "s/^(\{\"(index|create)\": ?\{\"_index\": ?\"[a-z]+\", ?\"_id\": ?\"[^\"]*)\"/\1~$k\"/" "$bulk"
done >"$big"
go build -o "$work/bench-ingest" ./cmd/ingest
load=$(cut -d" " -f1-3 /proc/loadavg)
rm -rf "$dir"
/usr/bin/time -v "$work/bench-ingest" -in "$big" -index-dir "$dir" >"$work/bench-index.out" 2>"$work/bench-index.time"
{
	echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(git rev-parse --short HEAD 2>/dev/null)"
	echo "# $(uname -srm), $(nproc) cpus, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(go version)"
	echo "# input: $(basename "$bulk") x $copies = $(du -m "$big" | cut -f1) MB; load average before the build: $load"
	cat "$work/bench-index.out"
	grep -E 'Elapsed|Maximum resident' "$work/bench-index.time" | sed 's/^\s*/  /'
	echo "  index size: $(du -sm "$dir" | cut -f1) MB"
} | tee -a "$out"
rm -f "$big"
