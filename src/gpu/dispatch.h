// One draw of an op shader (internal to the kernels): saves GL state, binds the program and its
// inputs, renders the fullscreen triangle into the output texture, restores the state.
//
//     Dispatch d(kernels, "relu");
//     d.input("u_x", x);
//     return d.draw(y);
#pragma once
#include "core/status.h"
#include "gpu/gl_state_guard.h"
#include "gpu/kernels.h"
#include "gpu/target_set.h"

#include <string>

namespace attn {

class Dispatch {
public:
    Dispatch(GpuKernels & kernels, const std::string & op, const char * define = nullptr);  // ProgramCache::get's
    // Binds `t` to the next texture unit; its layout must be the one the shader reads.
    void input(const char * uniform, const GpuTensor & t, TexelLayout layout = TexelLayout::Scalar);
    void input_texture(const char * uniform, GLuint texture);  // e.g. the integer ids of embedding
    void set(const char * uniform, int v);
    void set(const char * uniform, float v);
    // Renders into `out` (of the shader's output layout), which no input may be. Returns the
    // program's build error, if any.
    Status draw(GpuTensor & out, TexelLayout layout = TexelLayout::Scalar);
    // Renders into every target of `set` at once, target r at the shader's location r (multiple
    // render targets): matmul_rgba_8x4 writes eight rows per fragment so. WebGL2 and GLES 3.0
    // guarantee four draw buffers; up to GpuTargetSet::kMax where GpuKernels::draw_buffers() says
    // the context has them.
    Status draw_set(GpuTargetSet & set, TexelLayout layout);

private:
    void check_output(const GpuTensor & out, TexelLayout layout) const;
    Status render(GLuint framebuffer, const GpuTensor & size_of);
    GlStateGuard m_guard;  // first member: saves the state before anything below changes it
    GpuKernels & m_kernels;
    std::string m_op;  // the shader's name: the row of the timing table
    Status m_status;
    GlProgram * m_program = nullptr;
    GLuint m_inputs[GlStateGuard::kTextureUnits] = {};
    int m_units = 0;
};

} // namespace attn
