// matmul: c(Bt, M, N) = a(Bt, M, K) · b(Bt, K, N), or b(Bt, N, K)ᵀ with u_trans_b = 1
//   reference: RefBackend::matmul (linear_ref.cpp)
//   u_a     a as (Bt·M, K): texel (k, bt·M + i)
//   u_b     b as (Bt·K, N): texel (j, bt·K + k);  transposed: (Bt·N, K), texel (k, bt·N + j)
//           a b with one batch is broadcast over a's batches: u_b_batch_rows is then 0
//   output  c as (Bt·M, N): fragment (j, bt·M + i)
// Uniforms: u_M (rows per batch of a), u_b_batch_rows (rows per batch of b: K, or N when
// transposed; 0 when broadcast), u_trans_b.
uniform sampler2D u_a;
uniform sampler2D u_b;
uniform int u_M;
uniform int u_b_batch_rows;
uniform int u_trans_b;

void main() {
    ivec2 p = out_pos();
    int K = textureSize(u_a, 0).x;
    int first_b_row = (p.y / u_M) * u_b_batch_rows;
    // Walk b along k: across a row (transposed) or down a column (plain).
    ivec2 b_pos = u_trans_b == 1 ? ivec2(0, first_b_row + p.x) : ivec2(p.x, first_b_row);
    ivec2 b_step = u_trans_b == 1 ? ivec2(1, 0) : ivec2(0, 1);
    float acc = 0.0;
    for (int k = 0; k < K; ++k) {
        acc += at(u_a, p.y, k) * texelFetch(u_b, b_pos, 0).r;
        b_pos += b_step;
    }
    emit(acc);
}
