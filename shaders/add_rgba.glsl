// add, RGBA-packed: y = a + b element-wise, or b(C) broadcast over a's rows, four elements per
// fragment. Padding lanes stay zero (zero + zero).        reference: RefBackend::add
//   u_a     a as RGBA (R, ⌈C/4⌉)
//   u_b     b as RGBA (R, ⌈C/4⌉), or (1, ⌈C/4⌉) when broadcast
//   output  y as RGBA (R, ⌈C/4⌉): fragment (cq, r)
uniform sampler2D u_a;
uniform sampler2D u_b;

void main() {
    ivec2 p = out_pos();
    int b_row = textureSize(u_b, 0).y == 1 ? 0 : p.y;
    o_value = texelFetch(u_a, p, 0) + texelFetch(u_b, ivec2(p.x, b_row), 0);
}
