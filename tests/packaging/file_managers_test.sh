# The file managers' actions, as configured in the build tree: the Dolphin service menus and Nemo
# actions have the keys their file managers read, offer verifying for exactly the checksum types
# of hashscope-mime.xml, and run `hashscope` on the selection; the Nautilus extension compiles,
# and, loaded against stand-ins for the gi modules (python3-nautilus need not be installed), offers
# the right items and starts `hashscope` with the selected paths byte for byte.
#   file_managers_test.sh PACKAGING_BUILD_DIR SOURCE_DIR
source "$(dirname "$0")/../cli/lib.sh"
build=$1/file-managers source_dir=$2
mime_xml=$source_dir/packaging/hashscope-mime.xml
defined=$(grep -o '<mime-type type="[^"]*"' "$mime_xml" | sed 's/.*type="//; s/"$//' | sort)

command -v python3 >/dev/null || { echo "FAIL python3 is missing (scripts/install-deps installs it)"; exit 1; }

# key FILE GROUP KEY: the value of KEY in [GROUP] of a desktop-style key file.
key() {
  python3 - "$@" <<'PY'
import configparser, sys
parser = configparser.ConfigParser(interpolation=None, strict=True)
parser.optionxform = str
parser.read(sys.argv[1], encoding="utf-8")
print(parser.get(sys.argv[2], sys.argv[3], fallback="<none>"))
PY
}
types() { tr ';' '\n' <<<"$1" | sed '/^$/d' | sort; }

# Dolphin: desktop-file-validate knows only the Desktop Entry types Application, Link and Directory,
# and rejects a KDE service menu's Type=Service with its MimeType and Actions keys; so the keys
# KIO reads are checked here instead.
for action in verify compute; do
  menu=$build/hashscope-$action.desktop
  same "$action service menu: Type" Service "$(key "$menu" 'Desktop Entry' Type)"
  same "$action service menu: a context menu plugin" KonqPopupMenu/Plugin \
    "$(key "$menu" 'Desktop Entry' X-KDE-ServiceTypes)"
  same "$action service menu: its action" "$action;" "$(key "$menu" 'Desktop Entry' Actions)"
  same "$action service menu: icon" io.github.hashscope.HashScope "$(key "$menu" "Desktop Action $action" Icon)"
done
same "Dolphin: Verify is named" "Verify with HashScope" "$(key "$build/hashscope-verify.desktop" 'Desktop Action verify' Name)"
same "Dolphin: Verify runs hashscope on the selection" "hashscope %F" \
  "$(key "$build/hashscope-verify.desktop" 'Desktop Action verify' Exec)"
same "Dolphin: Verify is offered for the checksum types" "$defined" \
  "$(types "$(key "$build/hashscope-verify.desktop" 'Desktop Entry' MimeType)")"
same "Dolphin: Compute is named" "Compute checksums with HashScope" \
  "$(key "$build/hashscope-compute.desktop" 'Desktop Action compute' Name)"
same "Dolphin: Compute hashes the selection" "hashscope --hash %F" \
  "$(key "$build/hashscope-compute.desktop" 'Desktop Action compute' Exec)"
same "Dolphin: Compute is offered for files and folders" "all/all;" \
  "$(key "$build/hashscope-compute.desktop" 'Desktop Entry' MimeType)"

# Nemo: Name, Exec and Selection are required, and Extensions or Mimetypes.
verify=$build/hashscope-verify.nemo_action
compute=$build/hashscope-compute.nemo_action
for action in "$verify" "$compute"; do
  for required in Name Exec Selection Icon-Name Dependencies; do
    [ "$(key "$action" 'Nemo Action' $required)" != "<none>" ]
    same "$(basename "$action") has $required" 0 $?
  done
  same "$(basename "$action") needs a selection" notnone "$(key "$action" 'Nemo Action' Selection)"
done
same "Nemo: Verify runs hashscope on the selection" "hashscope %F" "$(key "$verify" 'Nemo Action' Exec)"
same "Nemo: Verify is offered for the checksum types" "$defined" "$(types "$(key "$verify" 'Nemo Action' Mimetypes)")"
same "Nemo: Compute hashes the selection" "hashscope --hash %F" "$(key "$compute" 'Nemo Action' Exec)"
same "Nemo: Compute is offered for any file and folder" "any;" "$(key "$compute" 'Nemo Action' Extensions)"

# Nautilus.
extension=$build/hashscope.py
cp "$extension" "$scratch/compiled.py"  # compiled beside a copy: no __pycache__ in the build tree
same "hashscope.py compiles" "" "$(python3 -m py_compile "$scratch/compiled.py" 2>&1)"
same "every @PLACEHOLDER@ was filled in" "" "$(grep -ho '@[A-Z_]*@' "$build"/* 2>&1)"

# A hashscope on PATH that writes down its arguments, one per NUL.
mkdir -p "$scratch/bin"
cat >"$scratch/bin/hashscope" <<SH
#!/bin/sh
printf '%s\0' "\$@" > "$scratch/arguments.tmp" && mv "$scratch/arguments.tmp" "$scratch/arguments"
SH
chmod +x "$scratch/bin/hashscope"

report=$(PATH=$scratch/bin:$PATH SCRATCH=$scratch python3 - "$extension" 2>&1 <<'PY'
import importlib.util, os, sys, time, types

# Stand-ins for what python3-nautilus provides: enough of gi for the extension to load and run.
gi = types.ModuleType("gi")
gi.require_version = lambda name, version: None if (name, version) == ("Nautilus", "4.0") else sys.exit("wrong API")
repository = types.ModuleType("gi.repository")
class MenuItem:
    def __init__(self, name, label, tip, icon):
        self.name, self.label, self.handlers = name, label, []
    def connect(self, signal, handler):
        self.handlers.append((signal, handler))
    def activate(self):
        for signal, handler in self.handlers:
            if signal == "activate":
                handler(self)
repository.Nautilus = types.SimpleNamespace(MenuItem=MenuItem, MenuProvider=type("MenuProvider", (), {}))
repository.GObject = types.SimpleNamespace(GObject=type("GObject", (), {}))
watched = []
repository.GLib = types.SimpleNamespace(PRIORITY_DEFAULT=0, child_watch_add=lambda p, pid, f: watched.append(pid))
gi.repository = repository
sys.modules.update({"gi": gi, "gi.repository": repository})

spec = importlib.util.spec_from_file_location("hashscope_extension", sys.argv[1])
extension = importlib.util.module_from_spec(spec)
spec.loader.exec_module(extension)

class Location:
    def __init__(self, path): self.path = path
    def get_path(self): return self.path
class FileInfo:
    def __init__(self, path, mime): self.location, self.mime = Location(path), mime
    def get_location(self): return self.location
    def get_mime_type(self): return self.mime

def run(item, paths):
    arguments = os.path.join(os.environ["SCRATCH"], "arguments")
    if os.path.exists(arguments):
        os.remove(arguments)
    item.activate()
    for _ in range(500):
        if os.path.exists(arguments):
            with open(arguments, "rb") as f:
                return f.read().split(b"\0")[:-1]
        time.sleep(0.01)
    return "hashscope never ran"

menu = extension.HashScopeMenu()
odd = os.fsdecode(b"/srv/two\nlines caf\xe9 \xff.iso")  # not UTF-8: a surrogate-escaped str, as gi gives
sums = [FileInfo("/srv/SHA256SUMS", "text/x-sha256"), FileInfo("/srv/x.md5", "text/x-md5")]
items = menu.get_file_items(sums)
print("checksum files:", [i.label for i in items])
print("verify runs:", run(items[0], None))
items = menu.get_file_items([FileInfo(odd, "application/x-iso9660-image"), FileInfo("/srv/folder", "inode/directory")])
print("other files:", [i.label for i in items])
print("compute runs:", run(items[0], None))
print("remote files:", menu.get_file_items([FileInfo(None, "text/plain")]))
print("children watched:", len(watched))
PY
)
printf '%s\n' "$report"
holds "Nautilus: checksum files get both items" "$report" \
  "checksum files: ['Verify with HashScope', 'Compute checksums with HashScope']"
holds "Nautilus: Verify runs hashscope -- PATHS" "$report" "verify runs: [b'--', b'/srv/SHA256SUMS', b'/srv/x.md5']"
holds "Nautilus: other files get Compute only" "$report" "other files: ['Compute checksums with HashScope']"
holds "Nautilus: Compute runs hashscope --hash -- PATHS, bytes kept" "$report" \
  "compute runs: [b'--hash', b'--', b'/srv/two\\nlines caf\\xe9 \\xff.iso', b'/srv/folder']"
holds "Nautilus: nothing for files that are not local" "$report" "remote files: []"
holds "Nautilus: every child is reaped" "$report" "children watched: 2"

finish
