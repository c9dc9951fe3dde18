#!/usr/bin/env bash
# The cohort scaling table (issue #23 item 2) on a bare multi-core machine, in one go.
#
#   OUT=/path/to/logs PYTHONPATH=$PWD[:/path/to/deps] benchmarks/scaling_run.sh
#
# Run from the repository root. The caller sets PYTHONPATH (RadTrack and its cohort
# dependencies: dask, distributed, pyarrow, duckdb). Optional variables:
#   PYTHON   the interpreter (default python3)
#   BASE     patients of the 1-worker baseline; n workers get n x BASE patients (weak
#            scaling), so every run lasts about as long as the baseline (the 14-worker run
#            ~TARGET_S / efficiency). Default: calibrated on this machine (the plain loop on
#            40 patients) so that the baseline lasts TARGET_S seconds, at most 400
#   TARGET_S the baseline's duration when BASE is calibrated (default 18)
#   WORKERS  worker counts (default 1,4,8,14; 1,2,4,8,14 adds ~25 s a mode: raise LIMITS)
#   MODES    local (LocalCluster, its scheduler in the client process), separate (a `dask
#            scheduler` and `dask worker` processes started for every count); default both
#   JOBS     processes generating the patients (default: the CPUs this process may use)
#   LIMITS   per-step limits in seconds "generate local separate" (default "50 120 130")
# Steps, each under `timeout` (SIGTERM, then SIGKILL 10 s later), logs under $OUT:
#   00-env.log        interpreter, library versions, nproc, affinity, lscpu
#   01-generate.log   the patients (MAX(WORKERS) x BASE, or x 400), generated once in
#                     parallel; the calibration of BASE
#   02-local.log      the LocalCluster table
#   03-separate.log   the separate-scheduler table
#   summary.txt       the tables and every ROW line, with the exit status of each step
# Expected run time on 16 cores: ~3.5-4 minutes (~15 s generating and calibrating, then per
# mode four runs of ~18-24 s plus each cluster's start, ~100 s); the limits add up to 300 s
# (plus 10 s of kill grace each). A run cut by its limit keeps the rows measured so far
# (the baseline first, then the most workers first). A dry run with tiny sizes:
#   OUT=/tmp/x BASE=3 WORKERS=1,2 LIMITS="60 300 300" benchmarks/scaling_run.sh
#   OUT=/tmp/y TARGET_S=1 WORKERS=1,2 LIMITS="120 300 300" benchmarks/scaling_run.sh
set -u
: "${OUT:?set OUT to a folder for the logs}"
PY=${PYTHON:-python3}
BASE=${BASE:-auto}
TARGET_S=${TARGET_S:-18}
WORKERS=${WORKERS:-1,4,8,14}
MODES=${MODES:-local,separate}
read -r LIM_GEN LIM_LOCAL LIM_SEP <<<"${LIMITS:-50 120 130}"
mkdir -p "$OUT"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/radtrack-scaling.XXXXXX")
export TMPDIR="$WORK"
export BENCH_COHORT_PIDS="$WORK/dask-pids"  # the dask processes bench_cohort.py starts (dask_processes.py)
JOBS=${JOBS:-$("$PY" -c 'import os; print(len(os.sched_getaffinity(0)))' 2>/dev/null || echo 4)}
MAXW=$(tr ',' '\n' <<<"$WORKERS" | sort -n | tail -1)
if [ "$BASE" = auto ]; then
  PATIENTS=$((400 * MAXW))
  CALIBRATE=(--calibrate "$TARGET_S")
else
  PATIENTS=$((BASE * MAXW))
  CALIBRATE=()
fi
BENCH=(benchmarks/bench_cohort.py --patients "$PATIENTS" --patients-dir "$WORK/patients")

cleanup() {
  # the separate dask processes run in sessions of their own: stop any left (by their pid)
  if [ -f "$BENCH_COHORT_PIDS" ]; then
    while read -r pid; do kill -TERM -- "-$pid" 2>/dev/null; done <"$BENCH_COHORT_PIDS"
    sleep 2
    while read -r pid; do kill -KILL -- "-$pid" 2>/dev/null; done <"$BENCH_COHORT_PIDS"
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

step() {  # step NAME LIMIT COMMAND...: run it under timeout, log, note the exit status
  local name=$1 limit=$2
  shift 2
  local t0=$SECONDS
  echo "== $name: $* (limit ${limit}s)" >"$OUT/$name.log"
  timeout -k 10 "$limit" "$@" >>"$OUT/$name.log" 2>&1
  local rc=$?
  echo "== $name: exit $rc after $((SECONDS - t0)) s" | tee -a "$OUT/$name.log" >>"$OUT/steps.txt"
  return $rc
}

: >"$OUT/steps.txt"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "git: $(git rev-parse HEAD 2>/dev/null || echo '?')"
  echo "BASE=$BASE WORKERS=$WORKERS MODES=$MODES PATIENTS=$PATIENTS JOBS=$JOBS LIMITS=$LIM_GEN/$LIM_LOCAL/$LIM_SEP"
  echo "nproc: $(nproc 2>/dev/null)"
  timeout 30 "$PY" -c '
import os, platform, sys
print("python", sys.version.split()[0], platform.machine())
print("affinity", len(os.sched_getaffinity(0)), "of", os.cpu_count())
for m in ("dask", "distributed", "click", "pyarrow", "duckdb", "psutil", "radtrack_gui"):
    try:
        mod = __import__(m)
        print(m, getattr(mod, "__version__", "?"), getattr(mod, "__file__", ""))
    except Exception as exc:
        print(m, "MISSING:", exc)
'
  echo "dask CLI (the separate mode starts \`$PY -m dask scheduler|worker\`):"
  timeout 30 "$PY" -m dask --version 2>&1 | tail -2
  lscpu 2>/dev/null || true
  free -m 2>/dev/null || true
  uptime 2>/dev/null || true
} >"$OUT/00-env.log" 2>&1

step 01-generate "$LIM_GEN" "$PY" -u "${BENCH[@]}" --jobs "$JOBS" --workers "$WORKERS" \
  --generate-only ${CALIBRATE[@]+"${CALIBRATE[@]}"} ||
  { echo "generation failed: see $OUT/01-generate.log" | tee -a "$OUT/steps.txt"; exit 1; }
if [ "$BASE" = auto ]; then
  BASE=$(sed -n 's/^BASE=\([0-9][0-9]*\)$/\1/p' "$OUT/01-generate.log" | tail -1)
  [ -n "$BASE" ] || { echo "no BASE calibrated: see $OUT/01-generate.log" | tee -a "$OUT/steps.txt"; exit 1; }
fi
echo "BASE=$BASE (patients of the 1-worker baseline; n workers: n x BASE)" | tee -a "$OUT/steps.txt" >>"$OUT/00-env.log"

for mode in ${MODES//,/ }; do
  case $mode in
    local) name=02-local limit=$LIM_LOCAL ;;
    separate) name=03-separate limit=$LIM_SEP ;;
    *) echo "unknown mode $mode" >>"$OUT/steps.txt"; continue ;;
  esac
  step "$name" "$limit" "$PY" -u "${BENCH[@]}" --base-patients "$BASE" --weak \
    --workers "$WORKERS" --modes "$mode" --no-plain
done

{
  cat "$OUT/steps.txt"
  for f in "$OUT"/02-local.log "$OUT"/03-separate.log; do
    [ -f "$f" ] || continue
    echo
    echo "## $(basename "$f")"
    grep -E '^(os\.cpu_count|[0-9]+ generated)' "$f"
    sed -n '/^\(local: LocalCluster, its\|separate: `dask scheduler`\)/,/^efficiency =/p' "$f"
    grep -E '^(ROW |Traceback|[A-Za-z]*Error)' "$f"
  done
} >"$OUT/summary.txt"
cat "$OUT/summary.txt"
