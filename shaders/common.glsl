// Shared by every op shader: the loader (src/gpu/program_cache.cpp) puts it after the version
// and precision lines it prepends, and before the op's own source.
//
// Tensor layout on the GPU (src/gpu/gpu_tensor.h): a float32 tensor of logical shape (..., C) is
// an R32F texture C texels wide and rows = numel / C texels high; element (row r, column c) is
// texel (c, r), red channel. Every op renders one output element per fragment into such a texture,
// so gl_FragCoord gives the output's (column, row).

layout(location = 0) out vec4 o_value;  // location 0: matmul_rgba_4x4.glsl adds outputs 1 to 3

ivec2 out_pos() { return ivec2(gl_FragCoord.xy); }  // (column, row) of the element this fragment writes
void emit(float v) { o_value = vec4(v, 0.0, 0.0, 1.0); }
float at(sampler2D t, int r, int c) { return texelFetch(t, ivec2(c, r), 0).r; }

// -inf as a value: GLSL ES has no literal for it, and 1.0/0.0 is undefined there.
float neg_inf() { return uintBitsToFloat(0xff800000u); }
bool removed(float logit) { return logit == neg_inf(); }

// Mask kinds, numbered as Mask::Kind in src/backend/backend.h.
const int kMaskNone = 0;
const int kMaskColumns = 1;  // values (1, C) for every row, or (B, C): one row per batch
const int kMaskFull = 2;     // values (R, C), broadcast over leading dimensions
const int kMaskCausal = 3;   // no values: column c is removed from row r when c > r + (C - R)

// Additive mask value at batch b, row r, column c of an (R, C) score matrix: mask_value() of
// src/backend/mask.h. mask_rows is the height of the values texture (Columns: 1 or B).
float mask_value(int kind, sampler2D values, int mask_rows, int b, int r, int c, int R, int C) {
    if (kind == kMaskColumns) return at(values, mask_rows > 1 ? b : 0, c);
    if (kind == kMaskFull) return at(values, r, c);
    if (kind == kMaskCausal) return c > r + (C - R) ? neg_inf() : 0.0;
    return 0.0;
}

// ---- RGBA-packed tensors (Rgba4 in src/gpu/gpu_tensor.h): texel (q, r) holds elements
// (r, 4q .. 4q + 3), zero past the row's C elements.

// The four logits x·scale + mask of texel (cq, row) for a softmax over C columns; lanes past C
// are removed (-inf) so the row statistics skip them. mask_R is the score matrix's R (rows are
// the mask's r = row % mask_R), mask_rows the height of the values texture.
vec4 masked_logits4(sampler2D x, int row, int cq, int C, float scale, int mask_kind, sampler2D mask, int mask_rows,
                    int mask_R) {
    vec4 l = texelFetch(x, ivec2(cq, row), 0) * scale;
    for (int lane = 0; lane < 4; ++lane) {
        int c = cq * 4 + lane;
        l[lane] = c < C ? l[lane] + mask_value(mask_kind, mask, mask_rows, row / mask_R, row % mask_R, c, mask_R, C)
                        : neg_inf();
    }
    return l;
}
