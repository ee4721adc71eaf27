// mul: y = a · b element-wise, or b(C) broadcast over a's rows    reference: RefBackend::mul
//   u_a     a as (R, C): texel (c, r)
//   u_b     b as (R, C), or as (1, C) when broadcast: texel (c, r) or (c, 0)
//   output  y as (R, C): fragment (c, r)
uniform sampler2D u_a;
uniform sampler2D u_b;

void main() {
    ivec2 p = out_pos();
    int b_row = textureSize(u_b, 0).y == 1 ? 0 : p.y;
    emit(at(u_a, p.y, p.x) * at(u_b, b_row, p.x));
}
