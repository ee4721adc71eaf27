#include "gpu/headless_context.h"

#include "gpu/gl.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstring>

namespace attn {

Status HeadlessGlContext::create(std::unique_ptr<HeadlessGlContext> * out) {
    // Client extensions are queried on EGL_NO_DISPLAY; the surfaceless platform is Mesa's.
    const char * client_ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    if (!client_ext || !std::strstr(client_ext, "EGL_MESA_platform_surfaceless"))
        return Status::error("EGL has no EGL_MESA_platform_surfaceless (Mesa's libegl-mesa0 is missing)");
    auto get_platform_display =
        reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
    if (!get_platform_display) return Status::error("EGL has no eglGetPlatformDisplayEXT");
    EGLDisplay display = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, nullptr, nullptr))
        return Status::error("eglInitialize failed on the surfaceless platform");

    std::unique_ptr<HeadlessGlContext> c(new HeadlessGlContext());
    c->m_display = display;  // from here on the destructor terminates the display
    if (!eglBindAPI(EGL_OPENGL_ES_API)) return Status::error("eglBindAPI(EGL_OPENGL_ES_API) failed");
    // Without a surface any config will do; EGL_NO_CONFIG_KHR when the platform offers none.
    const EGLint config_attribs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE};
    EGLConfig config = EGL_NO_CONFIG_KHR;
    EGLint n_configs = 0;
    if (!eglChooseConfig(display, config_attribs, &config, 1, &n_configs) || n_configs == 0)
        config = EGL_NO_CONFIG_KHR;
    const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
    EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attribs);
    if (context == EGL_NO_CONTEXT) return Status::error("eglCreateContext for OpenGL ES 3.0 failed");
    c->m_context = context;
    if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
        return Status::error("eglMakeCurrent without a surface failed (no EGL_KHR_surfaceless_context?)");
    *out = std::move(c);
    return Status::success();
}

HeadlessGlContext::~HeadlessGlContext() {
    if (m_context) {
        eglMakeCurrent(m_display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(m_display, m_context);
    }
    eglTerminate(m_display);
}

std::string HeadlessGlContext::description() const {
    const char * version = reinterpret_cast<const char *>(glGetString(GL_VERSION));
    const char * renderer = reinterpret_cast<const char *>(glGetString(GL_RENDERER));
    return std::string(version ? version : "?") + " / " + (renderer ? renderer : "?");
}

} // namespace attn
