// A loopback port that refuses connections for as long as this value lives: a TCP socket bound to
// 127.0.0.1 but never listening. A closed server's port could be taken by a test running in
// parallel; this one stays reserved.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback port where every connection is refused (ECONNREFUSED).
public final class RefusingPort: Sendable {
    /// The port.
    public let port: UInt16
    private let descriptor: Int32

    /// Reserves a free loopback port without listening on it.
    /// - Throws: `HarnessError.backendRequestFailed` when no socket can be bound.
    public init() throws {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socketDescriptor, generic, length) == 0 && getsockname(socketDescriptor, generic, &length) == 0
            }
        }
        guard socketDescriptor >= 0, bound else {
            if socketDescriptor >= 0 { close(socketDescriptor) }
            throw HarnessError.backendRequestFailed(method: "bind", path: "127.0.0.1:0", status: Int(errno), body: "")
        }
        descriptor = socketDescriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// `http://127.0.0.1:PORT`.
    public var url: URL {
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }
}
