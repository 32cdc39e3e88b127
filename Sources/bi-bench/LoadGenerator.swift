import Foundation
import Synchronization

/// Runs operations on a number of threads, each with its own keep-alive connection to one of
/// the servers (taken in turn), and measures them: wall time, each operation's latency, and
/// the CPU the servers (and the database, when it runs here) spent meanwhile, read from `/proc`.
struct LoadGenerator: Sendable {
    /// A server process to load: where it listens and its pid.
    struct Server: Sendable {
        let host: String
        let port: Int
        let pid: Int32
    }

    let servers: [Server]
    /// The name of the database's processes whose CPU counts too (`postgres`), if any.
    let databaseProcessName: String?

    /// The same load on some of the servers only.
    func on(_ servers: some Sequence<Server>) -> LoadGenerator {
        LoadGenerator(servers: Array(servers), databaseProcessName: databaseProcessName)
    }

    /// Runs `body` once for each input, on `workers` threads; fails with the first error.
    func run<Input: Sendable, Output: Sendable>(
        _ name: String, _ inputs: [Input], workers: Int,
        _ body: @escaping @Sendable (HTTPConnection, Input) throws -> Output
    ) throws -> (PhaseResult, [Output]) {
        let state = State<Output>(count: inputs.count)
        let group = DispatchGroup()
        let serverBefore = serverCPUSeconds
        let switchesBefore = serverContextSwitches
        let databaseBefore = databaseProcessName.map(ProcessStats.cpuSeconds(named:)) ?? 0
        let start = ContinuousClock.now
        for worker in 0..<max(1, min(workers, inputs.count)) {
            let server = servers[worker % servers.count]
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let connection = try HTTPConnection(host: server.host, port: server.port)
                    while let index = state.claim() {
                        let began = ContinuousClock.now
                        let output = try body(connection, inputs[index])
                        state.finish(index, output, latency: ContinuousClock.now - began)
                    }
                } catch {
                    state.fail(error)
                }
            }.start()
        }
        group.wait()
        let elapsed = ContinuousClock.now - start
        if let error = state.failure { throw BenchError("\(name): \(error)") }
        let result = PhaseResult(
            name: name, operations: inputs.count, elapsed: elapsed.seconds,
            serverCPU: serverCPUSeconds - serverBefore,
            serverContextSwitches: serverContextSwitches - switchesBefore,
            databaseCPU: databaseProcessName.map { ProcessStats.cpuSeconds(named: $0) - databaseBefore },
            latencies: state.latencies)
        return (result, state.outputs)
    }

    /// CPU seconds all the servers have used so far.
    private var serverCPUSeconds: Double { servers.reduce(0) { $0 + ProcessStats.cpuSeconds($1.pid) } }

    /// Context switches all the servers' threads have made so far.
    private var serverContextSwitches: Int { servers.reduce(0) { $0 + ProcessStats.contextSwitches($1.pid) } }

    /// What the threads share: the next input to take, the outputs, the first failure.
    private final class State<Output: Sendable>: Sendable {
        private let count: Int
        private let progress: Mutex<Progress>

        struct Progress {
            var next = 0
            var outputs: [Output?]
            var latencies: [Double] = []
            var failure: (any Error)?
        }

        init(count: Int) {
            self.count = count
            progress = Mutex(Progress(outputs: Array(repeating: nil, count: count)))
        }

        /// The next input's index, or `nil` when all are taken or one has failed.
        func claim() -> Int? {
            progress.withLock { progress in
                guard progress.failure == nil, progress.next < count else { return nil }
                defer { progress.next += 1 }
                return progress.next
            }
        }

        func finish(_ index: Int, _ output: Output, latency: Duration) {
            progress.withLock {
                $0.outputs[index] = output
                $0.latencies.append(latency.seconds)
            }
        }

        func fail(_ error: any Error) {
            progress.withLock { $0.failure = $0.failure ?? error }
        }

        var failure: (any Error)? { progress.withLock { $0.failure } }
        var outputs: [Output] { progress.withLock { $0.outputs.compactMap { $0 } } }
        var latencies: [Double] { progress.withLock { $0.latencies } }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
