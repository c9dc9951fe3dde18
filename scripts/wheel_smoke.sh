#!/bin/sh
# Build the wheel, install it into a fresh virtual environment and run it from there:
# `radtrack --version`, and `radtrack process` on the demo patient that the wheel carries.
#
#   sh scripts/wheel_smoke.sh [PYTHON]     (default: .venv/bin/python; `make test` runs it)
#
# Offline: the wheel is built without build isolation (setuptools from PYTHON's
# environment) and installed with --no-deps; the new environment sees the dependencies
# already in PYTHON's environment through a path file, never its editable RadTrack (path
# files there are not processed), so what runs is the wheel's code and resources.
set -eu
PY=${1:-.venv/bin/python}
ROOT=$(pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/radtrack-wheel.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
unset PYTHONPATH RADTRACK_RESOURCES

# Build from a copy of the files git knows (tracked, or new and not ignored): a stale build/
# or egg-info in the checkout cannot leak into the wheel.
SRC="$ROOT"
if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  SRC="$WORK/src"
  mkdir -p "$SRC"
  (cd "$ROOT" && git ls-files -z -c -o --exclude-standard | xargs -0 cp --parents -t "$SRC" 2>/dev/null || true)
fi
"$PY" -m pip wheel -q --no-deps --no-build-isolation -w "$WORK/dist" "$SRC" >/dev/null
WHEEL=$(ls "$WORK"/dist/radtrack_gui-*.whl)
"$PY" - "$WHEEL" <<'PY'
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
need = ["radtrack_gui/resources/vocab/anatomy.tsv", "radtrack_gui/resources/vocab/concepts.tsv",
        "radtrack_gui/resources/samples/demo_patient/", "radtrack_gui/py.typed"]
missing = [n for n in need if not any(x.startswith(n) for x in names)]
if missing:
    sys.exit(f"wheel lacks {missing}")
print(f"wheel: {len(names)} files, {sum(n.startswith('radtrack_gui/resources/') for n in names)} resources")
PY

"$PY" -m venv --without-pip "$WORK/venv"
DEPS=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
SITE=$("$WORK/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
echo "$DEPS" > "$SITE/radtrack-deps.pth"
"$PY" -m pip --python "$WORK/venv/bin/python" install -q --no-deps --no-index "$WHEEL" 2>/dev/null \
  || "$PY" -m pip install -q --no-deps --no-index --prefix "$WORK/venv" "$WHEEL"

cd "$WORK"
export RADTRACK_HOME="$WORK/home"
where=$("$WORK/venv/bin/python" -c 'import radtrack_gui; print(radtrack_gui.__file__)')
case "$where" in
  "$WORK"/venv/*) ;;
  *) echo "radtrack_gui imported from $where, not from the wheel" >&2; exit 1 ;;
esac
"$WORK/venv/bin/radtrack" --version
demo=$("$WORK/venv/bin/python" -c 'from radtrack_gui.util.paths import demo_patient_dir; print(demo_patient_dir())')
case "$demo" in
  "$WORK"/venv/*) ;;
  *) echo "demo patient found at $demo, not inside the wheel's install" >&2; exit 1 ;;
esac
"$WORK/venv/bin/radtrack" process "$demo" --json "$WORK/demo.json"
"$WORK/venv/bin/python" - "$WORK/demo.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
n_reports, n_mentions, n_chains = len(d["reports"]), len(d["mentions"]), len(d["chains"])
if not (n_reports and n_mentions and n_chains):
    sys.exit(f"demo processed into nothing: {n_reports} reports, {n_mentions} mentions")
print(f"wheel ok: demo -> {n_reports} reports, {n_mentions} mentions, {n_chains} chains")
PY
