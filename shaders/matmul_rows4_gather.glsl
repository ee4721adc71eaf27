// The second draw of matmul_rgba_4x4.glsl: interleaves its four row targets into one Rgba4 tensor.
//   u_row0 .. u_row3  RGBA (⌈M/4⌉, ⌈N/4⌉): target r, texel (jq, g) holds row 4g + r
//   output            c as RGBA (M, ⌈N/4⌉): fragment (jq, i) copies target i % 4, texel (jq, i / 4)
uniform sampler2D u_row0;
uniform sampler2D u_row1;
uniform sampler2D u_row2;
uniform sampler2D u_row3;

void main() {
    ivec2 p = out_pos();
    ivec2 at = ivec2(p.x, p.y / 4);
    int r = p.y % 4;  // GLSL ES indexes sampler arrays by constants only: choose by branch
    if (r == 0) o_value = texelFetch(u_row0, at, 0);
    else if (r == 1) o_value = texelFetch(u_row1, at, 0);
    else if (r == 2) o_value = texelFetch(u_row2, at, 0);
    else o_value = texelFetch(u_row3, at, 0);
}
