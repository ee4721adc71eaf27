// matmul, RGBA-packed, 8×4 outputs per fragment: matmul_rgba_4x4.glsl with eight rows, one per
// render target (o_value and o_row1..7), where the context has eight draw buffers (WebGL2
// guarantees four; SwiftShader and llvmpipe have eight). Per step of four k a fragment fetches
// 8 texels of a and 4 of b for 128 multiply-adds: 10.7 per fetch, against 8 for the 4×4 shader.
// matmul_rows8_gather.glsl interleaves the targets.
//   reference: RefBackend::matmul (linear_ref.cpp)
//   inputs and uniforms as matmul_rgba_4x4.glsl
//   output  eight RGBA (⌈M/8⌉, ⌈N/4⌉) targets: target r, texel (jq, g) holds c[8g + r, 4jq .. 4jq+3];
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
layout(location = 4) out vec4 o_row4;
layout(location = 5) out vec4 o_row5;
layout(location = 6) out vec4 o_row6;
layout(location = 7) out vec4 o_row7;

void main() {
    ivec2 p = out_pos();
    vec2 ia = inv_size(u_a), ib = inv_size(u_b);  // texel() in common.glsl
    int KQ = textureSize(u_a, 0).x;
    ivec4 i0 = min(ivec4(p.y * 8) + ivec4(0, 1, 2, 3), ivec4(u_M - 1));
    ivec4 i1 = min(ivec4(p.y * 8) + ivec4(4, 5, 6, 7), ivec4(u_M - 1));
    ivec4 j = ivec4(p.x * 4) + ivec4(0, 1, 2, 3);
    vec4 c0 = vec4(0.0), c1 = vec4(0.0), c2 = vec4(0.0), c3 = vec4(0.0);
    vec4 c4 = vec4(0.0), c5 = vec4(0.0), c6 = vec4(0.0), c7 = vec4(0.0);
    vec4 b0, b1, b2, b3;
    if (u_trans_b == 1) {
        ivec4 jr = min(j, ivec4(u_N - 1));  // rows of bᵀ past N do not exist: read the last, zero below
        for (int kq = 0; kq < KQ; ++kq) {
            bt_rows4(u_b, ib, jr, kq, b0, b1, b2, b3);  // the tile steps are in common.glsl
            tile4_trans(u_a, ia, i0, kq, b0, b1, b2, b3, c0, c1, c2, c3);
            tile4_trans(u_a, ia, i1, kq, b0, b1, b2, b3, c4, c5, c6, c7);
        }
    } else {
        for (int kq = 0; kq < KQ; ++kq) {
            b_rows4(u_b, ib, p.x, kq * 4, u_K - 1, b0, b1, b2, b3);
            tile4_plain(u_a, ia, i0, kq, b0, b1, b2, b3, c0, c1, c2, c3);
            tile4_plain(u_a, ia, i1, kq, b0, b1, b2, b3, c4, c5, c6, c7);
        }
    }
    vec4 bias = u_has_bias == 1 ? texelFetch(u_bias, ivec2(p.x, 0), 0) : vec4(0.0);
    vec4 live = vec4(lessThan(j, ivec4(u_N)));
    o_value = (c0 + bias) * live;
    o_row1 = (c1 + bias) * live;
    o_row2 = (c2 + bias) * live;
    o_row3 = (c3 + bias) * live;
    o_row4 = (c4 + bias) * live;
    o_row5 = (c5 + bias) * live;
    o_row6 = (c6 + bias) * live;
    o_row7 = (c7 + bias) * live;
}
