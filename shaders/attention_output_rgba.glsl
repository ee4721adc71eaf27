// attention, RGBA-packed, pass 3 of 3: out = probs · v_h per head, heads concatenated, four
// output columns per fragment. Reference: RefBackend::attention (attention_ref.cpp), its last loop.
//   u_probs  probs as RGBA (B·H·Tq, ⌈Tk/4⌉), zero past Tk (softmax_apply_rgba.glsl writes them so)
//   u_v      v as RGBA (B·Tk, H·dh/4): texel (h·dh/4 + cq, b·Tk + j) holds v[b, j, h·dh + 4cq .. +3]
//   output   out as RGBA (B·Tq, H·dh/4): fragment (h·dh/4 + cq, b·Tq + i)
uniform sampler2D u_probs;
uniform sampler2D u_v;
uniform int u_H;
uniform int u_Tq;

void main() {
    ivec2 p = out_pos();
    vec2 ip = inv_size(u_probs), iv = inv_size(u_v);  // texel() in common.glsl
    int B = textureSize(u_probs, 0).y / (u_H * u_Tq);
    int Tk = textureSize(u_v, 0).y / B;
    int dq = textureSize(u_v, 0).x / u_H;
    int b = p.y / u_Tq;
    int i = p.y % u_Tq;
    int h = p.x / dq;
    int prob_row = (b * u_H + h) * u_Tq + i;
    int last = b * Tk + Tk - 1;  // past Tk the probabilities are zero; clamp the row read with them
    int JQ = textureSize(u_probs, 0).x;
    vec4 acc = vec4(0.0);
    for (int jq = 0; jq < JQ; ++jq) {
        vec4 pr = texel(u_probs, ivec2(jq, prob_row), ip);
        int j0 = b * Tk + jq * 4;
        acc += pr.x * texel(u_v, ivec2(p.x, j0), iv);
        acc += pr.y * texel(u_v, ivec2(p.x, min(j0 + 1, last)), iv);
        acc += pr.z * texel(u_v, ivec2(p.x, min(j0 + 2, last)), iv);
        acc += pr.w * texel(u_v, ivec2(p.x, min(j0 + 3, last)), iv);
    }
    o_value = acc;
}
