import NIOPosix

/// Runs tasks on the threads of a `NIOThreadPool` (SE-0417 task executor preference).
///
/// SQLite's connection lives on a pool of one thread. A store operation that prefers this
/// executor runs there from start to finish: each statement it awaits is submitted to the same
/// thread and resumes there, so a transaction of ten statements costs two thread switches (in
/// and out) instead of twenty.
final class ThreadPoolTaskExecutor: TaskExecutor {
    private let pool: NIOThreadPool

    init(pool: NIOThreadPool) {
        self.pool = pool
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pool.submit { state in
            guard case .active = state else {
                // The pool has stopped: let the task finish (and fail) elsewhere.
                globalConcurrentExecutor.enqueue(ExecutorJob(job))
                return
            }
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
