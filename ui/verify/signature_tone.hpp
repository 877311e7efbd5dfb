// How the Verify page weighs a checksum file's signature verdicts (core's, from
// hashscope/verify/signature.hpp): the colour of its strip, and whether its rows are untrusted.
#pragma once

#include <QString>
#include <vector>

#include "hashscope/verify/signature.hpp"

namespace hashscope::ui {

enum class SignatureTone { good, caution, bad };

// Good when the verdicts pass with a certified key; bad when one is BAD or revoked (the file's
// rows are then untrusted); caution otherwise (an unknown, uncertified or expired key, a signature
// that could not be read).
SignatureTone signatureTone(const std::vector<verify::SignatureVerdict>& verdicts);

// "NAME: signature: good, by ..." per verdict, then the notes, one a line.
QString signatureText(const QString& sumsName, const verify::SignatureCheck& check);
// An OpenPGP signature by a key the keyring lacks: the page offers to import it from a file.
bool offersKeyImport(const std::vector<verify::SignatureVerdict>& verdicts);

}  // namespace hashscope::ui
