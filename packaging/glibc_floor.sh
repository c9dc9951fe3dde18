#!/usr/bin/env bash
# The newest glibc symbol version any ELF file under DIR needs (objdump -T), and the files
# that need more than FLOOR. Exit 1 when some file needs more. Usage: glibc_floor.sh DIR FLOOR
set -euo pipefail
dir=${1:?usage: glibc_floor.sh DIR FLOOR}; floor=${2:?usage: glibc_floor.sh DIR FLOOR}
newest=0; over=()
while IFS= read -r -d '' f; do
  [ "$(head -c 4 "$f" | od -An -tx1 | tr -d ' \n')" = 7f454c46 ] || continue
  v=$(objdump -T "$f" 2>/dev/null | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' \
      | sort -V | tail -n 1 || true)
  [ -n "$v" ] || continue
  [ "$(printf '%s\n%s\n' "$newest" "$v" | sort -V | tail -n 1)" = "$v" ] && newest=$v
  [ "$(printf '%s\n%s\n' "$floor" "$v" | sort -V | tail -n 1)" = "$floor" ] \
    || over+=("${f#"$dir"/} needs $v")
done < <(find "$dir" -type f \( -name '*.so*' -o -perm /u+x \) -print0)
echo "glibc: the bundle needs glibc >= $newest (stated floor $floor)"
if [ ${#over[@]} -gt 0 ]; then
  printf '  over the floor: %s\n' "${over[@]}" >&2
  exit 1
fi
