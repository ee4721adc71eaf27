// relu, RGBA-packed: y = max(x, 0), four elements per fragment (padding stays zero).
//   reference: RefBackend::relu (elementwise_ref.cpp)
//   u_x     x as RGBA (R, ⌈C/4⌉)
//   output  y as RGBA (R, ⌈C/4⌉): fragment (cq, r)
uniform sampler2D u_x;

void main() {
    vec4 v = texelFetch(u_x, out_pos(), 0);
    o_value = mix(vec4(0.0), v, greaterThan(v, vec4(0.0)));  // a select, as relu.glsl: -0 and NaN give 0
}
