// Compiled op programs, each built once per context on first use: the fullscreen-triangle vertex
// stage plus shaders/<op>.glsl after common.glsl, with the `#version 300 es` and precision lines
// prepended here (the .glsl files carry none, so the same text also compiles on desktop GL
// through ARB_ES3_compatibility).
#pragma once
#include "core/status.h"
#include "gpu/gl.h"

#include <map>
#include <string>

namespace attn {

class ProgramCache {
public:
    ProgramCache() = default;
    ~ProgramCache();
    ProgramCache(const ProgramCache &) = delete;
    ProgramCache & operator=(const ProgramCache &) = delete;

    // The linked program of shaders/<op>.glsl; compiles and links it on the first call only.
    // Errors (unknown op, compile or link log) come back in the Status.
    Status get(const std::string & op, GLuint * program);
    int compiles() const { return m_compiles; }  // programs built so far (tests check the caching)

private:
    std::map<std::string, GLuint> m_programs;
    int m_compiles = 0;
};

} // namespace attn
