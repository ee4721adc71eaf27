// softmax_rows, RGBA-packed, pass 2 of 2: y = exp(l − max) / Σ with the row statistics of
// softmax_stats_rgba.glsl. Numerics as the reference: removed positions (-inf) give exactly 0, and
// a row without a finite maximum (all removed, or an inf/NaN logit) gives all zeros.
//   u_x      x as RGBA (rows, ⌈C/4⌉); u_mask, u_mask_kind, u_mask_rows, u_R, u_C, u_scale as pass 1
//   u_stats  RGBA (rows, 1): (max, sum) of each row
//   output   y as RGBA (rows, ⌈C/4⌉): fragment (cq, row), zero past C
// PLAIN_LOGITS: x holds the final logits, as in softmax_stats_rgba.glsl.
uniform sampler2D u_x;
uniform sampler2D u_stats;
uniform sampler2D u_mask;
uniform int u_mask_kind;
uniform int u_mask_rows;
uniform int u_R;
uniform int u_C;
uniform float u_scale;

void main() {
    ivec2 p = out_pos();
    vec2 stats = texelFetch(u_stats, ivec2(0, p.y), 0).xy;
    if (isinf(stats.x) || isnan(stats.x)) { o_value = vec4(0.0); return; }
#ifdef PLAIN_LOGITS
    vec4 l = texelFetch(u_x, p, 0);
#else
    vec4 l = masked_logits4(u_x, p.y, p.x, u_C, u_scale, u_mask_kind, u_mask, u_mask_rows, u_R);
#endif
    o_value = mix(exp(l - stats.x) / stats.y, vec4(0.0), equal(l, vec4(neg_inf())));
}
