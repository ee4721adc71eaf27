#include "gpu/program_cache.h"

#include "gpu/shader_sources.h"

#include <vector>

namespace attn {

namespace {

const char * const kHeader =
    "#version 300 es\n"
    "precision highp float;\n"
    "precision highp int;\n"
    "precision highp sampler2D;\n"
    "precision highp isampler2D;\n";

std::string info_log(GLuint object, bool is_program) {
    GLint len = 0;
    is_program ? glGetProgramiv(object, GL_INFO_LOG_LENGTH, &len) : glGetShaderiv(object, GL_INFO_LOG_LENGTH, &len);
    std::vector<char> log(size_t(len > 1 ? len : 1), '\0');
    is_program ? glGetProgramInfoLog(object, len, nullptr, log.data())
               : glGetShaderInfoLog(object, len, nullptr, log.data());
    return log.data();
}

Status compile(GLenum stage, const std::string & source, const std::string & what, GLuint * shader) {
    *shader = glCreateShader(stage);
    const char * text = source.c_str();
    glShaderSource(*shader, 1, &text, nullptr);
    glCompileShader(*shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(*shader, GL_COMPILE_STATUS, &ok);
    if (ok) return Status::success();
    const std::string log = info_log(*shader, false);
    glDeleteShader(*shader);
    *shader = 0;
    return Status::error("compiling " + what + " failed: " + log);
}

} // namespace

ProgramCache::~ProgramCache() {
    for (auto & kv : m_programs) glDeleteProgram(kv.second);
}

Status ProgramCache::get(const std::string & op, GLuint * program) {
    const auto found = m_programs.find(op);
    if (found != m_programs.end()) {
        *program = found->second;
        return Status::success();
    }
    const char * common = shader_source("common");
    const char * vertex = shader_source("fullscreen_triangle");
    const char * body = shader_source(op.c_str());
    if (!common || !vertex || !body) return Status::error("no shader named " + op + " in shaders/");

    GLuint vs = 0, fs = 0;
    Status s = compile(GL_VERTEX_SHADER, std::string(kHeader) + vertex, "fullscreen_triangle.glsl", &vs);
    if (!s) return s;
    s = compile(GL_FRAGMENT_SHADER, std::string(kHeader) + common + body, op + ".glsl", &fs);
    if (!s) {
        glDeleteShader(vs);
        return s;
    }
    const GLuint p = glCreateProgram();
    glAttachShader(p, vs);
    glAttachShader(p, fs);
    glLinkProgram(p);
    glDeleteShader(vs);  // flagged for deletion; freed with the program
    glDeleteShader(fs);
    GLint linked = GL_FALSE;
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    if (!linked) {
        const std::string log = info_log(p, true);
        glDeleteProgram(p);
        return Status::error("linking " + op + ".glsl failed: " + log);
    }
    m_programs[op] = p;
    m_compiles++;
    *program = p;
    return Status::success();
}

} // namespace attn
