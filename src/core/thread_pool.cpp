#include "core/thread_pool.h"

#include <chrono>

namespace attn {

namespace {
thread_local bool t_inside_job = false;
// How long a worker watches for the next job before it sleeps. Between a decoder step's large
// products come many small ops on the caller alone; after 200 µs the workers were asleep at each
// next product, and waking them made a translation in the page 2.5x slower than on one thread
// (docs/benchmarks.md, "Threads"). A user's next sentence comes much later: sleeping costs no CPU.
constexpr auto kSpin = std::chrono::microseconds(2000);
} // namespace

bool ThreadPool::inside_job() { return t_inside_job; }

ThreadPool::ThreadPool(int threads) {
    for (int i = 1; i < threads; i++) m_workers.emplace_back([this, i] { work(i); });
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
        m_job++;
    }
    m_wake.notify_all();
    for (std::thread & t : m_workers) t.join();
}

void ThreadPool::run_parts(int first, int parts, const std::function<void(int)> & fn) const {
    for (int p = first; p < parts; p += threads()) fn(p);
}

void ThreadPool::run(int parts, const std::function<void(int)> & fn) {
    if (parts <= 0) return;
    std::unique_lock<std::mutex> busy(m_busy, std::defer_lock);  // not tried from inside a job: it may be ours
    if (parts == 1 || m_workers.empty() || t_inside_job || !busy.try_lock()) {
        for (int p = 0; p < parts; p++) fn(p);
        return;
    }
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_fn = &fn;
        m_parts = parts;
        m_pending = int(m_workers.size());
        m_job++;
    }
    m_wake.notify_all();
    t_inside_job = true;
    run_parts(0, parts, fn);
    t_inside_job = false;
    std::unique_lock<std::mutex> lock(m_mutex);
    m_done.wait(lock, [this] { return m_pending == 0; });
    m_fn = nullptr;
}

void ThreadPool::work(int index) {
    t_inside_job = true;  // a part that asks for parallel work runs it inline
    unsigned seen = 0;
    for (;;) {
        // Spin first: the next job of a forward pass is usually microseconds away.
        const auto until = std::chrono::steady_clock::now() + kSpin;
        while (m_job.load(std::memory_order_acquire) == seen && std::chrono::steady_clock::now() < until) std::this_thread::yield();
        std::unique_lock<std::mutex> lock(m_mutex);
        m_wake.wait(lock, [&] { return m_job.load() != seen; });
        seen = m_job.load();
        if (m_stop) return;
        const std::function<void(int)> * fn = m_fn;
        const int parts = m_parts;
        lock.unlock();
        run_parts(index, parts, *fn);
        lock.lock();
        if (--m_pending == 0) m_done.notify_one();
    }
}

} // namespace attn
