// The RGBA-packed kernels (kernels.h: add_rgba … embedding_rgba, shaders/*_rgba.glsl) against the
// reference, with C and D that are not multiples of 4 (the padding lanes), every mask kind and a
// row with every position removed; and the benchmark's GPU workloads (gpu_workloads.h) against
// the same workloads on the reference backend. Bound 1e-5 for the ops, 1e-4 for the encoder layer
// (two layer norms over 12 products).
#include "gpu_test_env.h"

#include "bench/gpu_workloads.h"

#include <cmath>
#include <map>
#include <string>
#include <vector>

using namespace attn;

namespace {

using GpuPacked = GpuTest;

Tensor read(const GpuTensor & t) {
    Tensor out(t.shape());
    const Status s = t.read(out);
    EXPECT_TRUE(s.ok) << s.message;
    return out;
}

GpuTensor packed(ConstView v) {
    GpuTensor t;
    const Status s = GpuTensor::upload(v, &t, TexelLayout::Rgba4);
    EXPECT_TRUE(s.ok) << s.message;
    return t;
}

GpuTensor packed_empty(Shape shape) {
    GpuTensor t;
    const Status s = GpuTensor::create(shape, &t, TexelLayout::Rgba4);
    EXPECT_TRUE(s.ok) << s.message;
    return t;
}

GpuTensor scalar(ConstView v) {
    GpuTensor t;
    const Status s = GpuTensor::upload(v, &t);
    EXPECT_TRUE(s.ok) << s.message;
    return t;
}

// One mask of each kind, as the reference takes it and as the kernels take it.
struct MaskCase { Mask cpu; GpuMask gpu; };
std::vector<MaskCase> every_mask(ConstView cols, const GpuTensor & g_cols, ConstView full, const GpuTensor & g_full) {
    return {{Mask::none(), {}},
            {Mask::columns(cols), {Mask::Kind::Columns, &g_cols}},
            {Mask::full(full), {Mask::Kind::Full, &g_full}},
            {Mask::causal(), {Mask::Kind::Causal, nullptr}}};
}

TEST_F(GpuPacked, AddAndReluKeepThePadding) {
    MaxDiff diff("add_rgba / relu_rgba");
    GpuKernels & k = gl->kernels();
    const Tensor a = random_normal({5, 7}, 1), b = random_normal({5, 7}, 2), row = random_normal({1, 7}, 3);
    for (const Tensor * other : {&b, &row}) {
        GpuTensor ga = packed(a), gb = packed(*other), gy = packed_empty({5, 7}), gr = packed_empty({5, 7});
        ASSERT_TRUE(k.add_rgba(ga, gb, gy).ok);
        ASSERT_TRUE(k.relu_rgba(gy, gr).ok);
        Tensor want({5, 7}), want_relu({5, 7});
        ref->add(a, *other, want);
        ref->relu(want, want_relu);
        EXPECT_LE(diff.add(read(gy), want), 1e-6);
        EXPECT_LE(diff.add(read(gr), want_relu), 0.0);
    }
}

// The products' epilogue (GpuEpilogue): y = activation(x·wᵀ + b) + residual in the product's last
// draw, against the reference's linear, relu / gelu and add one after another; on the one-draw
// kernel and on both row-target paths (eight rows a fragment, and four for fewer than eight rows),
// whose gather draw applies it. M = 37 and 257 leave padding lanes, which must stay zero.
TEST_F(GpuPacked, ProductEpilogueMatchesTheSeparateOps) {
    MaxDiff diff("linear_rgba with an epilogue");
    GpuKernels & k = gl->kernels();
    struct Size { int64_t N, K, M; };
    for (const Size & z : {Size{3, 33, 37}, Size{70, 64, 70}, Size{5, 256, 257}}) {
        const Tensor x = random_normal({z.N, z.K}, 40), w = random_normal({z.M, z.K}, 41, 1.0f / std::sqrt(float(z.K)));
        const Tensor b = random_normal({z.M}, 42), r = random_normal({z.N, z.M}, 43);
        GpuTensor gx = packed(x), gw = packed(w), gb = packed(ConstView(b).reshaped({1, z.M})), gr = packed(r);
        for (GpuActivation activation : {GpuActivation::None, GpuActivation::Relu, GpuActivation::Gelu})
            for (bool with_residual : {false, true}) {
                SCOPED_TRACE("N=" + std::to_string(z.N) + " K=" + std::to_string(z.K) + " M=" + std::to_string(z.M) +
                             " activation " + std::to_string(int(activation)) + (with_residual ? " + residual" : ""));
                GpuTensor gy = packed_empty({z.N, z.M});
                ASSERT_TRUE(k.linear_rgba(gx, gw, &gb, gy, GpuEpilogue{activation, with_residual ? &gr : nullptr}).ok);
                Tensor want({z.N, z.M}), activated({z.N, z.M}), summed({z.N, z.M});
                ref->linear(x, w, b, want);
                if (activation == GpuActivation::Relu) ref->relu(want, activated);
                else if (activation == GpuActivation::Gelu) ref->gelu(want, activated);
                else activated = want;
                if (with_residual) ref->add(activated, r, summed);
                else summed = activated;
                EXPECT_LE(diff.add(read(gy), summed), 1e-5);
            }
    }
}

// The packed ops the GPU Transformer adds to a layer's: GELU (the erf form of gelu.glsl, both
// tails), the embedding gather and the caches' extension, for one hypothesis and for a reordered
// beam (exact copies), C = 33 so the last texel is padded.
TEST_F(GpuPacked, GeluGatherAndExtendKeepThePadding) {
    GpuKernels & k = gl->kernels();
    const int64_t C = 33;
    {
        MaxDiff diff("gelu_rgba");
        Tensor x = random_normal({7, C}, 10, 3.0f);
        for (int64_t i = 0; i < C; i++) x[i] = -10.0f + 20.0f * float(i) / float(C - 1);  // row 0: the tails
        GpuTensor gx = packed(x), gy = packed_empty(x.shape());
        ASSERT_TRUE(k.gelu_rgba(gx, gy).ok);
        Tensor want(x.shape());
        ref->gelu(x, want);
        EXPECT_LE(diff.add(read(gy), want), 1e-6);
    }
    {
        const Tensor table = random_normal({50, C}, 11);
        const std::vector<int32_t> ids = {0, 49, 7, 7, 23};
        const int64_t T = int64_t(ids.size());
        GpuTensor gt = packed(table), gy = packed_empty({T, C});
        ASSERT_TRUE(k.embedding_rgba(gt, ids.data(), T, gy).ok);
        Tensor want({T, C});
        ref->embedding(table, ids.data(), T, want);
        EXPECT_EQ(max_abs_diff(read(gy), want), 0.0);
    }
    // extend_rows_rgba: one hypothesis growing its cache (concat), and a beam reordering its own:
    // three hypotheses continue rows 1, 1 and 0 of a two-hypothesis cache.
    struct Extend { int64_t B0, L; std::vector<int32_t> parents; };
    for (const Extend & e : {Extend{1, 1, {0}}, Extend{1, 6, {0}}, Extend{2, 3, {1, 1, 0}}}) {
        const int64_t B = int64_t(e.parents.size()), L = e.L;
        SCOPED_TRACE("B0=" + std::to_string(e.B0) + " L=" + std::to_string(L) + " B=" + std::to_string(B));
        const Tensor cache = random_normal({e.B0 * L, C}, 12), rows = random_normal({B, C}, 13);
        GpuTensor gc = packed(cache), gr = packed(rows), gy = packed_empty({B * (L + 1), C});
        ASSERT_TRUE(k.extend_rows_rgba(gc, e.B0, e.parents.data(), gr, gy).ok);
        const Tensor y = read(gy);
        for (int64_t b = 0; b < B; b++) {
            const float * out = y.data() + b * (L + 1) * C;
            EXPECT_EQ(max_abs_diff(ConstView(out, {L, C}), ConstView(cache.data() + e.parents[size_t(b)] * L * C, {L, C})), 0.0);
            EXPECT_EQ(max_abs_diff(ConstView(out + L * C, {1, C}), ConstView(rows.data() + b * C, {1, C})), 0.0);
        }
    }
}

TEST_F(GpuPacked, SoftmaxEveryMaskAndARemovedRow) {
    MaxDiff diff("softmax_rows_rgba");
    GpuKernels & k = gl->kernels();
    for (int64_t C : {1, 6, 33}) {
        SCOPED_TRACE("C=" + std::to_string(C));
        const int64_t B = 2, R = 5;
        Tensor x = random_normal({B, R, C}, 4, 3.0f);
        Tensor cols = random_normal({C}, 5), full = random_normal({R, C}, 6);
        for (int64_t c = 0; c < C; c++) full[2 * C + c] = -INFINITY;  // row 2: every position removed
        if (C > 1) cols[C - 1] = -INFINITY;
        const GpuTensor g_cols = scalar(cols.view().reshaped({1, C})), g_full = scalar(full);
        for (const MaskCase & m : every_mask(cols, g_cols, full, g_full)) {
            if (m.cpu.kind == Mask::Kind::Causal && R > C) continue;
            SCOPED_TRACE("mask kind " + std::to_string(int(m.cpu.kind)));
            GpuTensor gx = packed(x), gy = packed_empty(x.shape());
            ASSERT_TRUE(k.softmax_rows_rgba(gx, 0.5f, m.gpu, gy).ok);
            Tensor want(x.shape());
            ref->softmax_rows(x, 0.5f, m.cpu, want);
            EXPECT_LE(diff.add(read(gy), want), 1e-6);
        }
    }
}

TEST_F(GpuPacked, LayerNorm) {
    MaxDiff diff("layer_norm_rgba");
    GpuKernels & k = gl->kernels();
    for (int64_t D : {1, 7, 64, 130}) {
        Tensor x = random_normal({9, D}, 7, 4.0f), gamma = random_normal({D}, 8), beta = random_normal({D}, 9);
        for (int64_t i = 0; i < D; i++) x[i] += 100.0f;  // a row far from zero: the two-pass variance matters
        GpuTensor gx = packed(x), gg = packed(gamma.view().reshaped({1, D})), gb = packed(beta.view().reshaped({1, D}));
        GpuTensor gy = packed_empty({9, D});
        ASSERT_TRUE(k.layer_norm_rgba(gx, gg, gb, 1e-5f, gy).ok);
        Tensor want({9, D});
        ref->layer_norm(x, gamma, beta, 1e-5f, want);
        EXPECT_LE(diff.add(read(gy), want), 1e-5) << "D=" << D;
    }
}

TEST_F(GpuPacked, AttentionEveryMask) {
    MaxDiff probs_diff("attention_rgba probs"), out_diff("attention_rgba out");
    GpuKernels & k = gl->kernels();
    for (int64_t B : {1, 2})
        for (int heads : {1, 3})
            for (int64_t Tq : {1, 6})
                for (int64_t Tk : {1, 6, 13}) {
                    const int64_t dh = 8, D = heads * dh;
                    SCOPED_TRACE("B=" + std::to_string(B) + " H=" + std::to_string(heads) + " Tq=" +
                                 std::to_string(Tq) + " Tk=" + std::to_string(Tk));
                    Tensor q = random_normal({B, Tq, D}, 21), kk = random_normal({B, Tk, D}, 22);
                    Tensor v = random_normal({B, Tk, D}, 23);
                    Tensor cols({B, Tk});  // batch 1 (if any) has every key padded, batch 0 its last one
                    if (Tk > 1) cols[Tk - 1] = -INFINITY;
                    for (int64_t j = 0; j < Tk && B > 1; j++) cols[Tk + j] = -INFINITY;
                    Tensor full = random_normal({Tq, Tk}, 25);
                    full[0] = -INFINITY;
                    const GpuTensor g_cols = scalar(cols), g_full = scalar(full);
                    for (const MaskCase & m : every_mask(cols, g_cols, full, g_full)) {
                        if (m.cpu.kind == Mask::Kind::Causal && Tq > Tk) continue;
                        SCOPED_TRACE("mask kind " + std::to_string(int(m.cpu.kind)));
                        const float scale = 1.0f / std::sqrt(float(dh));
                        GpuTensor gq = packed(q), gk = packed(kk), gv = packed(v);
                        GpuTensor gp = packed_empty({B, heads, Tq, Tk}), go = packed_empty({B, Tq, D});
                        ASSERT_TRUE(k.attention_rgba(gq, gk, gv, heads, scale, m.gpu, gp, go).ok);
                        Tensor want_probs({B, heads, Tq, Tk}), want_out({B, Tq, D});
                        ref->attention(q, kk, v, heads, scale, m.cpu, want_probs, want_out);
                        EXPECT_LE(probs_diff.add(read(gp), want_probs), 1e-5);
                        EXPECT_LE(out_diff.add(read(go), want_out), 1e-5);
                    }
                }
}

// Attention large enough for four query rows per fragment (attention_*_rgba_4x4.glsl and the
// gather with one group of rows per head): Tq not a multiple of 4, two batches, three heads.
TEST_F(GpuPacked, AttentionFourRowsPerFragmentEveryMask) {
    MaxDiff probs_diff("attention_rgba_4x4 probs"), out_diff("attention_rgba_4x4 out");
    GpuKernels & k = gl->kernels();
    const int64_t B = 2, heads = 3, Tq = 38, Tk = 75, dh = 64, D = heads * dh;
    ASSERT_GE(B * heads * Tq * Tk * dh, GpuKernels::kRows4MinMacs);
    Tensor q = random_normal({B, Tq, D}, 41), kk = random_normal({B, Tk, D}, 42), v = random_normal({B, Tk, D}, 43);
    Tensor cols({B, Tk});
    cols[Tk - 1] = -INFINITY;
    for (int64_t j = 0; j < Tk; j++) cols[Tk + j] = -INFINITY;  // batch 1: every key padded
    Tensor full = random_normal({Tq, Tk}, 44);
    full[0] = -INFINITY;
    const GpuTensor g_cols = scalar(cols), g_full = scalar(full);
    OpTimer timer;
    k.set_op_timer(&timer);
    for (const MaskCase & m : every_mask(cols, g_cols, full, g_full)) {
        SCOPED_TRACE("mask kind " + std::to_string(int(m.cpu.kind)));
        const float scale = 0.125f;
        GpuTensor gq = packed(q), gk = packed(kk), gv = packed(v);
        GpuTensor gp = packed_empty({B, heads, Tq, Tk}), go = packed_empty({B, Tq, D});
        ASSERT_TRUE(k.attention_rgba(gq, gk, gv, int(heads), scale, m.gpu, gp, go).ok);
        Tensor want_probs({B, heads, Tq, Tk}), want_out({B, Tq, D});
        ref->attention(q, kk, v, int(heads), scale, m.cpu, want_probs, want_out);
        EXPECT_LE(probs_diff.add(read(gp), want_probs), 1e-5);
        EXPECT_LE(out_diff.add(read(go), want_out), 1e-4);  // sums of 75 products
    }
    k.set_op_timer(nullptr);
    int64_t scores4 = 0, output4 = 0;
    for (const OpTimingRow & row : timer.table(0, "").rows) {
        if (row.op == "attention_scores_rgba_4x4") scores4 = row.calls;
        if (row.op == "attention_output_rgba_4x4") output4 = row.calls;
    }
    EXPECT_EQ(scores4, 4) << "one per mask kind";
    EXPECT_EQ(output4, 4);
}

// Products large enough for the many-rows-per-fragment path (matmul_rgba_8x4.glsl where the
// context has eight draw buffers, as llvmpipe does, and matmul_rgba_4x4.glsl with four, as WebGL2
// guarantees; then the gather), with rows, columns and K that are not multiples of 4 or 8, plain
// and transposed, with a bias.
TEST_F(GpuPacked, LargeProductsManyRowsPerFragment) {
    const Tensor a = random_normal({1, 131, 257}, 31), b = random_normal({1, 257, 130}, 32), bt = random_normal({1, 130, 257}, 33);
    const Tensor x = random_normal({67, 250}, 34), w = random_normal({255, 250}, 35), bias = random_normal({255}, 36);
    for (int buffers : {8, 4}) {
        SCOPED_TRACE(std::to_string(buffers) + " draw buffers");
        std::unique_ptr<GpuKernels> k;  // its own, so lowering its draw buffers leaves the fixture's alone
        ASSERT_TRUE(GpuKernels::create(&k).ok);
        if (k->draw_buffers() < buffers) {
            ADD_FAILURE() << "the context has " << k->draw_buffers() << " draw buffers; Mesa's llvmpipe has 8";
            continue;
        }
        k->limit_draw_buffers(buffers);
        const std::string shader = buffers == 8 ? "matmul_rgba_8x4" : "matmul_rgba_4x4";
        MaxDiff diff(shader.c_str());
        OpTimer timer;  // to see which shaders ran
        k->set_op_timer(&timer);
        for (bool trans : {false, true}) {
            GpuTensor ga = packed(a), gb = packed(trans ? bt : b), gc = packed_empty({1, 131, 130});
            ASSERT_TRUE(k->matmul_rgba(ga, gb, trans, gc).ok);
            Tensor want({1, 131, 130});
            ref->matmul(a, trans ? bt : b, trans, want);
            EXPECT_LE(diff.add(read(gc), want), 1e-4) << (trans ? "transposed" : "plain");  // sums of 257 products of N(0,1)
        }
        GpuTensor gx = packed(x), gw = packed(w), gbias = packed(bias.view().reshaped({1, 255})), gy = packed_empty({67, 255});
        ASSERT_TRUE(k->linear_rgba(gx, gw, &gbias, gy).ok);
        Tensor want({67, 255});
        ref->linear(x, w, bias, want);
        EXPECT_LE(diff.add(read(gy), want), 1e-4);
        k->set_op_timer(nullptr);
        int64_t products = 0, gathers = 0;
        for (const OpTimingRow & row : timer.table(0, "").rows) {
            if (row.op == shader) products = row.calls;
            if (row.op == (buffers == 8 ? "matmul_rows8_gather" : "matmul_rows4_gather")) gathers = row.calls;
        }
        EXPECT_EQ(products, 3) << "every product here is large enough for " << shader;
        EXPECT_EQ(gathers, 3);
    }
}

// Products read straight back (matmul_read, linear_read: the benchmark's product, the decoder's
// logits) skip the gather draw and put the targets' rows in order on the CPU. Against the
// reference, with eight and four targets, rows that fill the last group of targets only partly
// (131 = 16·8 + 3; 3 rows, fewer than the four targets) and columns not a multiple of 4; and the
// small products that take the one-draw kernel instead. Afterwards no pack buffer is left bound
// and the targets still serve products that stay on the GPU.
TEST_F(GpuPacked, ProductsReadStraightBackSkipTheGather) {
    const Tensor a = random_normal({131, 257}, 51), b = random_normal({257, 130}, 52), bt = random_normal({130, 257}, 53);
    const Tensor x = random_normal({3, 250}, 54), w = random_normal({1001, 250}, 55), bias = random_normal({1001}, 56);
    const Tensor small_a = random_normal({5, 9}, 57), small_b = random_normal({9, 7}, 58);
    for (int buffers : {8, 4}) {
        SCOPED_TRACE(std::to_string(buffers) + " draw buffers");
        std::unique_ptr<GpuKernels> k;
        ASSERT_TRUE(GpuKernels::create(&k).ok);
        ASSERT_GE(k->draw_buffers(), buffers) << "Mesa's llvmpipe has 8";
        k->limit_draw_buffers(buffers);
        MaxDiff diff("matmul_read / linear_read");
        OpTimer timer;
        k->set_op_timer(&timer);
        GpuTensor ga = packed(a);
        for (bool trans : {false, true}) {
            GpuTensor gb = packed(trans ? bt : b);
            Tensor got({131, 130}), want({131, 130});
            got.fill(-7.0f);
            ASSERT_TRUE(k->matmul_read(ga, gb, trans, got).ok);
            ref->matmul(a, trans ? bt : b, trans, want);
            EXPECT_LE(diff.add(got, want), 1e-4) << (trans ? "transposed" : "plain");
        }
        GpuTensor gx = packed(x), gw = packed(w), gbias = packed(bias.view().reshaped({1, 1001}));
        Tensor logits({3, 1001}), want_logits({3, 1001});
        ASSERT_TRUE(k->linear_read(gx, gw, &gbias, logits).ok);
        ref->linear(x, w, bias, want_logits);
        EXPECT_LE(diff.add(logits, want_logits), 1e-4);
        GpuTensor gsa = packed(small_a), gsb = packed(small_b);
        Tensor small({5, 7}), want_small({5, 7});
        ASSERT_TRUE(k->matmul_read(gsa, gsb, false, small).ok);
        ref->matmul(small_a, small_b, false, want_small);
        EXPECT_LE(diff.add(small, want_small), 1e-5);
        GLint pack_buffer = -1;
        glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &pack_buffer);
        EXPECT_EQ(pack_buffer, 0);
        // The same product kept on the GPU: its gather reads the targets just read back.
        GpuTensor gb = packed(b), gc = packed_empty({131, 130});
        ASSERT_TRUE(k->matmul_rgba(ga, gb, false, gc).ok);
        Tensor want({131, 130});
        ref->matmul(a, b, false, want);
        EXPECT_LE(diff.add(read(gc), want), 1e-4);
        k->set_op_timer(nullptr);
        std::map<std::string, int64_t> calls;
        for (const OpTimingRow & row : timer.table(0, "").rows) calls[row.op] = row.calls;
        // Eight targets: the two 131-row products and the kept one; the 3-row linear takes four.
        EXPECT_EQ(calls["matmul_rgba_8x4"], buffers == 8 ? 3 : 0);
        EXPECT_EQ(calls["matmul_rgba_4x4"], buffers == 8 ? 1 : 4);
        EXPECT_EQ(calls["matmul_rows8_gather"] + calls["matmul_rows4_gather"], 1) << "only the kept product's";
        EXPECT_EQ(calls["matmul_rgba"], 1) << "the small product";
    }
}

// The several-row products keep their render targets by shape (kernels.h): a pass that
// alternates shapes, more of them than the cache keeps, and then comes back to the first ones
// must get each product right, through the cache starting over.
TEST_F(GpuPacked, ProductsOfManyShapesKeepTheirOwnTargets) {
    GpuKernels & k = gl->kernels();
    MaxDiff diff("linear_rgba, many shapes");
    const int shapes = int(GpuKernels::kMaxTargetSets) + 4;
    for (int i = 0; i < shapes + 2; i++) {
        const int step = i % shapes;
        const int64_t rows = 64 + step, N = step % 2 ? 132 : 260, K = 129;  // ≥ kRows4MinMacs each
        SCOPED_TRACE("rows " + std::to_string(rows) + ", N " + std::to_string(N));
        ASSERT_GE(rows * N * K, GpuKernels::kRows4MinMacs);
        const Tensor x = random_normal({rows, K}, 40 + i), w = random_normal({N, K}, 80 + i);
        GpuTensor gx = packed(x), gw = packed(w), gy = packed_empty({rows, N});
        ASSERT_TRUE(k.linear_rgba(gx, gw, nullptr, gy).ok);
        Tensor want({rows, N});
        ref->linear(x, w, ConstView(), want);
        EXPECT_LE(diff.add(read(gy), want), 1e-4);
    }
}

// The benchmark column computes what the CPU column computes, on the harness's inputs.
TEST_F(GpuPacked, BenchmarkWorkloadsMatchTheReference) {
    MaxDiff diff("benchmark workloads");
    GpuKernels & k = gl->kernels();
    Compute cc(BackendKind::Reference);
    std::unique_ptr<bench::GpuWorkload> g;
    ASSERT_TRUE(bench::make_gpu_gemm(k, 37, 29, 45, &g).ok);
    g->run(2);
    EXPECT_TRUE(g->status().ok) << g->status().message;
    auto c = bench::make_gemm(cc, 37, 29, 45);
    c->run(1);
    EXPECT_LE(diff.add(g->output(), c->output()), 1e-5);

    ASSERT_TRUE(bench::make_gpu_attention(k, 3, 21, 16, &g).ok);
    g->run(1);
    c = bench::make_attention(cc, 3, 21, 16);
    c->run(1);
    EXPECT_LE(diff.add(g->output(), c->output()), 1e-5);

    ASSERT_TRUE(bench::make_gpu_encoder(k, 9, 32, 4, 72, &g).ok);
    g->run(1);
    EXPECT_TRUE(g->status().ok) << g->status().message;
    c = bench::make_encoder(cc, 9, 32, 4, 72);
    c->run(1);
    EXPECT_LE(diff.add(g->output(), c->output()), 1e-4);
    EXPECT_GT(g->flops(), 0.0);
}

} // namespace
