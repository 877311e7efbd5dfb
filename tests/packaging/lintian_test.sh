# lintian on the Debian package: no errors (E:). Warnings and infos are printed for the record;
# the ones that stay, and why, are listed in packaging/README.md.
#   lintian_test.sh DEB_DIR
source "$(dirname "$0")/../cli/lib.sh"
deb=$(ls "$1"/*.deb)
command -v lintian >/dev/null || { echo "FAIL lintian is missing (scripts/install-deps installs it)"; exit 1; }
# As root (CI) lintian wants to be told that it is fine.
report=$(lintian --allow-root --tag-display-limit 0 --display-info "$deb" 2>&1)
status=$?
printf 'lintian says:\n%s\n' "$(grep -E '^[EWIPX]:' <<<"$report")"
same "lintian: no errors" "" "$(grep -E '^E:' <<<"$report")"
same "lintian ran" "" "$(grep -vE '^([EWIPXN]:|$)' <<<"$report" | grep -vE '^ ')"
[ $status -eq 0 ] || echo "(lintian exit status $status)"
finish
