// A gettext message catalogue as msgfmt compiles it (.mo): the English strings of the interface
// and their translations. The layout is GNU gettext's ("The Format of GNU MO Files"):
//
//     u32 magic 0x950412de (its byte order is the file's), u32 revision 0,
//     u32 N, u32 offset of the originals table, u32 offset of the translations table,
//     ...; each table holds N (u32 length, u32 offset) pairs, each string NUL-terminated.
//
// The file is ours (built from assets/i18n/*.po), but it is read with the care of any input that
// could arrive truncated: every offset and length is checked before it is used, and a problem is a
// Status that says what and where. libintl's reader is not used because the web build has none.
// Plural entries keep their first form; the header entry (empty original) is skipped.
#pragma once
#include "core/status.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace attn {

using MessageCatalogue = std::unordered_map<std::string, std::string>;  // English -> translation

Status parse_mo(const std::vector<uint8_t> & bytes, MessageCatalogue * out);
Status load_mo(const std::string & path, MessageCatalogue * out);

} // namespace attn
