// The only place that knows about SDL and GL context creation. Both targets use SDL2 with a
// GLES 3.0 context: WebGL2 in the browser, Mesa/driver GLES3 natively, so the ImGui renderer and
// our own shaders see one GLSL dialect ("#version 300 es") everywhere.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

struct SDL_Window;

namespace attn {

struct PlatformConfig {
    const char * title = "Attention Playground";
    int width = 1280, height = 800;
    bool hidden = false;  // tests render without showing a window (with SDL_VIDEODRIVER=offscreen, no X needed)
};

struct FramePixels {
    int width = 0, height = 0;
    std::vector<uint8_t> rgba;  // top row first
};

class Platform {
public:
    // Creates the window, the GL context and the ImGui platform/renderer backends.
    // On failure returns false and error() says why in words a user understands.
    bool init(const PlatformConfig & cfg);
    void shutdown();

    // Polls events; returns false once the user asked to quit. *had_events says whether any came.
    bool poll_events(bool * had_events = nullptr);
    // Natively: sleeps until an event arrives or the timeout passes (the app idles instead of
    // redrawing an unchanged screen). On the web the browser paces frames, so it returns at once.
    void wait_events(double timeout_seconds);
    void begin_frame();
    void end_frame();  // renders ImGui and presents, over the clear colour
    void set_clear_color(float r, float g, float b) { m_clear[0] = r, m_clear[1] = g, m_clear[2] = b; }
    // The WebGL context was lost (the page's webglcontextlost): the renderer's buffers, program
    // and font texture died with it. Stops the renderer while deleting is silent (a lost context
    // ignores every call; after the restore WebGL would warn about objects of another context);
    // frames then lay out the UI but draw nothing, and pictures get no textures.
    void stop_renderer();
    // The browser restored the context: a fresh renderer, which makes its objects at the next frame.
    void restart_renderer();
    // The font atlas was rebuilt at another size: the renderer's font texture follows. Between
    // frames only.
    void rebuild_font_texture();

    // Files dropped on the window since the last call (SDL_DROPFILE), as paths; natively only:
    // on the web the page handles drops (web/app.js).
    std::vector<std::string> take_dropped_files() { return std::exchange(m_dropped, {}); }

    // Reads back the frame rendered by the last end_frame() (before presentation).
    // Only filled when capture_next_frame() was called before that frame.
    void capture_next_frame() { m_capture = true; }
    const FramePixels & captured() const { return m_captured; }

    const std::string & error() const { return m_error; }
    const std::string & gl_renderer() const { return m_gl_renderer; }  // e.g. "llvmpipe (LLVM 15.0.6, 256 bits)"
    const std::string & gl_version() const { return m_gl_version; }
    const char * glsl_version() const { return "#version 300 es"; }
    float dpi_scale() const { return m_dpi_scale; }

private:
    SDL_Window * m_window = nullptr;
    void * m_gl_context = nullptr;
    bool m_capture = false;
    float m_clear[3] = {0.11f, 0.12f, 0.14f};  // the page behind the windows (ui/theme.h)
    bool m_renderer_up = false;  // ImGui's OpenGL3 backend is initialised on a live context
    FramePixels m_captured;
    std::vector<std::string> m_dropped;
    std::string m_error, m_gl_renderer, m_gl_version;
    float m_dpi_scale = 1.0f;
};

} // namespace attn
