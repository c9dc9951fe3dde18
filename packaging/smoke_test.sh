#!/usr/bin/env bash
# Smoke test of a built RadTrack package, as a workstation would run it: unpack the .deb into
# a temporary prefix, then, with an empty environment, a fresh HOME and (where `unshare -n`
# works) no network at all, run --version, `models`, `process` on the bundled demo patient and
# an offscreen GUI screenshot; check their outputs, that every file written is private and
# that nothing was written into the installed app; print the sizes, the start-up times and
# the newest glibc symbol the bundle needs (it fails above GLIBC_FLOOR, default 2.35).
# Usage: packaging/smoke_test.sh dist/radtrack_VERSION_amd64.deb
set -euo pipefail
deb=${1:?usage: smoke_test.sh PACKAGE.deb}
floor=${GLIBC_FLOOR:-2.35}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "SMOKE FAIL: $*" >&2; exit 1; }

dpkg-deb -x "$deb" "$work/root"
app=$work/root/opt/radtrack/radtrack
demo=$(find "$work/root/opt/radtrack" -type d -path '*resources/samples/demo_patient' | head -n 1)
[ -x "$app" ] || fail "no /opt/radtrack/radtrack in $deb"
[ -n "$demo" ] || fail "the demo patient is not in the bundle"
mkdir -m 0700 "$work/home" "$work/out"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$work/root/usr/share/applications/radtrack.desktop" \
    || fail "the menu entry is not a valid desktop file"
  echo "ok  menu entry valid"
fi
find "$work/root" -printf '%P %s\n' | sort > "$work/before"

isolate=""
if unshare -n true 2>/dev/null; then isolate="unshare -n"
elif unshare -rn true 2>/dev/null; then isolate="unshare -rn"
else echo "note: unshare -n is not available here; running with the network present"; fi
run() { env -i HOME="$work/home" PATH=/usr/bin:/bin LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen \
          $isolate "$@"; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

version=$(dpkg-deb -f "$deb" Version)
out=$(run "$app" --version) || fail "--version exited $?"
[ "$out" = "radtrack $version" ] || fail "--version printed '$out', expected 'radtrack $version'"
echo "ok  --version: $out"

shown=$(run "$app" demo) || fail "demo exited $?"
[ "$shown" -ef "$demo" ] || fail "radtrack demo printed '$shown', not the bundled $demo"
echo "ok  demo: $shown"
[ -s "$work/root/usr/share/man/man1/radtrack.1.gz" ] || fail "no man page (radtrack.1.gz)"
[ -s "$work/root/usr/share/doc/$(dpkg-deb -f "$deb" Package)/changelog.gz" ] || fail "no changelog.gz"
if find "$work/root/opt/radtrack" -path '*nltk/test*' | grep -q .; then
  fail "NLTK's test files are in the bundle"
fi

run "$app" models > "$work/out/models.txt" || fail "models exited $?"
echo "ok  models: $(grep -c '\[.*UNAVAILABLE' "$work/out/models.txt" || true) unavailable in this build"
sed 's/^/      /' "$work/out/models.txt"

t0=$(now)
run "$app" process "$demo" --json "$work/out/demo.json" 2> "$work/out/process.err" \
  || fail "process exited $?: $(cat "$work/out/process.err")"
t1=$(now)
python3 - "$work/out/demo.json" <<'EOF' || fail "process wrote an invalid RadTrack JSON"
import collections, json, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
assert doc["schema"] == "radtrack/1", doc.get("schema")
assert len(doc["reports"]) >= 10 and len(doc["mentions"]) >= 50, "too little output"
members = collections.Counter(m for c in doc["chains"] for m in c["mentions"])
assert all(members[m["id"]] == 1 for m in doc["mentions"]), "a mention not in exactly one chain"
print(f"ok  process demo: {len(doc['reports'])} reports, {len(doc['mentions'])} mentions, "
      f"{len(doc['chains'])} chains")
EOF

if ! grep -q '^ *embedding .*UNAVAILABLE' "$work/out/models.txt"; then
  # The full build: the MiniLM encoder must load from inside the bundle, with no network.
  run "$app" process "$demo" --linker embedding --json "$work/out/embedding.json" \
    2> "$work/out/embedding.err" || fail "embedding linker: $(tail -n 3 "$work/out/embedding.err")"
  echo "ok  embedding linker (bundled MiniLM, offline)"
fi

if run "$app" process "$work/absent" --json "$work/out/x.json" 2> "$work/out/bad.err"; then
  fail "process on a missing folder exited 0"
fi
[ "$(wc -l < "$work/out/bad.err")" -eq 1 ] || fail "bad input gave more than one line"
echo "ok  bad input: $(cat "$work/out/bad.err")"

t2=$(now)
run "$app" gui "$demo" --screenshot "$work/out/shot.png" > /dev/null 2>&1 \
  || fail "gui --screenshot exited $?"
t3=$(now)
[ "$(head -c 8 "$work/out/shot.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] \
  || fail "the screenshot is not a PNG"
[ "$(stat -c %s "$work/out/shot.png")" -gt 20000 ] || fail "the screenshot is nearly empty"
cp "$work/out/shot.png" "$(dirname "$deb")/smoke-screenshot.png"
echo "ok  gui screenshot: $(stat -c %s "$work/out/shot.png") bytes"

loose=$(find "$work/home" \( -type f -perm /077 \) -o \( -type d -perm /077 \) | head -n 5)
[ -z "$loose" ] || fail "files readable by others under HOME: $loose"
find "$work/root" -printf '%P %s\n' | sort > "$work/after"
cmp -s "$work/before" "$work/after" || fail "the run wrote into the installed app"
echo "ok  everything written is private to the user; the installed app is unchanged"

starts=()
for _ in 1 2 3; do
  s=$(now); run "$app" --version > /dev/null; e=$(now)
  starts+=("$(since "$s" "$e")")
done
median=$(printf '%s\n' "${starts[@]}" | sort -n | sed -n 2p)
echo "start-up: --version ${median}s (median of 3); process demo $(since "$t0" "$t1")s;" \
     "gui to screenshot $(since "$t2" "$t3")s"
echo "size: package $(du -h "$deb" | cut -f1), installed $(du -sh "$work/root/opt/radtrack" | cut -f1)" \
     "($(find "$work/root/opt/radtrack" -type f | wc -l) files)"

"$here/glibc_floor.sh" "$work/root/opt/radtrack" "$floor"
echo "SMOKE OK: $deb"
