#!/usr/bin/env bash
# Wrap a built bundle (dist/radtrack-FLAVOUR/) into a Debian package:
#   /opt/radtrack/            the app (and models/, the system-wide models folder)
#   /usr/bin/radtrack         the command line and GUI under one name
#   /usr/share/applications/  the menu entry; icons in hicolor; the RadTrack JSON file type
# Usage: packaging/make_deb.sh lean|full   (after packaging/build.sh has built the bundle)
set -euo pipefail
cd "$(dirname "$0")/.."
flavour=${1:-lean}
bundle=dist/radtrack-$flavour
[ -x "$bundle/radtrack" ] || { echo "make_deb: $bundle/radtrack missing: build it first" >&2; exit 2; }
version=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' radtrack_gui/__init__.py)
package=radtrack; other=radtrack-full
[ "$flavour" = full ] && { package=radtrack-full; other=radtrack; }
stage=$(mktemp -d build/deb.XXXXXX)
trap 'rm -rf "$stage"' EXIT

install -d "$stage/DEBIAN" "$stage/opt" "$stage/usr/bin" "$stage/usr/share/applications" \
  "$stage/usr/share/mime/packages" "$stage/usr/share/icons/hicolor/scalable/apps" \
  "$stage/usr/share/doc/$package"
cp -a "$bundle" "$stage/opt/radtrack"
install -d -m 0755 "$stage/opt/radtrack/models"
install -m 0755 packaging/linux/radtrack.sh "$stage/usr/bin/radtrack"
install -m 0644 packaging/linux/radtrack.desktop "$stage/usr/share/applications/radtrack.desktop"
install -m 0644 packaging/linux/radtrack-mime.xml "$stage/usr/share/mime/packages/radtrack.xml"
install -m 0644 radtrack_gui/resources/icons/radtrack.svg "$stage/usr/share/icons/hicolor/scalable/apps/radtrack.svg"
for png in build/icons/radtrack-*.png; do
  size=$(basename "$png" .png); size=${size#radtrack-}
  install -D -m 0644 "$png" "$stage/usr/share/icons/hicolor/${size}x${size}/apps/radtrack.png"
done
install -m 0644 packaging/linux/copyright "$stage/usr/share/doc/$package/copyright"
# the RadLex (RSNA), LOINC and DICOM notices of the vocabulary tables derived from them
install -m 0644 NOTICE "$stage/usr/share/doc/$package/NOTICE"
install -m 0755 packaging/linux/postinst packaging/linux/postrm "$stage/DEBIAN/"
# Files the app reads are readable by all users; nothing in the package is writable by them.
find "$stage/opt" -type d -exec chmod 0755 {} +
find "$stage/opt" -type f -perm /u+x -exec chmod 0755 {} +
find "$stage/opt" -type f ! -perm /u+x -exec chmod 0644 {} +

size_kb=$(du -sk "$stage/opt" "$stage/usr" | awk '{s+=$1} END {print s}')
cat > "$stage/DEBIAN/control" <<EOF
Package: $package
Version: $version
Section: science
Priority: optional
Architecture: amd64
Maintainer: RadTrack developers <radtrack@localhost>
Installed-Size: $size_kb
Depends: libc6 (>= 2.35), libstdc++6, zlib1g, libgl1, libegl1, libfontconfig1, libfreetype6,
 libglib2.0-0 | libglib2.0-0t64, libdbus-1-3, libx11-6, libx11-xcb1, libxkbcommon0,
 libxkbcommon-x11-0, libxcb1, libxcb-cursor0, libxcb-icccm4, libxcb-image0, libxcb-keysyms1,
 libxcb-randr0, libxcb-render-util0, libxcb-shape0, libxcb-xinerama0, libxcb-xkb1
Conflicts: $other
Replaces: $other
Provides: radtrack-app
Description: review one patient's radiology reports over time ($flavour build)
 RadTrack opens a patient folder of radiology reports, extracts findings and medical
 devices with local models, links the mentions of the same finding or device across
 reports into chains and draws them on a swimlane timeline. It makes no network
 connection and keeps every file it writes private to the user.
EOF
out=dist/${package}_${version}_amd64.deb
# xz keeps the lean package small; the full one (torch) packs in minutes with zstd, not hours.
compress=xz; [ "$flavour" = full ] && compress=zstd
dpkg-deb --root-owner-group -Z"$compress" --build "$stage" "$out" >/dev/null
echo "make_deb: $out ($(du -h "$out" | cut -f1))"
