// libFuzzer target: the URL-state parser (src/share/url_state.h), which reads the address bar's
// fragment and host pages' messages: untrusted text. Besides "no crash": a fragment that parses
// formats to a canonical one that parses back to the same state, and formatting is idempotent.
#include "share/url_state.h"

#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t * data, size_t size) {
    const std::string_view hash(reinterpret_cast<const char *>(data), size);
    attn::UrlState state;
    if (!attn::parse_url_state(hash, &state).ok) return 0;
    const std::string canonical = attn::format_url_state(state);
    attn::UrlState again;
    if (!attn::parse_url_state(canonical, &again).ok) std::abort();
    if (!(again == state)) std::abort();
    if (attn::format_url_state(again) != canonical) std::abort();
    return 0;
}
