package import Foundation
import Synchronization

/// Where log lines go: a file descriptor (standard error) written by a thread of its own, a
/// batch at a time, so a request never waits for a `write(2)` of its log line.
///
/// Lines are written in the order they were handed over. The writer wakes when a batch starts
/// and lets it fill for ``batchWindow`` first. A line that must not be lost if the process dies
/// next (an urgent one: `error` and above) is written with everything before it before
/// ``write(_:urgent:)`` returns, and so is any line while the batch is over ``limit`` (a stalled reader of
/// the stream holds back the caller instead of growing memory). ``flush()`` writes what waits;
/// `bi-server` calls it when it stops.
public final class LogOutput: Sendable {
    /// Standard error.
    public static let standardError = LogOutput(descriptor: STDERR_FILENO)

    /// How long a batch fills before it is written: the most a line waits.
    package static let batchWindow: TimeInterval = 0.02
    /// The most bytes a batch holds before callers write it themselves.
    package static let limit = 1 << 20

    private let descriptor: Int32
    private let pending = Mutex<[UInt8]>([])
    /// Held while a batch is taken and written, so batches reach the descriptor in order.
    private let writing = Mutex(())
    private let wake = DispatchSemaphore(value: 0)

    package init(descriptor: Int32) {
        self.descriptor = descriptor
        let thread = Thread { [self] in
            while true {
                wake.wait()
                Thread.sleep(forTimeInterval: Self.batchWindow)
                flush()
            }
        }
        thread.name = "bi-log"
        thread.start()
    }

    /// Hands `line` (with its newline) over to be written.
    public func write(_ line: String, urgent: Bool = false) {
        let (started, full) = pending.withLock { bytes in
            let started = bytes.isEmpty
            bytes.append(contentsOf: line.utf8)
            return (started, bytes.count > Self.limit)
        }
        if urgent || full {
            flush()
        } else if started {
            wake.signal()
        }
    }

    /// Writes every line handed over so far.
    public func flush() {
        writing.withLock { _ in
            let batch = pending.withLock { bytes in
                var batch: [UInt8] = []
                swap(&batch, &bytes)
                return batch
            }
            batch.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written > 0 {
                        offset += written
                    } else if written < 0, errno == EINTR {
                        continue
                    } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                        // A stream its parent made non-blocking: wait until it takes more.
                        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&ready, 1, -1)
                    } else {
                        return  // a closed or broken stream: nothing more can be written to it
                    }
                }
            }
        }
    }
}
