// concat_rows, RGBA-packed: y = a's rows followed by b's rows (concat_rows.glsl says why it exists).
//   u_a     a as RGBA (Ra, ⌈C/4⌉)
//   u_b     b as RGBA (Rb, ⌈C/4⌉)
//   output  y as RGBA (Ra + Rb, ⌈C/4⌉): fragment (cq, r)
uniform sampler2D u_a;
uniform sampler2D u_b;

void main() {
    ivec2 p = out_pos();
    int a_rows = textureSize(u_a, 0).y;
    o_value = p.y < a_rows ? texelFetch(u_a, p, 0) : texelFetch(u_b, ivec2(p.x, p.y - a_rows), 0);
}
