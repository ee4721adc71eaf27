// relu: y = max(x, 0) element-wise                  reference: RefBackend::relu (elementwise_ref.cpp)
//   u_x     x as (R, C): texel (c, r)
//   output  y as (R, C): fragment (c, r)
uniform sampler2D u_x;

void main() {
    ivec2 p = out_pos();
    float v = at(u_x, p.y, p.x);
    emit(v > 0.0 ? v : 0.0);  // not max(): the reference maps -0 and NaN to 0 the same way
}
