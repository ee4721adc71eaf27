#include "gpu/gl.h"

#include <string>

namespace attn {

int DeferredAllocationChecks::s_depth = 0;

Status gl_errors(const char * what) {
    const GLenum err = glGetError();
    if (err == GL_NO_ERROR) return Status::success();
    return Status::error(std::string(what) + " failed (GL error " + std::to_string(err) + ")");
}

} // namespace attn
