#include "gpu/gl.h"

#include <cstring>
#include <string>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
// GLctx is the context Emscripten's GL library calls into.
EM_JS(void, attn_get_pack_buffer, (double bytes, void * dst), {
    GLctx.getBufferSubData(0x88EB /* PIXEL_PACK_BUFFER */, 0, HEAPU8, dst, bytes);
});
#endif

namespace attn {

int DeferredAllocationChecks::s_depth = 0;

Status gl_errors(const char * what) {
    const GLenum err = glGetError();
    if (err == GL_NO_ERROR) return Status::success();
    return Status::error(std::string(what) + " failed (GL error " + std::to_string(err) + ")");
}

Status read_pack_buffer(int64_t bytes, void * dst) {
#ifdef __EMSCRIPTEN__
    attn_get_pack_buffer(double(bytes), dst);
    return Status::success();
#else
    const void * mapped = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, GLsizeiptr(bytes), GL_MAP_READ_BIT);
    if (!mapped) {
        const Status s = gl_errors("mapping the pixel-pack buffer");
        return s ? Status::error("mapping the pixel-pack buffer failed") : s;
    }
    std::memcpy(dst, mapped, size_t(bytes));
    glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
    return Status::success();
#endif
}

} // namespace attn
