// gelu: y = x·Φ(x) = x/2·(1 + erf(x/√2)), the exact erf form   reference: RefBackend::gelu
//   u_x     x as (R, C): texel (c, r)
//   output  y as (R, C): fragment (c, r)
// The math is gelu_erf() in common.glsl, shared with gelu_rgba.glsl.
uniform sampler2D u_x;

void main() {
    ivec2 p = out_pos();
    emit(gelu_erf(vec4(at(u_x, p.y, p.x))).x);
}
