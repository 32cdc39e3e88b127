package import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Start-up checks of the data directory.
package enum DataDirectory {
    /// Throws unless a file can be created in `directory` (a read-only mount fails here, even
    /// for root, rather than on the first request that writes).
    package static func checkWritable(_ directory: URL) throws {
        let probe = directory.appendingPathComponent(".write-check-\(UUID().uuidString)")
        let descriptor = open(probe.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ServerSetupError("the data directory \(directory.path) is not writable: \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        unlink(probe.path)
    }
}
