#!/usr/bin/env sh
# Qt's platform plugins need system libraries that pip cannot install. On Debian/Ubuntu:
# install the missing ones when run as root, otherwise print the one command to run.
#   scripts/qt_system_libs.sh xcb        # a desktop session (make run)
#   scripts/qt_system_libs.sh offscreen  # tests and --screenshot without a display (CI)
set -eu
kind="${1:-xcb}"
offscreen="libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0"
xcb="$offscreen libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libxkbcommon-x11-0 libx11-xcb1"
case "$kind" in
  xcb) wanted="$xcb" ;;
  offscreen) wanted="$offscreen" ;;
  *) echo "usage: $0 [xcb|offscreen]" >&2; exit 2 ;;
esac
command -v dpkg-query >/dev/null 2>&1 || exit 0  # not Debian-like: nothing to check here
missing=""
for lib in $wanted; do
  status=$(dpkg-query -W -f='${Status}' "$lib" 2>/dev/null || true)
  case "$status" in *"ok installed"*) ;; *) missing="$missing $lib" ;; esac
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the system libraries Qt needs:$missing"
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing
else
  echo "Qt needs system libraries that are not installed. Run:" >&2
  echo "  sudo apt-get install -y$missing" >&2
  exit 1
fi
