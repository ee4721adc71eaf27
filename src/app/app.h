// The app, independent of how frames are driven: main_native.cpp loops on frame(), main_web.cpp
// hands frame() to the browser's requestAnimationFrame, and the render test calls it N times.
#pragma once
#include "platform/platform.h"
#include "ui/app_state.h"

#include <string>

namespace attn {

struct AppOptions {
    PlatformConfig platform;
    std::string assets_dir;  // empty: default_assets_dir()
};

// "/assets" on the web (preloaded into MEMFS); natively $ATTN_ASSETS, else the build tree's copy.
std::string default_assets_dir();

class App {
public:
    bool init(const AppOptions & opts);  // false: error() says why
    bool frame();                        // one frame; false once the user quits
    void shutdown();

    AppState & state() { return m_state; }
    Platform & platform() { return m_platform; }
    const std::string & error() const { return m_platform.error(); }

private:
    Platform m_platform;
    AppState m_state;
};

} // namespace attn
