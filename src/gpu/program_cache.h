// Compiled op programs, each built once per context on first use: the fullscreen-triangle vertex
// stage plus shaders/<op>.glsl after common.glsl, with the `#version 300 es` and precision lines
// prepended here (the .glsl files carry none, so the same text also compiles on desktop GL
// through ARB_ES3_compatibility).
#pragma once
#include "core/status.h"
#include "gpu/gl.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>

namespace attn {

// One linked op program, with the value each of its uniforms was last given: a draw sets only the
// uniforms that changed since the program's previous draw. Uniform values are the program's own
// state (the ImGui renderer's program has its own), so they persist between draws. In the browser
// every glUniform* is a WebGL call, and ANGLE uploads the program's uniforms again before the
// next draw after any of them: setting a product's seven every draw made a 64³ product ~0.03 ms
// slower in Chromium (docs/benchmarks.md).
class GlProgram {
public:
    explicit GlProgram(GLuint id) : m_id(id) {}
    GLuint id() const { return m_id; }
    // The program must be current (glUseProgram).
    void set(const char * uniform, int v);
    void set(const char * uniform, float v);
    int uniform_calls() const { return m_uniform_calls; }  // glUniform* made so far (tests)

private:
    struct Uniform {
        GLint location = -1;
        bool set = false;
        uint32_t bits = 0;  // the last value's bits (an int, or a float compared bit for bit)
    };
    // The uniform's entry, its location looked up once; true when `bits` must be sent.
    bool changes(const char * uniform, uint32_t bits, GLint * location);
    GLuint m_id;
    std::unordered_map<std::string, Uniform> m_uniforms;
    int m_uniform_calls = 0;
};

class ProgramCache {
public:
    ProgramCache() = default;
    ~ProgramCache();
    ProgramCache(const ProgramCache &) = delete;
    ProgramCache & operator=(const ProgramCache &) = delete;

    // The linked program of shaders/<op>.glsl; compiles and links it on the first call only.
    // With `define`, a variant of its own: the shader compiled after `#define <define>`.
    // Errors (unknown op, compile or link log) come back in the Status.
    Status get(const std::string & op, GlProgram ** program, const char * define = nullptr);
    int compiles() const { return m_compiles; }  // programs built so far (tests check the caching)
    const GlProgram * find(const std::string & op) const;  // null until built (tests)

private:
    std::map<std::string, std::unique_ptr<GlProgram>> m_programs;
    int m_compiles = 0;
};

} // namespace attn
