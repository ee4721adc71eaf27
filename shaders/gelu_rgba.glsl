// gelu, RGBA-packed: y = x·Φ(x), the exact erf form of gelu.glsl, four elements per fragment
// (gelu(0) = 0 keeps the padding zero).                 reference: RefBackend::gelu
//   u_x     x as RGBA (R, ⌈C/4⌉)
//   output  y as RGBA (R, ⌈C/4⌉): fragment (cq, r)
uniform sampler2D u_x;

void main() { o_value = gelu_erf(texelFetch(u_x, out_pos(), 0)); }
