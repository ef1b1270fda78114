#!/usr/bin/env bash
# Runs one step of `make test` and reports its wall time against its
# budget, so a step that grows is seen in every CI log before the whole
# run outgrows CI's limit.
#
#   scripts/step.sh NAME BUDGET_SECONDS COMMAND [ARG…]
#
# The exit status is the command's; a step over its budget is reported,
# not failed (the budgets are for the 2-core CI machine, and a loaded
# machine is slower without anything being wrong).
set -uo pipefail
name=$1 budget=$2
shift 2
echo "== $name (budget ${budget}s)"
start=$(date +%s)
"$@"
status=$?
elapsed=$(( $(date +%s) - start ))
if [ "$elapsed" -gt "$budget" ]; then
  echo "== $name: ${elapsed}s, OVER its ${budget}s budget"
else
  echo "== $name: ${elapsed}s of ${budget}s"
fi
exit $status
