// A GL context without a window, for tests and the CLI (native only): EGL on Mesa's surfaceless
// platform, OpenGL ES 3.0, no display or X server needed. Kernels render into their own
// framebuffers, so the context has no surface at all. The web app uses its WebGL2 canvas context
// instead; kernels.h does not care which context is current.
#pragma once
#include "core/status.h"

#include <memory>
#include <string>

namespace attn {

class HeadlessGlContext {
public:
    // Creates the context and makes it current on this thread; the Status says which step failed
    // (no EGL_MESA_platform_surfaceless, no GLES 3 context, ...) so tests can skip with the reason.
    static Status create(std::unique_ptr<HeadlessGlContext> * out);
    ~HeadlessGlContext();
    HeadlessGlContext(const HeadlessGlContext &) = delete;
    HeadlessGlContext & operator=(const HeadlessGlContext &) = delete;

    std::string description() const;  // GL_VERSION and GL_RENDERER, e.g. "OpenGL ES 3.2 Mesa 22.3.6 / llvmpipe ..."

private:
    HeadlessGlContext() = default;
    void * m_display = nullptr;  // EGLDisplay
    void * m_context = nullptr;  // EGLContext
};

} // namespace attn
