// The machinery around the kernels: embedded shaders, the program cache, the GL state guard
// (the ImGui renderer shares the context) and the texture-size limit with its CPU fallback.
#include "gpu_test_env.h"
#include "backend/compute.h"

#include "gpu/gl.h"
#include "gpu/gl_state_guard.h"
#include "gpu/gpu_tensor.h"
#include "gpu/shader_sources.h"

#include <cstring>
#include <string>

using namespace attn;

namespace {

using GpuInfra = GpuTest;

TEST(GpuShaders, EmbeddedWithoutVersionLine) {
    for (const char * name : {"common", "fullscreen_triangle", "linear", "linear_rgba", "matmul", "matmul_rgba", "add", "relu", "gelu",
                              "softmax_rows", "layer_norm", "embedding", "attention_scores", "attention_output"}) {
        SCOPED_TRACE(name);
        const char * text = shader_source(name);
        ASSERT_NE(text, nullptr);
        EXPECT_EQ(std::strstr(text, "#version"), nullptr) << "the loader prepends #version; files must not";
        EXPECT_EQ(std::strncmp(text, "//", 2), 0) << "each shader opens with its comment";
    }
    EXPECT_EQ(shader_source("no_such_op"), nullptr);
}

TEST_F(GpuInfra, ProgramsCompileOnceAndUnknownOpsFail) {
    std::unique_ptr<GlBackend> fresh;  // its own cache, starting empty
    ASSERT_TRUE(GlBackend::create(&fresh));
    EXPECT_EQ(fresh->kernels().programs().compiles(), 0);
    Tensor x = random_normal({3, 5}, 1), y({3, 5});
    fresh->relu(x, y);
    EXPECT_EQ(fresh->kernels().programs().compiles(), 1);
    fresh->relu(x, y);
    fresh->relu(x, y);
    EXPECT_EQ(fresh->kernels().programs().compiles(), 1) << "relu was compiled again";
    Tensor probs({1, 1, 3, 3}), out({3, 5});
    fresh->attention(x, x, x, 1, 1.0f, Mask::none(), probs, out);  // 3 programs, softmax_rows among them
    EXPECT_EQ(fresh->kernels().programs().compiles(), 4);
    Tensor s({3, 3});
    fresh->softmax_rows(probs.view().reshaped({3, 3}), 1.0f, Mask::none(), s);
    EXPECT_EQ(fresh->kernels().programs().compiles(), 4) << "softmax_rows was compiled again";

    ProgramCache cache;
    GlProgram * program = nullptr;
    const Status s_unknown = cache.get("no_such_op", &program);
    EXPECT_FALSE(s_unknown);
    EXPECT_NE(s_unknown.message.find("no_such_op"), std::string::npos) << s_unknown.message;

    // A variant compiled with a #define is a program of its own, also compiled once: the gather
    // without the epilogue has no epilogue uniforms at all.
    GlProgram * with_epilogue = nullptr, * plain = nullptr, * again = nullptr;
    ASSERT_TRUE(cache.get("matmul_rows4_gather", &with_epilogue));
    ASSERT_TRUE(cache.get("matmul_rows4_gather", &plain, "NO_EPILOGUE"));
    ASSERT_TRUE(cache.get("matmul_rows4_gather", &again, "NO_EPILOGUE"));
    EXPECT_EQ(cache.compiles(), 2);
    EXPECT_NE(with_epilogue, plain);
    EXPECT_EQ(plain, again);
    EXPECT_GE(glGetUniformLocation(with_epilogue->id(), "u_activation"), 0);
    EXPECT_EQ(glGetUniformLocation(plain->id(), "u_activation"), -1);
}

// A draw sends only the uniforms that changed since its program's last draw, and a changed value
// is sent: the same product twice makes no uniform call the second time, and products of other
// shapes through the same program, alternating, each match the reference.
TEST_F(GpuInfra, UniformsAreSentOnlyWhenTheyChange) {
    std::unique_ptr<GlBackend> fresh;
    ASSERT_TRUE(GlBackend::create(&fresh));
    GpuKernels & k = fresh->kernels();
    const auto run = [&](int M, int N, int K, uint32_t seed) {
        const Tensor a = random_normal({1, M, K}, seed), b = random_normal({1, K, N}, seed + 1);
        GpuTensor ga, gb, gc;
        EXPECT_TRUE(GpuTensor::upload(a, &ga, TexelLayout::Rgba4));
        EXPECT_TRUE(GpuTensor::upload(b, &gb, TexelLayout::Rgba4));
        EXPECT_TRUE(GpuTensor::create({1, M, N}, &gc, TexelLayout::Rgba4));
        EXPECT_TRUE(k.matmul_rgba(ga, gb, false, gc));
        Tensor got({1, M, N}), want({1, M, N});
        EXPECT_TRUE(gc.read(got));
        Compute cc(BackendKind::Reference);
        cc.matmul(a, b, false, want);
        EXPECT_LE(max_abs_diff(got, want), 1e-5) << M << "x" << N << "x" << K;
    };
    run(5, 6, 7, 1);  // small: one draw of matmul_rgba
    const GlProgram * p = k.programs().find("matmul_rgba");
    ASSERT_NE(p, nullptr);
    const int first = p->uniform_calls();
    EXPECT_GE(first, 7) << "two samplers and five ints on the first draw";
    run(5, 6, 7, 3);
    EXPECT_EQ(p->uniform_calls(), first) << "the same shape again sent uniforms";
    run(9, 6, 7, 5);  // u_M changes
    EXPECT_EQ(p->uniform_calls(), first + 1);
    run(5, 6, 7, 7);
    run(3, 10, 11, 9);
    run(5, 6, 7, 11);
}

// Sets up state as a renderer would leave it, runs ops, and checks every piece came back.
TEST_F(GpuInfra, StateGuardRestoresWhatTheRendererSet) {
    GLuint fbo = 0, color = 0, vao = 0, tex0 = 0, tex2 = 0, program = 0;
    ProgramCache own;  // any program not used by the ops will do as the "renderer's"
    GlProgram * add = nullptr;
    ASSERT_TRUE(own.get("add", &add));
    program = add->id();
    glGenFramebuffers(1, &fbo);
    glGenTextures(1, &color);
    glGenTextures(1, &tex0);
    glGenTextures(1, &tex2);
    glGenVertexArrays(1, &vao);
    glBindTexture(GL_TEXTURE_2D, color);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, tex0);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, tex2);
    glUseProgram(program);
    glBindVertexArray(vao);
    glViewport(3, 4, 50, 60);
    glEnable(GL_BLEND);
    glEnable(GL_SCISSOR_TEST);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 8);
    glPixelStorei(GL_PACK_ALIGNMENT, 8);  // the guard leaves it: readbacks must not depend on it

    Tensor x = random_normal({7, 9}, 2), w = random_normal({5, 9}, 3), y({7, 5});
    gl->linear(x, w, ConstView(), y);
    Tensor q = random_normal({4, 8}, 4), probs({1, 2, 4, 4}), out({4, 8});
    gl->attention(q, q, q, 2, 0.5f, Mask::causal(), probs, out);
    const int32_t ids[] = {1, 0, 3};
    Tensor e({3, 9});
    gl->embedding(x, ids, 3, e);
    EXPECT_EQ(new_fallbacks(), 0) << gl->last_error();
    Tensor want({7, 5});
    Compute(BackendKind::Reference).linear(x, w, ConstView(), want);
    EXPECT_LE(max_abs_diff(y, want), 1e-5) << "read back under the renderer's pack alignment of 8";

    GLint v = 0, vp[4] = {};
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &v);
    EXPECT_EQ(GLuint(v), fbo);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &v);
    EXPECT_EQ(GLuint(v), fbo);
    glGetIntegerv(GL_CURRENT_PROGRAM, &v);
    EXPECT_EQ(GLuint(v), program);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &v);
    EXPECT_EQ(GLuint(v), vao);
    glGetIntegerv(GL_VIEWPORT, vp);
    EXPECT_EQ(vp[0], 3);
    EXPECT_EQ(vp[1], 4);
    EXPECT_EQ(vp[2], 50);
    EXPECT_EQ(vp[3], 60);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &v);
    EXPECT_EQ(GLenum(v), GLenum(GL_TEXTURE2));
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
    EXPECT_EQ(GLuint(v), tex2);
    glActiveTexture(GL_TEXTURE0);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
    EXPECT_EQ(GLuint(v), tex0);
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &v);
    EXPECT_EQ(v, 8);
    glGetIntegerv(GL_PACK_ALIGNMENT, &v);
    EXPECT_EQ(v, 8);
    EXPECT_TRUE(glIsEnabled(GL_BLEND));
    EXPECT_TRUE(glIsEnabled(GL_SCISSOR_TEST));
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));

    // Leave the context as the other tests expect it.
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glBindVertexArray(0);
    glUseProgram(0);
    GLuint textures[] = {color, tex0, tex2};
    glDeleteTextures(3, textures);
    glDeleteFramebuffers(1, &fbo);
    glDeleteVertexArrays(1, &vao);
}

// A pass holds one guard around many kernels (gl_state_guard.h): the kernels' own guards then do
// nothing, the draws change state freely inside, and the outer guard restores it once.
TEST_F(GpuInfra, NestedGuardsRestoreOnceAtTheOutermost) {
    glViewport(3, 4, 50, 60);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 8);
    GLint vp[4] = {}, align = 0;
    EXPECT_FALSE(GlStateGuard::active());
    {
        const GlStateGuard outer;
        EXPECT_TRUE(GlStateGuard::active());
        glGetIntegerv(GL_UNPACK_ALIGNMENT, &align);
        EXPECT_EQ(align, 1) << "the outermost guard sets what the kernels need";
        Tensor x = random_normal({7, 9}, 2), w = random_normal({5, 9}, 3), y({7, 5});
        gl->linear(x, w, ConstView(), y);
        EXPECT_TRUE(GlStateGuard::active()) << "an inner guard ended the outer one";
        glGetIntegerv(GL_VIEWPORT, vp);
        EXPECT_NE(vp[2], 50) << "the kernel's own guard restored the viewport inside a pass";
    }
    EXPECT_FALSE(GlStateGuard::active());
    glGetIntegerv(GL_VIEWPORT, vp);
    EXPECT_EQ(vp[0], 3);
    EXPECT_EQ(vp[2], 50);
    EXPECT_EQ(vp[3], 60);
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &align);
    EXPECT_EQ(align, 8);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
}

TEST_F(GpuInfra, OversizedTensorIsAClearErrorAndFallsBackToTheCpu) {
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
    ASSERT_GT(max_size, 0);
    const int64_t too_wide = int64_t(max_size) + 1;

    GpuTensor t;
    const Status s = GpuTensor::create({1, too_wide}, &t);
    ASSERT_FALSE(s);
    EXPECT_TRUE(t.empty());
    EXPECT_NE(s.message.find("allows 1.." + std::to_string(max_size)), std::string::npos) << s.message;

    // A softmax whose rows do not fit one texture row: computed by the reference instead.
    Tensor x = random_normal({2, too_wide}, 5), y({2, too_wide}), want({2, too_wide});
    gl->softmax_rows(x, 1.0f, Mask::none(), y);
    ref->softmax_rows(x, 1.0f, Mask::none(), want);
    EXPECT_EQ(max_abs_diff(y, want), 0.0);
    EXPECT_EQ(new_fallbacks(), 1);
    EXPECT_NE(gl->last_error().find("texture"), std::string::npos) << gl->last_error();
}

TEST_F(GpuInfra, UnshadedOpsAreDeclined) {
    EXPECT_TRUE(gl->supports(Op::Attention));
    EXPECT_TRUE(gl->supports(Op::Linear));
    EXPECT_FALSE(gl->supports(Op::AdditiveScores));
}

} // namespace
