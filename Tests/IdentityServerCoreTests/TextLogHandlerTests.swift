import Foundation
import Logging
import TestProcessSupport
import Testing
import IdentityServerCore

/// `--log-format text` (the default): one line per record in `StreamLogHandler`'s layout,
/// written off the caller's thread in order, an error written before the call returns.
@Suite struct TextLogHandlerTests {
    /// A pipe whose write end a ``LogOutput`` writes to, and what has been read from it so far.
    private final class Pipe: @unchecked Sendable {
        let read: Int32
        let write: Int32
        private var received = ""

        init() throws {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            (read, write) = (ends[0], ends[1])
            _ = fcntl(read, F_SETFL, fcntl(read, F_GETFL) | O_NONBLOCK)
        }

        /// Everything written so far, without waiting.
        func text() -> String {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = Foundation.read(read, &buffer, buffer.count)
                guard count > 0 else { break }
                received += String(decoding: buffer.prefix(count), as: UTF8.self)
            }
            return received
        }
    }

    @Test func linesKeepTheirOrderAndAnErrorIsWrittenBeforeTheCallReturns() throws {
        let pipe = try Pipe()
        let output = LogOutput(descriptor: pipe.write)
        var logger = Logger(label: "bi-server") { TextLogHandler(label: $0, metadataProvider: RequestIDMetadata.provider, output: output) }
        logger[metadataKey: "hb.request.id"] = "hummingbird's"
        for index in 1...3 { logger.info("line \(index)", metadata: ["path": "/p", "b": "2"]) }
        RequestIDMetadata.$current.withValue("r-9") { logger.error("failed") }
        // No waiting: the error line, and every line before it, are already written.
        let lines = pipe.text().split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.map { $0.components(separatedBy: "] ").last } == ["line 1", "line 2", "line 3", "failed"])
        let layout = #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} info bi-server: b=2 hb\.request\.id=hummingbird's path=/p \[IdentityServerCoreTests\] line 1$"#
        #expect(lines[0].range(of: layout, options: .regularExpression) != nil, "\(lines[0])")
        #expect(lines[3].contains(" error bi-server: request_id=r-9 [IdentityServerCoreTests] failed"), "\(lines[3])")
        #expect(!lines[3].contains("hb.request.id") && lines[0].contains("hb.request.id=hummingbird's"))
        // Ours on the logger itself hides Hummingbird's too.
        logger[metadataKey: "request_id"] = "r-10"
        logger.error("again")  // written before the call returns, as every error is
        let again = pipe.text().split(separator: "\n").last.map(String.init) ?? ""
        #expect(again.contains("request_id=r-10") && !again.contains("hb.request.id"), "\(again)")
    }

    @Test func controlCharactersCannotStartALineOfTheirOwn() throws {
        let pipe = try Pipe()
        let logger = Logger(label: "x") { TextLogHandler(label: $0, output: LogOutput(descriptor: pipe.write)) }
        logger.error("refused\n2026-01-01T00:00:00+0000 info x: forged", metadata: ["reply": "451 try later\r\n\u{1B}[31m"])
        let text = pipe.text()
        #expect(text.filter { $0 == "\n" }.count == 1, "\(text)")
        #expect(text.contains(#"reply=451 try later\r\n\u001B[31m [IdentityServerCoreTests] refused\n2026-01-01T00:00:00+0000 info x: forged"#), "\(text)")
        // A backslash is escaped too, so `\n` in a line is always an escaped newline.
        logger.error(#"C:\n"#)
        #expect(pipe.text().hasSuffix(#"[IdentityServerCoreTests] C:\\n"# + "\n"), "\(pipe.text())")
    }

    /// A stream its parent made non-blocking fills up: the writer waits for room, and loses nothing.
    @Test func aFullNonBlockingStreamIsWaitedOnNotDropped() throws {
        let pipe = try Pipe()
        _ = fcntl(pipe.write, F_SETFL, fcntl(pipe.write, F_GETFL) | O_NONBLOCK)
        let output = LogOutput(descriptor: pipe.write)
        let lines = (0..<4000).map { "line \($0) " + String(repeating: "x", count: 80) + "\n" }
        let expected = lines.joined()
        let drained = DispatchSemaphore(value: 0)
        Thread {
            // Reads only after the pipe's 64 KiB buffer has had time to fill, then until all arrived.
            Thread.sleep(forTimeInterval: 0.05)
            while pipe.text().count < expected.count { Thread.sleep(forTimeInterval: 0.001) }
            drained.signal()
        }.start()
        for line in lines { output.write(line) }
        output.flush()
        #expect(drained.wait(timeout: .now() + 30) == .success)
        #expect(pipe.text() == expected)
    }

    @Test func anInfoLineIsWrittenSoonWithoutAFlush() async throws {
        let pipe = try Pipe()
        let logger = Logger(label: "x") { TextLogHandler(label: $0, output: LogOutput(descriptor: pipe.write)) }
        logger.info("later")
        // Polls: the writer's thread writes the batch once its window has passed.
        try await eventually("the info line written without a flush") { pipe.text().contains("later") ? () : nil }
        #expect(pipe.text().hasSuffix("] later\n"))
    }
}
