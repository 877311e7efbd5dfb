# `cmake --install` works to any prefix: into /usr (under DESTDIR) it puts exactly the files of
# expected-files.txt; into a prefix with a space in it, stripped, it puts the same files there,
# and the programs run from it and find each other (bench --chart runs `hashscope render`) and the
# reference runs installed with them (results list). A cross build's programs run under the
# emulator: HASHSCOPE_RUN_TARGET names the script that runs them so (tests/CMakeLists.txt).
#   install_test.sh BUILD_DIR EXPECTED_FILES VERSION REFERENCE_DIR
source "$(dirname "$0")/../cli/lib.sh"
build=$1 expected_files=$2 version=$3 reference_dir=$4

# Files and links under a folder, relative to it, sorted.
installed_files() { (cd "$1" && find . -type f -o -type l | sed 's|^\./||' | LC_ALL=C sort); }
# expected-files.txt and one file per reference run of the repository.
expected_list() {
  cat "$expected_files"
  for run in "$reference_dir"/*.json; do echo "usr/share/hashscope/reference/$(basename "$run")"; done
}
expected_files_all=$scratch/expected-files.txt
expected_list >"$expected_files_all"

usr_root=$scratch/usr-root
DESTDIR=$usr_root cmake --install "$build" --prefix /usr >"$scratch/install.log" 2>&1 ||
  { cat "$scratch/install.log"; echo "FAIL cmake --install --prefix /usr"; exit 1; }
same "--prefix /usr installs the files of $(basename "$expected_files") and the reference runs" \
  "$(LC_ALL=C sort "$expected_files_all")" "$(installed_files "$usr_root")"

odd_root=$scratch/odd-root
odd_prefix="/opt/hash scope"
DESTDIR=$odd_root cmake --install "$build" --prefix "$odd_prefix" --strip >"$scratch/install.log" 2>&1 ||
  { cat "$scratch/install.log"; echo "FAIL cmake --install --prefix '$odd_prefix' --strip"; exit 1; }
same "--prefix '$odd_prefix' installs the same files there" \
  "$(sed 's|^usr/|opt/hash scope/|' "$expected_files_all" | LC_ALL=C sort)" "$(installed_files "$odd_root")"

bin=$odd_root$odd_prefix/bin
run=(${HASHSCOPE_RUN_TARGET:+"$HASHSCOPE_RUN_TARGET"})
for program in hashscope hashscope-cli; do
  holds "$program --version from the prefix" \
    "$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "${run[@]}" "$bin/$program" --version 2>&1 | head -1)" \
    "$program $version"
  same "$program was stripped of symbols, .comment and .note" "" \
    "$(readelf -S -W "$bin/$program" | grep -oE ' \.(symtab|comment|note) ')"
done

# The reference runs are found beside the installed programs, whatever the prefix.
references=$(env -u HASHSCOPE_REFERENCE_DIR "${run[@]}" "$bin/hashscope-cli" results list --json |
  python3 -c 'import json,sys; print(sum(1 for r in json.load(sys.stdin) if r.get("reference")))' 2>&1)
same "results list from the prefix shows every reference run" "$(ls "$reference_dir"/*.json | wc -l)" "$references"

printf 'intact\n' >"$scratch/file.txt"
same "hashscope-cli sum from the prefix" "$(cd "$scratch" && sha256sum file.txt)" \
  "$(cd "$scratch" && "${run[@]}" "$bin/hashscope-cli" sum file.txt 2>&1)"
# The smallest benchmark there is, only to have its chart drawn by the hashscope beside it. Not
# under the emulator: hashscope-cli starts that hashscope itself, which the host runs only where
# binfmt_misc hands foreign programs to QEMU.
if [ ${#run[@]} -eq 0 ]; then
  env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$bin/hashscope-cli" bench --algo crc32 --sizes 64 \
    --max-time 0.05 --quiet --chart "$scratch/chart.svg" >"$scratch/bench.log" 2>&1
  same "bench --chart from the prefix draws through hashscope render" "0 <svg" \
    "$? $(grep -o -m1 '<svg' "$scratch/chart.svg" 2>&1)"
  [ -s "$scratch/chart.svg" ] || cat "$scratch/bench.log"
else
  echo "note: bench --chart not tried under the emulator (hashscope-cli cannot start an arm64 hashscope)"
fi

finish
