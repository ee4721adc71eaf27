// A minimal zip writer: files stored without compression (method 0), which is all an .npz needs
// (np.load opens it with Python's zipfile). No zip64: the archive must stay under 4 GiB, far above
// any attention export.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace attn {

// members: (name, bytes) pairs, in order. Returns the archive's bytes.
std::string zip_store(const std::vector<std::pair<std::string, std::string>> & members);

} // namespace attn
