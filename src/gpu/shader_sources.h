// The GLSL of shaders/*.glsl, compiled into the binary at build time (embed_shaders.cmake).
#pragma once

namespace attn {

// Source of shaders/<name>.glsl exactly as in the file (no #version line), or nullptr if there
// is no such shader.
const char * shader_source(const char * name);

} // namespace attn
