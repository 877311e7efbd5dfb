#!/usr/bin/env bash
# `hashscope render` as a user and hashscope-cli run it: charts from result files with no display,
# exit status 2 with a clear message for unusable input, 1 when the chart cannot be written.
# Usage: render_command_test.sh HASHSCOPE [HASHSCOPE_CLI]
source "$(dirname "$0")/../cli/lib.sh"
gui=$1
cli=${2:-}

# No display of any kind: render must choose the offscreen platform by itself.
run() { env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$gui" "$@"; }

# cell ALGORITHM IMPLEMENTATION SIZE THREADS NS_PER_OP
cell() {
  local gbps
  gbps=$(awk -v s="$3" -v t="$4" -v ns="$5" 'BEGIN { printf "%.6f", s * t / ns }')
  printf '{"algorithm":"%s","implementation":"%s","backend":"x","best":true,"size":%s,"mode":"oneshot","chunk":null,' "$1" "$2" "$3"
  printf '"threads":%s,"placement":"hot","samples":30,"precise":true,' "$4"
  printf '"ns_per_op":{"mean":%s,"median":%s,"min":%s,"max":%s,"stddev":1,"error":%s},' "$5" "$5" "$5" "$5" "$(awk -v ns="$5" 'BEGIN { print ns / 20 }')"
  printf '"gb_per_s":%s,"ops_per_ms":1,"cycles_per_byte":null,"raw_ns_per_op":[]}' "$gbps"
}

# report FILE THREADS...: crc32c and sha256 at 64 B and 4 KiB for each thread count, and the harness.
report() {
  local file=$1; shift
  local cells=() t
  for t in "$@"; do
    cells+=("$(cell null harness 64 "$t" 0.3)" "$(cell crc32c isal 64 "$t" 8)" "$(cell crc32c isal 4096 "$t" $((100 * t)))")
    cells+=("$(cell sha256 openssl 64 "$t" 120)" "$(cell sha256 openssl 4096 "$t" $((2300 * t)))")
  done
  local joined
  joined=$(IFS=,; echo "${cells[*]}")
  cat > "$file" <<JSON
{"schema":"hashscope-bench/1",
 "environment":{"cpu":{"model":"Script CPU","vendor":"x","microarchitecture":"Zen 4","cores":2,"threads":2,
                       "features":["sse4.2","pclmulqdq"],"caches":{"l1d":32768,"l2":1048576,"l3":33554432}},
                "build_type":"Release","hashscope_version":"0.1.0","date":"2026-11-30T08:00:00Z","warnings":[]},
 "spec":{"preset":"quick","precision":0.01,"max_time_s":2.0,"sizes":[64,4096],"modes":["oneshot"],"threads":[$(IFS=,; echo "$*")],
         "participants":[{"algorithm":"crc32c","implementation":"isal"},{"algorithm":"sha256","implementation":"openssl"}]},
 "results":[$joined]}
JSON
}

# png_size FILE: "WIDTHxHEIGHT" from the IHDR chunk.
png_size() {
  local b
  read -r -a b <<< "$(od -An -tu1 -j16 -N8 "$1")"
  echo "$(( (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3] ))x$(( (b[4] << 24) | (b[5] << 16) | (b[6] << 8) | b[7] ))"
}

one="$scratch/one-thread.json"
many="$scratch/threads.json"
report "$one" 1
report "$many" 1 2

holds "--help names render" "$("$gui" --help)" "hashscope render RESULTS.json"
out=$(run render --help); status=$?
same "render --help exits 0" 0 "$status"
holds "render --help lists the views" "$out" "--view VIEW"
holds "  bars among them" "$out" "bars (GB/s at one size)"

# Charts in each format, at the asked size.
out=$(run render "$one" -o "$scratch/nsop.png" 2>&1); status=$?
same "nsop PNG exits 0" 0 "$status"
same "nsop PNG is 1200x750" "1200x750" "$(png_size "$scratch/nsop.png")"
run render "$one" -o "$scratch/small.png" --view gbps --width 640 --height=400 --scale 2 2>/dev/null
same "gbps PNG at --scale 2 is 1280x800" "1280x800" "$(png_size "$scratch/small.png")"
run render "$one" -o "$scratch/chart.svg" 2>/dev/null
holds "SVG is SVG" "$(head -c 400 "$scratch/chart.svg")" "<svg"
run render "$one" -o "$scratch/chart.pdf" 2>/dev/null
same "PDF is PDF" "%PDF" "$(head -c 4 "$scratch/chart.pdf")"
run render "$many" -o "$scratch/threads.png" --view threads 2>/dev/null; status=$?
same "threads view of a threads run exits 0" 0 "$status"

# The bar view, as the page's fourth view: every participant at one size, 4 KiB unless --size says.
out=$(run render "$one" -o "$scratch/bars.png" --view bars 2>&1); status=$?
same "bars PNG exits 0" 0 "$status"
same "bars PNG is 1200x750" "1200x750" "$(png_size "$scratch/bars.png")"
bytes=$(stat -c %s "$scratch/bars.png" 2>/dev/null || echo 0)
[ "$bytes" -gt 20000 ]; same "  and is a drawing, not a blank canvas ($bytes bytes)" 0 $?
run render "$one" -o "$scratch/gbps.png" --view gbps 2>/dev/null
cmp -s "$scratch/bars.png" "$scratch/gbps.png"; same "  and differs from the gbps chart of the same cells" 1 $?
run render "$one" -o "$scratch/bars.svg" --view=bars 2>/dev/null
svg=$(cat "$scratch/bars.svg" 2>/dev/null)
holds "bars SVG is titled with the size" "$svg" "GB/s at 4 KiB"
holds "  and names each bar" "$svg" "crc32c · isal"
holds "  and the other" "$svg" "sha256 · openssl"
run render "$one" -o "$scratch/bars64.svg" --view bars --size 64 2>/dev/null; status=$?
same "bars at --size 64 exits 0" 0 "$status"
holds "  and shows 64 B" "$(cat "$scratch/bars64.svg" 2>/dev/null)" "GB/s at 64 B"
out=$(run render "$one" -o "$scratch/bars1m.png" --view bars --size 1MiB 2>&1); status=$?
same "bars at an unmeasured size exits 2" 2 "$status"
holds "  and names the sizes measured" "$out" "nothing was measured at 1 MiB (measured: 64 B, 4 KiB)"
[ ! -e "$scratch/bars1m.png" ]; same "  and writes nothing" 0 $?
out=$(run render "$one" -o "$scratch/s.png" --size 64 2>&1); status=$?
same "--size without the bars view exits 2" 2 "$status"
holds "  and says why" "$out" "--size goes with --view bars"

# Unusable input: exit 2, and a message that says what is wrong.
out=$(run render "$one" -o "$scratch/t.png" --view threads 2>&1); status=$?
same "threads view of a one-thread run exits 2" 2 "$status"
holds "  and says why" "$out" "several thread counts"
[ ! -e "$scratch/t.png" ]; same "  and writes nothing" 0 $?
out=$(run render "$scratch/absent.json" -o "$scratch/a.png" 2>&1); status=$?
same "missing results file exits 2" 2 "$status"
holds "  and names it" "$out" "cannot read $scratch/absent.json: no such file"
echo '{ "schema": "hashscope-bench/1", "results": [ {"algorithm": 3} ' > "$scratch/broken.json"
out=$(run render "$scratch/broken.json" -o "$scratch/b.png" 2>&1); status=$?
same "malformed JSON exits 2" 2 "$status"
holds "  and names the file" "$out" "$scratch/broken.json: "
echo '{"schema": "something-else/2"}' > "$scratch/other.json"
out=$(run render "$scratch/other.json" -o "$scratch/b.png" 2>&1); status=$?
same "another schema exits 2" 2 "$status"
holds "  and says so" "$out" "not a HashScope benchmark file"
out=$(run render "$one" -o "$scratch/v.png" --view pie 2>&1); status=$?
same "unknown view exits 2" 2 "$status"
holds "  and lists the views" "$out" "nsop, gbps, threads or bars"
out=$(run render "$one" -o "$scratch/chart.jpg" 2>&1); status=$?
same "unknown extension exits 2" 2 "$status"
holds "  and lists the formats" "$out" ".png, .svg or .pdf"
out=$(run render "$one" 2>&1); status=$?
same "no -o exits 2" 2 "$status"
out=$(run render "$one" -o "$scratch/w.png" --width 0 2>&1); status=$?
same "a zero width exits 2" 2 "$status"

# The chart cannot be written: exit 1, and a chart already there stays as it was.
out=$(run render "$one" -o "$scratch/no/such/folder/c.png" 2>&1); status=$?
same "missing folder exits 1" 1 "$status"
holds "  and says so" "$out" "does not exist"
mkdir "$scratch/taken.svg"
out=$(run render "$one" -o "$scratch/taken.svg" 2>&1); status=$?
same "a folder in the way exits 1" 1 "$status"
cp "$scratch/nsop.png" "$scratch/keep.png"
run render "$one" -o "$scratch/nsop.png" --view gbps 2>/dev/null
cmp -s "$scratch/nsop.png" "$scratch/keep.png"; same "a new chart replaces the old one" 1 $?

# hashscope-cli bench --chart hands its results to `hashscope render`.
if [ -n "$cli" ]; then
  out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$cli" bench --algo crc32c --sizes 64,4KiB --max-time 0.05 --quiet \
        --chart "$scratch/bench.svg" 2>&1); status=$?
  same "bench --chart exits 0" 0 "$status"
  holds "  and writes an SVG" "$(head -c 400 "$scratch/bench.svg" 2>/dev/null)" "<svg"
fi

finish
