#include "ui/widgets/line_plot.h"

#include "ui/i18n.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

namespace {

// A grid step of 1, 2 or 5 × 10^k giving at most `max_ticks` intervals over `range`.
double nice_step(double range, int max_ticks) {
    const double raw = range / max_ticks, p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= raw) return m * p;
    return 10 * p;
}

} // namespace

ImU32 series_imcolor(size_t i) {
    const std::array<uint8_t, 3> c = series_color(i);
    return IM_COL32(c[0], c[1], c[2], 255);
}

void draw_line_plot(const char * id, const LineChart & chart, ImVec2 size) {
    if (size.x <= 0) size.x = ImGui::GetContentRegionAvail().x;
    if (size.y <= 0) size.y = 220;
    const float text_h = ImGui::GetTextLineHeight();
    constexpr float kSwatch = 24;  // the legend's line sample, before its label
    float legend_w = 0;
    for (const LineSeries & s : chart.series) legend_w = std::max(legend_w, ImGui::CalcTextSize(s.label.c_str()).x);
    legend_w += kSwatch + 10;
    // Beside the plot only when that leaves it most of the width; below, as many entries a row as
    // fit, the chart growing by the extra rows (a phone's width takes one or two).
    const bool legend_below = size.x < 4 * legend_w;
    const float y_label_w = ImGui::CalcTextSize("100").x + 8;
    const int per_row = std::max(1, int((size.x - y_label_w - 8 + 12) / (legend_w + 12)));
    const int legend_rows = legend_below ? (int(chart.series.size()) + per_row - 1) / per_row : 0;
    if (legend_rows > 1) size.y += float(legend_rows - 1) * (text_h + 4);
    const ImVec2 min = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(id, size);
    // The plot area: room for the y-axis name above, tick labels left, category names and the
    // x-axis name below, the legend right or below that.
    const ImVec2 p0(min.x + y_label_w, min.y + text_h + 6);
    const float legend_h = float(std::max(legend_rows, 1) - 1) * (text_h + 4) + (legend_below ? text_h : 0);
    const ImVec2 p1(min.x + size.x - (legend_below ? 8 : legend_w + 8), min.y + size.y - 2 * text_h - legend_h - 12);
    if (p1.x - p0.x < 40 || p1.y - p0.y < 30 || chart.categories.empty() || chart.y_max <= chart.y_min) return;
    ImDrawList * dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    // From the text colour, so the grid shows on the light theme as on the dark one.
    const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Text, 0.11f), axis = ImGui::GetColorU32(ImGuiCol_Text, 0.43f);
    const size_t n = chart.categories.size();
    const float dx = (p1.x - p0.x) / float(n);
    auto x_of = [&](size_t i) { return p0.x + dx * (float(i) + 0.5f); };
    auto y_of = [&](double v) {
        const double t = (std::clamp(v, chart.y_min, chart.y_max) - chart.y_min) / (chart.y_max - chart.y_min);
        return float(p1.y - t * (p1.y - p0.y));
    };

    dl->AddText(ImVec2(min.x, min.y), dim, chart.y_label.c_str());
    const double step = nice_step(chart.y_max - chart.y_min, 5);
    for (double v = chart.y_min; v <= chart.y_max + 1e-9; v += step) {
        const float y = y_of(v);
        dl->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), grid);
        char buf[16];
        std::snprintf(buf, sizeof buf, "%g", v);
        dl->AddText(ImVec2(p0.x - 6 - ImGui::CalcTextSize(buf).x, y - text_h / 2), dim, buf);
    }
    dl->AddLine(ImVec2(p0.x, p1.y), ImVec2(p1.x, p1.y), axis);
    dl->AddLine(ImVec2(p0.x, p0.y), ImVec2(p0.x, p1.y), axis);
    // Category names, every k-th one where they would run into each other.
    float widest = 0;
    for (const std::string & c : chart.categories) widest = std::max(widest, ImGui::CalcTextSize(c.c_str()).x);
    const size_t every = size_t(std::max(1.0f, std::ceil((widest + 6) / dx)));
    for (size_t i = 0; i < n; i += every) {
        const float w = ImGui::CalcTextSize(chart.categories[i].c_str()).x;
        dl->AddText(ImVec2(x_of(i) - w / 2, p1.y + 3), dim, chart.categories[i].c_str());
    }
    const char * x_label = tr(chart.x_label.c_str());
    const float xl_w = ImGui::CalcTextSize(x_label).x;
    dl->AddText(ImVec2((p0.x + p1.x - xl_w) / 2, p1.y + text_h + 5), dim, x_label);

    for (size_t s = 0; s < chart.series.size(); s++) {
        const std::vector<double> & v = chart.series[s].values;
        const ImU32 c = series_imcolor(s);
        for (size_t i = 0; i < v.size() && i < n; i++) {
            if (!std::isfinite(v[i])) continue;
            const ImVec2 p(x_of(i), y_of(v[i]));
            if (i + 1 < v.size() && i + 1 < n && std::isfinite(v[i + 1]))
                dl->AddLine(p, ImVec2(x_of(i + 1), y_of(v[i + 1])), c, 2.5f);
            if (dx >= 8) dl->AddRectFilled(ImVec2(p.x - 3.5f, p.y - 3.5f), ImVec2(p.x + 3.5f, p.y + 3.5f), c);
        }
        // Legend: a short line with its marker, then the label.
        const float ly = legend_below ? p1.y + 2 * text_h + 10 + float(int(s) / per_row) * (text_h + 4) : p0.y + float(s) * (text_h + 6);
        const float lx = legend_below ? p0.x + float(int(s) % per_row) * (legend_w + 12) : p1.x + 12;
        dl->AddLine(ImVec2(lx, ly + text_h / 2), ImVec2(lx + kSwatch - 6, ly + text_h / 2), c, 2.5f);
        dl->AddRectFilled(ImVec2(lx + 5.5f, ly + text_h / 2 - 3.5f), ImVec2(lx + 12.5f, ly + text_h / 2 + 3.5f), c);
        dl->AddText(ImVec2(lx + kSwatch, ly), text, chart.series[s].label.c_str());
    }

    const ImVec2 m = ImGui::GetIO().MousePos;
    if (ImGui::IsItemHovered() && m.x >= p0.x && m.x < p1.x) {
        const size_t i = std::min(n - 1, size_t((m.x - p0.x) / dx));
        dl->AddLine(ImVec2(x_of(i), p0.y), ImVec2(x_of(i), p1.y), axis);
        ImGui::BeginTooltip();
        ImGui::Text("%s %s", x_label, chart.categories[i].c_str());
        for (const LineSeries & s : chart.series) {
            const double v = i < s.values.size() ? s.values[i] : NAN;
            if (std::isfinite(v)) ImGui::Text("%-12s %6.4g", s.label.c_str(), v);
            else ImGui::Text("%-12s      -", s.label.c_str());
        }
        ImGui::EndTooltip();
    }
}

} // namespace attn
