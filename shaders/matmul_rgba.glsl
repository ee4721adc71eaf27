// matmul, RGBA-packed: c(Bt, M, N) = a(Bt, M, K) · b(Bt, K, N), or b(Bt, N, K)ᵀ with u_trans_b = 1,
// four columns per texel (Rgba4 in src/gpu/gpu_tensor.h). Same op as matmul.glsl, 5-8x faster on
// llvmpipe (a 256x256x256 product with readback: 12-16 ms instead of 83-96 ms).
//   reference: RefBackend::matmul (linear_ref.cpp)
//   u_a     a as RGBA (Bt·M, ⌈K/4⌉): texel (kq, bt·M + i) holds a[bt, i, 4kq .. 4kq+3], zero past K
//   u_b     plain: RGBA (Bt·K, ⌈N/4⌉), texel (jq, bt·K + k) holds b[bt, k, 4jq .. 4jq+3]
//           transposed: RGBA (Bt·N, ⌈K/4⌉), texel (kq, bt·N + j) holds b[bt, j, 4kq .. 4kq+3]
//           a b with one batch is broadcast over a's batches: u_b_batch_rows is then 0
//   output  c as RGBA (Bt·M, ⌈N/4⌉): fragment (jq, bt·M + i) writes c[bt, i, 4jq .. 4jq+3], zero past N
// Uniforms: u_M (rows per batch of a), u_N, u_K, u_b_batch_rows (K plain, N transposed; 0 when
// broadcast), u_trans_b.
uniform sampler2D u_a;
uniform sampler2D u_b;
uniform int u_M;
uniform int u_N;
uniform int u_K;
uniform int u_b_batch_rows;
uniform int u_trans_b;

void main() {
    ivec2 p = out_pos();
    vec2 ia = inv_size(u_a), ib = inv_size(u_b);  // texel() in common.glsl
    int KQ = textureSize(u_a, 0).x;
    int first_b_row = (p.y / u_M) * u_b_batch_rows;
    ivec4 j = ivec4(p.x * 4) + ivec4(0, 1, 2, 3);
    vec4 acc = vec4(0.0);
    if (u_trans_b == 1) {
        // Lane l is the dot product of a's row with b's row j.l, four k per fetch (as linear_rgba).
        // Rows past N do not exist (a read outside the texture would wrap to row 0): read the
        // last one and zero those lanes at the end.
        ivec4 row = first_b_row + min(j, ivec4(u_N - 1));
        for (int kq = 0; kq < KQ; ++kq) {
            vec4 av = texel(u_a, ivec2(kq, p.y), ia);
            acc += vec4(dot(av, texel(u_b, ivec2(kq, row.x), ib)), dot(av, texel(u_b, ivec2(kq, row.y), ib)),
                        dot(av, texel(u_b, ivec2(kq, row.z), ib)), dot(av, texel(u_b, ivec2(kq, row.w), ib)));
        }
    } else {
        // Four outputs at once: acc += a[i, k] · b[k, 4jq .. 4jq+3] for the four k of a's texel.
        // Past K, a's padding is zero and b's row index is clamped to its last row.
        int last = first_b_row + u_K - 1;
        for (int kq = 0; kq < KQ; ++kq) {
            vec4 av = texel(u_a, ivec2(kq, p.y), ia);
            int k0 = first_b_row + kq * 4;
            acc += av.x * texel(u_b, ivec2(p.x, min(k0, last)), ib);
            acc += av.y * texel(u_b, ivec2(p.x, min(k0 + 1, last)), ib);
            acc += av.z * texel(u_b, ivec2(p.x, min(k0 + 2, last)), ib);
            acc += av.w * texel(u_b, ivec2(p.x, min(k0 + 3, last)), ib);
        }
    }
    o_value = acc * vec4(lessThan(j, ivec4(u_N)));
}
