#!/usr/bin/env python3
"""GNU coreutils' own test cases for md5sum, sha*sum and cksum, run against hashscope-cli.

The cases are the @Tests lists of coreutils' tests/cksum/*.pl scripts, extracted to JSON
($HASHSCOPE_TESTDATA_DIR/external/coreutils/pl-specs.json.gz). Each case is run the way
coreutils' tests/Coreutils.pm runs it: IN files with a name are created and passed as operands in
the order given, an IN without a name is standard input, AUX files are only created; stdout,
stderr and the exit status are compared (missing OUT / ERR / EXIT mean empty, empty, 0), after
ERR_SUBST is applied to each line of the actual stderr.

Mapping: `md5sum ARGS` runs `hashscope-cli sum -a md5 ARGS`, `md5sum --check ARGS` runs
`hashscope-cli check -a md5 ARGS` (likewise sha1sum, sha224sum, ..., b2sum); `cksum ARGS` runs
`hashscope-cli sum --tag ARGS` (cksum tags its output) or `hashscope-cli check ARGS`, with
cksum's `-a sha3 --length=N` spelled `-a sha3-N`. The "PROGRAM: " prefix of expected stderr
becomes "hashscope-cli: ", and "Try 'PROGRAM --help'" becomes "Try 'hashscope-cli --help'".

usage: coreutils_cases.py HASHSCOPE_CLI        (exit 77 when the data is absent)
       coreutils_cases.py --real               (the real coreutils programs: checks the harness)
"""
import gzip
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

SKIP = 77

DIGEST_PROGRAMS = {
    "md5sum": "md5",
    "sha1sum": "sha1",
    "sha224sum": "sha224",
    "sha256sum": "sha256",
    "sha384sum": "sha384",
    "sha512sum": "sha512",
    "b2sum": "blake2b",
}

# Cases HashScope knowingly does not claim: (script, case name) -> why. Everything else must pass.
NOT_CLAIMED = {
    ("cksum-base64.pl", "sysv"): "cksum's legacy SysV sum and its output format are not HashScope algorithms",
    ("cksum-base64.pl", "bsd"): "cksum's legacy BSD sum and its output format are not HashScope algorithms",
    ("cksum-base64.pl", "crc"): "cksum's POSIX CRC (with the length appended) is not a HashScope algorithm",
    ("cksum-base64.pl", "crc32b"): "cksum -a crc32b prints 'CRC SIZE NAME' in decimal, a format HashScope does not write",
    ("cksum-base64.pl", "sm3"): "HashScope has no SM3",
    ("cksum-base64.pl", "chk-sm3"): "HashScope has no SM3",
    ("md5sum.pl", "check-ignore-missing-4"):
        "same message, but HashScope's usage errors exit 2 (coreutils: 1) by the CLI's convention",
}

# What a real coreutils run needs beyond 9.1 (the version this harness is checked against with
# --real): cases that test later features are skipped there, not counted as harness failures.
NEWER_THAN_91 = {"cksum-base64.pl"}


def load_specs():
    base = os.environ.get("HASHSCOPE_TESTDATA_DIR", "")
    path = os.path.join(base, "external", "coreutils", "pl-specs.json.gz") if base else ""
    if not path or not os.path.exists(path):
        print("SKIP: coreutils' test cases not found: set HASHSCOPE_TESTDATA_DIR to a folder holding "
              "external/coreutils/pl-specs.json.gz")
        sys.exit(SKIP)
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def map_command(cli, program, args):
    """hashscope-cli's command line for `program args`; None for a program HashScope does not mimic."""
    checking = "--check" in args or "-c" in args
    rest = [a for a in args if a not in ("--check", "-c")]
    if program in DIGEST_PROGRAMS:
        return [cli, "check" if checking else "sum", "-a", DIGEST_PROGRAMS[program]] + rest
    if program == "cksum":
        mapped = []
        length = None
        for a in rest:
            if a.startswith("--length="):
                length = a.split("=", 1)[1]
            else:
                mapped.append(a)
        if length is not None and "sha3" in mapped:
            mapped[mapped.index("sha3")] = "sha3-" + length
        elif length is not None:
            mapped.append("--length=" + length)
        return [cli, "check"] + mapped if checking else [cli, "sum", "--tag"] + mapped
    return None


def apply_subst(text, subst):
    """Perl's s/PATTERN/REPLACEMENT/FLAGS on each line, as Coreutils.pm applies ERR_SUBST."""
    m = re.fullmatch(r"s(.)(.*?)\1(.*?)\1([gi]*)", subst, re.S)
    if not m:
        raise ValueError("unsupported ERR_SUBST " + subst)
    pattern, replacement, flags = m.group(2), m.group(3), m.group(4)
    count = 0 if "g" in flags else 1
    regex = re.compile(pattern.encode(), re.I if "i" in flags else 0)
    lines = text.split(b"\n")
    return b"\n".join(regex.sub(replacement.encode().replace(b"\\", b"\\\\"), line, count=count) for line in lines)


def run_case(case, program, cli, real, folder):
    args, operands, stdin = [], [], b""
    expected = {"OUT": b"", "ERR": b"", "EXIT": 0}
    substs = []
    for item in case["items"]:
        if "arg" in item:
            args += shlex.split(item["arg"])
            continue
        kind = item["type"]
        if kind in ("IN", "AUX"):
            data = bytes.fromhex(item["data_hex"])
            name = item.get("name_hex")
            if name is None:
                stdin = data
                continue
            name = bytes.fromhex(name)
            with open(os.path.join(folder.encode(), name), "wb") as f:
                f.write(data)
            if kind == "IN":
                operands.append(name)
        elif kind in ("OUT", "ERR"):
            expected[kind] = bytes.fromhex(item["data_hex"])
        elif kind == "EXIT":
            expected["EXIT"] = item["value"]
        elif kind == "ERR_SUBST":
            substs.append(item["value"])
        else:
            raise ValueError("unknown item type " + kind)
    if real:
        command = [program] + args
    else:
        command = map_command(cli, program, args)
        p = program.encode()
        expected["ERR"] = expected["ERR"].replace(p + b": ", b"hashscope-cli: ").replace(
            b"Try '" + p + b" --help'", b"Try 'hashscope-cli --help'")
    command = [c.encode() for c in command] + operands
    done = subprocess.run(command, input=stdin, cwd=folder, capture_output=True, timeout=120,
                          env=dict(os.environ, LC_ALL="C"))
    err = done.stderr
    for subst in substs:
        err = apply_subst(err, subst)
    actual = {"OUT": done.stdout, "ERR": err, "EXIT": done.returncode}
    wrong = [k for k in ("OUT", "ERR", "EXIT") if actual[k] != expected[k]]
    return command, expected, actual, wrong


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    real = sys.argv[1] == "--real"
    cli = None if real else os.path.abspath(sys.argv[1])
    specs = load_specs()
    passed = failed = skipped = 0
    for script, spec in sorted(specs["files"].items()):
        program = spec["program"]
        for case in spec["tests"]:
            label = f"{script}:{case['name']}"
            if real and script in NEWER_THAN_91:
                skipped += 1
                continue
            reason = NOT_CLAIMED.get((script, case["name"]))
            if reason is not None and not real:
                print(f"not claimed {label}: {reason}")
                skipped += 1
                continue
            with tempfile.TemporaryDirectory(prefix="coreutils-case.") as folder:
                command, expected, actual, wrong = run_case(case, program, cli, real, folder)
            if not wrong:
                passed += 1
                continue
            failed += 1
            print(f"FAIL {label}: {b' '.join(command).decode(errors='replace')}")
            for k in wrong:
                print(f"     {k} expected {expected[k]!r}")
                print(f"     {k} actual   {actual[k]!r}")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
