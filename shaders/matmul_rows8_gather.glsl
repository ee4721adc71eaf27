// The second draw of matmul_rgba_8x4.glsl: interleaves its eight row targets into one Rgba4
// tensor, as matmul_rows4_gather.glsl does for four (one group of rows: the product's M).
//   u_row0 .. u_row7  RGBA (⌈M/8⌉, ⌈N/4⌉): target r, texel (jq, g) holds row 8g + r
//   output            c as RGBA (M, ⌈N/4⌉): fragment (jq, i) copies target i % 8, texel (jq, i / 8)
uniform sampler2D u_row0;
uniform sampler2D u_row1;
uniform sampler2D u_row2;
uniform sampler2D u_row3;
uniform sampler2D u_row4;
uniform sampler2D u_row5;
uniform sampler2D u_row6;
uniform sampler2D u_row7;

void main() {
    ivec2 p = out_pos();
    ivec2 at = ivec2(p.x, p.y / 8);
    int r = p.y % 8;  // GLSL ES indexes sampler arrays by constants only: choose by branch
    if (r < 4) {
        if (r == 0) o_value = texelFetch(u_row0, at, 0);
        else if (r == 1) o_value = texelFetch(u_row1, at, 0);
        else if (r == 2) o_value = texelFetch(u_row2, at, 0);
        else o_value = texelFetch(u_row3, at, 0);
    } else {
        if (r == 4) o_value = texelFetch(u_row4, at, 0);
        else if (r == 5) o_value = texelFetch(u_row5, at, 0);
        else if (r == 6) o_value = texelFetch(u_row6, at, 0);
        else o_value = texelFetch(u_row7, at, 0);
    }
}
