import Foundation
import Subprocess
import Synchronization
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// A program a test starts and leaves running (a server, a helper, `bi` waiting for input),
/// spawned by swift-subprocess.
///
/// Not Foundation's `Process`: in Swift 6.3.1 its `run()` reads past a buffer while it lists
/// `/proc/self/fd` (swift-corelibs-foundation#5472), and the test process, with a thousand and
/// more descriptors open, crashed on it now and then. Standard input, output and error are
/// descriptors the caller owns (a file, a pipe's end, a terminal), or `/dev/null`.
public final class SpawnedProcess: Sendable {
    /// The child's process id.
    public let processIdentifier: Int32
    private let ended: Task<Int32, Never>
    private let exit: ExitFlag

    private init(processIdentifier: Int32, ended: Task<Int32, Never>, exit: ExitFlag) {
        (self.processIdentifier, self.ended, self.exit) = (processIdentifier, ended, exit)
    }

    /// Starts `executable arguments…` with this process's environment updated by
    /// `environment`, and returns once it runs. A `nil` stream is `/dev/null`; the caller keeps
    /// (and closes) the descriptors it passes.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        input: Int32? = nil, output: Int32? = nil, error: Int32? = nil
    ) async throws -> SpawnedProcess {
        let null = try FileDescriptor.open("/dev/null", .readWrite, options: .closeOnExec)
        defer { try? null.close() }
        var overrides: [Environment.Key: String?] = [:]
        for (name, value) in environment {
            guard let key = Environment.Key(rawValue: name) else { throw SpawnError("bad environment variable name \(name)") }
            overrides[key] = value
        }
        let configuration = Configuration(
            executable: .path(FilePath(executable)), arguments: Arguments(arguments), environment: .inherit.updating(overrides))
        let stream = { (descriptor: Int32?) in FileDescriptor(rawValue: descriptor ?? null.rawValue) }
        let (started, start) = AsyncThrowingStream.makeStream(of: Int32.self)
        let exit = ExitFlag()
        let ended = Task {
            defer { exit.raise() }
            do {
                let result = try await Subprocess.run(
                    configuration,
                    input: .fileDescriptor(stream(input), closeAfterSpawningProcess: false),
                    output: .fileDescriptor(stream(output), closeAfterSpawningProcess: false),
                    error: .fileDescriptor(stream(error), closeAfterSpawningProcess: false)
                ) { execution in
                    start.yield(execution.processIdentifier.value)
                }
                return switch result.terminationStatus {
                case .exited(let code): code
                case .signaled(let signal): signal
                }
            } catch {
                start.finish(throwing: error)
                return -1
            }
        }
        // Awaited through a task of its own, which the caller's cancellation does not reach: the
        // spawn must be over before the descriptors it uses are closed, and its child known.
        let spawned = Task { try await started.first { _ in true } }
        guard let identifier = try await spawned.value else { throw SpawnError("\(executable) did not start") }
        return SpawnedProcess(processIdentifier: identifier, ended: ended, exit: exit)
    }

    /// Whether the program still runs.
    public var isRunning: Bool { !exit.isRaised }

    /// Sends `signal` (`SIGTERM`, `SIGINT`, `SIGKILL` …) unless the program has ended (its
    /// process id may then be another's).
    public func send(_ signal: Int32) {
        if isRunning { kill(processIdentifier, signal) }
    }

    /// Waits for the program to end: its exit code, or the signal that ended it.
    public func exitStatus() async -> Int32 {
        await ended.value
    }
}

/// Set once the program has ended and been reaped.
private final class ExitFlag: Sendable {
    private let raised = Atomic(false)

    var isRaised: Bool { raised.load(ordering: .acquiring) }

    func raise() { raised.store(true, ordering: .releasing) }
}
