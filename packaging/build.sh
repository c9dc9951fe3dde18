#!/usr/bin/env bash
# Build the desktop app into dist/RadTrack/ (a folder the installer ships as is).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/pyinstaller ] || make .venv/.installed-stamp
.venv/bin/pyinstaller --noconfirm --clean --distpath dist --workpath build packaging/radtrack.spec
# Smoke test: the frozen command line starts and lists its models.
dist/RadTrack/RadTrack cli models
echo "built: dist/RadTrack/"
