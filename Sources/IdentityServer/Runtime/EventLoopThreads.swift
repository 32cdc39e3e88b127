import CServerRuntime
import NIOCore
import NIOPosix

/// One thread per core on the hot path: Swift concurrency's tasks run on NIO's event loops
/// instead of a pool of their own, so a request is read, handled and answered on the thread its
/// connection lives on, without the two thread hand-offs per request (event loop to pool and
/// back) that cost a context switch each on a busy core. A task stays on the loop it runs on
/// (enqueueing prefers the current loop); only what waits on the disk (a SQLite commit's
/// `fsync`) leaves it, for the connection's own thread. A task that slept (`Task.sleep`: the
/// timers of the background services) still wakes on Dispatch's threads, whose delayed jobs
/// this hook does not see, and comes to a loop at its next hop.
///
/// This is what NIO's `unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor`
/// does, with the hook found by the linker rather than by `dlsym`, which cannot see it in a
/// statically linked runtime.
package enum EventLoopThreads {
    /// Makes `count` event loops (default: one per core this process may use) and installs
    /// them as Swift concurrency's global executor. Call it once, before anything uses NIO's
    /// shared event loops. Returns false, changing nothing but the loop count, if another hook
    /// is installed already.
    @discardableResult
    package static func takeOver(count: Int? = nil) -> Bool {
        NIOSingletons.groupLoopCountSuggestion = count ?? usableCores
        let hookAddress = bi_swift_task_enqueueGlobal_hook_address()
        guard hookAddress.pointee == nil else { return false }
        // The runtime calls the hook with the job and its own enqueue, which is not needed.
        typealias Hook = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void
        return withUnsafeTemporaryAllocation(of: Hook.self, capacity: 1) { hook in
            hook.baseAddress!.initialize(to: { job, _ in
                MultiThreadedEventLoopGroup.singleton.any().executor.enqueue(ExecutorJob(job))
            })
            hook.baseAddress!.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: 1) {
                hookAddress.pointee = $0.pointee
            }
            return true
        }
    }

    /// The cores this process may use: its CPU affinity mask (`taskset`, a container's cpuset),
    /// within NIO's count (the machine's cores, or a cgroup's CPU quota).
    package static var usableCores: Int {
        let affinity = Int(bi_affinity_core_count())
        return affinity > 0 ? min(affinity, System.coreCount) : System.coreCount
    }
}
