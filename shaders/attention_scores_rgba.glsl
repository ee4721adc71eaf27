// attention, RGBA-packed, pass 1 of 3: masked, scaled scores of every head, four keys per fragment
// (softmax_stats_rgba.glsl + softmax_apply_rgba.glsl normalise them, attention_output_rgba.glsl
// takes the weighted sum). Reference: RefBackend::attention (attention_ref.cpp), up to its softmax.
//   s(B, H, Tq, Tk) = q_h · k_hᵀ · u_scale + mask; needs dh % 4 == 0, so a head owns whole texels
//   u_q     q as RGBA (B·Tq, H·dh/4): texel (h·dh/4 + cq, b·Tq + i) holds q[b, i, h·dh + 4cq .. +3]
//   u_k     k as RGBA (B·Tk, H·dh/4), likewise
//   u_mask  mask values in the Scalar layout: Columns (1, Tk) or (B, Tk), Full (Tq, Tk)
//   output  s as RGBA (B·H·Tq, ⌈Tk/4⌉): fragment (jq, (b·H + h)·Tq + i) writes s[b, h, i, 4jq .. +3];
//           lanes past Tk are removed (-inf), so the softmax passes skip them
uniform sampler2D u_q;
uniform sampler2D u_k;
uniform sampler2D u_mask;
uniform int u_mask_kind;
uniform int u_mask_rows;
uniform int u_H;
uniform int u_Tq;
uniform float u_scale;

void main() {
    ivec2 p = out_pos();
    vec2 iq = inv_size(u_q), ik = inv_size(u_k);  // texel() in common.glsl
    int B = textureSize(u_q, 0).y / u_Tq;
    int Tk = textureSize(u_k, 0).y / B;
    int dq = textureSize(u_q, 0).x / u_H;  // texels per head
    int i = p.y % u_Tq;
    int h = (p.y / u_Tq) % u_H;
    int b = p.y / (u_Tq * u_H);
    ivec4 j = ivec4(p.x * 4) + ivec4(0, 1, 2, 3);
    ivec4 key = b * Tk + min(j, ivec4(Tk - 1));  // rows past Tk do not exist: read the last, drop below
    int q_row = b * u_Tq + i;
    vec4 acc = vec4(0.0);
    for (int c = h * dq; c < (h + 1) * dq; ++c) {
        vec4 qv = texel(u_q, ivec2(c, q_row), iq);
        acc += vec4(dot(qv, texel(u_k, ivec2(c, key.x), ik)), dot(qv, texel(u_k, ivec2(c, key.y), ik)),
                    dot(qv, texel(u_k, ivec2(c, key.z), ik)), dot(qv, texel(u_k, ivec2(c, key.w), ik)));
    }
    o_value = masked4(acc, u_scale, u_mask_kind, u_mask, u_mask_rows, b, i, j, u_Tq, Tk);
}
