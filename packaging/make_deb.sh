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
  "$stage/usr/share/doc/$package" "$stage/usr/share/man/man1"
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
# radtrack(1), from the same --help texts as docs/cli.md; a Debian changelog for this version.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
"${PYTHON:-.venv/bin/python}" scripts/man_page.py "$stage/usr/share/man/man1/radtrack.1"
gzip -9n "$stage/usr/share/man/man1/radtrack.1"
maintainer=${RADTRACK_MAINTAINER:-RadTrack developers <radtrack@localhost>}
{
  echo "$package ($version) stable; urgency=medium"
  echo
  echo "  * RadTrack $version ($flavour build); what changed: docs/changelog.md in the source."
  echo
  echo " -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n > "$stage/usr/share/doc/$package/changelog.gz"
chmod 0644 "$stage/usr/share/doc/$package/changelog.gz" "$stage/usr/share/man/man1/radtrack.1.gz"
install -m 0755 packaging/linux/postinst packaging/linux/postrm "$stage/DEBIAN/"
# Files the app reads are readable by all users; nothing in the package is writable by them.
find "$stage/opt" -type d -exec chmod 0755 {} +
find "$stage/opt" -type f -perm /u+x -exec chmod 0755 {} +
find "$stage/opt" -type f ! -perm /u+x -exec chmod 0644 {} +

size_kb=$(du -sk "$stage/opt" "$stage/usr" | awk '{s+=$1} END {print s}')
# What the bundle takes from the system (packaging/radtrack.spec host_provided), one line.
depends=$(tr '\n' ' ' < packaging/linux/depends | sed 's/  */ /g; s/ $//')
cat > "$stage/DEBIAN/control" <<EOF
Package: $package
Version: $version
Section: science
Priority: optional
Architecture: amd64
Maintainer: $maintainer
Installed-Size: $size_kb
Depends: $depends
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
