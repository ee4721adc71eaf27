// Why decoding ended: the model wrote </s>; it reached the length cap (length_cap in decode.h); or
// it began repeating itself (repetition_cut) and was cut there. Apart from decode.h so that plain
// state structs can hold it.
#pragma once
#include <cstdint>

namespace attn {

enum class DecodeStop : uint8_t { Eos, LengthCap, Repetition };
const char * decode_stop_name(DecodeStop stop);  // "eos", "length_cap", "repetition"

} // namespace attn
