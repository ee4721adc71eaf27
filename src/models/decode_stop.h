// Why decoding ended: the model wrote </s>, or it reached the length cap (length_cap in
// decode.h). Apart from decode.h so that plain state structs can hold it.
#pragma once
#include <cstdint>

namespace attn {

enum class DecodeStop : uint8_t { Eos, LengthCap };
const char * decode_stop_name(DecodeStop stop);  // "eos", "length_cap"

} // namespace attn
