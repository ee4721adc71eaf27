#include "models/cnn.h"

#include "core/check.h"
#include "core/rng.h"
#include "nn/conv.h"
#include "nn/grad_ops.h"
#include "nn/pool.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include <cmath>

namespace attn {

// ---- [SECTION] config ------------------------------------------------------------------------

Status CnnConfig::validate() const {
    if (widths.empty() || widths.size() > 3) return Status::error("cnn config: 1 to 3 blocks (28 → 14 → 7)");
    for (int w : widths)
        if (w < 1 || w > 1024 || w % reduction != 0) return Status::error("cnn config: widths must be 1..1024 and divisible by reduction");
    if (reduction < 1 || classes < 2 || classes > 1000 || image != 28) return Status::error("cnn config: bad reduction, classes or image size");
    if (spatial_bn && !cbam) return Status::error("cnn config: spatial_bn needs resnet_cbam");
    return Status::success();
}

std::string CnnConfig::to_json() const {
    nlohmann::json j{{"architecture", cbam ? "resnet_cbam" : "resnet"}, {"widths", widths}, {"reduction", reduction},
                     {"classes", classes}, {"image", image}};
    if (spatial_bn) j["spatial_bn"] = true;  // absent in files made before it existed
    return j.dump();
}

Status CnnConfig::from_json(const std::string & text, CnnConfig * out) {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return Status::error("cnn config: not a JSON object");
    CnnConfig c;
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string & k = it.key();
        const nlohmann::json & v = it.value();
        if (k == "architecture" && v.is_string() && (v == "resnet" || v == "resnet_cbam")) c.cbam = v == "resnet_cbam";
        else if (k == "widths" && v.is_array()) {
            c.widths.clear();
            for (const auto & x : v) {
                if (!x.is_number_integer()) return Status::error("cnn config: widths must be integers");
                c.widths.push_back(x.get<int>());
            }
        } else if (k == "spatial_bn" && v.is_boolean()) {
            c.spatial_bn = v.get<bool>();
        } else if ((k == "reduction" || k == "classes" || k == "image") && v.is_number_integer())
            (k == "reduction" ? c.reduction : k == "classes" ? c.classes : c.image) = v.get<int>();
        else return Status::error("cnn config: bad field \"" + k + "\"");
    }
    if (Status s = c.validate(); !s) return s;
    *out = c;
    return Status::success();
}

// ---- [SECTION] weights -----------------------------------------------------------------------

static void add_conv_bn(std::vector<std::pair<std::string, Shape>> & v, const std::string & conv, const std::string & bn,
                        int64_t out, int64_t in, int64_t k) {
    v.push_back({conv + "/weight", Shape{out, in, k, k}});
    v.push_back({conv + "/bias", Shape{out}});
    for (const char * p : {"/weight", "/bias", "/running_mean", "/running_var"}) v.push_back({bn + p, Shape{out}});
}

static std::string block_scope(size_t b) { return "block_" + std::to_string(b); }

std::vector<std::pair<std::string, Shape>> CnnModel::expected_tensors(const CnnConfig & c) {
    std::vector<std::pair<std::string, Shape>> v;
    add_conv_bn(v, "stem/conv", "stem/bn", c.widths[0], 1, 3);
    for (size_t b = 0; b < c.widths.size(); b++) {
        const std::string s = block_scope(b);
        const int64_t in = b == 0 ? c.widths[0] : c.widths[b - 1], out = c.widths[b];
        add_conv_bn(v, s + "/conv1", s + "/bn1", out, in, 3);
        add_conv_bn(v, s + "/conv2", s + "/bn2", out, out, 3);
        if (in != out) add_conv_bn(v, s + "/skip/conv", s + "/skip/bn", out, in, 1);
        if (c.cbam) {
            const int64_t r = out / c.reduction;
            v.push_back({s + "/cbam/mlp/fc1/weight", Shape{r, out}});
            v.push_back({s + "/cbam/mlp/fc1/bias", Shape{r}});
            v.push_back({s + "/cbam/mlp/fc2/weight", Shape{out, r}});
            v.push_back({s + "/cbam/mlp/fc2/bias", Shape{out}});
            v.push_back({s + "/cbam/spatial/weight", Shape{1, 2, 7, 7}});
            v.push_back({s + "/cbam/spatial/bias", Shape{1}});
            if (c.spatial_bn)
                for (const char * p : {"/weight", "/bias", "/running_mean", "/running_var"})
                    v.push_back({s + "/cbam/spatial/bn" + p, Shape{1}});
        }
    }
    v.push_back({"head/fc/weight", Shape{c.classes, c.widths.back()}});
    v.push_back({"head/fc/bias", Shape{c.classes}});
    return v;
}

// He-uniform convolutions (ReLU follows them), BN γ = 1, β = 0, running mean 0 and variance 1.
TensorMap CnnModel::random_weights(const CnnConfig & c, uint64_t seed) {
    TensorMap m;
    Rng rng(seed);
    auto ends = [](const std::string & n, const char * suffix) {
        const std::string s(suffix);
        return n.size() >= s.size() && n.compare(n.size() - s.size(), s.size(), s) == 0;
    };
    for (const auto & [name, shape] : expected_tensors(c)) {
        Tensor t(shape);
        const bool bn = name.find("/bn") != std::string::npos;
        if (bn && (ends(name, "/weight") || ends(name, "/running_var"))) t.fill(1.0f);
        else if (shape.rank >= 2) {
            const int64_t fan_in = shape.numel() / shape[0];
            const float a = std::sqrt(6.0f / float(fan_in));
            for (int64_t i = 0; i < t.numel(); i++) t[i] = a * (2.0f * rng.uniform() - 1.0f);
        }
        m.emplace(name, std::move(t));
    }
    return m;
}

Status CnnModel::create(const CnnConfig & cfg, TensorMap tensors, CnnModel * out) {
    if (Status s = cfg.validate(); !s) return s;
    if (Status s = check_tensor_set(expected_tensors(cfg), tensors); !s) return s;
    out->m_cfg = cfg;
    out->m_tensors = std::move(tensors);
    return Status::success();
}

Status CnnModel::load(const std::string & path, CnnModel * out) {
    return load_model_file<CnnConfig>(path, kFormat, "an image-classifier", out, &out->m_metadata);
}

Status CnnModel::save(const std::string & path) const {
    return write_model_file(path, kFormat, m_cfg.to_json(), m_tensors, m_metadata);
}

int64_t CnnModel::parameter_count() const {
    int64_t n = 0;
    for (const auto & [name, t] : m_tensors)
        if (name.find("running_") == std::string::npos) n += t.numel();
    return n;
}

// ---- [SECTION] forward -----------------------------------------------------------------------

namespace {

constexpr float kBnEps = 1e-5f, kBnMomentum = 0.1f;  // PyTorch's defaults

void relu_into(const Tensor & x, Tensor * y) {
    *y = Tensor(x.shape());
    const float * in = x.data();
    float * out = y->data();
    const int64_t n = x.numel();  // hoisted: the stores could alias the shape, so the compiler re-reads it
    for (int64_t i = 0; i < n; i++) out[i] = std::max(in[i], 0.0f);
}

} // namespace

CbamWeights CnnModel::cbam_weights(const std::string & s, CbamSpatialNorm * norm) const {
    if (m_cfg.spatial_bn) {
        norm->gamma = w(s + "/cbam/spatial/bn/weight");
        norm->beta = w(s + "/cbam/spatial/bn/bias");
    }
    return {w(s + "/cbam/mlp/fc1/weight"), w(s + "/cbam/mlp/fc1/bias"), w(s + "/cbam/mlp/fc2/weight"),
            w(s + "/cbam/mlp/fc2/bias"), w(s + "/cbam/spatial/weight"), w(s + "/cbam/spatial/bias"),
            m_cfg.spatial_bn ? norm : nullptr};
}

void CnnModel::forward(Compute & cc, ConstView images, bool training, CnnPass * p) {
    p->training = training;
    p->N = int(images.shape[0]);
    auto conv_bn = [&](const std::string & conv, const std::string & bn, ConstView x, int pad, CnnPass::Conv * c) {
        const ConstView wt = w(conv + "/weight");
        const int64_t O = wt.shape[0], H = x.shape[2] + 2 * pad - wt.shape[2] + 1, W = x.shape[3] + 2 * pad - wt.shape[3] + 1;
        c->x = Tensor(x.shape);
        std::copy(x.data, x.data + x.numel(), c->x.data());
        c->pre = Tensor({x.shape[0], O, H, W});
        conv2d_forward(cc, x, wt, w(conv + "/bias"), 1, pad, c->pre);
        c->bn_out = Tensor(c->pre.shape());
        if (training)
            batch_norm_train_forward(c->pre, w(bn + "/weight"), w(bn + "/bias"), kBnEps, kBnMomentum,
                                     m_tensors.at(bn + "/running_mean"), m_tensors.at(bn + "/running_var"), c->bn_out, &c->bn);
        else
            batch_norm_inference(c->pre, w(bn + "/weight"), w(bn + "/bias"), w(bn + "/running_mean"),
                                 w(bn + "/running_var"), kBnEps, c->bn_out);
    };
    conv_bn("stem/conv", "stem/bn", images, 1, &p->stem);
    relu_into(p->stem.bn_out, &p->stem_out);
    p->blocks.assign(m_cfg.widths.size(), CnnPass::Block{});
    const Tensor * x = &p->stem_out;
    for (size_t b = 0; b < m_cfg.widths.size(); b++) {
        CnnPass::Block & k = p->blocks[b];
        const std::string s = block_scope(b);
        if (b > 0) {  // halve the resolution between blocks: 28 -> 14 -> 7
            k.pooled_from = x->shape();
            k.input = Tensor({x->shape()[0], x->shape()[1], x->shape()[2] / 2, x->shape()[3] / 2});
            max_pool2x2_forward(*x, k.input, &k.pool_at);
        } else {
            k.input = *x;
        }
        conv_bn(s + "/conv1", s + "/bn1", k.input, 1, &k.c1);
        relu_into(k.c1.bn_out, &k.relu1);
        conv_bn(s + "/conv2", s + "/bn2", k.relu1, 1, &k.c2);
        k.branch = k.c2.bn_out;
        Tensor refined = k.branch;
        if (m_cfg.cbam) {
            CbamSpatialNorm norm;
            const CbamWeights cw = cbam_weights(s, &norm);
            if (m_cfg.spatial_bn) {
                norm.running_mean = m_tensors.at(s + "/cbam/spatial/bn/running_mean");
                norm.running_var = m_tensors.at(s + "/cbam/spatial/bn/running_var");
                norm.training = training;
            }
            cbam_forward(cc, cw, k.branch, refined, &k.cbam);
        }
        const bool project = m_tensors.count(s + "/skip/conv/weight") > 0;
        if (project) conv_bn(s + "/skip/conv", s + "/skip/bn", k.input, 0, &k.skip);
        const Tensor & shortcut = project ? k.skip.bn_out : k.input;
        k.sum = Tensor(refined.shape());
        cc.add(refined, shortcut, k.sum);
        relu_into(k.sum, &k.out);
        x = &k.out;
    }
    p->pooled = Tensor({int64_t(p->N), x->shape()[1]});
    global_avg_pool_forward(*x, p->pooled);
    p->logits = Tensor({int64_t(p->N), int64_t(m_cfg.classes)});
    cc.linear(p->pooled, w("head/fc/weight"), w("head/fc/bias"), p->logits);
}

// ---- [SECTION] backward ----------------------------------------------------------------------

Tensor CnnModel::last_block_gradient(const CnnPass & p, ConstView dlogits, TensorMap * grads) const {
    Tensor dpooled(p.pooled.shape()), dlast(p.blocks.back().out.shape());
    linear_backward(p.pooled, w("head/fc/weight"), dlogits, dpooled, grads ? TensorView(grads->at("head/fc/weight")) : TensorView(),
                    grads ? TensorView(grads->at("head/fc/bias")) : TensorView());
    global_avg_pool_backward(dpooled, dlast);
    return dlast;
}

void CnnModel::backward(Compute & cc, const CnnPass & p, ConstView dlogits, TensorMap * grads) const {
    ATTN_ASSERT(p.training, "CnnModel::backward needs a training-mode forward pass");
    for (const auto & [name, t] : m_tensors) (*grads)[name] = Tensor(t.shape());
    auto g = [&](const std::string & n) -> TensorView { return grads->at(n); };
    // d(conv → BN) for one Conv cache: d(bn_out) -> d(x) (skipped when dx is empty).
    auto conv_bn_back = [&](const std::string & conv, const std::string & bn, const CnnPass::Conv & c, const Tensor & dout,
                            TensorView dx) {
        Tensor dpre(c.pre.shape());
        batch_norm_backward(c.bn, w(bn + "/weight"), dout, dpre, g(bn + "/weight"), g(bn + "/bias"));
        const int pad = int(w(conv + "/weight").shape[2]) / 2;
        conv2d_backward(cc, c.x, w(conv + "/weight"), dpre, 1, pad, dx, g(conv + "/weight"), g(conv + "/bias"));
    };
    auto relu_back = [](const Tensor & y, Tensor * d) {
        const float * out = y.data();
        float * grad = d->data();
        const int64_t n = d->numel();  // hoisted, as in relu_into
        for (int64_t i = 0; i < n; i++) grad[i] = out[i] > 0.0f ? grad[i] : 0.0f;  // a select: vectorises
    };
    Tensor dout = last_block_gradient(p, dlogits, grads);
    for (size_t bi = p.blocks.size(); bi-- > 0;) {
        const CnnPass::Block & k = p.blocks[bi];
        const std::string s = block_scope(bi);
        relu_back(k.out, &dout);  // d(sum)
        Tensor dbranch = dout;
        if (m_cfg.cbam) {
            CbamSpatialNorm norm;  // γ only: the backward pass uses the forward's batch statistics
            const CbamWeights cw = cbam_weights(s, &norm);
            CbamGrads cg{g(s + "/cbam/mlp/fc1/weight"), g(s + "/cbam/mlp/fc1/bias"), g(s + "/cbam/mlp/fc2/weight"),
                         g(s + "/cbam/mlp/fc2/bias"), g(s + "/cbam/spatial/weight"), g(s + "/cbam/spatial/bias")};
            if (m_cfg.spatial_bn) {
                cg.spatial_norm_gamma = g(s + "/cbam/spatial/bn/weight");
                cg.spatial_norm_beta = g(s + "/cbam/spatial/bn/bias");
            }
            cbam_backward(cc, cw, k.cbam, k.branch, dout, dbranch, cg);
        }
        Tensor drelu1(k.relu1.shape()), dinput(k.input.shape());
        conv_bn_back(s + "/conv2", s + "/bn2", k.c2, dbranch, drelu1);
        relu_back(k.relu1, &drelu1);
        conv_bn_back(s + "/conv1", s + "/bn1", k.c1, drelu1, dinput);
        if (m_tensors.count(s + "/skip/conv/weight")) {
            Tensor dskip(k.input.shape());
            conv_bn_back(s + "/skip/conv", s + "/skip/bn", k.skip, dout, dskip);
            cc.add(dinput, dskip, dinput);
        } else {
            cc.add(dinput, dout, dinput);
        }
        if (bi > 0) {
            dout = Tensor(k.pooled_from);
            max_pool2x2_backward(k.pool_at, dinput, dout);
        } else {
            dout = std::move(dinput);
        }
    }
    relu_back(p.stem_out, &dout);
    conv_bn_back("stem/conv", "stem/bn", p.stem, dout, TensorView());
}

Tensor grad_cam(const CnnModel & model, const CnnPass & pass, int class_index) {
    return grad_cam(model, pass, std::vector<int>(size_t(pass.N), class_index));
}

Tensor grad_cam(const CnnModel & model, const CnnPass & pass, const std::vector<int> & classes) {
    const int64_t N = pass.N, K = pass.logits.cols();
    ATTN_ASSERT(classes.size() == size_t(N), "one class per image");
    Tensor dlogits({N, K});
    for (int64_t n = 0; n < N; n++) dlogits[n * K + classes[size_t(n)]] = 1.0f;  // ∂y_c
    const Tensor dA = model.last_block_gradient(pass, dlogits, nullptr);
    const Tensor & A = pass.blocks.back().out;
    const int64_t C = A.shape()[1], HW = A.shape()[2] * A.shape()[3];
    Tensor cam({N, A.shape()[2], A.shape()[3]});
    for (int64_t n = 0; n < N; n++)
        for (int64_t c = 0; c < C; c++) {
            double alpha = 0.0;
            for (int64_t i = 0; i < HW; i++) alpha += dA[(n * C + c) * HW + i];
            alpha /= double(HW);
            for (int64_t i = 0; i < HW; i++) cam[n * HW + i] += float(alpha) * A[(n * C + c) * HW + i];
        }
    for (int64_t i = 0; i < cam.numel(); i++) cam[i] = std::max(cam[i], 0.0f);
    return cam;
}

Tensor grad_cam(Compute & cc, CnnModel & model, ConstView images, int class_index) {
    CnnPass pass;
    model.forward(cc, images, /*training=*/false, &pass);
    return grad_cam(model, pass, class_index);
}

} // namespace attn
