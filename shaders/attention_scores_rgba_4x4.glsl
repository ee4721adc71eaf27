// attention, RGBA-packed, pass 1 of 3 with four query rows per fragment: the scores of
// attention_scores_rgba.glsl (its header gives u_q, u_k, u_mask), written to four targets that
// matmul_rows4_gather.glsl interleaves (u_period = Tq). Per texel of a head's dimensions a
// fragment fetches 4 texels of q and 4 of k for 64 multiply-adds, where the one-row shader
// fetches 5 for 16: texel fetches are what SwiftShader and llvmpipe spend their time on.
//   reference: RefBackend::attention (attention_ref.cpp), up to its softmax
//   output  four RGBA targets (B·H·⌈Tq/4⌉, ⌈Tk/4⌉): target r, texel (jq, (b·H + h)·⌈Tq/4⌉ + g)
//           holds s[b, h, 4g + r, 4jq .. +3]; query rows past Tq repeat the last (the gather
//           drops them), lanes past Tk are removed (-inf)
uniform sampler2D u_q;
uniform sampler2D u_k;
uniform sampler2D u_mask;
uniform int u_mask_kind;
uniform int u_mask_rows;
uniform int u_H;
uniform int u_Tq;
uniform float u_scale;

layout(location = 1) out vec4 o_row1;
layout(location = 2) out vec4 o_row2;
layout(location = 3) out vec4 o_row3;

vec4 masked(vec4 acc, int b, int i, ivec4 j, int Tk) {
    return masked4(acc, u_scale, u_mask_kind, u_mask, u_mask_rows, b, i, j, u_Tq, Tk);
}

void main() {
    ivec2 p = out_pos();
    vec2 iq = inv_size(u_q), ik = inv_size(u_k);  // texel() in common.glsl
    int B = textureSize(u_q, 0).y / u_Tq;
    int Tk = textureSize(u_k, 0).y / B;
    int dq = textureSize(u_q, 0).x / u_H;  // texels per head
    int G = (u_Tq + 3) / 4;
    int g = p.y % G;
    int h = (p.y / G) % u_H;
    int b = p.y / (G * u_H);
    ivec4 i = min(ivec4(g * 4) + ivec4(0, 1, 2, 3), ivec4(u_Tq - 1));
    ivec4 q_row = b * u_Tq + i;
    ivec4 j = ivec4(p.x * 4) + ivec4(0, 1, 2, 3);
    ivec4 key = b * Tk + min(j, ivec4(Tk - 1));  // rows past Tk do not exist: read the last, drop below
    vec4 s0 = vec4(0.0), s1 = vec4(0.0), s2 = vec4(0.0), s3 = vec4(0.0);
    vec4 k0, k1, k2, k3;
    for (int c = h * dq; c < (h + 1) * dq; ++c) {  // q · kᵀ: the keys are the rows of a transposed b
        bt_rows4(u_k, ik, key, c, k0, k1, k2, k3);  // the tile steps are in common.glsl
        tile4_trans(u_q, iq, q_row, c, k0, k1, k2, k3, s0, s1, s2, s3);
    }
    o_value = masked(s0, b, i.x, j, Tk);
    o_row1 = masked(s1, b, i.y, j, Tk);
    o_row2 = masked(s2, b, i.z, j, Tk);
    o_row3 = masked(s3, b, i.w, j, Tk);
}
