// linear, RGBA-packed: y(N, M) = x(N, K) · w(M, K)ᵀ + b(M), four columns per texel (Rgba4 in
// src/gpu/gpu_tensor.h). Same op as linear.glsl; one fetch brings four k values and each fragment
// writes four outputs: on llvmpipe a 256x256x256 linear with readback takes 5.2 ms instead of
// 27 ms (4-7x for matmul in the toolchain notes, in Chromium too).
//   reference: RefBackend::linear (linear_ref.cpp)
//   u_x     x as RGBA (N, ⌈K/4⌉): texel (kq, n) holds x[n, 4kq .. 4kq+3], zero past K
//   u_w     w as RGBA (M, ⌈K/4⌉): texel (kq, m) holds w[m, 4kq .. 4kq+3], zero past K
//   u_bias  b as RGBA (1, ⌈M/4⌉): texel (mq, 0) holds b[4mq .. 4mq+3]; read when u_has_bias is 1
//   u_residual  RGBA (N, ⌈M/4⌉), added last when u_has_residual is 1 (epilogue() in common.glsl)
//   output  y as RGBA (N, ⌈M/4⌉): fragment (mq, n) writes y[n, 4mq .. 4mq+3], zero past M, after
//           the epilogue: u_activation (GpuActivation), then the residual
// The zero padding makes the last dot() of a row exact, whatever K is. Sum order differs from
// the reference's (four products per step), well inside the tests' 1e-5.
uniform sampler2D u_x;
uniform sampler2D u_w;
uniform sampler2D u_bias;
uniform int u_has_bias;
uniform int u_M;
uniform int u_activation;
uniform sampler2D u_residual;
uniform int u_has_residual;

void main() {
    ivec2 p = out_pos();
    vec2 ix = inv_size(u_x), iw = inv_size(u_w);  // texel() in common.glsl
    int KQ = textureSize(u_x, 0).x;
    int m0 = p.x * 4;
    // Rows of w past M do not exist, and a read outside the texture would wrap to row 0: read
    // the last row instead and zero those lanes at the end.
    ivec4 m = min(ivec4(m0) + ivec4(0, 1, 2, 3), ivec4(u_M - 1));
    vec4 acc = vec4(0.0);
    for (int kq = 0; kq < KQ; ++kq) {
        vec4 xv = texel(u_x, ivec2(kq, p.y), ix);
        acc += vec4(dot(xv, texel(u_w, ivec2(kq, m.x), iw)), dot(xv, texel(u_w, ivec2(kq, m.y), iw)),
                    dot(xv, texel(u_w, ivec2(kq, m.z), iw)), dot(xv, texel(u_w, ivec2(kq, m.w), iw)));
    }
    if (u_has_bias == 1) acc += texelFetch(u_bias, ivec2(p.x, 0), 0);
    vec4 inside = vec4(lessThan(ivec4(m0) + ivec4(0, 1, 2, 3), ivec4(u_M)));
    o_value = epilogue(acc, u_activation, u_has_residual, u_residual, p) * inside;
}
