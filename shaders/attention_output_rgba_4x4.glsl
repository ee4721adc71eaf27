// attention, RGBA-packed, pass 3 of 3 with four query rows per fragment: out = probs · v_h of
// attention_output_rgba.glsl (its header gives u_probs and u_v), written to four targets that
// matmul_rows4_gather.glsl interleaves (u_period = Tq). Per texel of keys a fragment fetches 4
// texels of probs and 4 of v for 64 multiply-adds, where the one-row shader fetches 5 for 16.
//   reference: RefBackend::attention (attention_ref.cpp), its last loop
//   output  four RGBA targets (B·⌈Tq/4⌉, H·dh/4): target r, texel (h·dh/4 + cq, b·⌈Tq/4⌉ + g)
//           holds out[b, 4g + r, h·dh + 4cq .. +3]; rows past Tq repeat the last
uniform sampler2D u_probs;
uniform sampler2D u_v;
uniform int u_H;
uniform int u_Tq;

layout(location = 1) out vec4 o_row1;
layout(location = 2) out vec4 o_row2;
layout(location = 3) out vec4 o_row3;

void main() {
    ivec2 p = out_pos();
    vec2 ip = inv_size(u_probs), iv = inv_size(u_v);  // texel() in common.glsl
    int B = textureSize(u_probs, 0).y / (u_H * u_Tq);
    int Tk = textureSize(u_v, 0).y / B;
    int dq = textureSize(u_v, 0).x / u_H;
    int G = (u_Tq + 3) / 4;
    int b = p.y / G;
    int g = p.y % G;
    int h = p.x / dq;
    ivec4 prob_row = (b * u_H + h) * u_Tq + min(ivec4(g * 4) + ivec4(0, 1, 2, 3), ivec4(u_Tq - 1));
    int last = b * Tk + Tk - 1;  // past Tk the probabilities are zero; clamp the row read with them
    int JQ = textureSize(u_probs, 0).x;
    vec4 o0 = vec4(0.0), o1 = vec4(0.0), o2 = vec4(0.0), o3 = vec4(0.0);
    vec4 v0, v1, v2, v3;
    for (int jq = 0; jq < JQ; ++jq) {  // probs · v: a plain product, k running over this batch's keys
        b_rows4(u_v, iv, p.x, b * Tk + jq * 4, last, v0, v1, v2, v3);  // the tile steps are in common.glsl
        tile4_plain(u_probs, ip, prob_row, jq, v0, v1, v2, v3, o0, o1, o2, o3);
    }
    o_value = o0;
    o_row1 = o1;
    o_row2 = o2;
    o_row3 = o3;
}
