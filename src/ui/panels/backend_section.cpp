#include "ui/panels/backend_section.h"

#include "ui/i18n.h"
#include "ui/layout.h"
#include "ui/widgets/wrapped_text.h"

#include <imgui.h>

#include <cstdio>
#include <cstring>

namespace attn {

namespace {

const ImVec4 kWarn(1.0f, 0.55f, 0.25f, 1.0f);
const ImVec4 kGood(0.45f, 0.85f, 0.45f, 1.0f);
constexpr double kParityBound = 1e-4;  // the parity bound for logits and attention maps

// "parity vs CPU reference: logits 2.9e-06, maps 1.9e-05" in green within the bound, else orange.
void parity_readout(const BackendStatus & bs) {
    char text[160];
    if (bs.logits_max_diff < 0) {
        ImGui::TextDisabled("%s", tr("parity: after the next translation"));
        return;
    }
    const bool ok = bs.same_tokens && bs.logits_max_diff <= kParityBound && bs.maps_max_diff >= 0 &&
                    bs.maps_max_diff <= kParityBound;
    if (bs.maps_max_diff >= 0)
        std::snprintf(text, sizeof text, tr("max |GPU - CPU|: logits %.1e, attention %.1e"), bs.logits_max_diff, bs.maps_max_diff);
    else
        std::snprintf(text, sizeof text, tr("max |GPU - CPU|: logits %.1e; tokens differ from the CPU"), bs.logits_max_diff);
    ImGui::TextColored(ok ? kGood : kWarn, "%s", text);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(tr("The same sentence on the CPU reference backend, compared value by value\n"
                             "(logits of every step and every attention map). Within %.0e counts as equal."), kParityBound);
}

} // namespace

void draw_backend_selector(AppState & s) {
    BackendStatus & bs = s.backend_status;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Backend:"));
    for (int i = 0; i < kComputeBackends; i++) {
        const ComputeBackend b = ComputeBackend(i);
        const char * label = tr_id(compute_backend_label(b), compute_backend_id(b));
        same_line_if_fits(ImGui::CalcTextSize(label, nullptr, /*hide_text_after_double_hash=*/true).x + ImGui::GetFrameHeight() + 8);
        const bool disabled = b == ComputeBackend::WebGL2 && !bs.gl_available;
        if (disabled) ImGui::BeginDisabled();
        if (ImGui::RadioButton(label, s.backend == b) && s.backend != b) s.choose_backend(b);
        if (disabled) ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
            if (disabled) ImGui::SetTooltip(tr("WebGL2 is not available: %s."), bs.gl_unavailable.c_str());
            else ImGui::SetTooltip("%s", tr(compute_backend_tooltip(b)));
        }
    }
    if (s.backend == ComputeBackend::WebGL2) {
        same_line_if_fits(330);
        parity_readout(bs);
    }
    if (!bs.notice.empty()) ImGui::TextColored(kWarn, "%s", tr_message(bs.notice).c_str());
}

void draw_op_timing(AppState & s) {
    const BackendStatus & bs = s.backend_status;
    const OpTimingTable & t = bs.timing;
    char full[160], shorter[64];
    std::snprintf(full, sizeof full, tr("Per-op timing of the last run: %s, %.1f ms"), tr(compute_backend_label(bs.ran)), t.total_ms);
    std::snprintf(shorter, sizeof shorter, tr("Per-op timing: %.1f ms"), t.total_ms);
    ImGui::SetNextItemOpen(s.show_op_timing);
    s.show_op_timing = collapsing_header_that_fits(full, shorter, "optiming");
    if (!s.show_op_timing) return;
    if (t.empty()) {
        if (bs.ran == ComputeBackend::WebGL2 && !t.method.empty()) ImGui::TextWrapped("%s", t.method.c_str());
        else ImGui::TextDisabled("%s", tr("No run yet."));
        return;
    }
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
    if (ImGui::BeginTable("##optiming", 4, flags)) {
        ImGui::TableSetupColumn(tr("op"), ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn(tr("calls"));
        ImGui::TableSetupColumn(tr("total ms"));
        ImGui::TableSetupColumn(tr("share"), ImGuiTableColumnFlags_WidthFixed, 150);
        ImGui::TableHeadersRow();
        for (const OpTimingRow & r : t.rows) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(r.op.c_str());
            ImGui::TableNextColumn();
            if (r.calls) ImGui::Text("%lld", (long long)r.calls);
            else ImGui::TextDisabled("-");
            ImGui::TableNextColumn();
            ImGui::Text("%8.2f", r.ms);
            ImGui::TableNextColumn();
            char pct[16];
            std::snprintf(pct, sizeof pct, "%.1f%%", 100.0 * r.share);
            ImGui::ProgressBar(float(r.share), ImVec2(-FLT_MIN, ImGui::GetTextLineHeight()), pct);
        }
        ImGui::EndTable();
    }
    // The method is a sentence or two: wrap it at the window's edge rather than cut it off.
    dim_text_wrapped(t.method);
}

} // namespace attn
