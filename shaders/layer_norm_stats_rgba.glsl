// layer_norm, RGBA-packed, pass 1 of 2: each row's mean and 1/√(var + eps), biased variance, two
// passes over the row as the reference (mean first, then the variance of x − mean). One fragment
// per row: O(N·D) work, where layer_norm.glsl recomputes the statistics in every fragment.
//   reference: RefBackend::layer_norm (norm_ref.cpp)
//   u_x     x as RGBA (N, ⌈D/4⌉), zero past D
//   output  stats as RGBA (N, 1): fragment (0, n) writes (mean, rstd, 0, 0)
uniform sampler2D u_x;
uniform int u_D;
uniform float u_eps;

void main() {
    int n = out_pos().y;
    vec2 ix = inv_size(u_x);  // texel() in common.glsl
    int DQ = textureSize(u_x, 0).x;
    // Four partial sums, one per lane, added at the end: a quarter of the rounding chain.
    vec4 sum = vec4(0.0);
    for (int dq = 0; dq < DQ; ++dq) sum += texel(u_x, ivec2(dq, n), ix);  // padding adds 0
    float mean = dot(sum, vec4(1.0)) / float(u_D);
    vec4 sq = vec4(0.0);
    for (int dq = 0; dq < DQ; ++dq) {
        ivec4 d = ivec4(dq * 4) + ivec4(0, 1, 2, 3);
        vec4 e = (texel(u_x, ivec2(dq, n), ix) - mean) * vec4(lessThan(d, ivec4(u_D)));
        sq += e * e;
    }
    float var = dot(sq, vec4(1.0)) / float(u_D);
    o_value = vec4(mean, 1.0 / sqrt(var + u_eps), 0.0, 0.0);
}
