# Shared helpers of the CLI tests: a scratch folder, and checks that say what differed.
set -u
failures=0
checks=0
scratch=$(mktemp -d "${TMPDIR:-/tmp}/hashscope-cli-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
# The tests see no calibration of the user's: dispatch follows the built-in table unless a test
# calibrates into this folder itself.
export XDG_CACHE_HOME="$scratch/cache"
# Every `bench` keeps its run in the results library: the tests' runs go to the scratch folder,
# never into the user's library.
export HASHSCOPE_RESULTS_DIR="$scratch/library"
export XDG_DATA_HOME="$scratch/data"
# No reference runs unless a test asks for them: they would be listed beside the tests' own runs.
export HASHSCOPE_REFERENCE_DIR=""

# cli_cpu FIELD: a field of `$cli cpu --json`, e.g. its architecture ("x86_64", "aarch64") or the
# emulation it detected ("" natively): the arm64 preset runs the CLI under qemu-aarch64.
cli_cpu() {
  "$cli" cpu --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"
}

# same NAME EXPECTED ACTUAL
same() {
  checks=$((checks + 1))
  if [ "$2" == "$3" ]; then
    echo "ok   $1"
  else
    failures=$((failures + 1))
    echo "FAIL $1"
    diff <(printf '%s\n' "$2") <(printf '%s\n' "$3") | head -20 | sed 's/^/     /'
  fi
}

# holds NAME HAYSTACK NEEDLE
holds() {
  checks=$((checks + 1))
  if [[ "$2" == *"$3"* ]]; then
    echo "ok   $1"
  else
    failures=$((failures + 1))
    echo "FAIL $1: expected to find '$3' in:"
    printf '%s\n' "$2" | head -20 | sed 's/^/     /'
  fi
}

finish() {
  echo "$((checks - failures)) passed, $failures failed"
  [ "$failures" -eq 0 ]
}
