#include "app/runners/gpu_runner.h"

#include "core/clock.h"
#include "gpu/gl_state_guard.h"
#include "gpu/gpu_decode.h"

#include <emscripten.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

namespace {

double max_abs_diff(const float * a, const float * b, size_t n) {
    double d = 0;
    for (size_t i = 0; i < n; i++) d = std::max(d, double(std::fabs(a[i] - b[i])));
    return d;
}

// Over every map of both traces, or -1 when they do not pair up (different outputs).
double maps_diff(const AttentionTrace & got, const AttentionTrace & want) {
    if (got.maps.size() != want.maps.size()) return -1;
    double d = 0;
    for (size_t i = 0; i < want.maps.size(); i++) {
        const AttentionMap & g = got.maps[i], & w = want.maps[i];
        if (g.kind != w.kind || g.layer != w.layer || g.head != w.head || g.values.size() != w.values.size()) return -1;
        d = std::max(d, max_abs_diff(g.values.data(), w.values.data(), w.values.size()));
    }
    return d;
}

std::vector<std::string> token_texts(const Translator & tr, const std::vector<int32_t> & ids) {
    std::vector<std::string> out;
    for (int32_t id : ids) out.push_back(tr.target_label(id));
    return out;
}

} // namespace

void GpuRunner::init() {
    m_context = emscripten_webgl_get_current_context();
    if (!m_context) {
        m_unavailable = "no current WebGL context";
        return;
    }
    start();
    // Without this the loss would only show at the next translation; the user should see the
    // switch when it happens.
    emscripten_set_webglcontextlost_callback("#canvas", this, /*use_capture=*/false, &GpuRunner::on_context_lost);
    emscripten_set_webglcontextrestored_callback("#canvas", this, /*use_capture=*/false, &GpuRunner::on_context_restored);
}

void GpuRunner::start() {
    m_unavailable.clear();
    // WebGL2 renders to float textures only with this extension; Emscripten may have enabled it
    // already, but asking is how we learn whether the browser has it. A restored context has
    // none enabled: it is asked again.
    m_float_targets = emscripten_webgl_enable_extension(m_context, "EXT_color_buffer_float");
    if (!m_float_targets) {
        m_unavailable = "WebGL2 float render targets (EXT_color_buffer_float) are missing";
        return;
    }
    const GlStateGuard guard;  // GpuKernels::create binds a probe framebuffer
    if (const Status s = GpuKernels::create(&m_kernels); !s) m_unavailable = s.message;
}

EM_BOOL GpuRunner::on_context_lost(int, const void *, void * self) {
    GpuRunner & r = *static_cast<GpuRunner *>(self);
    if (r.m_kernels) r.drop("the WebGL context was lost");
    if (r.m_on_lost) r.m_on_lost();
    return EM_TRUE;  // preventDefault: tells the browser the page can rebuild, so it may restore the context
}

EM_BOOL GpuRunner::on_context_restored(int, const void *, void * self) {
    GpuRunner & r = *static_cast<GpuRunner *>(self);
    r.start();
    EM_ASM({
        const b = document.getElementById('attn-backend-notice');
        if (b) b.remove();
    });
    if (r.m_on_restored) r.m_on_restored();
    return EM_FALSE;
}

bool GpuRunner::context_lost() const { return m_context && emscripten_is_webgl_context_lost(m_context); }

std::string GpuRunner::unavailable_reason() const {
    if (m_kernels && context_lost()) return "the WebGL context was lost";
    return m_unavailable.empty() && !m_kernels ? std::string("the GL path was not started") : m_unavailable;
}

void GpuRunner::drop(const std::string & reason) {
    // The textures and programs died with the context; deleting them is a no-op on WebGL.
    m_models.clear();
    m_kernels.reset();
    m_unavailable = reason;
    // A lost context also takes the canvas (ImGui draws into it) until the browser restores it, so
    // the notice must live in the page itself: a banner above the canvas, which says what happened
    // and what still works. on_context_restored removes it.
    EM_ASM({
        let b = document.getElementById('attn-backend-notice');
        if (!b) {
            b = document.createElement('div');
            b.id = 'attn-backend-notice';
            b.setAttribute('role', 'alert');
            b.style.cssText = 'position:fixed;top:8px;left:50%;transform:translateX(-50%);z-index:1000;max-width:90%;' +
                'padding:8px 14px;border-radius:6px;background:#5a3a10;color:#fff;font:14px sans-serif;box-shadow:0 2px 8px #0008';
            document.body.appendChild(b);
        }
        b.textContent = 'WebGL2 stopped: ' + UTF8ToString($0) + '. Translations switched to WASM SIMD; your sentence and ' +
                        'selections are kept. The canvas comes back when the browser restores the context; if it ' +
                        'stays blank, reload the page.';
    }, reason.c_str());
}

bool GpuRunner::translate(const Translator & tr, int model_index, const std::string & sentence,
                          const DecodeOptions & opts, const std::vector<QkvRequest> & capture, bool time_ops,
                          GpuTranslation * out, std::string * error) {
    run(tr, model_index, sentence, opts, capture, time_ops);
    if (!m_last.ran) {
        *error = m_last.error.empty() ? "no GPU result" : m_last.error;
        return false;
    }
    *out = std::move(m_result);
    m_result = GpuTranslation{};
    return true;
}

void GpuRunner::run(const Translator & tr, int model_index, const std::string & sentence, const DecodeOptions & opts,
                    const std::vector<QkvRequest> & capture, bool time_ops) {
    GpuRunReport r;
    r.sentence = sentence;
    r.beam = std::max(1, opts.beam);
    if (m_kernels && context_lost()) drop("the WebGL context was lost; translations stay on the CPU");
    if (!m_kernels || !tr.is_transformer()) {
        r.error = m_kernels ? "the GPU path runs Transformers only" : "GPU path unavailable: " + m_unavailable;
        m_last = std::move(r);
        return;
    }

    // The CPU side of the parity check: the reference backend (the oracle the native GPU tests use),
    // the same search as the GPU's, with every attention map.
    Compute cc(BackendKind::Reference);
    AttentionTrace cpu_trace;
    cpu_trace.capture = capture;  // the GPU path records no Q/K/V: the step-through gets the CPU's
    double t0 = now_ms();
    const Translation cpu = tr.translate(cc, sentence, opts, &cpu_trace);
    r.cpu_ms = ms_since(t0);
    r.cpu_outputs = token_texts(tr, cpu.decode.tokens);
    r.cpu_display = cpu.display;

    const GlStateGuard guard;  // ImGui draws the next frame with exactly the state it left
    clear_gl_errors();
    if (size_t(model_index) >= m_models.size()) m_models.resize(size_t(model_index) + 1);
    std::unique_ptr<GpuTransformer> & gpu = m_models[size_t(model_index)];
    if (!gpu) {
        t0 = now_ms();
        if (const Status s = GpuTransformer::create(*m_kernels, tr.model(), &gpu); !s) {
            r.error = "uploading the weights failed: " + s.message;
            m_last = std::move(r);
            return;
        }
        r.upload_ms = ms_since(t0);
    }
    AttentionTrace gpu_trace;
    DecodeResult got;
    OpTimer timer;  // timing mode for this pass only: the parity pass below is not the user's run
    if (time_ops) m_kernels->set_op_timer(&timer);
    t0 = now_ms();
    Status s = gpu_translate(*gpu, cpu.source_ids, tr.decode_options(opts), &gpu_trace, &got);
    r.gpu_ms = ms_since(t0);
    m_kernels->set_op_timer(nullptr);

    // Logits parity on one token sequence, whatever each path chose: the teacher-forced pass over
    // BOS + the GPU's output, on both.
    Tensor gpu_logits, cpu_logits;
    std::vector<int32_t> tgt_in{tr.model().config().bos_id};
    if (s) {
        tgt_in.insert(tgt_in.end(), got.tokens.begin(), got.tokens.end() - (got.tokens.empty() ? 0 : 1));
        GpuEncoderOutput genc;
        s = gpu->encode(cpu.source_ids, &genc, nullptr);
        if (s) s = gpu->decode_full(genc, tgt_in, &gpu_logits, nullptr);
    }
    // A lost context answers every call without an error and reads back zeros: ask it directly.
    if (s && context_lost()) s = Status::error("the WebGL context was lost during the run");
    if (s && glGetError() != GL_NO_ERROR) s = Status::error("a GL call failed during the run");
    if (!s) {
        r.error = "GPU translation failed: " + s.message;
        if (context_lost()) drop("the WebGL context was lost; translations stay on the CPU");
        m_last = std::move(r);
        return;
    }
    EncoderOutput enc;
    tr.model().encode(cc, cpu.source_ids, &enc, nullptr);
    tr.model().decode_full(cc, enc, tgt_in, &cpu_logits, nullptr);

    r.ran = true;
    r.outputs = token_texts(tr, got.tokens);
    r.display = tr.display(got.tokens);
    r.same_tokens = got.tokens == cpu.decode.tokens;
    r.logits_max_diff = max_abs_diff(gpu_logits.data(), cpu_logits.data(), size_t(cpu_logits.numel()));
    r.maps_max_diff = r.same_tokens ? maps_diff(gpu_trace, cpu_trace) : -1;

    GpuTranslation & g = m_result;
    g.translation = cpu;  // the tokenizer's view of the sentence is backend-independent
    g.translation.decode = got;
    tr.fill_output(&g.translation);
    if (r.same_tokens) gpu_trace.qkv = std::move(cpu_trace.qkv);
    g.trace = std::move(gpu_trace);
    g.same_tokens = r.same_tokens;
    g.logits_max_diff = r.logits_max_diff;
    g.maps_max_diff = r.maps_max_diff;
    g.gpu_ms = r.gpu_ms;
    g.timed = time_ops;
    g.timing = OpTimingTable{};
    if (time_ops) {
        // EXT_disjoint_timer_query would time on the GPU's own clock, but SwiftShader and llvmpipe
        // do not offer it; glFinish works everywhere and includes the driver's CPU-side work.
        // The waits the timing adds (about two round trips per draw) are left out of the table's
        // total: they are most of a timed run in the browser, and an untimed run does not have them.
        const double waits_ms = m_kernels->timing_waits_ms();
        char method[480];
        snprintf(method, sizeof method,
                 "GL: each draw timed between two waits for the GPU (glFinish + 1-texel readback), less what a wait "
                 "with no work costs (%.2f ms). The waits themselves (%.0f ms of this %.0f ms run) are left out of the "
                 "total: an untimed run does not have them. 'other': state save/restore, texture allocation, readbacks, "
                 "token choice on the CPU.",
                 std::max(0.0, m_kernels->empty_wait_ms()), waits_ms, r.gpu_ms);
        g.timing = timer.table(std::max(0.0, r.gpu_ms - waits_ms), method);
        // In the browser most of that rest is synchronous round trips to the GPU process (state
        // save/restore, texture allocation, readbacks): name them, or the biggest row would
        // explain nothing.
        if (!g.timing.rows.empty() && g.timing.rows.back().op == kOtherOpRow)
            g.timing.rows.back().op = "other: GL sync calls, textures, readbacks";
    } else {
        g.timing.total_ms = r.gpu_ms;
        g.timing.method = "GL: an untimed run, the real speed. While this table is shown, translations are timed draw by "
                          "draw instead; each draw then waits for the GPU, which makes a run several times slower.";
    }
    m_last = std::move(r);
}

std::string GpuRunner::json() const {
    const GpuRunReport & r = m_last;
    const nlohmann::json last = {
        {"ran", r.ran}, {"error", r.error}, {"sentence", r.sentence}, {"beam", r.beam}, {"outputs", r.outputs},
        {"cpu_outputs", r.cpu_outputs}, {"display", r.display}, {"cpu_display", r.cpu_display},
        {"same_tokens", r.same_tokens}, {"logits_max_diff", r.logits_max_diff}, {"maps_max_diff", r.maps_max_diff},
        {"gpu_ms", r.gpu_ms}, {"cpu_ms", r.cpu_ms}, {"upload_ms", r.upload_ms}};
    return nlohmann::json{{"available", available()}, {"float_targets", m_float_targets},
                          {"unavailable_reason", m_unavailable}, {"last", last}}.dump();
}

} // namespace attn
