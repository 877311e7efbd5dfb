// A JSON file dropped or opened on the Verify page that is an object's metadata (what the AWS
// CLI, gcloud or the Azure CLI print about an object: hashscope/verify/object_metadata.hpp) is
// not hashed as a file: its value fills the expected-digest box, so the files dropped beside it
// are matched against the object. The box holds one value; the one that says most is taken (a
// composite value or multipart ETag, which also finds the part size, before a whole-object CRC
// or MD5). Any other JSON file is an ordinary file.
#pragma once

#include <QString>
#include <memory>
#include <optional>
#include <string_view>

#include "hashscope/verify/object_metadata.hpp"

namespace hashscope::ui {

struct MetadataValue {
    QString value;   // as the box takes it: "BASE64-N", "HEX-N" or plain base64/hex
    QString field;   // where it was: "Checksum.ChecksumSHA256"
    QString source;  // "S3 get-object-attributes", "GCS", "Azure"
    int others = 0;  // further checksums in the file (the command line checks them all)
    std::shared_ptr<const verify::ObjectMetadata> metadata;  // all of it: its parts name one that differs
};

// True for names worth reading as metadata (".json"): everything else goes straight to hashing.
bool mayBeMetadata(const QString& path);

// The value to expect from metadata JSON; nullopt when the text is no object's metadata.
std::optional<MetadataValue> metadataValue(std::string_view json);

// Reads `path` (at most a few MiB: metadata is small) and asks metadataValue(); for a worker.
std::optional<MetadataValue> readMetadataValue(const QString& path);

}  // namespace hashscope::ui
