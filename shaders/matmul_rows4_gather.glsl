// The second draw of the four-rows-per-fragment shaders (matmul_rgba_4x4.glsl,
// attention_scores_rgba_4x4.glsl, attention_output_rgba_4x4.glsl): interleaves their four row
// targets into one Rgba4 tensor. Rows come in groups of u_period (a product's M: one group; a
// head's Tq in attention: one group per head and batch); each group starts a new target row, so a
// fragment's four rows never straddle two heads.
//   u_row0 .. u_row3  RGBA (groups · ⌈P/4⌉, ⌈N/4⌉), P = u_period: target r, texel (jq, grp · ⌈P/4⌉ + g)
//                     holds row grp · P + 4g + r
//   output            RGBA (groups · P, ⌈N/4⌉): fragment (jq, row) copies its row's texel, through the
//                     product's epilogue (common.glsl: u_activation, then u_residual when
//                     u_has_residual is 1, RGBA of the output's shape); compiled with
//                     NO_EPILOGUE (GpuKernels::gather_rows), a plain copy
uniform sampler2D u_row0;
uniform sampler2D u_row1;
uniform sampler2D u_row2;
uniform sampler2D u_row3;
uniform int u_period;
#ifndef NO_EPILOGUE
uniform int u_activation;
uniform sampler2D u_residual;
uniform int u_has_residual;
#endif

void main() {
    ivec2 p = out_pos();
    vec4 v;
    int i = p.y % u_period;
    ivec2 at = ivec2(p.x, (p.y / u_period) * ((u_period + 3) / 4) + i / 4);
    int r = i % 4;  // GLSL ES indexes sampler arrays by constants only: choose by branch
    if (r == 0) v = texelFetch(u_row0, at, 0);
    else if (r == 1) v = texelFetch(u_row1, at, 0);
    else if (r == 2) v = texelFetch(u_row2, at, 0);
    else v = texelFetch(u_row3, at, 0);
#ifdef NO_EPILOGUE
    o_value = v;
#else
    o_value = epilogue(v, u_activation, u_has_residual, u_residual, p);
#endif
}
