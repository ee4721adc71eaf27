// The step-through view drawn headless (no window, no GL) with real captures from a random
// Transformer: every kind of attention, a 60-token sentence, CJK labels, and a stale query.
#include "models/decode.h"
#include "ui/widgets/step_view.h"

#include <gtest/gtest.h>
#include <imgui.h>

using namespace attn;

TEST(StepView, DrawsRealCapturesForEveryKind) {
    TransformerConfig c;
    c.encoder_layers = c.decoder_layers = 2;
    c.d_model = 16;
    c.d_ff = 32;
    c.heads = 2;
    c.src_vocab = c.tgt_vocab = 20;
    c.max_positions = 80;
    Transformer m;
    ASSERT_TRUE(Transformer::create(c, Transformer::random_weights(c, 3), &m));
    std::vector<int32_t> src = {1};
    for (int i = 0; i < 58; i++) src.push_back(4 + i % 16);
    src.push_back(2);  // 60 source tokens: the longest sentences the view must handle
    Compute cc(BackendKind::Reference);
    AttentionTrace trace;
    trace.capture = {{"encoder_self", 0, 1}, {"decoder_self", 1, 0}, {"cross", 1, 1}};
    DecodeOptions opts;
    opts.max_length = 6;
    translate(cc, m, src, opts, &trace);
    ASSERT_EQ(trace.qkv.size(), 3u);

    std::vector<std::string> src_labels, tgt_labels;
    for (size_t i = 0; i < src.size(); i++) src_labels.push_back(i % 2 ? "注意力" : "word" + std::to_string(i));
    for (int i = 0; i < 8; i++) tgt_labels.push_back(i % 2 ? "机器" : "tok" + std::to_string(i));

    ImGui::CreateContext();
    ImGuiIO & io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1280, 720);
    io.IniFilename = nullptr;
    unsigned char * pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    for (const QkvCapture & cap : trace.qkv) {
        const std::vector<std::string> & qlab = cap.kind == "encoder_self" ? src_labels : tgt_labels;
        const std::vector<std::string> & klab = cap.kind == "decoder_self" ? tgt_labels : src_labels;
        // The last row (the most keys visible), the first, and one past the end (stale: draws a hint).
        int vertices[3] = {}, n = 0;
        for (int query : {cap.q_rows - 1, 0, cap.q_rows}) {
            const AttentionSteps steps = compute_attention_steps(cap, query, mask_for_kind(cap.kind));
            for (int frame = 0; frame < 3; frame++) {
                io.MousePos = ImVec2(200.0f + 40.0f * frame, 150.0f + 60.0f * frame);  // hover some cells
                ImGui::NewFrame();
                ImGui::SetNextWindowSize(ImVec2(900, 700));
                ImGui::Begin("Step-through");
                draw_step_through(cap, steps, qlab, klab);
                ImGui::End();
                ImGui::Render();
                vertices[n] = ImGui::GetDrawData()->TotalVtxCount;
                EXPECT_GT(vertices[n], 0) << cap.kind << " query " << query;
            }
            n++;
        }
        // A real query draws its tables and cells; the stale one only a hint.
        EXPECT_GT(vertices[0], 10 * vertices[2]) << cap.kind;
        EXPECT_GT(vertices[1], 10 * vertices[2]) << cap.kind;
    }
    ImGui::DestroyContext();
}
