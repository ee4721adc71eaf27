#include "gpu/program_cache.h"

#include "gpu/shader_sources.h"

#include <cstring>

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

bool GlProgram::changes(const char * uniform, uint32_t bits, GLint * location) {
    Uniform & u = m_uniforms[uniform];
    if (!u.set) u.location = glGetUniformLocation(m_id, uniform);
    else if (u.bits == bits) return false;
    u.set = true;
    u.bits = bits;
    *location = u.location;
    m_uniform_calls++;
    return true;
}

void GlProgram::set(const char * uniform, int v) {
    GLint location = -1;
    if (changes(uniform, uint32_t(v), &location)) glUniform1i(location, v);
}

void GlProgram::set(const char * uniform, float v) {
    uint32_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    GLint location = -1;
    if (changes(uniform, bits, &location)) glUniform1f(location, v);
}

const GlProgram * ProgramCache::find(const std::string & op) const {
    const auto found = m_programs.find(op);
    return found == m_programs.end() ? nullptr : found->second.get();
}

ProgramCache::~ProgramCache() {
    for (auto & kv : m_programs) glDeleteProgram(kv.second->id());
}

Status ProgramCache::get(const std::string & op, GlProgram ** program, const char * define) {
    const std::string key = define ? op + " " + define : op;
    const auto found = m_programs.find(key);
    if (found != m_programs.end()) {
        *program = found->second.get();
        return Status::success();
    }
    const char * common = shader_source("common");
    const char * vertex = shader_source("fullscreen_triangle");
    const char * body = shader_source(op.c_str());
    if (!common || !vertex || !body) return Status::error("no shader named " + op + " in shaders/");

    GLuint vs = 0, fs = 0;
    Status s = compile(GL_VERTEX_SHADER, std::string(kHeader) + vertex, "fullscreen_triangle.glsl", &vs);
    if (!s) return s;
    const std::string defines = define ? std::string("#define ") + define + "\n" : std::string();
    s = compile(GL_FRAGMENT_SHADER, std::string(kHeader) + defines + common + body, op + ".glsl", &fs);
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
    std::unique_ptr<GlProgram> & slot = m_programs[key];
    slot.reset(new GlProgram(p));
    m_compiles++;
    *program = slot.get();
    return Status::success();
}

} // namespace attn
