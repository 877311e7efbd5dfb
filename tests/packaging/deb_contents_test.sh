# The Debian package: its control fields, dependencies computed by dpkg-shlibdeps (Qt 6 Widgets,
# QCustomPlot, ISA-L, xxHash, libcpuinfo) and those of the libraries opened on first use (OpenSSL,
# libgcrypt, Nettle, libb2, libsodium, GPGME), exactly the files of expected-files.txt, and
# programs that run once unpacked into a scratch root. A cross build's package (the arm64 preset)
# is named for its programs' architecture, and they run under the emulator: HASHSCOPE_RUN_TARGET
# names the script that runs them so (tests/CMakeLists.txt).
#   deb_contents_test.sh DEB_DIR EXPECTED_FILES VERSION REFERENCE_DIR
source "$(dirname "$0")/../cli/lib.sh"
deb_dir=$1 expected_files=$2 version=$3 reference_dir=$4
deb=$(ls "$deb_dir"/*.deb)
field() { dpkg-deb -f "$deb" "$1"; }

same "Package" hashscope "$(field Package)"
same "Version" "$version" "$(field Version)"
same "Section, Priority" "utils optional" "$(field Section) $(field Priority)"
holds "Homepage" "$(field Homepage)" "https://"
holds "Maintainer has a name and an address" "$(field Maintainer)" "@"
holds "Description has a long part" "$(field Description | sed -n '2,$p')" "hashscope-cli"

depends=$(field Depends)
echo "Depends: $depends"
for library in libqt6widgets6 libqt6network6 libqcustomplot libssl3 libgcrypt20 libnettle8 libb2-1 libsodium23 libgpgme11 libisal2 libxxhash libcpuinfo; do
  holds "Depends names $library" "$depends" "$library"
done
same "Suggests python3-nautilus, for the Nautilus extension" python3-nautilus "$(field Suggests)"

# The package's files: what `cmake --install --prefix /usr` installs, but the licence's full text
# (the copyright file points to /usr/share/common-licenses/GPL-3 instead), and the reference runs.
same "the package holds the files of $(basename "$expected_files") and the reference runs" \
  "$({ grep -vx 'usr/share/doc/hashscope/LICENSE' "$expected_files"
       for run in "$reference_dir"/*.json; do echo "usr/share/hashscope/reference/$(basename "$run")"; done; } |
     LC_ALL=C sort)" \
  "$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { sub(/^\.\//, "", $6); print $6 }' | LC_ALL=C sort)"
same "nothing in it is owned by anyone but root" "" "$(dpkg-deb -c "$deb" | awk '$2 != "root/root"')"

root=$scratch/root
dpkg-deb -x "$deb" "$root"
# The architecture is the programs' own: Debian's name for the machine readelf reads in them.
for program in hashscope-cli hashscope; do
  machine=$(LC_ALL=C readelf -h "$root/usr/bin/$program" | sed -n 's/^ *Machine: *//p')
  case $machine in
    AArch64) arch=arm64 ;;
    *X86-64) arch=amd64 ;;
    *) arch="unknown machine '$machine'" ;;
  esac
  same "$program is built for the package's architecture" "$(field Architecture)" "$arch"
done
same "the file is named as Debian names it" "hashscope_${version}_$(field Architecture).deb" "$(basename "$deb")"

run=(${HASHSCOPE_RUN_TARGET:+"$HASHSCOPE_RUN_TARGET"})
no_display=(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "${run[@]}")
for program in hashscope-cli hashscope; do
  holds "unpacked $program --version" "$("${no_display[@]}" "$root/usr/bin/$program" --version 2>&1 | head -1)" \
    "$program $version"
done
printf 'intact\n' >"$scratch/file.txt"
same "unpacked hashscope-cli sum" "$(cd "$scratch" && b3sum file.txt)" \
  "$(cd "$scratch" && "${run[@]}" "$root/usr/bin/hashscope-cli" sum -a blake3 file.txt 2>&1)"
same "unpacked results list shows the reference runs it carries" "$(ls "$reference_dir"/*.json | wc -l)" \
  "$(env -u HASHSCOPE_REFERENCE_DIR "${run[@]}" "$root/usr/bin/hashscope-cli" results list --json |
     python3 -c 'import json,sys; print(sum(1 for r in json.load(sys.stdin) if r.get("reference")))')"
same "the copyright file is machine-readable" \
  "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" \
  "$(head -1 "$root/usr/share/doc/hashscope/copyright")"
holds "the changelog names this version" "$(gzip -dc "$root/usr/share/doc/hashscope/changelog.gz")" \
  "hashscope ($version)"

finish
