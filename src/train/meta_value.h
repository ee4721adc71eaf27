// Reading numbers back from safetensors metadata (string -> string), where checkpoints keep step
// counts, seeds and RNG states as decimal strings. Strict: the whole value must be the number,
// with no sign for unsigned values, no spaces and no overflow, because a checkpoint that was edited
// or damaged must not resume from a silently different position.
#pragma once
#include "core/status.h"

#include <cstdint>
#include <map>
#include <string>

namespace attn {

using Metadata = std::map<std::string, std::string>;

bool parse_int64(const std::string & s, int64_t * out);
bool parse_uint64(const std::string & s, uint64_t * out);

// The value at `key`, which must exist and be an integer ≥ min_value. Messages name the key.
Status meta_int64(const Metadata & md, const std::string & key, int64_t min_value, int64_t * out);
Status meta_uint64(const Metadata & md, const std::string & key, uint64_t * out);

} // namespace attn
