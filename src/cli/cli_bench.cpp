// `attn bench`: the peer harness's workloads on every CPU backend, natively, with the harness's
// timing protocol. Prints a table, or JSON with --json. Speed is measured here, never asserted in
// tests: the machines are shared and noisy, so compare columns of one run.
#include "cli/cli.h"
#include "bench/model_bench.h"
#include "bench/train_bench.h"
#include "bench/workloads.h"
#include "core/build_info.h"
#include "core/parallel.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace attn {

namespace {

struct Case {
    std::string workload;  // harness id, e.g. "sgemm-256"
    std::function<std::unique_ptr<bench::Workload>(Compute &)> make;
    bool reference_too;    // the scalar oracle is slow: only on the smaller cases
};

std::vector<Case> cases() {
    std::vector<Case> cs;
    for (int n : {64, 128, 256, 512})
        cs.push_back({"sgemm-" + std::to_string(n), [n](Compute & cc) { return bench::make_gemm(cc, n, n, n); }, n <= 256});
    for (int s : {16, 64, 256})
        cs.push_back({"attn-s" + std::to_string(s), [s](Compute & cc) { return bench::make_attention(cc, 8, s, 64); },
                      s <= 64});
    cs.push_back({"encoder-s32", [](Compute & cc) { return bench::make_encoder(cc, 32, 512, 8, 2048); }, true});
    return cs;
}

} // namespace

int cli_bench(int argc, char ** argv) {
    bool json = false, quick = false, model = false, train = false;
    std::string only, model_backend, step_storage;
    for (int i = 0; i < argc; i++) {
        if (!std::strcmp(argv[i], "--json")) json = true;
        else if (!std::strcmp(argv[i], "--quick")) quick = true;
        else if (!std::strcmp(argv[i], "--model")) model = true;
        else if (!std::strcmp(argv[i], "--train")) train = true;
        else if (!std::strcmp(argv[i], "--model-backend") && i + 1 < argc) model_backend = argv[++i];
        else if (!std::strcmp(argv[i], "--step-storage") && i + 1 < argc) step_storage = argv[++i];
        else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) set_compute_threads(std::atoi(argv[++i]));
        else {
            std::fprintf(stderr, "usage: attn bench [--json] [--quick] [--only WORKLOAD_SUBSTRING] [--threads N] [--model]\n"
                                 "  --threads N  split the SIMD kernels' large products over N threads (default 1)\n"
                                 "  --model  also time the Transformer-base model: encode 32 + greedy-decode 32\n"
                                 "           tokens, and one decoder step at cache lengths 8, 32, 128\n"
                                 "  --model-backend NAME  run the model on one backend (default: the fastest per op)\n"
                                 "  --step-storage base|MODEL.safetensors  one decoder step with the weights in F32,\n"
                                 "           F16 and I8 (matrices read as stored), interleaved; medians and speed-ups\n"
                                 "  --train  training speed: d 128, 3+3 layers, 2048-token batch, forward+backward+Adam\n");
            return 2;
        }
    }
#if defined(__GLIBC__)
    // glibc hands large freed blocks back to the OS and page-faults them in again on every call,
    // which made Eigen 2-5x slower at some sizes (toolchain note P11). Keep them.
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
    nlohmann::json out;
    out["version"] = version();
    out["build"] = build_kind();
    out["simd"] = simd_isa();
    out["compiler"] = compiler();
    out["threads"] = compute_threads();
    out["protocol"] = "median over >=21 batches of (batch ms / calls), batches >= 10 ms, after >= 300 ms warm-up";
    out["results"] = nlohmann::json::array();
    if (!json) std::printf("%-14s %-10s %12s %10s\n", "workload", "backend", "ms/call", "GFLOPS");
    for (const Case & c : cases()) {
        if (!step_storage.empty() && only.empty()) break;  // asked for the step comparison alone
        if (!only.empty() && c.workload.find(only) == std::string::npos) continue;
        for (BackendKind kind : available_backends()) {
            if (kind == BackendKind::Reference && !c.reference_too) continue;
            Compute cc(kind);
            auto w = c.make(cc);
            const double ms = bench::median_ms_per_call(*w, quick ? 200.0 : 1000.0);
            const double gflops = w->flops() / (ms * 1e6);
            out["results"].push_back({{"workload", c.workload}, {"backend", backend_kind_name(kind)}, {"ms", ms},
                                      {"gflops", gflops}});
            if (!json) {
                std::printf("%-14s %-10s %12.4f %10.2f\n", c.workload.c_str(), backend_kind_name(kind), ms, gflops);
                std::fflush(stdout);
            }
        }
    }
    if (model) {
        // The base model (63 M parameters) on the fastest backends; the reference would take minutes.
        Compute cc = Compute::fastest();
        BackendKind kind;
        if (!model_backend.empty()) {
            if (!parse_backend_kind(model_backend, &kind)) {
                std::fprintf(stderr, "attn bench: unknown backend %s\n", model_backend.c_str());
                return 2;
            }
            cc.use(kind);
        }
        bench::ModelBench mb(cc);
        mb.translate_ms(32, 32);  // warm-up: first-touch of 250 MB of weights
        std::vector<double> runs;
        for (int i = 0; i < (quick ? 2 : 5); i++) runs.push_back(mb.translate_ms(32, 32));
        std::sort(runs.begin(), runs.end());
        const double ms = runs[runs.size() / 2];
        nlohmann::json m = {{"workload", "transformer-base encode 32 + greedy 32"}, {"ms", ms},
                            {"backend", model_backend.empty() ? "fastest per op" : model_backend},
                            {"output_tokens_per_s", 32.0 / (ms / 1000.0)}};
        if (!json) std::printf("\ntransformer-base (6+6 layers, D 512, 37k vocab): encode 32 + greedy-decode 32 tokens: "
                               "%.1f ms, %.1f output tokens/s\n", ms, 32.0 / (ms / 1000.0));
        for (int len : {8, 32, 128}) {
            const double step = mb.step_ms(len);
            m["step_ms_at_" + std::to_string(len)] = step;
            if (!json) std::printf("  one decoder step with %3d cached positions: %.2f ms\n", len, step);
        }
        out["model"] = m;
    }
    if (!step_storage.empty()) {
        // One decoder step of the same weights held three ways, interleaved round by round so the
        // machine's drift hits all three alike; medians, and each compact one's speed-up.
        TensorMap weights;
        TransformerConfig cfg;
        if (step_storage == "base") {
            cfg = bench::base_config();
            weights = Transformer::random_weights(cfg, 7);
        } else {
            Transformer loaded;
            if (Status s = Transformer::load(step_storage, &loaded); !s) {
                std::fprintf(stderr, "attn bench: %s\n", s.message.c_str());
                return 1;
            }
            cfg = loaded.config();
            weights = loaded.tensors();
        }
        Compute cc = Compute::fastest();
        const CompactType f16 = CompactType::F16, i8 = CompactType::I8;
        const char * names[3] = {"F32", "F16", "I8"};
        std::vector<bench::ModelBench> benches;
        benches.emplace_back(cc, bench::with_storage(cfg, weights, nullptr));
        benches.emplace_back(cc, bench::with_storage(cfg, weights, &f16));
        benches.emplace_back(cc, bench::with_storage(cfg, weights, &i8));
        std::vector<double> ms[3];
        for (int round = 0; round < (quick ? 3 : 9); round++)
            for (int k = 0; k < 3; k++) ms[k].push_back(benches[size_t(k)].step_ms(32));
        nlohmann::json st = {{"model", step_storage}, {"cache_length", 32}};
        if (!json) std::printf("\none decoder step, 32 cached positions, %s:\n", step_storage.c_str());
        double median[3];
        for (int k = 0; k < 3; k++) {
            std::sort(ms[k].begin(), ms[k].end());
            median[k] = ms[k][ms[k].size() / 2];
            st[std::string(names[k]) + "_ms"] = median[k];
            st[std::string(names[k]) + "_spread_ms"] = {ms[k].front(), ms[k].back()};
            if (!json) std::printf("  %-3s %8.3f ms (%.3f .. %.3f)  %.2fx F32's speed\n", names[k], median[k], ms[k].front(),
                                   ms[k].back(), median[0] / median[k]);
        }
        out["step_by_storage"] = st;
    }
    if (train) {
        Compute cc = Compute::fastest();
        const bench::TrainBenchResult r = bench::train_tokens_per_second(cc, quick ? 3 : 10);
        out["train"] = {{"workload", "d128 3+3 layers 4 heads, 64x32 tokens, fwd+bwd+Adam"},
                        {"ms_per_step", r.ms_per_step}, {"target_tokens_per_s", r.target_tokens_per_s}};
        if (!json) std::printf("\ntraining (d 128, 3+3 layers, 2048 target tokens/step): %.1f ms/step, %.0f tokens/s\n",
                               r.ms_per_step, r.target_tokens_per_s);
    }
    if (json) std::printf("%s\n", out.dump(2).c_str());
    return 0;
}

} // namespace attn
