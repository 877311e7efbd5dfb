#!/usr/bin/env bash
# What S3 shows for a file (`sum --s3`) and checking a file against such a value (`verify --expect
# BASE64-N` / `"HEX-N"`), against plain Python (hashlib, zlib, base64 and a table CRC-32C of its
# own) and botocore's checksum classes: S3's composite checksum is the checksum of the parts' big-endian binary checksums, in
# base64 with "-N"; the multipart ETag the MD5 of the parts' MD5s, in hex with "-N".
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"

cat > s3.py <<'PY'
import base64, hashlib, sys, zlib
TABLE = []
for i in range(256):
    c = i
    for _ in range(8):
        c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
    TABLE.append(c)
def crc32c(data):
    c = 0xFFFFFFFF
    for b in data:
        c = TABLE[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF
def checksum(algo, data):
    if algo == "crc32": return zlib.crc32(data).to_bytes(4, "big")
    if algo == "crc32c": return crc32c(data).to_bytes(4, "big")
    return hashlib.new(algo, data).digest()
# usage: s3.py ALGO FILE PART_SIZE (0: one PUT) [full]
algo, path, part = sys.argv[1], sys.argv[2], int(sys.argv[3])
full = len(sys.argv) > 4
data = open(path, "rb").read()
if part == 0 or full:
    value = checksum(algo, data)
    print(value.hex() if algo == "md5" else base64.b64encode(value).decode())
else:
    parts = [data[i:i + part] for i in range(0, max(len(data), 1), part)] or [b""]
    joined = b"".join(checksum(algo, p) for p in parts)
    value = checksum(algo, joined)
    text = value.hex() if algo == "md5" else base64.b64encode(value).decode()
    print(f"{text}-{len(parts)}")
PY

MiB=1048576
# 20 MiB + 123 B: three parts of 8 MiB (the last 4 MiB + 123 B).
head -c $((20 * MiB + 123)) /dev/urandom > object.bin
for algo in sha256 md5 sha1 crc32; do
  expected=$(python3 s3.py "$algo" object.bin $((8 * MiB)))
  same "sum --s3 --part-size 8MiB -a $algo = Python's composite" "$expected  object.bin" \
    "$("$cli" sum --s3 --part-size 8MiB -a "$algo" object.bin)"
done
# CRC-32C in pure Python takes a few seconds for the 20 MiB: computed once, used twice.
crc32c_value=$(python3 s3.py crc32c object.bin $((8 * MiB)))
same "sum --s3 --part-size 8MiB -a crc32c = Python's composite" "$crc32c_value  object.bin" \
  "$("$cli" sum --s3 --part-size 8MiB -a crc32c object.bin)"
same "verify --expect composite CRC-32C" "object.bin: OK (S3 composite CRC-32C, 8 MiB parts)" \
  "$("$cli" verify object.bin --expect "$crc32c_value")"
# Parts of 64 KiB on a smaller file: many parts, a short last one.
head -c $((200 * 1024 + 7)) /dev/urandom > small.bin
same "sum --s3 --part-size 64KiB -a crc32c = Python's composite (4 parts)" "$(python3 s3.py crc32c small.bin 65536)  small.bin" \
  "$("$cli" sum --s3 --part-size 64KiB -a crc32c small.bin)"
same "--s3-type full-object -a crc32c: the whole file's CRC, no part count" \
  "$(python3 s3.py crc32c small.bin 65536 full)  small.bin" \
  "$("$cli" sum --s3 --part-size 64KiB --s3-type full-object -a crc32c small.bin)"
same "-a crc64nvme in parts: full-object by default (the value of one PUT)" \
  "$("$cli" sum --s3 -a crc64nvme small.bin)" "$("$cli" sum --s3 --part-size 64KiB -a crc64nvme small.bin)"
same "one PUT (no --part-size): base64 of the SHA-256" "$(python3 s3.py sha256 small.bin 0)  small.bin" \
  "$("$cli" sum --s3 -a sha256 small.bin)"
same "one PUT: the ETag is the MD5 in hex" "$(md5sum small.bin)" "$("$cli" sum --s3 -a md5 small.bin)"
printf '' > empty
same "an empty file in parts is one part" "$(python3 s3.py sha256 empty 8)  empty" \
  "$("$cli" sum --s3 --part-size 8 -a sha256 empty)"

# botocore, the AWS SDK for Python, computes each request's checksum as S3 checks it: a single
# PUT's value, and each part's value in a multipart upload (S3 then keeps the composite of those).
cat > boto.py <<'PY'
import base64, sys
from botocore.httpchecksum import Crc32Checksum, Sha1Checksum, Sha256Checksum
kinds = {"crc32": Crc32Checksum, "sha1": Sha1Checksum, "sha256": Sha256Checksum}
algo, path, part = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = open(path, "rb").read()
def value(chunk):
    c = kinds[algo]()
    c.update(chunk)
    return c
if part == 0:
    print(value(data).b64digest())
else:
    parts = [data[i:i + part] for i in range(0, max(len(data), 1), part)]
    print(value(b"".join(value(p).digest() for p in parts)).b64digest() + f"-{len(parts)}")
PY
for algo in crc32 sha1 sha256; do
  same "sum --s3 -a $algo (one PUT) = botocore's" "$(python3 boto.py "$algo" small.bin 0)  small.bin" \
    "$("$cli" sum --s3 -a "$algo" small.bin)"
  same "sum --s3 --part-size 64KiB -a $algo = the composite of botocore's part values" \
    "$(python3 boto.py "$algo" small.bin 65536)  small.bin" "$("$cli" sum --s3 --part-size 64KiB -a "$algo" small.bin)"
done

# verify --expect with a part count: the part size is found.
sha=$(python3 s3.py sha256 object.bin $((8 * MiB)))
etag=$(python3 s3.py md5 object.bin $((8 * MiB)))
crc=$(python3 s3.py crc32 object.bin $((8 * MiB)))
same "verify --expect composite SHA-256" "object.bin: OK (S3 composite SHA-256, 8 MiB parts)" \
  "$("$cli" verify object.bin --expect "$sha")"
same "verify --expect a quoted ETag" "object.bin: OK (S3 multipart ETag (MD5), 8 MiB parts)" \
  "$("$cli" verify object.bin --expect "\"$etag\"")"
same "verify --expect composite CRC-32 (CRC-32C tried first)" "object.bin: OK (S3 composite CRC-32, 8 MiB parts)" \
  "$("$cli" verify object.bin --expect "$crc")"
five=$(python3 s3.py sha256 object.bin $((5 * MiB)))
same "verify --expect finds 5 MiB parts (5 parts)" "object.bin: OK (S3 composite SHA-256, 5 MiB parts)" \
  "$("$cli" verify object.bin --expect "$five")"
same "verify --part-size given" "object.bin: OK (S3 composite SHA-256, 8 MiB parts)" \
  "$("$cli" verify object.bin --part-size 8MiB --expect "$sha")"

# flip_byte FILE OFFSET: the byte there replaced by its complement. (Writing a fixed byte into
# random data leaves the file as it was once in 256 runs.)
flip_byte() {
  python3 - "$1" "$2" <<'PY'
import sys
with open(sys.argv[1], "r+b") as f:
    f.seek(int(sys.argv[2])); b = f.read(1)
    f.seek(int(sys.argv[2])); f.write(bytes([b[0] ^ 0xFF]))
PY
}

# One byte of part 2 changed: FAILED, exit 1.
cp object.bin changed.bin
flip_byte changed.bin $((9 * MiB))
out=$("$cli" verify changed.bin --expect "$sha"); status=$?
same "a changed byte in part 2: exit 1" 1 "$status"
holds "and says what was tried" "$out" "FAILED (no match; tried S3 composite SHA-256, 8 MiB parts"
out=$("$cli" verify object.bin --expect "${sha%-*}-9999"); status=$?
same "a part count no client size gives: exit 1" 1 "$status"
holds "and says no part size gives that many" "$out" "no part size clients use cuts $((20 * MiB + 123)) bytes into 9999 parts"

# verify --remote: the JSON the AWS CLI and gcloud print (made here by Python, as they print it).
cat > make_meta.py <<'PY'
import base64, hashlib, json, sys, zlib
kind, path, part = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = open(path, "rb").read()
parts = [data[i:i + part] for i in range(0, len(data), max(part, 1))]
def b64(b): return base64.b64encode(b).decode()
def sha(b): return hashlib.sha256(b).digest()
composite = b64(sha(b"".join(sha(p) for p in parts))) + f"-{len(parts)}"
etag = hashlib.md5(b"".join(hashlib.md5(p).digest() for p in parts)).hexdigest() + f"-{len(parts)}"
if kind == "attributes":
    print(json.dumps({"LastModified": "2026-12-02T05:00:00+00:00", "ETag": etag,
        "Checksum": {"ChecksumSHA256": composite, "ChecksumType": "COMPOSITE"},
        "ObjectParts": {"TotalPartsCount": len(parts), "PartNumberMarker": 0, "NextPartNumberMarker": len(parts),
                        "MaxParts": 1000, "IsTruncated": False,
                        "Parts": [{"PartNumber": i + 1, "Size": len(p), "ChecksumSHA256": b64(sha(p))}
                                  for i, p in enumerate(parts)]},
        "ObjectSize": len(data)}, indent=4))
elif kind == "head":
    print(json.dumps({"AcceptRanges": "bytes", "ContentLength": len(data), "ETag": '"' + etag + '"',
        "ChecksumCRC32": b64(zlib.crc32(data).to_bytes(4, "big")), "ChecksumType": "FULL_OBJECT",
        "ContentType": "binary/octet-stream", "Metadata": {}}, indent=4))
else:
    print(json.dumps({"bucket": "b", "name": path, "size": str(len(data)),
        "md5_hash": b64(hashlib.md5(data).digest()), "crc32c_hash": b64(bytes(4))}))
PY
python3 make_meta.py attributes object.bin $((8 * MiB)) > attributes.json
python3 make_meta.py head object.bin $((8 * MiB)) > head.json
same "verify --remote get-object-attributes: the ETag and the composite SHA-256" \
  "$(printf '%s\n' "object.bin: OK (ETag (multipart MD5), 8 MiB parts; from S3 get-object-attributes attributes.json)" \
     "object.bin: OK (Checksum.ChecksumSHA256 (composite SHA-256), 8 MiB parts; from S3 get-object-attributes attributes.json)")" \
  "$("$cli" verify object.bin --remote attributes.json)"
same "verify --remote head-object: the ETag and the full-object CRC-32" \
  "$(printf '%s\n' "object.bin: OK (ETag (multipart MD5), 8 MiB parts; from S3 head-object head.json)" \
     "object.bin: OK (ChecksumCRC32 (CRC-32); from S3 head-object head.json)")" \
  "$("$cli" verify object.bin --remote head.json)"
out=$("$cli" verify changed.bin --remote attributes.json); status=$?
same "--remote with part 2 changed: exit 1" 1 "$status"
holds "--remote names the part that differs" "$out" \
  "Checksum.ChecksumSHA256 (composite SHA-256): part 2 of 3, bytes 8388608–16777215, differs"
python3 make_meta.py gcs small.bin 0 > gcs.json
out=$("$cli" verify small.bin --remote gcs.json); status=$?
same "--remote gcloud JSON: the MD5 matches, the (wrong) CRC-32C does not: exit 1" 1 "$status"
holds "gcloud md5_hash OK" "$out" "small.bin: OK (md5_hash (MD5); from GCS gcs.json)"
holds "gcloud crc32c_hash FAILED" "$out" "small.bin: FAILED (crc32c_hash (CRC-32C) differs; from GCS gcs.json)"
same "-a narrows --remote to one checksum" "small.bin: OK (md5_hash (MD5); from GCS gcs.json)" \
  "$("$cli" verify small.bin -a md5 --remote gcs.json)"
out=$("$cli" verify small.bin --remote attributes.json); status=$?
same "--remote of another object (sizes differ): exit 1" 1 "$status"
holds "and says both sizes" "$out" "the object has $((20 * MiB + 123)) bytes, the file $((200 * 1024 + 7))"
# Azure: `az storage blob show` (Content-MD5 in properties.contentSettings) and the response headers
# as JSON, whose x-ms-content-crc64 is CRC-64/NVME in little-endian bytes (a bitwise Python CRC here).
cat > azure.py <<'PY'
import base64, hashlib, json, sys
def crc64nvme(data):
    c = 0xFFFFFFFFFFFFFFFF
    for b in data:
        c ^= b
        for _ in range(8):
            c = (c >> 1) ^ 0x9A6C9329AC4BC9B5 if c & 1 else c >> 1
    return c ^ 0xFFFFFFFFFFFFFFFF
assert crc64nvme(b"123456789") == 0xAE8B14860A799888  # the catalogue's check value
kind, path = sys.argv[1], sys.argv[2]
data = open(path, "rb").read()
md5 = base64.b64encode(hashlib.md5(data).digest()).decode()
if kind == "show":
    print(json.dumps({"container": "c", "name": path, "properties": {"blobType": "BlockBlob",
        "contentLength": len(data), "contentSettings": {"contentMd5": md5, "contentType": "application/octet-stream"}}}))
else:
    print(json.dumps({"content-length": str(len(data)), "Content-MD5": md5,
        "x-ms-content-crc64": base64.b64encode(crc64nvme(data).to_bytes(8, "little")).decode()}))
PY
head -c 5000 /dev/urandom > blob.bin
python3 azure.py show blob.bin > blob-show.json
python3 azure.py headers blob.bin > blob-headers.json
same "verify --remote az storage blob show: the Content-MD5" "blob.bin: OK (properties.contentSettings.contentMd5 (MD5); from Azure blob-show.json)" \
  "$("$cli" verify blob.bin --remote blob-show.json)"
same "verify --remote Azure headers: Content-MD5 and x-ms-content-crc64 (CRC-64/NVME, little-endian)" \
  "$(printf '%s\n' "blob.bin: OK (Content-MD5 (MD5); from Azure blob-headers.json)" \
     "blob.bin: OK (x-ms-content-crc64 (CRC-64/NVME); from Azure blob-headers.json)")" \
  "$("$cli" verify blob.bin --remote blob-headers.json)"
flip_byte blob.bin 4000
out=$("$cli" verify blob.bin --remote blob-headers.json); status=$?
same "a changed Azure blob: exit 1" 1 "$status"
holds "the CRC-64 differs" "$out" "blob.bin: FAILED (x-ms-content-crc64 (CRC-64/NVME) differs; from Azure blob-headers.json)"

# Hostile metadata: a clear message naming what is wrong, exit 2.
printf 'not json' > bad1.json
printf '[1,2]' > bad2.json
printf '{"ContentLength": 5}' > bad3.json
printf '{"ObjectSize": 5, "Checksum": {"ChecksumSHA256": 7}}' > bad4.json
printf '{"ObjectSize": 5, "Checksum": {"ChecksumCRC32C": "AAAA-2"}}' > bad5.json
python3 -c '
import json; d = json.load(open("attributes.json")); d["ObjectParts"]["Parts"][0]["Size"] = 5
print(json.dumps(d))' > bad6.json
printf '{"name": "x"}' > bad7.json
printf '{"Content-MD5": "AAAA"}' > bad9.json
python3 -c 'print("{\"ETag\": " + "[" * 200000 + "]" * 200000 + "}")' > bad8.json  # nested 200,000 deep
for i in 1 2 3 4 5 6 7 8 9; do
  err=$("$cli" verify object.bin --remote bad$i.json 2>&1 >/dev/null); status=$?
  same "hostile metadata bad$i.json: exit 2" 2 "$status"
  holds "bad$i.json is named in the message" "$err" "bad$i.json: "
done
holds "a checksum that is no string names its field" "$("$cli" verify object.bin --remote bad4.json 2>&1)" \
  "Checksum.ChecksumSHA256: a checksum is a string"
holds "an Azure MD5 of the wrong length names its field" "$("$cli" verify object.bin --remote bad9.json 2>&1)" \
  "Content-MD5: 3 bytes, but MD5 has 16"
holds "a part of another size names its field" "$("$cli" verify object.bin --remote bad6.json 2>&1)" \
  "ObjectParts.Parts[1].Size"

# Refusals.
for bad in "--s3 -a sha512 object.bin" "--s3 --s3-type composite -a crc64nvme --part-size 8MiB object.bin" \
  "--s3 --s3-type full-object -a sha256 --part-size 8MiB object.bin" "--s3 --part-size 0 -a sha256 object.bin" \
  "--part-size 8MiB -a sha256 object.bin" "--s3 -a sha256 --s3-type odd object.bin"; do
  # shellcheck disable=SC2086
  "$cli" sum $bad > /dev/null 2> err.txt; status=$?
  same "sum $bad: usage error" 2 "$status"
done
holds "sha512 is named as no S3 checksum" "$("$cli" sum --s3 -a sha512 object.bin 2>&1)" "S3 keeps no SHA-512"
"$cli" sum --s3 -a sha256 - < small.bin > /dev/null 2>&1; status=$?
same "--s3 of standard input: usage error" 2 "$status"
for bad in "${sha%-*}-0" "${sha%-*}-x" "!!!!-3" "-3"; do
  "$cli" verify object.bin --expect "$bad" > /dev/null 2>&1; status=$?
  same "verify --expect '$bad': usage error" 2 "$status"
done

finish
