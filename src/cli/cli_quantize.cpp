// `attn quantize --dtype f16|i8|f32 [--only PART]... in.safetensors out.safetensors`: the same model with its tensors
// stored as IEEE half floats (about half the file) or its matrices as int8 with one scale per row
// (about a quarter; io/safetensors.h), the same names and metadata. Loading widens them to float32
// again, so every backend runs the file unchanged, and the reference backend stays the float32
// oracle on those widened weights. f32 goes the other way: an F16 or I8 file's values exactly, in
// single precision, the baseline a compact file is measured against. With i8, --only keeps I8 for
// the matrices whose names contain PART and stores the rest as F16 (the shipped translators: their
// feed-forward matrices, "ffn/", as I8; docs/models.md says why).
#include "cli/cli.h"

#include "io/safetensors.h"

#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

namespace attn {

namespace {

void usage(FILE * to) {
    std::fprintf(to,
                 "usage: attn quantize --dtype f16|i8|f32 [--only PART]... in.safetensors out.safetensors\n"
                 "  f16: every tensor stored in half precision\n"
                 "  i8:  every matrix as int8 codes with one float32 scale per row (\"NAME.scale\"),\n"
                 "       vectors in half precision; with --only, only the matrices whose names contain\n"
                 "       a PART, the other tensors in half precision\n"
                 "  f32: every tensor in single precision (widens a compact file, values unchanged)\n"
                 "  names, shapes and metadata unchanged; prints both sizes and the largest rounding error\n");
}

} // namespace

int cli_quantize(int argc, char ** argv) {
    std::string dtype, in, out;
    std::vector<std::string> only;
    for (int i = 0; i < argc; i++) {
        if (!std::strcmp(argv[i], "--help")) { usage(stdout); return 0; }
        if (!std::strcmp(argv[i], "--dtype") && i + 1 < argc) dtype = argv[++i];
        else if (!std::strcmp(argv[i], "--only") && i + 1 < argc && argv[i + 1][0]) only.push_back(argv[++i]);
        else if (in.empty()) in = argv[i];
        else if (out.empty()) out = argv[i];
        else { usage(stderr); return 2; }
    }
    if (in.empty() || out.empty()) { usage(stderr); return 2; }
    if (dtype != "f16" && dtype != "i8" && dtype != "f32") {
        std::fprintf(stderr, "attn quantize: --dtype %s is not supported (f16, i8, f32)\n", dtype.empty() ? "(none)" : dtype.c_str());
        return 2;
    }
    if (!only.empty() && dtype != "i8") {
        std::fprintf(stderr, "attn quantize: --only chooses the I8 matrices, so it needs --dtype i8\n");
        return 2;
    }
    if (in == out) {
        std::fprintf(stderr, "attn quantize: the output must be another file than the input\n");
        return 2;
    }
    WeightsFile w;
    if (Status s = load_safetensors(in, &w); !s) {
        std::fprintf(stderr, "attn quantize: %s\n", s.message.c_str());
        return 1;
    }
    w.store_as = dtype == "i8" ? StoreAs::I8 : dtype == "f16" ? StoreAs::F16 : StoreAs::F32;
    w.i8_only = only;
    if (Status s = save_safetensors(out, w); !s) {  // refuses values beyond half precision's range
        std::fprintf(stderr, "attn quantize: %s\n", s.message.c_str());
        return 1;
    }
    WeightsFile back;
    if (Status s = load_safetensors(out, &back); !s) {
        std::fprintf(stderr, "attn quantize: the written file does not read back: %s\n", s.message.c_str());
        return 1;
    }
    double worst = 0;  // what the rounding cost
    for (const auto & [name, t] : w.tensors) {
        const Tensor & h = back.tensors.at(name);
        for (int64_t i = 0; i < t.numel(); i++) worst = std::fmax(worst, std::fabs(double(t[i]) - double(h[i])));
    }
    std::printf("%s: %zu tensors, %ju bytes (%s: %ju bytes); largest rounding error %.3g\n", out.c_str(),
                w.tensors.size(), std::uintmax_t(std::filesystem::file_size(out)), in.c_str(),
                std::uintmax_t(std::filesystem::file_size(in)), worst);
    return 0;
}

} // namespace attn
