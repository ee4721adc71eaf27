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
    if (u_trans_b == 1) {
        ivec4 jr = min(j, ivec4(u_N - 1));  // rows of bᵀ past N do not exist: read the last, zero below
        for (int kq = 0; kq < KQ; ++kq) {
            vec4 a0 = texel(u_a, ivec2(kq, i.x), ia), a1 = texel(u_a, ivec2(kq, i.y), ia);
            vec4 a2 = texel(u_a, ivec2(kq, i.z), ia), a3 = texel(u_a, ivec2(kq, i.w), ia);
            vec4 b0 = texel(u_b, ivec2(kq, jr.x), ib), b1 = texel(u_b, ivec2(kq, jr.y), ib);
            vec4 b2 = texel(u_b, ivec2(kq, jr.z), ib), b3 = texel(u_b, ivec2(kq, jr.w), ib);
            c0 += vec4(dot(a0, b0), dot(a0, b1), dot(a0, b2), dot(a0, b3));
            c1 += vec4(dot(a1, b0), dot(a1, b1), dot(a1, b2), dot(a1, b3));
            c2 += vec4(dot(a2, b0), dot(a2, b1), dot(a2, b2), dot(a2, b3));
            c3 += vec4(dot(a3, b0), dot(a3, b1), dot(a3, b2), dot(a3, b3));
        }
    } else {
        int last = u_K - 1;  // past K, a's padding is zero: clamp b's row and multiply it by 0
        for (int kq = 0; kq < KQ; ++kq) {
            int k0 = kq * 4;
            vec4 b0 = texel(u_b, ivec2(p.x, k0), ib), b1 = texel(u_b, ivec2(p.x, min(k0 + 1, last)), ib);
            vec4 b2 = texel(u_b, ivec2(p.x, min(k0 + 2, last)), ib), b3 = texel(u_b, ivec2(p.x, min(k0 + 3, last)), ib);
            vec4 a0 = texel(u_a, ivec2(kq, i.x), ia), a1 = texel(u_a, ivec2(kq, i.y), ia);
            vec4 a2 = texel(u_a, ivec2(kq, i.z), ia), a3 = texel(u_a, ivec2(kq, i.w), ia);
            c0 += a0.x * b0 + a0.y * b1 + a0.z * b2 + a0.w * b3;
            c1 += a1.x * b0 + a1.y * b1 + a1.z * b2 + a1.w * b3;
            c2 += a2.x * b0 + a2.y * b1 + a2.z * b2 + a2.w * b3;
            c3 += a3.x * b0 + a3.y * b1 + a3.z * b2 + a3.w * b3;
        }
    }
    vec4 bias = u_has_bias == 1 ? texelFetch(u_bias, ivec2(p.x, 0), 0) : vec4(0.0);
    vec4 live = vec4(lessThan(j, ivec4(u_N)));
    o_value = (c0 + bias) * live;
    o_row1 = (c1 + bias) * live;
    o_row2 = (c2 + bias) * live;
    o_row3 = (c3 + bias) * live;
}
