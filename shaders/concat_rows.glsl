// concat_rows: y = a's rows followed by b's rows. No contract op: the GPU decoder's key/value
// cache grows by one row per step with it (a texture cannot be sampled while it is rendered to,
// and WebGL2 has no copy between textures, so growing means drawing the old rows and the new one).
//   u_a     a as (Ra, C): texel (c, r)
//   u_b     b as (Rb, C): texel (c, r)
//   output  y as (Ra + Rb, C): fragment (c, r)
uniform sampler2D u_a;
uniform sampler2D u_b;

void main() {
    ivec2 p = out_pos();
    int a_rows = textureSize(u_a, 0).y;
    emit(p.y < a_rows ? at(u_a, p.y, p.x) : at(u_b, p.y - a_rows, p.x));
}
