import Foundation

/// `bi` running in the background, its standard output read line by line as it arrives (for
/// commands that wait, like `bi extend`).
final class BIProcess: @unchecked Sendable {
    // @unchecked: `Process` is used only to start it, signal it and learn its exit status.
    private let process = Process()
    private var lines: AsyncStream<String>.Iterator
    private let exited: AsyncStream<Int32>

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = BICommand.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        let (lines, sink) = AsyncStream.makeStream(of: String.self)
        self.lines = lines.makeAsyncIterator()
        let pending = LineBuffer()
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                sink.finish()
                return
            }
            pending.append(data).forEach { sink.yield($0) }
        }
        let (exited, exitSink) = AsyncStream.makeStream(of: Int32.self)
        self.exited = exited
        process.terminationHandler = { process in
            exitSink.yield(process.terminationStatus)
            exitSink.finish()
        }
        try process.run()
    }

    /// The next line that is a JSON object whose `event` is `name`; `nil` if output ends first.
    func event(_ name: String) async -> [String: Any]? {
        while let line = await lines.next() {
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            if object?["event"] as? String == name { return object }
        }
        return nil
    }

    /// Sends SIGINT, as Ctrl-C would.
    func interrupt() { process.interrupt() }

    /// Waits for the process to end.
    func exitStatus() async -> Int32? {
        await exited.first { _ in true }
    }
}

/// Bytes read so far, cut into lines.
private final class LineBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    /// Adds `chunk` and returns the lines it completes.
    func append(_ chunk: Data) -> [String] {
        lock.withLock {
            data.append(chunk)
            var lines: [String] = []
            while let newline = data.firstIndex(of: 0x0A) {
                lines.append(String(decoding: data[data.startIndex..<newline], as: UTF8.self))
                data.removeSubrange(data.startIndex...newline)
            }
            return lines
        }
    }
}
