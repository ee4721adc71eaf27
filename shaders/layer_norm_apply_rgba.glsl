// layer_norm, RGBA-packed, pass 2 of 2: y = (x − mean) · rstd · gamma + beta with the statistics of
// layer_norm_stats_rgba.glsl. gamma and beta are zero-padded, so the padding lanes stay zero.
//   u_x      x as RGBA (N, ⌈D/4⌉)
//   u_stats  RGBA (N, 1): (mean, rstd) of each row
//   u_gamma  gamma as RGBA (1, ⌈D/4⌉), u_beta likewise
//   output   y as RGBA (N, ⌈D/4⌉): fragment (dq, n)
uniform sampler2D u_x;
uniform sampler2D u_stats;
uniform sampler2D u_gamma;
uniform sampler2D u_beta;

void main() {
    ivec2 p = out_pos();
    vec2 stats = texelFetch(u_stats, ivec2(0, p.y), 0).xy;
    vec4 x_hat = (texelFetch(u_x, p, 0) - stats.x) * stats.y;
    o_value = x_hat * texelFetch(u_gamma, ivec2(p.x, 0), 0) + texelFetch(u_beta, ivec2(p.x, 0), 0);
}
