# The desktop integration files, as configured in the build tree: the desktop entry and the
# AppStream metadata pass their validators, the checksum MIME types compile into a MIME database
# and are the ones the desktop entry offers to open, and the icon was drawn at every size.
#   desktop_metadata_test.sh PACKAGING_BUILD_DIR SOURCE_DIR VERSION HOMEPAGE
source "$(dirname "$0")/../cli/lib.sh"
build=$1 source_dir=$2 version=$3 homepage=$4
app_id=io.github.hashscope.HashScope
desktop=$build/$app_id.desktop
metainfo=$build/$app_id.metainfo.xml
mime_xml=$source_dir/packaging/hashscope-mime.xml

for tool in desktop-file-validate appstreamcli update-mime-database python3; do
  command -v $tool >/dev/null || { echo "FAIL $tool is missing (scripts/install-deps installs it)"; exit 1; }
done

# desktop-file-validate exits non-zero on errors; hints are printed for the record.
report=$(desktop-file-validate "$desktop" 2>&1)
status=$?
[ -z "$report" ] || printf 'desktop-file-validate says:\n%s\n' "$report"
same "desktop-file-validate passes" 0 $status

same "the desktop entry hands files over, and offers a new window" "Exec=hashscope %F
Exec=hashscope --new-window" "$(grep '^Exec=' "$desktop")"

# Pedantic notes (P:) and infos (I:) are allowed; warnings (W:) and errors (E:) are not.
report=$(appstreamcli validate --no-net --pedantic "$metainfo" 2>&1)
printf 'appstreamcli validate --no-net --pedantic says:\n%s\n' "$report"
same "appstreamcli: no errors or warnings" "" "$(grep -E '^[EW]:' <<<"$report")"
holds "metainfo: the release entry is this version" "$(cat "$metainfo")" "<release version=\"$version\""
holds "metainfo: the screenshot is on the home page" "$(cat "$metainfo")" "<image>$homepage/screenshots/verify.png</image>"
screenshot=$source_dir/docs/screenshots/verify.png
same "the screenshot is committed, a PNG of at most 300 KB" "PNG, small" \
  "$(head -c 4 "$screenshot" 2>&1 | tail -c 3), $( [ "$(stat -c %s "$screenshot" 2>&1)" -le 307200 ] 2>/dev/null && echo small)"

# The types the desktop entry opens: exactly those hashscope-mime.xml defines.
offered=$(sed -n 's/^MimeType=//p' "$desktop" | tr ';' '\n' | sed '/^$/d' | sort)
defined=$(grep -o '<mime-type type="[^"]*"' "$mime_xml" | sed 's/.*type="//; s/"$//' | sort)
same "the desktop entry offers the types hashscope-mime.xml defines" "$defined" "$offered"
same "the metainfo provides the same types" "$defined" \
  "$(grep -o '<mediatype>[^<]*' "$metainfo" | sed 's/<mediatype>//' | sort)"

# The XML compiles into a MIME database beside the system's, and the names map to their types.
mkdir -p "$scratch/mime/packages"
cp /usr/share/mime/packages/freedesktop.org.xml "$mime_xml" "$scratch/mime/packages/"
report=$(XDG_DATA_DIRS=$scratch update-mime-database "$scratch/mime" 2>&1)
same "update-mime-database accepts hashscope-mime.xml" "" "$report"
# globs2 lines: weight:type:pattern[:flags]
glob_type() { awk -F: -v p="$1" '$3 == p { print $2; exit }' "$scratch/mime/globs2"; }
same "*.sha256 is text/x-sha256" text/x-sha256 "$(glob_type '*.sha256')"
same "*.md5 is text/x-md5" text/x-md5 "$(glob_type '*.md5')"
same "*.sfv is text/x-sfv" text/x-sfv "$(glob_type '*.sfv')"
same "*.xxh128 is text/x-xxhash" text/x-xxhash "$(glob_type '*.xxh128')"
same "SHA256SUMS is text/x-sha256, case-sensitive" "50:text/x-sha256:SHA256SUMS:cs" \
  "$(grep ':SHA256SUMS:' "$scratch/mime/globs2")"
same "checksum files are still text" "text/x-sha256 text/plain" "$(grep '^text/x-sha256 ' "$scratch/mime/subclasses")"

# Every icon size was drawn, at its size (the PNG header's width and height).
for size in 16 24 32 48 64 128 256; do
  png=$build/icons/${size}x${size}/$app_id.png
  same "icon ${size}x${size}" "$size $size" "$(python3 -c '
import struct, sys
data = open(sys.argv[1], "rb").read(24)
print(*struct.unpack(">II", data[16:24]) if data[:8] == b"\x89PNG\r\n\x1a\n" else "not a PNG")' "$png" 2>&1)"
done

finish
