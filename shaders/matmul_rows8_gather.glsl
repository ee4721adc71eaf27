// The second draw of matmul_rgba_8x4.glsl: interleaves its eight row targets into one Rgba4
// tensor, as matmul_rows4_gather.glsl does for four (one group of rows: the product's M).
//   u_row0 .. u_row7  RGBA (⌈M/8⌉, ⌈N/4⌉): target r, texel (jq, g) holds row 8g + r
//   output            c as RGBA (M, ⌈N/4⌉): fragment (jq, i) copies target i % 8, texel (jq, i / 8), through the
//                     product's epilogue (common.glsl: u_activation, then u_residual when
//                     u_has_residual is 1, RGBA of the output's shape); compiled with
//                     NO_EPILOGUE (GpuKernels::gather_rows), a plain copy
uniform sampler2D u_row0;
uniform sampler2D u_row1;
uniform sampler2D u_row2;
uniform sampler2D u_row3;
uniform sampler2D u_row4;
uniform sampler2D u_row5;
uniform sampler2D u_row6;
uniform sampler2D u_row7;
#ifndef NO_EPILOGUE
uniform int u_activation;
uniform sampler2D u_residual;
uniform int u_has_residual;
#endif

void main() {
    ivec2 p = out_pos();
    vec4 v;
    ivec2 at = ivec2(p.x, p.y / 8);
    int r = p.y % 8;  // GLSL ES indexes sampler arrays by constants only: choose by branch
    if (r < 4) {
        if (r == 0) v = texelFetch(u_row0, at, 0);
        else if (r == 1) v = texelFetch(u_row1, at, 0);
        else if (r == 2) v = texelFetch(u_row2, at, 0);
        else v = texelFetch(u_row3, at, 0);
    } else {
        if (r == 4) v = texelFetch(u_row4, at, 0);
        else if (r == 5) v = texelFetch(u_row5, at, 0);
        else if (r == 6) v = texelFetch(u_row6, at, 0);
        else v = texelFetch(u_row7, at, 0);
    }
#ifdef NO_EPILOGUE
    o_value = v;
#else
    o_value = epilogue(v, u_activation, u_has_residual, u_residual, p);
#endif
}
