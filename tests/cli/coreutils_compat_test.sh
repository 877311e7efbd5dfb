#!/usr/bin/env bash
# `hashscope-cli sum` and `check` where they claim to be coreutils' md5sum / sha*sum / b2sum: the
# same stdout, the same stderr after the program's prefix, the same exit status, on files made
# here. The oracle is the real coreutils on this machine; base64 digests (cksum --base64, later
# than the coreutils 9.1 of Debian 12) are checked against python3's base64 of its hex.
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"

# both PROGRAM ALGO MODE ARGS...: `PROGRAM [-c] ARGS` against `hashscope-cli sum|check -a ALGO ARGS`.
# With usage=1 in the environment the case is a usage error.
both() {
  local program=$1 algo=$2 mode=$3
  shift 3
  local flag=()
  [ "$mode" = check ] && flag=(-c)
  local their_out their_err their_rc our_out our_err our_rc
  "$program" "${flag[@]}" "$@" > their.out 2> their.err
  their_rc=$?
  "$cli" "$mode" -a "$algo" "$@" > our.out 2> our.err
  our_rc=$?
  their_out=$(od -An -c their.out)
  our_out=$(od -An -c our.out)
  their_err=$(sed "s/^$program: /PROGRAM: /; s/Try '$program --help'/Try 'PROGRAM --help'/" their.err)
  our_err=$(sed "s/^hashscope-cli: /PROGRAM: /; s/Try 'hashscope-cli --help'/Try 'PROGRAM --help'/" our.err)
  local label="$program ${flag[*]} $*"
  label=${label//$'\n'/\\n}
  same "$label: stdout" "$their_out" "$our_out"
  same "$label: stderr" "$their_err" "$our_err"
  # A usage error exits 1 in coreutils, 2 in hashscope-cli (its convention for every command).
  [ "${usage:-}" = 1 ] && [ "$their_rc" = 1 ] && their_rc=2
  same "$label: exit status" "$their_rc" "$our_rc"
}

printf 'abc' > f
printf 'hello\n' > g
printf 'space' > ' b'
printf 'star' > '*c'
printf 'blank' > ' '
touch empty

# 1. --status: nothing but the exit status (and what coreutils says even then).
for program in md5sum sha1sum; do
  algo=${program%sum}
  "$program" f g > gnu.$algo
  "$program" --tag f g > bsd.$algo
  "$program" f g | sed -E 's/^([0-9a-f]+)  (.*)$/'"${algo^^}"'(\2)= \1/' > openssl.$algo
  for sums in gnu.$algo bsd.$algo openssl.$algo; do
    cp "$sums" "bad-$sums"
    echo 'not a checksum line' >> "bad-$sums"
    "$program" empty | sed 's/empty$/missing/' >> "bad-$sums"
  done
done
printf 'changed' > g
for program in md5sum sha1sum; do
  algo=${program%sum}
  for sums in gnu.$algo bsd.$algo openssl.$algo; do
    both "$program" "$algo" check --status "$sums"
    both "$program" "$algo" check "$sums"
    both "$program" "$algo" check --status "bad-$sums"
    both "$program" "$algo" check --status --ignore-missing "bad-$sums"
    both "$program" "$algo" check --status --strict "bad-$sums"
    both "$program" "$algo" check -w "bad-$sums"
    both "$program" "$algo" check --status -w "bad-$sums"
    both "$program" "$algo" check -w --status "bad-$sums"
  done
done
echo 'no checksum here' > junk.md5
both md5sum md5 check --status junk.md5
md5sum empty | sed 's/empty$/missing/' > missing.md5
both md5sum md5 check --status --ignore-missing missing.md5
both md5sum md5 check --ignore-missing missing.md5

# 2. BSD `md5 -r`'s "HEX NAME": the first line decides; ' ' and '*' then belong to the name.
md5=$(md5sum < f | cut -d' ' -f1)
{
  echo "$md5 f"
  echo "$(md5sum < ' b' | cut -d' ' -f1)  b"
  echo "$(md5sum < '*c' | cut -d' ' -f1) *c"
  echo "$(md5sum < ' ' | cut -d' ' -f1)  "
} > reversed.md5
both md5sum md5 check reversed.md5
both md5sum md5 check -w reversed.md5
{
  md5sum f
  echo "$md5 f"
} > mixed.md5
both md5sum md5 check -w mixed.md5
{
  echo "$md5 f"
  md5sum f
} > mixed2.md5
both md5sum md5 check -w mixed2.md5
echo "$(sha256sum < f | cut -d' ' -f1) f" > reversed.sha256
both sha256sum sha256 check reversed.sha256

# 3. Binary data where a checksum file should be.
head -c 64 /dev/zero > nul.md5
both md5sum md5 check nul.md5
{
  head -c 32 /dev/zero
  echo '  f'
} > nul2.md5
both md5sum md5 check nul2.md5
both md5sum md5 check --status nul2.md5

# 4. sum's coreutils options.
newline_name=$(printf 'new\nline')
printf 'x' > "$newline_name"
printf 'y' > 'back\slash'
for program in md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum; do
  algo=${program%sum}
  [ "$algo" = b2 ] && algo=blake2b
  both "$program" "$algo" sum -b f "$newline_name" 'back\slash'
  both "$program" "$algo" sum --binary f
  both "$program" "$algo" sum -t f
  both "$program" "$algo" sum --text f "$newline_name"
  both "$program" "$algo" sum -z f "$newline_name" 'back\slash'
  both "$program" "$algo" sum -z -b f
  both "$program" "$algo" sum --tag f "$newline_name"
  both "$program" "$algo" sum --tag -z f "$newline_name"
  both "$program" "$algo" sum --tag -b f
  both "$program" "$algo" sum -b -t f
  usage=1 both "$program" "$algo" sum --tag -t f
  usage=1 both "$program" "$algo" sum --ignore-missing f
  usage=1 both "$program" "$algo" sum --status f
  usage=1 both "$program" "$algo" sum --warn f
  usage=1 both "$program" "$algo" sum --strict f
  usage=1 both "$program" "$algo" sum --quiet f
  "$program" -b f > b.sums
  both "$program" "$algo" check b.sums
  usage=1 both "$program" "$algo" check -z b.sums
done

# --base64 (cksum --base64 in coreutils 9.2+): python3 turns md5sum's hex into the expected text.
b64() { python3 -c 'import base64,sys; print(base64.b64encode(bytes.fromhex(sys.argv[1])).decode())' "$1"; }
for program in md5sum sha1sum sha256sum sha512sum b2sum; do
  algo=${program%sum}
  [ "$algo" = b2 ] && algo=blake2b
  hex=$("$program" < f | cut -d' ' -f1)
  tag=$("$program" --tag f | cut -d' ' -f1)
  same "sum -a $algo --base64" "$(b64 "$hex")  f" "$("$cli" sum -a "$algo" --base64 f)"
  same "sum -a $algo --base64 --tag" "$tag (f) = $(b64 "$hex")" "$("$cli" sum -a "$algo" --base64 --tag f)"
  # Base64 digests in checksum files: GNU lines (with -a), BSD lines (the tag says).
  echo "$(b64 "$hex")  f" > gnu64.sums
  echo "$tag (f) = $(b64 "$hex")" > bsd64.sums
  same "check -a $algo a base64 GNU line" "f: OK" "$("$cli" check -a "$algo" gnu64.sums 2>&1)"
  same "check a base64 BSD line" "f: OK" "$("$cli" check bsd64.sums 2>&1)"
  cp f f.saved
  printf 'other' > f
  same "check a base64 BSD line, changed file" "f: FAILED" "$("$cli" check bsd64.sums 2>/dev/null)"
  mv f.saved f
  # One '=' short is no digest, as for cksum -c.
  sed 's/=$//' bsd64.sums > short64.sums
  if [[ $(cat bsd64.sums) == *= ]]; then
    same "check: base64 without its padding is no digest" \
      "hashscope-cli: short64.sums: no properly formatted checksum lines found" \
      "$("$cli" check short64.sums 2>&1)"
  fi
done

finish
