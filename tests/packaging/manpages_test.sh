# The manual pages (as configured in the build tree) render without a warning, the way lintian
# renders them, and cannot drift from the programs: every command and long option that
# `hashscope-cli --help`, `hashscope --help` and `hashscope render --help` print is in its page.
#   manpages_test.sh MAN_BUILD_DIR HASHSCOPE_CLI HASHSCOPE
source "$(dirname "$0")/../cli/lib.sh"
man_dir=$1 cli=$2 gui=$3

for tool in groff man; do
  command -v $tool >/dev/null || { echo "FAIL $tool is missing"; exit 1; }
done

for page in hashscope.1 hashscope-cli.1; do
  same "$page: groff -man -ww -z has no warnings" "" "$(groff -man -ww -z "$man_dir/$page" 2>&1)"
  # lintian's check (groff-message): UTF-8, 80 columns, every warning.
  same "$page: man --warnings has no warnings" "" \
    "$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$man_dir/$page" 2>&1 >/dev/null)"
  same "$page: every @PLACEHOLDER@ was filled in" "" "$(grep -o '@[A-Z_]*@' "$man_dir/$page")"
  same "$page.gz is the page, compressed" "$(cat "$man_dir/$page")" "$(gzip -dc "$man_dir/$page.gz")"
done

# The pages as read: plain text, hyphens as typed.
rendered() { groff -man -Tascii -P-cbou "$man_dir/$1" 2>/dev/null; }
cli_page=$(rendered hashscope-cli.1)
gui_page=$(rendered hashscope.1)

# Commands are the help's indented words under "commands:"; options every --word anywhere.
cli_help=$("$cli" --help)
commands=$(sed -n '/^commands:/,/^$/p' <<<"$cli_help" | grep -oE '^  [a-z]+' | tr -d ' ')
[ -n "$commands" ] || { echo "FAIL no commands found in hashscope-cli --help"; exit 1; }
for command in $commands; do
  holds "hashscope-cli.1 has the command $command" "$cli_page" "hashscope-cli $command"
done
for option in $(grep -oE -- '--[a-z][a-z-]*' <<<"$cli_help" | sort -u); do
  holds "hashscope-cli.1 has $option" "$cli_page" "$option"
done

# The GUI answers --help without a display.
no_display=(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM)
gui_help=$("${no_display[@]}" "$gui" --help; "${no_display[@]}" "$gui" render --help)
for option in $(grep -oE -- '--[a-z][a-z-]*' <<<"$gui_help" | sort -u); do
  holds "hashscope.1 has $option" "$gui_page" "$option"
done
holds "hashscope.1 has the render command" "$gui_page" "hashscope render"

finish
