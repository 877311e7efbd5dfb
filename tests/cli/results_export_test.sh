#!/usr/bin/env bash
# `hashscope-cli results export ID... --html FILE`: one self-contained page, checked with
# python3's HTML parser: well formed, an inline <svg> chart per run, both runs, the comparison,
# and nothing that loads from elsewhere.
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"
lib="$scratch/runs"
quick=(--algo crc32c,sha256 --sizes 64,4KiB --max-time 0.05 --quiet --library "$lib")

"$cli" bench "${quick[@]}" > /dev/null 2>&1
"$cli" bench "${quick[@]}" > /dev/null 2>&1
mapfile -t ids < <("$cli" results list --library "$lib" | cut -d' ' -f1)
same "two runs in the library" 2 "${#ids[@]}"

"$cli" results export "${ids[0]}" "${ids[1]}" --html report.html --library "$lib" 2> err.txt; status=$?
same "export exits 0" 0 "$status"
holds "  and says where it wrote" "$(cat err.txt)" "report.html"

cat > check_html.py <<'PY'
import sys
from html.parser import HTMLParser

VOID = {"meta", "br", "hr", "img", "input", "link", "wbr", "col", "area", "base", "source", "track"}
# SVG elements written self-closed (<line/>): the parser reports them as startend.

class Checker(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.tags, self.text = [], [], {}, []
    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for name, value in attrs:
            if name.startswith("on") or (value or "").lower().startswith(("http", "//", "javascript")):
                self.errors.append(f"external or active attribute {name}={value!r}")
        if tag not in VOID:
            self.stack.append(tag)
    def handle_startendtag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
        else:
            self.stack.pop()
    def handle_data(self, data):
        self.text.append(data)

text = open(sys.argv[1], encoding="utf-8").read()
c = Checker()
c.feed(text)
c.close()
if c.stack:
    c.errors.append("left open: " + " ".join(c.stack))
print("errors:", "; ".join(c.errors) if c.errors else "none")
for tag in ("svg", "script", "link", "img", "iframe", "table", "section"):
    print(f"{tag}: {c.tags.get(tag, 0)}")
print("http:", text.count("http"))
print("text:", " ".join(" ".join(c.text).split()))
PY
python3 check_html.py report.html > parsed.txt
same "the page is well formed" "errors: none" "$(grep '^errors:' parsed.txt)"
same "one inline svg chart per run" "svg: 2" "$(grep '^svg:' parsed.txt)"
for tag in script link img iframe; do
  same "no <$tag>" "$tag: 0" "$(grep "^$tag:" parsed.txt)"
done
same "no address at all" "http: 0" "$(grep '^http:' parsed.txt)"
holds "both runs are in it: ${ids[0]}" "$(grep '^text:' parsed.txt)" "${ids[0]}"
holds "both runs are in it: ${ids[1]}" "$(grep '^text:' parsed.txt)" "${ids[1]}"
holds "the comparison is in it" "$(grep '^text:' parsed.txt)" "Comparison against ${ids[0]}"
cell=$("$cli" results compare "${ids[0]}" "${ids[1]}" --library "$lib" | grep -m1 -o 'sha256 · [^ ]* · 4KiB · oneshot · 1 thread · hot')
holds "results compare names the sha256 4KiB cell" "$cell" "sha256 · "
holds "  and so does the page" "$(grep '^text:' parsed.txt)" "$cell"
cpu=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["environment"]["cpu"]["model"])' "$lib/${ids[0]}.json")
holds "the CPU model is in its environment table" "$(grep '^text:' parsed.txt)" "CPU $(echo $cpu) Microarchitecture"

# A CPU name with markup in it (files come from other machines) is shown, not interpreted.
python3 - "$lib/${ids[0]}.json" hostile.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["environment"]["cpu"]["model"] = "<script>alert(1)</script> & Co"
json.dump(d, open(sys.argv[2], "w"))
PY
hostile=$("$cli" results import hostile.json --library "$lib" | cut -d' ' -f1)
"$cli" results export "$hostile" --html hostile.html --library "$lib" 2> /dev/null; status=$?
same "export of one run exits 0" 0 "$status"
python3 check_html.py hostile.html > parsed.txt
same "  well formed" "errors: none" "$(grep '^errors:' parsed.txt)"
same "  no <script> from the file" "script: 0" "$(grep '^script:' parsed.txt)"
same "  one chart" "svg: 1" "$(grep '^svg:' parsed.txt)"
holds "  the name is shown as text" "$(grep '^text:' parsed.txt)" "<script>alert(1)</script> & Co"

# A name and a note given on the Results page (the library's .notes.json) head the run's section.
printf '{"version": 1, "runs": {"%s": {"name": "before <the> fix", "note": "pinned & quiet"}}}' "${ids[0]}" \
  > "$lib/.notes.json"
"$cli" results export "${ids[0]}" --html named.html --library "$lib" 2> /dev/null
python3 check_html.py named.html > parsed.txt
same "  well formed with a name and a note" "errors: none" "$(grep '^errors:' parsed.txt)"
holds "  the run's name heads it" "$(grep '^text:' parsed.txt)" "before <the> fix (${ids[0]})"
holds "  and its note follows" "$(grep '^text:' parsed.txt)" "pinned & quiet"
# Looked up by id: the imported run may list before it when all three share a second.
same "  list --json carries the name" "before <the> fix" \
  "$("$cli" results list --json --library "$lib" |
    python3 -c 'import json,sys; print(next(r.get("name", "") for r in json.load(sys.stdin) if r["id"] == sys.argv[1]))' "${ids[0]}")"

"$cli" results export "${ids[0]}" --library "$lib" > /dev/null 2>&1; status=$?
same "export without --html: exit 2" 2 "$status"
"$cli" results export --html x.html --library "$lib" > /dev/null 2>&1; status=$?
same "export without an id: exit 2" 2 "$status"
"$cli" results export nope --html x.html --library "$lib" > /dev/null 2> err.txt; status=$?
same "export of an unknown id: exit 2" 2 "$status"
holds "  and says which" "$(cat err.txt)" "nope"
same "  and writes nothing" "" "$(ls x.html 2> /dev/null)"
"$cli" results list --html x.html --library "$lib" > /dev/null 2>&1; status=$?
same "--html on another results command: exit 2" 2 "$status"
"$cli" results export "${ids[0]}" --html no/such/folder/x.html --library "$lib" > /dev/null 2> err.txt; status=$?
same "an unwritable output: exit 1" 1 "$status"
holds "  with a message" "$(cat err.txt)" "no/such/folder"

finish
