import Foundation
import Glibc
import ServerTestSupport

/// Ports on the loopback interface.
enum LoopbackPort {
    /// A port nothing listens on now (the kernel's pick for a socket bound and closed at once).
    static func free() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else { throw SetupError("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
