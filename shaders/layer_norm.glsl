// layer_norm: y(N, D) = (x - mean) / sqrt(var + eps) · gamma(D) + beta(D), biased variance
//   reference: RefBackend::layer_norm (norm_ref.cpp): two passes, mean first, then the variance
//   of x - mean, which avoids the cancellation of E[x²] - E[x]²
//   u_x      x as (N, D): texel (d, n)
//   u_gamma  gamma as (1, D), u_beta beta as (1, D): texel (d, 0)
//   output   y as (N, D): fragment (d, n)
// Each fragment recomputes its row's statistics (D² work per row, no statistics texture); D is
// the model width, a few hundred at most here.
uniform sampler2D u_x;
uniform sampler2D u_gamma;
uniform sampler2D u_beta;
uniform float u_eps;

void main() {
    ivec2 p = out_pos();
    int D = textureSize(u_x, 0).x;
    float mean = 0.0;
    for (int d = 0; d < D; ++d) mean += at(u_x, p.y, d);
    mean /= float(D);
    float var = 0.0;
    for (int d = 0; d < D; ++d) {
        float e = at(u_x, p.y, d) - mean;
        var += e * e;
    }
    var /= float(D);
    float y = (at(u_x, p.y, p.x) - mean) / sqrt(var + u_eps);
    emit(y * at(u_gamma, 0, p.x) + at(u_beta, 0, p.x));
}
