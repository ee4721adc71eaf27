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

// Copies the first `bytes` of the buffer bound to GL_PIXEL_PACK_BUFFER into `dst`, waiting for
// the readPixels calls that fill it: WebGL2's getBufferSubData in the browser (WebGL has no
// glMapBufferRange for reading), glMapBufferRange natively.
Status read_pack_buffer(int64_t bytes, void * dst);

// While one is alive, GpuTensor::create does not ask glGetError around each new texture. In the
// browser each question is a synchronous round trip to the GPU process, and a WebGL2 translation
// allocates about two thousand intermediates: the questions took 0.49 s of a 1.5 s run (Chromium
// CPU profile). GL errors are sticky, so an allocation that failed inside the scope is still
// reported, by the next readback that polls (GpuTensor::read) or gl_errors().
class DeferredAllocationChecks {
public:
    DeferredAllocationChecks() { s_depth++; }
    ~DeferredAllocationChecks() { s_depth--; }
    DeferredAllocationChecks(const DeferredAllocationChecks &) = delete;
    DeferredAllocationChecks & operator=(const DeferredAllocationChecks &) = delete;
    static bool active() { return s_depth > 0; }

private:
    static int s_depth;  // GL contexts are used from one thread
};

} // namespace attn
