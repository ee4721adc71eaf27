#include "ui/widgets/color_science.h"

#include <algorithm>
#include <cmath>

namespace attn {

namespace {

constexpr double kPi = 3.14159265358979323846;

double deg(double radians) { return radians * 180.0 / kPi; }
double rad(double degrees) { return degrees * kPi / 180.0; }

} // namespace

double srgb_to_linear(double channel255) {
    const double c = channel255 / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double linear_to_srgb(double linear) {
    const double c = std::clamp(linear, 0.0, 1.0);
    return 255.0 * (c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1.0 / 2.4) - 0.055);
}

double relative_luminance(Srgb c) {
    return 0.2126 * srgb_to_linear(c.r) + 0.7152 * srgb_to_linear(c.g) + 0.0722 * srgb_to_linear(c.b);
}

double contrast_ratio(Srgb a, Srgb b) {
    const double la = relative_luminance(a), lb = relative_luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

Lab to_lab(Srgb c) {
    const double r = srgb_to_linear(c.r), g = srgb_to_linear(c.g), b = srgb_to_linear(c.b);
    // sRGB (D65) to XYZ, then relative to the D65 white.
    const double x = (0.4123907992659595 * r + 0.357584339383878 * g + 0.1804807884018343 * b) / 0.9504559270516716;
    const double y = (0.21263900587151036 * r + 0.715168678767756 * g + 0.07219231536073371 * b);
    const double z = (0.01933081871559185 * r + 0.11919477979462599 * g + 0.9505321522496606 * b) / 1.0890577507598784;
    auto f = [](double t) { return t > 216.0 / 24389.0 ? std::cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0; };
    const double fx = f(x), fy = f(y), fz = f(z);
    return {116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)};
}

// Sharma, Wu & Dalal (2005), eqs. 2-13.
double delta_e2000(Lab x, Lab y) {
    const double c1 = std::hypot(x.a, x.b), c2 = std::hypot(y.a, y.b), c_mean = (c1 + c2) / 2.0;
    const double c7 = std::pow(c_mean, 7.0), g = 0.5 * (1.0 - std::sqrt(c7 / (c7 + std::pow(25.0, 7.0))));
    const double a1 = (1.0 + g) * x.a, a2 = (1.0 + g) * y.a;
    const double cp1 = std::hypot(a1, x.b), cp2 = std::hypot(a2, y.b);
    auto hue = [](double b, double a) {
        if (a == 0 && b == 0) return 0.0;
        const double h = deg(std::atan2(b, a));
        return h < 0 ? h + 360.0 : h;
    };
    const double hp1 = hue(x.b, a1), hp2 = hue(y.b, a2);
    const double dl = y.l - x.l, dc = cp2 - cp1;
    double dh = 0;
    if (cp1 * cp2 != 0) {
        dh = hp2 - hp1;
        if (dh > 180) dh -= 360;
        else if (dh < -180) dh += 360;
    }
    const double dH = 2.0 * std::sqrt(cp1 * cp2) * std::sin(rad(dh / 2.0));
    const double l_mean = (x.l + y.l) / 2.0, cp_mean = (cp1 + cp2) / 2.0;
    double hp_mean = hp1 + hp2;
    if (cp1 * cp2 != 0) {
        if (std::fabs(hp1 - hp2) <= 180) hp_mean = (hp1 + hp2) / 2.0;
        else hp_mean = (hp1 + hp2 < 360) ? (hp1 + hp2 + 360) / 2.0 : (hp1 + hp2 - 360) / 2.0;
    }
    const double t = 1 - 0.17 * std::cos(rad(hp_mean - 30)) + 0.24 * std::cos(rad(2 * hp_mean)) +
                     0.32 * std::cos(rad(3 * hp_mean + 6)) - 0.20 * std::cos(rad(4 * hp_mean - 63));
    const double d_theta = 30 * std::exp(-std::pow((hp_mean - 275) / 25, 2));
    const double cp7 = std::pow(cp_mean, 7.0), rc = 2 * std::sqrt(cp7 / (cp7 + std::pow(25.0, 7.0)));
    const double sl = 1 + 0.015 * std::pow(l_mean - 50, 2) / std::sqrt(20 + std::pow(l_mean - 50, 2));
    const double sc = 1 + 0.045 * cp_mean, sh = 1 + 0.015 * cp_mean * t;
    const double rt = -std::sin(rad(2 * d_theta)) * rc;
    const double tl = dl / sl, tc = dc / sc, th = dH / sh;
    return std::sqrt(tl * tl + tc * tc + th * th + rt * tc * th);
}

const char * deficiency_name(Deficiency d) {
    switch (d) {
        case Deficiency::Protanopia: return "protanopia";
        case Deficiency::Deuteranopia: return "deuteranopia";
        case Deficiency::Tritanopia: return "tritanopia";
    }
    return "";
}

// Machado, Oliveira & Fernandes (2009), the table of their simulation matrices, severity 1.0.
const std::array<double, 9> & machado_matrix(Deficiency d) {
    static const std::array<double, 9> protanopia = {0.152286, 1.052583, -0.204868, 0.114503, 0.786281,
                                                     0.099216, -0.003882, -0.048116, 1.051998};
    static const std::array<double, 9> deuteranopia = {0.367322, 0.860646, -0.227968, 0.280085, 0.672501,
                                                       0.047413, -0.011820, 0.042940, 0.968881};
    static const std::array<double, 9> tritanopia = {1.255528, -0.076749, -0.178779, -0.078411, 0.930809,
                                                     0.147602, 0.004733, 0.691367, 0.303900};
    switch (d) {
        case Deficiency::Protanopia: return protanopia;
        case Deficiency::Deuteranopia: return deuteranopia;
        case Deficiency::Tritanopia: return tritanopia;
    }
    return protanopia;
}

Srgb simulate(Srgb c, Deficiency d) {
    const std::array<double, 9> & m = machado_matrix(d);
    const double r = srgb_to_linear(c.r), g = srgb_to_linear(c.g), b = srgb_to_linear(c.b);
    return {linear_to_srgb(m[0] * r + m[1] * g + m[2] * b), linear_to_srgb(m[3] * r + m[4] * g + m[5] * b),
            linear_to_srgb(m[6] * r + m[7] * g + m[8] * b)};
}

} // namespace attn
