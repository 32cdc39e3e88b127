import Foundation
import IdentityStorageTestSupport
import TestProcessSupport
import Testing
#if canImport(Glibc)
import Glibc
import ServerTestSupport
#endif

/// `bi` running in a real pseudo-terminal: what it draws is read from the terminal's master
/// side (ANSI sequences removed), what the user types is written there.
final class PseudoTerminal: @unchecked Sendable {
    // @unchecked: one test task drives it; the descriptors are only read, written and closed.
    private let master: Int32
    private let process: SpawnedProcess
    private var screen = ""
    private var consumed = "".startIndex

    /// `bi arguments` on a terminal `columns` wide (wide enough by default for every text the
    /// tests wait for to fit on one line).
    init(_ arguments: [String], columns: UInt16 = 100) async throws {
        var (master, slave): (Int32, Int32) = (-1, -1)
        var size = winsize(ws_row: 50, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw SetupError("no pseudo-terminal") }
        self.master = master
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        defer { close(slave) }
        do {
            process = try await SpawnedProcess.start(BICommand.executable.path, arguments, input: slave, output: slave, error: slave)
        } catch {
            close(master)
            throw error
        }
    }

    deinit {
        process.send(SIGTERM)
        close(master)
    }

    /// Waits until the terminal shows `text` after what earlier waits matched; fails after 30 s
    /// or when `bi` exits first. Returns everything shown since the last match.
    @discardableResult
    func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        do {
            return try await eventually("the terminal showing \"\(text)\"") { () throws -> String? in
                readAvailable()
                if let found = screen.range(of: text, range: consumed..<screen.endIndex) {
                    defer { consumed = found.upperBound }
                    return String(screen[consumed..<found.upperBound])
                }
                guard process.isRunning else { throw PollTimeout(description: "bi ended") }
                return nil
            }
        } catch is PollTimeout {
            readAvailable()
            throw SetupError("the terminal never showed \"\(text)\"; it shows:\n\(screen[consumed...])")
        }
    }

    /// Types `line` and Enter.
    func type(_ line: String) {
        let bytes = Array((line + "\r").utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits for `bi` to exit and returns its status.
    func exitStatus() async -> Int32 {
        while process.isRunning {
            readAvailable()
            try? await Task.sleep(for: .milliseconds(20))  // the child's exit
        }
        return await process.exitStatus()
    }

    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var bytes: [UInt8] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        guard !bytes.isEmpty else { return }
        let offset = screen.distance(from: screen.startIndex, to: consumed)
        screen += Self.plain(String(decoding: bytes, as: UTF8.self))
        consumed = screen.index(screen.startIndex, offsetBy: offset)
    }

    /// The line the cursor is on at the end of `text`, as a terminal shows it: after the last
    /// line feed, from the last carriage return (which `bi` writes with an erase of the line).
    static func currentLine(_ text: some StringProtocol) -> String {
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        return String(line.split(separator: "\r", omittingEmptySubsequences: false).last ?? "")
    }

    /// `text` without ANSI escape sequences (styles, cursor moves, screen clears).
    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}(\\[[0-9;?]*[A-Za-z]|[78])", with: "", options: .regularExpression)
    }
}
