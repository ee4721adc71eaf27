// The real app for the tests that drive it: hidden, through SDL's offscreen driver (EGL + Mesa
// llvmpipe; CTest sets SDL_VIDEODRIVER=offscreen), drawing every frame so any frame can be captured.
#pragma once
#include "app/app.h"
#include "io/png_write.h"

#include <gtest/gtest.h>

#include <string>
#include <sys/stat.h>

namespace attn::testing {

class RealAppTest : public ::testing::Test {
protected:
    // A window of width × height points; the test fails when the app cannot start.
    void start(int width, int height) {
        AppOptions opts;
        opts.platform.width = width;
        opts.platform.height = height;
        opts.platform.hidden = true;
        if (!app.init(opts)) FAIL() << "could not start the app: " << app.error();
        app.set_always_draw(true);
        mkdir(ATTN_TEST_OUT_DIR, 0755);
    }
    void TearDown() override { app.shutdown(); }

    // Draws `frames` frames and keeps the last one, also as ATTN_TEST_OUT_DIR/png_name.
    const FramePixels & render(int frames, const char * png_name) {
        for (int i = 0; i < frames; i++) {
            if (i + 1 == frames) app.platform().capture_next_frame();
            app.frame();
        }
        const FramePixels & px = app.platform().captured();
        write_png(std::string(ATTN_TEST_OUT_DIR) + "/" + png_name, px.width, px.height, px.rgba.data(), nullptr);
        return px;
    }

    App app;
};

} // namespace attn::testing
