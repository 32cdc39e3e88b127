package import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Crash-safe file operations for ``FileKeyStore`` and the `bi` CLI's saved session: a file is
/// either its old content or its new content, never a mix, and survives a power loss once the
/// call returns.
package enum AtomicFile {
    /// Creates `directory` (and its parents) with mode 0700 if it does not exist.
    static func createDirectory(_ directory: URL) throws {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw BISDKError.keyStoreFailure("cannot create \(directory.path): \(error.localizedDescription)")
        }
    }

    /// Writes `data` to `url` with mode 0600: a new temporary file in the same directory,
    /// written and `fsync`ed, renamed over `url`, then the directory `fsync`ed.
    package static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("create", temporary) }
        do {
            try writeAll(data, to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else { throw failure("fsync", temporary) }
            guard close(descriptor) == 0 else { throw failure("close", temporary) }
        } catch {
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = failure("rename", url)
            unlink(temporary.path)
            throw error
        }
        try syncDirectory(directory)
    }

    /// Removes `url` if it exists and makes the removal durable.
    package static func remove(_ url: URL) throws {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw failure("remove", url) }
        try syncDirectory(url.deletingLastPathComponent())
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: URL) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    guard errno == EINTR else { throw failure("write", path) }
                    continue
                }
                offset += written
            }
        }
    }

    private static func syncDirectory(_ directory: URL) throws {
        let descriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open", directory) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("fsync", directory) }
    }

    private static func failure(_ operation: String, _ url: URL) -> BISDKError {
        .keyStoreFailure("\(operation) \(url.path): \(String(cString: strerror(errno)))")
    }
}
