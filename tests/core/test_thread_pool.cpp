// The thread pool and parallel_ranges (core/thread_pool.h, core/parallel.h): every part runs once,
// on as many distinct threads as asked; nested and concurrent calls run inline instead of
// deadlocking; and the SIMD kernels that split their work give the same bits on 1 and 3 threads.
#include "backend/backend.h"
#include "core/parallel.h"
#include "core/tensor.h"
#include "core/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace attn {
namespace {

TEST(ThreadPool, EveryPartRunsOnceOnItsThread) {
    if (!threads_available()) GTEST_SKIP() << "this build has no threads (the single-thread wasm build)";
    ThreadPool pool(3);
    ASSERT_EQ(pool.threads(), 3);
    for (int parts : {1, 2, 3, 7, 50}) {
        std::vector<std::atomic<int>> runs(static_cast<size_t>(parts));
        std::mutex m;
        std::set<std::thread::id> ids;
        std::vector<std::thread::id> owner(static_cast<size_t>(parts));
        pool.run(parts, [&](int p) {
            runs[size_t(p)]++;
            std::lock_guard<std::mutex> lock(m);
            ids.insert(std::this_thread::get_id());
            owner[size_t(p)] = std::this_thread::get_id();
        });
        for (int p = 0; p < parts; p++) EXPECT_EQ(runs[size_t(p)].load(), 1) << parts << " parts, part " << p;
        EXPECT_EQ(int(ids.size()), std::min(parts, 3)) << parts << " parts";
        EXPECT_EQ(owner[0], std::this_thread::get_id()) << "part 0 runs on the caller";
        for (int p = 3; p < parts; p++) EXPECT_EQ(owner[size_t(p)], owner[size_t(p % 3)]) << "part " << p;
    }
}

TEST(ThreadPool, ManyJobsInARowLoseNone) {
    if (!threads_available()) GTEST_SKIP() << "this build has no threads (the single-thread wasm build)";
    ThreadPool pool(2);
    std::atomic<long> sum{0};
    for (int job = 0; job < 20000; job++) pool.run(2, [&](int p) { sum += p + 1; });
    EXPECT_EQ(sum.load(), 20000L * 3);
}

TEST(ParallelRanges, CoversTheRangeInOrderedParts) {
    set_compute_threads(3);
    std::vector<int> part_of(100, -1);
    parallel_ranges(100, 3, [&](int64_t b, int64_t e, int part) {
        for (int64_t i = b; i < e; i++) part_of[size_t(i)] = part;
    });
    // Part p takes [100·p/3, 100·(p+1)/3): 0-32, 33-65, 66-99.
    for (int i = 0; i < 100; i++) EXPECT_EQ(part_of[size_t(i)], i < 33 ? 0 : i < 66 ? 1 : 2) << i;
    set_compute_threads(1);
}

TEST(ParallelRanges, NestedAndConcurrentCallsRunInline) {
    set_compute_threads(2);
    std::atomic<int> inner{0};
    parallel_ranges(2, 2, [&](int64_t, int64_t, int) {
        const std::thread::id me = std::this_thread::get_id();
        parallel_ranges(4, 2, [&](int64_t b, int64_t e, int) {
            EXPECT_EQ(std::this_thread::get_id(), me) << "a nested job stays on its part's thread";
            inner += int(e - b);
        });
    });
    EXPECT_EQ(inner.load(), 8);
    if (!threads_available()) return;  // the rest needs threads of its own
    std::atomic<int> total{0};
    std::vector<std::thread> callers;
    for (int t = 0; t < 4; t++)
        callers.emplace_back([&] {
            for (int i = 0; i < 200; i++) parallel_ranges(10, 2, [&](int64_t b, int64_t e, int) { total += int(e - b); });
        });
    for (std::thread & t : callers) t.join();
    EXPECT_EQ(total.load(), 4 * 200 * 10);
    set_compute_threads(1);
}

TEST(ParallelRanges, KernelPartsFollowTheWorkAndTheThreads) {
    set_compute_threads(4);
    EXPECT_EQ(kernel_parts(kMinParallelWork - 1, 100), 1);
    EXPECT_EQ(kernel_parts(2 * kMinParallelWork, 100), threads_available() ? 2 : 1);
    EXPECT_EQ(kernel_parts(100 * kMinParallelWork, 3), threads_available() ? 3 : 1);
    set_compute_threads(1);
    EXPECT_EQ(kernel_parts(100 * kMinParallelWork, 100), 1);
}

// The kernels split by output features and by heads, so each value is the same sum in the same
// order: bit-identical whatever the thread count.
TEST(ParallelKernels, SimdLinearMatmulAndAttentionGiveTheSameBitsOnThreeThreads) {
    auto simd = make_backend(BackendKind::Simd);
    struct LinearCase { int64_t N, K, M; };
    for (const LinearCase c : {LinearCase{1, 256, 8000}, LinearCase{3, 256, 1027}, LinearCase{20, 256, 1024},
                               LinearCase{40, 512, 2048}, LinearCase{300, 300, 301}}) {
        const Tensor x = random_normal({c.N, c.K}, 1), w = random_normal({c.M, c.K}, 2), b = random_normal({c.M}, 3);
        Tensor y1({c.N, c.M}), y3({c.N, c.M});
        set_compute_threads(1);
        simd->linear(x, w, b, y1);
        set_compute_threads(3);
        simd->linear(x, w, b, y3);
        set_compute_threads(1);
        for (int64_t i = 0; i < y1.numel(); i++) ASSERT_EQ(y1[i], y3[i]) << c.N << "x" << c.K << "x" << c.M << " at " << i;
    }
    struct MatmulCase { int64_t Bt, M, K, N; bool trans_b, broadcast; };
    for (const MatmulCase c : {MatmulCase{1, 512, 512, 512, false, false}, MatmulCase{1, 66, 300, 129, true, false},
                               MatmulCase{1, 35, 64, 1000, false, false}, MatmulCase{4, 60, 128, 200, false, false},
                               MatmulCase{3, 64, 75, 300, true, true}}) {
        const Tensor a = random_normal({c.Bt, c.M, c.K}, 7);
        const Tensor b = c.broadcast ? (c.trans_b ? random_normal({c.N, c.K}, 8) : random_normal({c.K, c.N}, 8))
                                     : (c.trans_b ? random_normal({c.Bt, c.N, c.K}, 8) : random_normal({c.Bt, c.K, c.N}, 8));
        Tensor c1({c.Bt, c.M, c.N}), c3({c.Bt, c.M, c.N});
        set_compute_threads(1);
        simd->matmul(a, b, c.trans_b, c1);
        set_compute_threads(3);
        simd->matmul(a, b, c.trans_b, c3);
        set_compute_threads(1);
        for (int64_t i = 0; i < c1.numel(); i++) ASSERT_EQ(c1[i], c3[i]) << "matmul " << c.Bt << "x" << c.M << "x" << c.K << "x" << c.N << " at " << i;
    }
    struct AttentionCase { int64_t B, Tq, Tk, H, dh; bool causal; };
    for (const AttentionCase c : {AttentionCase{1, 40, 40, 4, 64, false}, AttentionCase{2, 33, 33, 4, 64, true},
                                  AttentionCase{3, 1, 50, 8, 64, false}, AttentionCase{1, 256, 256, 4, 64, true}}) {
        const int64_t D = c.H * c.dh;
        const Tensor q = random_normal({c.B, c.Tq, D}, 4), k = random_normal({c.B, c.Tk, D}, 5), v = random_normal({c.B, c.Tk, D}, 6);
        Tensor p1({c.B, c.H, c.Tq, c.Tk}), p3({c.B, c.H, c.Tq, c.Tk}), o1({c.B, c.Tq, D}), o3({c.B, c.Tq, D});
        const Mask mask = c.causal ? Mask::causal() : Mask::none();
        set_compute_threads(1);
        simd->attention(q, k, v, int(c.H), 0.125f, mask, p1, o1);
        set_compute_threads(3);
        simd->attention(q, k, v, int(c.H), 0.125f, mask, p3, o3);
        set_compute_threads(1);
        for (int64_t i = 0; i < p1.numel(); i++) ASSERT_EQ(p1[i], p3[i]) << "probs " << i;
        for (int64_t i = 0; i < o1.numel(); i++) ASSERT_EQ(o1[i], o3[i]) << "out " << i;
    }
}

} // namespace
} // namespace attn
