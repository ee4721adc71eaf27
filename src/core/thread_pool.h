// A fixed set of worker threads for fork-join work: one job at a time, split into parts, the
// caller taking part 0 and waiting for the rest. Kernels call it several times per layer, so a
// job must start in microseconds: workers spin briefly on the job counter after each job (the
// next op usually follows at once) and only then sleep on a condition variable. Like ggml's
// threadpool, and unlike a task queue, it has no per-job allocation.
//
// Not re-entrant: a part that asks for parallel work again, or a second thread that asks while a
// job runs, gets it run inline on the asking thread (correct, just not parallel).
#pragma once
#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace attn {

class ThreadPool {
public:
    explicit ThreadPool(int threads);  // the caller plus threads - 1 workers
    ~ThreadPool();
    ThreadPool(const ThreadPool &) = delete;
    ThreadPool & operator=(const ThreadPool &) = delete;

    int threads() const { return int(m_workers.size()) + 1; }

    // Whether the calling thread runs a part of some pool's job now (a worker always does): a
    // request for parallel work from there runs inline.
    static bool inside_job();

    // fn(part) for every part in [0, parts): thread t runs parts t, t + threads(), ...; returns
    // when all are done. Runs everything inline when called from inside a job or while another
    // thread's job runs.
    void run(int parts, const std::function<void(int)> & fn);

private:
    void work(int index);
    void run_parts(int first, int parts, const std::function<void(int)> & fn) const;

    std::vector<std::thread> m_workers;
    std::mutex m_busy;  // held by the thread whose job runs
    std::mutex m_mutex;
    std::condition_variable m_wake, m_done;
    const std::function<void(int)> * m_fn = nullptr;
    int m_parts = 0;
    int m_pending = 0;  // workers still on the current job
    bool m_stop = false;
    std::atomic<unsigned> m_job{0};  // bumped for each job: what spinning workers watch
};

} // namespace attn
