// The one GL header of the compute path: the OpenGL ES 3.0 API, which is WebGL2 under Emscripten
// and Mesa's GLES natively (the same dialect the ImGui renderer uses).
#pragma once
#include "core/status.h"

#include <GLES3/gl3.h>

namespace attn {

// Drops errors recorded before an operation, so the glGetError() after it reports only its own.
// Bounded: GL keeps one flag per error kind, and a lost context must not turn this into a hang.
inline void clear_gl_errors() {
    for (int i = 0; i < 8 && glGetError() != GL_NO_ERROR; i++) {}
}

// Success, or which GL error was recorded since the last check, with `what` was being done.
Status gl_errors(const char * what);

} // namespace attn
