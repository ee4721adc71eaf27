#include "train/optimizer.h"

#include "core/check.h"
#include "train/meta_value.h"

#include <cmath>

namespace attn {

namespace {
const char * kPrefixM = "optimizer/m/";
const char * kPrefixV = "optimizer/v/";
const char * kPrefixStep = "optimizer/step/";
const char * kStepsKey = "optimizer_steps";

bool starts_with(const std::string & s, const std::string & prefix) { return s.compare(0, prefix.size(), prefix) == 0; }
} // namespace

void Adam::step(TensorMap & params, const TensorMap & grads, double lr) {
    for (const auto & [name, grad] : grads) {
        auto pit = params.find(name);
        ATTN_ASSERT(pit != params.end(), "gradient for unknown parameter %s", name.c_str());
        Tensor & param = pit->second;
        ATTN_ASSERT(param.shape() == grad.shape(), "%s: gradient %s, parameter %s", name.c_str(),
                    grad.shape().str().c_str(), param.shape().str().c_str());
        Moments & st = m_state[name];
        ATTN_ASSERT(st.t == 0 || st.m.shape() == param.shape(), "%s changed shape between steps", name.c_str());
        if (st.t == 0) {
            st.m = Tensor(param.shape());
            st.v = Tensor(param.shape());
        }
        st.t++;

        // Python-float arithmetic in PyTorch: double, then rounded once to float for the tensor op.
        const double bc1 = 1.0 - std::pow(m_cfg.beta1, double(st.t));
        const double bc2 = 1.0 - std::pow(m_cfg.beta2, double(st.t));
        const float neg_step_size = float(-(lr / bc1));
        const float bc2_sqrt = float(std::sqrt(bc2));
        const float one_minus_b1 = float(1.0 - m_cfg.beta1);
        const float b2 = float(m_cfg.beta2);
        const float one_minus_b2 = float(1.0 - m_cfg.beta2);
        const float eps = float(m_cfg.eps);
        const bool decay = m_cfg.weight_decay != 0.0;
        const bool decoupled = decay && m_cfg.decoupled;
        const float param_scale = float(1.0 - lr * m_cfg.weight_decay);  // AdamW
        const float l2 = float(m_cfg.weight_decay);                      // Adam

        float * p = param.data();
        const float * g_in = grad.data();
        float * m = st.m.data();
        float * v = st.v.data();
        const int64_t n = param.numel();
        for (int64_t i = 0; i < n; i++) {
            if (decoupled) p[i] = p[i] * param_scale;
            float g = g_in[i];
            if (decay && !decoupled) g = g + l2 * p[i];
            m[i] = m[i] + one_minus_b1 * (g - m[i]);
            v[i] = v[i] * b2 + one_minus_b2 * g * g;
            float denom = std::sqrt(v[i]) / bc2_sqrt + eps;
            p[i] = p[i] + neg_step_size * m[i] / denom;
        }
    }
    m_steps++;
}

const Tensor * Adam::first_moment(const std::string & param) const {
    auto it = m_state.find(param);
    return it == m_state.end() ? nullptr : &it->second.m;
}

const Tensor * Adam::second_moment(const std::string & param) const {
    auto it = m_state.find(param);
    return it == m_state.end() ? nullptr : &it->second.v;
}

void Adam::reset() {
    m_state.clear();
    m_steps = 0;
}

void Adam::export_state(WeightsFile & out) const {
    out.metadata[kStepsKey] = std::to_string(m_steps);
    for (const auto & [name, st] : m_state) {
        out.tensors[kPrefixM + name] = st.m;
        out.tensors[kPrefixV + name] = st.v;
        if (st.t != m_steps) out.metadata[kPrefixStep + name] = std::to_string(st.t);
    }
}

Status Adam::import_state(const WeightsFile & in, const TensorMap & params) {
    int64_t steps = 0;
    if (Status s = meta_int64(in.metadata, kStepsKey, 0, &steps); !s) return Status::error("optimizer state: " + s.message);

    std::map<std::string, Moments> state;
    for (const auto & [key, t] : in.tensors) {
        if (!starts_with(key, "optimizer/")) continue;  // a parameter, the caller's business
        bool is_m = starts_with(key, kPrefixM);
        if (!is_m && !starts_with(key, kPrefixV))
            return Status::error("optimizer state: unknown tensor \"" + key + "\"");
        std::string name = key.substr(std::string(is_m ? kPrefixM : kPrefixV).size());
        auto pit = params.find(name);
        if (pit == params.end())
            return Status::error("optimizer state: \"" + key + "\" belongs to no parameter of the model");
        if (t.shape() != pit->second.shape())
            return Status::error("optimizer state: \"" + key + "\" has shape " + t.shape().str() + ", parameter has " +
                                 pit->second.shape().str());
        (is_m ? state[name].m : state[name].v) = t;
    }
    for (auto & [name, st] : state) {
        if (st.m.numel() != st.v.numel() || st.m.shape() != st.v.shape())  // one of the pair is missing
            return Status::error("optimizer state: parameter \"" + name + "\" has only one of " + kPrefixM + name +
                                 " and " + kPrefixV + name);
        st.t = steps;
    }
    for (const auto & [key, value] : in.metadata) {
        if (!starts_with(key, kPrefixStep)) continue;
        std::string name = key.substr(std::string(kPrefixStep).size());
        auto it = state.find(name);
        if (it == state.end()) return Status::error("optimizer state: \"" + key + "\" names a parameter without moments");
        if (Status s = meta_int64(in.metadata, key, 1, &it->second.t); !s) return Status::error("optimizer state: " + s.message);
    }
    for (const auto & [name, st] : state)
        if (st.t < 1)
            return Status::error("optimizer state: parameter \"" + name + "\" has moments but " + kStepsKey + " is 0");

    m_state = std::move(state);
    m_steps = steps;
    return Status::success();
}

} // namespace attn
