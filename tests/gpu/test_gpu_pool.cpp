// TexturePool (gpu/texture_pool.h): a dropped tensor's texture serves the next tensor of the same
// texture size and layout, with its framebuffer; other sizes get their own; at most kMaxIdle wait;
// a tensor that outlives its pool deletes its texture itself; and a reused texture, which still
// holds its last values, comes out of a kernel exactly as a fresh one does.
#include "gpu_test_env.h"

#include "gpu/gl_state_guard.h"
#include "gpu/texture_pool.h"

#include <vector>

using namespace attn;

namespace {

using GpuPool = GpuTest;

TEST_F(GpuPool, ReusesTexturesOfTheSameSizeAndLayout) {
    auto pool = std::make_shared<TexturePool>();
    GLuint first = 0;
    {
        GpuTensor t;
        ASSERT_TRUE(pool->create({3, 10}, &t, TexelLayout::Rgba4).ok);
        first = t.texture();
        EXPECT_NE(t.framebuffer(), 0u) << "pooled tensors keep a framebuffer of their own";
    }
    EXPECT_EQ(pool->idle(), 1u);
    GpuTensor same_texels, other_size, other_layout;
    // (1, 3, 9) is 3 rows of ⌈9/4⌉ = 3 texels, as (3, 10) is: the same texture serves it.
    ASSERT_TRUE(pool->create({1, 3, 9}, &same_texels, TexelLayout::Rgba4).ok);
    EXPECT_EQ(same_texels.texture(), first);
    EXPECT_EQ(same_texels.shape(), Shape({1, 3, 9}));
    ASSERT_TRUE(pool->create({4, 10}, &other_size, TexelLayout::Rgba4).ok);
    ASSERT_TRUE(pool->create({3, 10}, &other_layout, TexelLayout::Scalar).ok);
    EXPECT_NE(other_size.texture(), first);
    EXPECT_NE(other_layout.texture(), first);
    EXPECT_EQ(pool->made(), 3);
    EXPECT_EQ(pool->reused(), 1);
    EXPECT_EQ(pool->idle(), 0u);
}

TEST_F(GpuPool, KeepsAtMostMaxIdleAndOutlivedTensorsCleanUp) {
    auto pool = std::make_shared<TexturePool>();
    {
        std::vector<GpuTensor> many(TexturePool::kMaxIdle + 5);
        for (size_t i = 0; i < many.size(); i++) ASSERT_TRUE(pool->create({int64_t(i + 1), 4}, &many[i], TexelLayout::Rgba4).ok);
    }
    EXPECT_EQ(pool->idle(), TexturePool::kMaxIdle);
    // The longest idle (the first five) were deleted: a tensor of the first size is made anew.
    GpuTensor t;
    ASSERT_TRUE(pool->create({1, 4}, &t, TexelLayout::Rgba4).ok);
    EXPECT_EQ(pool->reused(), 0);
    GpuTensor kept;
    ASSERT_TRUE(pool->create({6, 4}, &kept, TexelLayout::Rgba4).ok);
    EXPECT_EQ(pool->reused(), 1);
    const GLuint name = kept.texture();
    pool.reset();  // the tensor outlives its pool and deletes its texture when it goes
    kept = GpuTensor();
    EXPECT_FALSE(glIsTexture(name));
}

TEST_F(GpuPool, AReusedTextureIsFullyOverwritten) {
    GpuKernels & k = gl->kernels();
    auto pool = std::make_shared<TexturePool>();
    const Tensor x = random_normal({5, 7}, 1), junk = random_normal({5, 8}, 2, 1e6f);
    GpuTensor gx;
    ASSERT_TRUE(GpuTensor::upload(x, &gx, TexelLayout::Rgba4).ok);
    {
        // Fill a pooled texture with large values in every lane, padding included, then drop it.
        GpuTensor filled, src;
        ASSERT_TRUE(GpuTensor::upload(junk, &src, TexelLayout::Rgba4).ok);
        ASSERT_TRUE(pool->create({5, 8}, &filled, TexelLayout::Rgba4).ok);
        ASSERT_TRUE(k.relu_rgba(src, filled).ok);
    }
    GpuTensor y;
    ASSERT_TRUE(pool->create({5, 7}, &y, TexelLayout::Rgba4).ok);
    ASSERT_EQ(pool->reused(), 1);
    ASSERT_TRUE(k.gelu_rgba(gx, y).ok);
    Tensor got({5, 7}), want({5, 7});
    ASSERT_TRUE(y.read(got).ok);
    ref->gelu(x, want);
    EXPECT_LE(max_abs_diff(got, want), 1e-6);
    // The padding lane (column 7) must be gelu(0) = 0 too: a linear reading y would sum it.
    std::vector<float> texels(5 * 2 * 4);
    {
        const GlStateGuard guard;
        glBindFramebuffer(GL_READ_FRAMEBUFFER, y.framebuffer());
        glReadPixels(0, 0, 2, 5, GL_RGBA, GL_FLOAT, texels.data());
    }
    for (int r = 0; r < 5; r++) EXPECT_EQ(texels[size_t(r * 8 + 7)], 0.0f) << "row " << r;
}

} // namespace
