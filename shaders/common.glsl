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

// Four logits l·scale + mask at batch b, row r, columns c (an (R, C) score matrix), lanes past C
// removed (-inf) so the row statistics skip them. Whole-vector code, and the mask only looked up
// when there is one: SwiftShader ran the earlier per-lane loop (s[lane] = c < C ? … : …) so slowly
// that a softmax's statistics pass over 256 columns cost as much as a product.
vec4 masked4(vec4 l, float scale, int mask_kind, sampler2D mask, int mask_rows, int b, int r, ivec4 c, int R, int C) {
    vec4 s = l * scale;
    if (mask_kind != kMaskNone) {
        ivec4 cc = min(c, ivec4(C - 1));  // lanes past C are removed below: do not read past the mask
        s += vec4(mask_value(mask_kind, mask, mask_rows, b, r, cc.x, R, C), mask_value(mask_kind, mask, mask_rows, b, r, cc.y, R, C),
                  mask_value(mask_kind, mask, mask_rows, b, r, cc.z, R, C), mask_value(mask_kind, mask, mask_rows, b, r, cc.w, R, C));
    }
    return mix(s, vec4(neg_inf()), greaterThanEqual(c, ivec4(C)));
}

// The four logits x·scale + mask of texel (cq, row) for a softmax over C columns. mask_R is the
// score matrix's R (rows are the mask's r = row % mask_R), mask_rows the height of the values texture.
vec4 masked_logits4(sampler2D x, int row, int cq, int C, float scale, int mask_kind, sampler2D mask, int mask_rows,
                    int mask_R) {
    return masked4(texelFetch(x, ivec2(cq, row), 0), scale, mask_kind, mask, mask_rows, row / mask_R, row % mask_R,
                   ivec4(cq * 4) + ivec4(0, 1, 2, 3), mask_R, C);
}

// gelu(x) = x/2·(1 + erf(x/√2)) per lane (gelu.glsl, gelu_rgba.glsl). GLSL has no erf. erfc(z)
// for z >= 0 comes from Abramowitz & Stegun 7.1.26,
//   erfc(z) = (a1·t + a2·t² + a3·t³ + a4·t⁴ + a5·t⁵)·exp(-z²),  t = 1/(1 + p·z),  |error| <= 1.5e-7,
// and 1 + erf(x/√2) is 2 - erfc(z) for x >= 0 and erfc(z) for x < 0 (z = |x|/√2). Using erfc on
// the negative side avoids 1 - (1 - tiny), so the absolute error of y stays below |x|/2 · 1.5e-7
// plus float rounding: measured 4.8e-7 at most over [-10, 10]; the op table's wide-range case
// (tests/backend/op_suite.cpp) holds it to 1e-6.
vec4 gelu_erf(vec4 x) {
    vec4 z = abs(x) * 0.70710678118654752;
    vec4 t = 1.0 / (1.0 + 0.3275911 * z);
    vec4 q = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) *
             exp(-z * z);
    return 0.5 * x * mix(q, 2.0 - q, greaterThanEqual(x, vec4(0.0)));
}

// texelFetch(t, p, 0) through texture() at the texel's centre: the same value, since every
// tensor texture filters NEAREST (gpu_tensor.cpp), for `inv_size` = 1 / textureSize(t, 0). On
// SwiftShader (Chromium without a GPU) a sampled read is cheaper than texelFetch's, timed call by
// call in one page: products 22-23% faster at 128³ and 256³, attention over 256 positions 11%, an
// encoder layer 25%. The loops of the products, attention and layer norm read through it.
vec4 texel(sampler2D t, ivec2 p, vec2 inv_size) { return texture(t, (vec2(p) + 0.5) * inv_size); }
vec2 inv_size(sampler2D t) { return 1.0 / vec2(textureSize(t, 0)); }

// ---- The products' epilogue (GpuEpilogue in src/gpu/kernels.h): y = activation(v) + residual,
// applied by a product's last draw (linear_rgba.glsl, matmul_rows{4,8}_gather.glsl) so that a
// layer's activation and residual sums need no draws of their own. Activations numbered as
// GpuActivation. A residual is y's shape, zero past its columns like every Rgba4 tensor, and
// relu and gelu keep 0 at 0: padding lanes stay zero.
const int kActivationNone = 0;
const int kActivationRelu = 1;
const int kActivationGelu = 2;
vec4 epilogue(vec4 v, int activation, int has_residual, sampler2D residual, ivec2 p) {
    if (activation == kActivationRelu) v = max(v, vec4(0.0));
    else if (activation == kActivationGelu) v = gelu_erf(v);
    // A branch, not ?: which may fetch the residual for every fragment of a draw that has none.
    if (has_residual == 1) v += texelFetch(residual, p, 0);
    return v;
}

// ---- The register tiles' inner step (matmul_rgba_4x4 and _8x4, attention_scores_rgba_4x4 and
// attention_output_rgba_4x4): per step of four k, four texels of b are fetched once and every row
// of a in the tile multiplies them.

// Plain b (K, N): its rows k0 .. k0+3 at column texel x. Rows past `last` are clamped to it: the
// caller's a is zero past K, so the clamped rows are multiplied by 0.
void b_rows4(sampler2D b, vec2 ib, int x, int k0, int last, out vec4 b0, out vec4 b1, out vec4 b2, out vec4 b3) {
    b0 = texel(b, ivec2(x, min(k0, last)), ib);
    b1 = texel(b, ivec2(x, min(k0 + 1, last)), ib);
    b2 = texel(b, ivec2(x, min(k0 + 2, last)), ib);
    b3 = texel(b, ivec2(x, min(k0 + 3, last)), ib);
}

// Transposed b (N, K): texel kq of its rows j (the output's four columns).
void bt_rows4(sampler2D b, vec2 ib, ivec4 j, int kq, out vec4 b0, out vec4 b1, out vec4 b2, out vec4 b3) {
    b0 = texel(b, ivec2(kq, j.x), ib);
    b1 = texel(b, ivec2(kq, j.y), ib);
    b2 = texel(b, ivec2(kq, j.z), ib);
    b3 = texel(b, ivec2(kq, j.w), ib);
}

// Rows i of a, texel kq (four k), times the four k rows of a plain b, added to c0 .. c3: one row of
// the output tile each.
void tile4_plain(sampler2D a, vec2 ia, ivec4 i, int kq, vec4 b0, vec4 b1, vec4 b2, vec4 b3, inout vec4 c0, inout vec4 c1,
                 inout vec4 c2, inout vec4 c3) {
    vec4 a0 = texel(a, ivec2(kq, i.x), ia), a1 = texel(a, ivec2(kq, i.y), ia);
    vec4 a2 = texel(a, ivec2(kq, i.z), ia), a3 = texel(a, ivec2(kq, i.w), ia);
    c0 += a0.x * b0 + a0.y * b1 + a0.z * b2 + a0.w * b3;
    c1 += a1.x * b0 + a1.y * b1 + a1.z * b2 + a1.w * b3;
    c2 += a2.x * b0 + a2.y * b1 + a2.z * b2 + a2.w * b3;
    c3 += a3.x * b0 + a3.y * b1 + a3.z * b2 + a3.w * b3;
}

// The same with a transposed b: four rows of bᵀ, so each output is a dot product.
void tile4_trans(sampler2D a, vec2 ia, ivec4 i, int kq, vec4 b0, vec4 b1, vec4 b2, vec4 b3, inout vec4 c0, inout vec4 c1,
                 inout vec4 c2, inout vec4 c3) {
    vec4 a0 = texel(a, ivec2(kq, i.x), ia), a1 = texel(a, ivec2(kq, i.y), ia);
    vec4 a2 = texel(a, ivec2(kq, i.z), ia), a3 = texel(a, ivec2(kq, i.w), ia);
    c0 += vec4(dot(a0, b0), dot(a0, b1), dot(a0, b2), dot(a0, b3));
    c1 += vec4(dot(a1, b0), dot(a1, b1), dot(a1, b2), dot(a1, b3));
    c2 += vec4(dot(a2, b0), dot(a2, b1), dot(a2, b2), dot(a2, b3));
    c3 += vec4(dot(a3, b0), dot(a3, b1), dot(a3, b2), dot(a3, b3));
}
