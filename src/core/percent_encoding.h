// Percent-encoding (RFC 3986) for URL fragments and query values: bytes outside the unreserved set
// become %XX, so UTF-8 text round-trips through any address bar, chat client or iframe src.
#pragma once
#include <string>
#include <string_view>

namespace attn {

// Keeps A-Z a-z 0-9 - . _ ~ and encodes every other byte (UTF-8 bytes included) as %XX.
std::string percent_encode(std::string_view bytes);

// Decodes %XX (either case) and, as form encoding does, '+' as a space. false for a '%' not
// followed by two hex digits; *out is then unspecified. The result may be any bytes: callers that
// need text check it is UTF-8.
bool percent_decode(std::string_view text, std::string * out);

} // namespace attn
