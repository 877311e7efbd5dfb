# The fixture of the Debian package tests: builds the package from the build tree with the
# project's CPack settings, as `make package` does, into OUT_DIR (removed by packaging.deb_cleanup).
#   deb_build.sh BUILD_DIR OUT_DIR
set -eu
build=$1 out=$2
rm -rf "$out"
mkdir -p "$out"
cpack -G DEB -B "$out" --config "$build/CPackConfig.cmake"
debs=("$out"/*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || { echo "expected one .deb in $out, found: ${debs[*]}"; exit 1; }
echo "built ${debs[0]}"
