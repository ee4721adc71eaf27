// sigmoid: y = 1 / (1 + e^-x)    reference: RefBackend::sigmoid (in double)
//   u_x     x as (R, C): texel (c, r)
//   output  y as (R, C): fragment (c, r)
// e = e^-|x| ≤ 1 never overflows: 1/(1 + e) for x ≥ 0 and its mirror e/(1 + e) for x < 0.
uniform sampler2D u_x;

void main() {
    ivec2 p = out_pos();
    float x = at(u_x, p.y, p.x);
    float e = exp(-abs(x));
    emit(x >= 0.0 ? 1.0 / (1.0 + e) : e / (1.0 + e));
}
