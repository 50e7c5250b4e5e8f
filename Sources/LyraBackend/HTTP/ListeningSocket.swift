// Creates the server's listening TCP socket (IPv4 or IPv6 literal, or localhost) and accepts on it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bound, listening TCP socket and the port it got.
struct ListeningSocket: Sendable {
    let fd: Int32
    let port: UInt16
    /// The host as it appears in URLs (IPv6 in brackets).
    let urlHost: String

    /// Binds `host:port` and listens.
    /// - Throws: `LocalBackendError` naming the failing call and errno text.
    static func open(host: String, port: UInt16) throws(LocalBackendError) -> ListeningSocket {
        let literal = host == "localhost" ? "127.0.0.1" : host
        var probe4 = in_addr()
        var probe6 = in6_addr()
        let family: Int32
        if inet_pton(AF_INET, literal, &probe4) == 1 {
            family = AF_INET
        } else if inet_pton(AF_INET6, literal, &probe6) == 1 {
            family = AF_INET6
        } else {
            throw .invalidHost(host)
        }
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .socketFailed(LocalBackendError.currentErrnoText()) }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = family == AF_INET ? bind4(fd, probe4, port) : bind6(fd, probe6, port)
        guard bound == 0 else {
            let reason = LocalBackendError.currentErrnoText()
            close(fd)
            throw .bindFailed(host: host, port: port, reason: reason)
        }
        guard listen(fd, 128) == 0 else {
            let reason = LocalBackendError.currentErrnoText()
            close(fd)
            throw .listenFailed(reason)
        }
        let urlHost = family == AF_INET6 ? "[\(literal)]" : literal
        return ListeningSocket(fd: fd, port: boundPort(fd, family: family) ?? port, urlHost: urlHost)
    }

    private static func bind4(_ fd: Int32, _ host: in_addr, _ port: UInt16) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = host
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    private static func bind6(_ fd: Int32, _ host: in6_addr, _ port: UInt16) -> Int32 {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        address.sin6_addr = host
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        }
    }

    private static func boundPort(_ fd: Int32, family: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return nil }
        return withUnsafePointer(to: &storage) { pointer -> UInt16 in
            if family == AF_INET {
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
        }
    }

    /// Accepts one connection.
    /// - Returns: the new descriptor, or nil when the listener was shut down or failed for good.
    func acceptConnection() -> Int32? {
        while true {
            let client = accept(fd, nil, nil)
            if client >= 0 {
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                return client
            }
            switch errno {
            case EINTR, ECONNABORTED, EPROTO: continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                usleep(10_000)
                continue
            default: return nil
            }
        }
    }
}
