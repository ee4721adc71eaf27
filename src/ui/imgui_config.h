// Dear ImGui build configuration (IMGUI_USER_CONFIG) for native builds. ImGui's asserts catch API
// misuse (unbalanced Begin/End, ID clashes, bad table calls); Release builds define NDEBUG, which
// would silence them and let the UI tests pass while drawing garbage. Natively they stay on, so
// the headless UI tests and the render test fail loudly. The web build keeps ImGui's default.
#pragma once
#include <cstdio>
#include <cstdlib>

#define IM_ASSERT(expr) \
    ((expr) ? (void)0 : (std::fprintf(stderr, "Dear ImGui assertion failed: %s (%s:%d)\n", #expr, __FILE__, __LINE__), std::abort()))
