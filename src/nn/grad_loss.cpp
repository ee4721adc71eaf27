// Cross-entropy with label smoothing and ignored positions, value and gradient (grad_ops.h).
#include "core/check.h"
#include "nn/grad_ops.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace attn {

// logits(N, V), targets(N) -> mean loss; dlogits(N, V) = d(mean loss)/d(logits), overwritten.
//
// Per position i with target t != ignore_id, with log p = log_softmax(logits_i) (in double):
//   loss_i = (1-ε)·(-log p_t) + ε·mean_v(-log p_v)
// which is the cross-entropy against the smoothed target q = (1-ε)·onehot(t) + ε/V, PyTorch's
// nn.CrossEntropyLoss(label_smoothing=ε, ignore_index=ignore_id, reduction='mean'). The loss is the
// mean of loss_i over the n counted positions (0 if n == 0).
// Gradient: since Σ_v q_v = 1, d loss_i / d logits_i = softmax(logits_i) - q, divided by n for the
// mean; ignored rows get 0.
double cross_entropy(ConstView logits, const int32_t * targets, int64_t N, int32_t ignore_id, float smoothing,
                     TensorView dlogits) {
    const int64_t V = logits.cols();
    ATTN_ASSERT(logits.rows() == N, "cross_entropy: logits %s for N=%lld", logits.shape.str().c_str(),
                (long long)N);
    ATTN_ASSERT(dlogits.empty() || (dlogits.numel() == N * V && dlogits.cols() == V),
                "cross_entropy: dlogits %s for logits %s", dlogits.shape.str().c_str(), logits.shape.str().c_str());
    ATTN_ASSERT(smoothing >= 0.0f && smoothing <= 1.0f, "cross_entropy: smoothing %g outside [0, 1]",
                double(smoothing));

    int64_t counted = 0;
    for (int64_t i = 0; i < N; i++) {
        if (targets[i] == ignore_id) continue;
        ATTN_ASSERT(targets[i] >= 0 && targets[i] < V, "cross_entropy: target %d outside vocabulary of %lld",
                    targets[i], (long long)V);
        counted++;
    }
    if (!dlogits.empty()) std::fill(dlogits.data, dlogits.data + N * V, 0.0f);
    if (counted == 0) return 0.0;

    const double eps = smoothing;
    double total = 0.0;
    std::vector<double> prob(V);
    for (int64_t i = 0; i < N; i++) {
        const int32_t t = targets[i];
        if (t == ignore_id) continue;
        const float * l = logits.row(i);
        // log-sum-exp with the max subtracted: no overflow for large logits.
        const double l_max = *std::max_element(l, l + V);
        double sum_exp = 0.0, sum_logits = 0.0;
        for (int64_t v = 0; v < V; v++) {
            prob[v] = std::exp(double(l[v]) - l_max);
            sum_exp += prob[v];
            sum_logits += l[v];
        }
        const double log_z = l_max + std::log(sum_exp);
        const double nll_target = log_z - l[t];                  // -log p_t
        const double nll_uniform = log_z - sum_logits / double(V);  // mean_v(-log p_v)
        total += (1.0 - eps) * nll_target + eps * nll_uniform;
        if (!dlogits.empty()) {
            float * g = dlogits.row(i);
            for (int64_t v = 0; v < V; v++) {
                const double q = (v == t ? 1.0 - eps : 0.0) + eps / double(V);
                g[v] = float((prob[v] / sum_exp - q) / double(counted));
            }
        }
    }
    return total / double(counted);
}

} // namespace attn
