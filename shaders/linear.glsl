// linear: y(N, M) = x(N, K) · w(M, K)ᵀ + b(M)      reference: RefBackend::linear (linear_ref.cpp)
//   u_x     x as (N, K): texel (k, n)     leading dims of x are flattened into N
//   u_w     w as (M, K): texel (k, m)     nn.Linear layout, so both operands are read along rows
//   u_bias  b as (1, M): texel (m, 0)     read only when u_has_bias is 1
//   output  y as (N, M): fragment (m, n)
// Sum order is the reference's: start from the bias, add products k = 0..K-1 (in float here,
// in double there).
uniform sampler2D u_x;
uniform sampler2D u_w;
uniform sampler2D u_bias;
uniform int u_has_bias;

void main() {
    ivec2 p = out_pos();
    int K = textureSize(u_x, 0).x;
    float acc = u_has_bias == 1 ? at(u_bias, 0, p.x) : 0.0;
    for (int k = 0; k < K; ++k) acc += at(u_x, p.y, k) * at(u_w, p.x, k);
    emit(acc);
}
