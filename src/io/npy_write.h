// NumPy's .npy format (version 1.0), written, for exporting attention maps to Python:
//   "\x93NUMPY" 1 0 | header length (uint16 LE) | "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"
//   padded with spaces and a final '\n' so the data starts at a multiple of 64 | float32 LE, C order.
// np.load reads it with no extra package; an .npz is a zip of such files (zip_store.h).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace attn {

// The whole file as bytes. `data` holds the product of `shape` floats (row-major); a 0-d shape ()
// holds one. The host is little-endian on both targets (x86-64, wasm32), so floats are copied as is.
std::string npy_bytes(const std::vector<int64_t> & shape, const float * data);

} // namespace attn
