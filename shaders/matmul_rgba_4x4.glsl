// matmul, RGBA-packed, 4×4 outputs per fragment: the same product as matmul_rgba.glsl, but each
// fragment writes four rows of four columns, one row per render target (o_value and o_row1..3),
// and matmul_rows4_gather.glsl interleaves the four targets into one Rgba4 tensor. Per step of
// four k a fragment fetches 4 texels of a and 4 of b for 64 multiply-adds, where matmul_rgba
// fetches 5 for 16: on SwiftShader (the CPU-emulated GPU of headless Chromium) and llvmpipe,
// texel fetches are what a product costs.
//   reference: RefBackend::matmul (linear_ref.cpp)
//   c(M, N) = a(M, K) · b(K, N), or b(N, K)ᵀ with u_trans_b = 1; one batch, or a's batches flattened
//   into M when b is shared (the caller checks)
//   u_a     a as RGBA (M, ⌈K/4⌉), zero past K
//   u_b     plain: RGBA (K, ⌈N/4⌉); transposed: RGBA (N, ⌈K/4⌉), zero past K
//   u_bias  RGBA (1, ⌈N/4⌉), added when u_has_bias is 1 (linear's bias)
//   output  four RGBA (⌈M/4⌉, ⌈N/4⌉) targets: target r, texel (jq, g) holds c[4g + r, 4jq .. 4jq+3];
//           rows past M repeat the last row (the gather drops them), columns past N are zero
uniform sampler2D u_a;
uniform sampler2D u_b;
uniform sampler2D u_bias;
uniform int u_M;
uniform int u_N;
uniform int u_K;
uniform int u_trans_b;
uniform int u_has_bias;

layout(location = 1) out vec4 o_row1;
layout(location = 2) out vec4 o_row2;
layout(location = 3) out vec4 o_row3;

void main() {
    ivec2 p = out_pos();
    vec2 ia = inv_size(u_a), ib = inv_size(u_b);  // texel() in common.glsl
    int KQ = textureSize(u_a, 0).x;
    ivec4 i = min(ivec4(p.y * 4) + ivec4(0, 1, 2, 3), ivec4(u_M - 1));
    ivec4 j = ivec4(p.x * 4) + ivec4(0, 1, 2, 3);
    vec4 c0 = vec4(0.0), c1 = vec4(0.0), c2 = vec4(0.0), c3 = vec4(0.0);
    vec4 b0, b1, b2, b3;
    if (u_trans_b == 1) {
        ivec4 jr = min(j, ivec4(u_N - 1));  // rows of bᵀ past N do not exist: read the last, zero below
        for (int kq = 0; kq < KQ; ++kq) {
            bt_rows4(u_b, ib, jr, kq, b0, b1, b2, b3);  // the tile steps are in common.glsl
            tile4_trans(u_a, ia, i, kq, b0, b1, b2, b3, c0, c1, c2, c3);
        }
    } else {
        for (int kq = 0; kq < KQ; ++kq) {
            b_rows4(u_b, ib, p.x, kq * 4, u_K - 1, b0, b1, b2, b3);
            tile4_plain(u_a, ia, i, kq, b0, b1, b2, b3, c0, c1, c2, c3);
        }
    }
    vec4 bias = u_has_bias == 1 ? texelFetch(u_bias, ivec2(p.x, 0), 0) : vec4(0.0);
    vec4 live = vec4(lessThan(j, ivec4(u_N)));
    o_value = (c0 + bias) * live;
    o_row1 = (c1 + bias) * live;
    o_row2 = (c2 + bias) * live;
    o_row3 = (c3 + bias) * live;
}
