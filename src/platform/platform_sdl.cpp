// SDL2 + GLES3 platform for both targets. The few lines that differ on the web are marked.
#include "platform/platform.h"

#include <SDL.h>
#include <algorithm>
#include <cstdlib>
#include <GLES3/gl3.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

namespace attn {

#if defined(__EMSCRIPTEN__)
// WebGL answers GL_RENDERER with "WebKit WebGL"; the real renderer (GPU, or SwiftShader when the
// browser emulates one) comes from WEBGL_debug_renderer_info, where the browser allows it.
static std::string webgl_unmasked_renderer() {
    char * s = reinterpret_cast<char *>(EM_ASM_INT({
        var ext = GLctx && GLctx.getExtension("WEBGL_debug_renderer_info");
        var r = ext ? GLctx.getParameter(ext.UNMASKED_RENDERER_WEBGL) : "";
        return r ? allocateUTF8(r) : 0;
    }));
    if (!s) return {};
    std::string out(s);
    free(s);
    return out;
}
#endif

static std::string gl_string(GLenum name) {
    const GLubyte * s = glGetString(name);
    return s ? reinterpret_cast<const char *>(s) : "unknown";
}

bool Platform::init(const PlatformConfig & cfg) {
#if defined(__EMSCRIPTEN__)
    // Keys reach the app only while the canvas has the focus (a click or Tab gives it): by default
    // SDL listens on the whole window and swallows Tab, so the page's own controls (the sentence
    // box, the file choosers) could not be reached with the keyboard.
    SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
#endif
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        m_error = std::string("Could not start SDL video: ") + SDL_GetError();
        return false;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);

    Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (cfg.hidden) flags |= SDL_WINDOW_HIDDEN;
    m_window = SDL_CreateWindow(cfg.title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                cfg.width, cfg.height, flags);
    if (!m_window) {
        m_error = std::string("Could not open a window: ") + SDL_GetError();
        return false;
    }
    m_gl_context = SDL_GL_CreateContext(m_window);
    if (!m_gl_context) {
        m_error = std::string("This system cannot create an OpenGL ES 3.0 / WebGL2 context: ") + SDL_GetError();
        return false;
    }
    SDL_GL_MakeCurrent(m_window, m_gl_context);
    SDL_GL_SetSwapInterval(1);
    m_gl_renderer = gl_string(GL_RENDERER);
#if defined(__EMSCRIPTEN__)
    if (std::string real = webgl_unmasked_renderer(); !real.empty()) m_gl_renderer = real;
#endif
    m_gl_version = gl_string(GL_VERSION);

    int draw_w = 0, win_w = 0, h = 0;
    SDL_GL_GetDrawableSize(m_window, &draw_w, &h);
    SDL_GetWindowSize(m_window, &win_w, &h);
    if (win_w > 0 && draw_w > win_w) m_dpi_scale = float(draw_w) / float(win_w);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui_ImplSDL2_InitForOpenGL(m_window, m_gl_context);
    m_renderer_up = ImGui_ImplOpenGL3_Init(glsl_version());
    return true;
}

void Platform::shutdown() {
    if (ImGui::GetCurrentContext()) {
        stop_renderer();
        ImGui_ImplSDL2_Shutdown();
        ImGui::DestroyContext();
    }
    if (m_gl_context) SDL_GL_DeleteContext(m_gl_context);
    if (m_window) SDL_DestroyWindow(m_window);
    m_gl_context = nullptr;
    m_window = nullptr;
    SDL_Quit();
}

void Platform::wait_events(double timeout_seconds) {
#if !defined(__EMSCRIPTEN__)
    SDL_WaitEventTimeout(nullptr, int(timeout_seconds * 1000.0));  // leaves the event queued
#else
    (void)timeout_seconds;
#endif
}

bool Platform::poll_events(bool * had_events) {
    bool keep_running = true;
    SDL_Event ev;
    if (had_events) *had_events = false;
    while (SDL_PollEvent(&ev)) {
        if (had_events) *had_events = true;
        ImGui_ImplSDL2_ProcessEvent(&ev);
        if (ev.type == SDL_QUIT) keep_running = false;
        if (ev.type == SDL_DROPFILE && ev.drop.file) {
            m_dropped.push_back(ev.drop.file);
            SDL_free(ev.drop.file);  // SDL hands the path over to the receiver
        }
        if (ev.type == SDL_WINDOWEVENT && ev.window.event == SDL_WINDOWEVENT_CLOSE &&
            ev.window.windowID == SDL_GetWindowID(m_window))
            keep_running = false;
    }
    return keep_running;
}

// A full shutdown rather than ImGui_ImplOpenGL3_DestroyDeviceObjects: the backend also remembers
// the sizes of its vertex and index buffers, and a new buffer taken for that size overflows.
void Platform::stop_renderer() {
    if (!m_renderer_up) return;
    ImGui_ImplOpenGL3_Shutdown();
    m_renderer_up = false;
}

void Platform::restart_renderer() {
    if (m_renderer_up) return;
    m_renderer_up = ImGui_ImplOpenGL3_Init(glsl_version());
}

void Platform::rebuild_font_texture() {
    if (!m_renderer_up) return;  // a renderer that starts later makes the texture from the atlas
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
}

void Platform::begin_frame() {
    if (m_renderer_up) ImGui_ImplOpenGL3_NewFrame();  // makes the renderer's objects when they are missing
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
}

void Platform::end_frame() {
    ImGui::Render();
    if (!m_renderer_up) return;
    const ImGuiIO & io = ImGui::GetIO();
    const int w = int(io.DisplaySize.x * io.DisplayFramebufferScale.x);
    const int h = int(io.DisplaySize.y * io.DisplayFramebufferScale.y);
    glViewport(0, 0, w, h);
    glClearColor(m_clear[0], m_clear[1], m_clear[2], 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    if (m_capture && w > 0 && h > 0) {
        // Read before the swap: after it the back buffer's content is undefined.
        m_captured.width = w;
        m_captured.height = h;
        m_captured.rgba.resize(size_t(w) * h * 4);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, m_captured.rgba.data());
        // GL's origin is bottom-left; images are stored top row first.
        const size_t row = size_t(w) * 4;
        std::vector<uint8_t> tmp(row);
        for (int y = 0; y < h / 2; y++) {
            uint8_t * a = m_captured.rgba.data() + size_t(y) * row;
            uint8_t * b = m_captured.rgba.data() + size_t(h - 1 - y) * row;
            std::copy(a, a + row, tmp.data());
            std::copy(b, b + row, a);
            std::copy(tmp.data(), tmp.data() + row, b);
        }
        m_capture = false;
    }
    SDL_GL_SwapWindow(m_window);
}

} // namespace attn
