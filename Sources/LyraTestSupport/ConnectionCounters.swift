// Reads the local backend's connection counters (`GET /_test/connections`) over a fresh raw
// socket with `Connection: close`, so reading them adds exactly one accepted connection and
// never disturbs a client's kept-alive connections.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The backend's connection counters at one moment.
public struct ConnectionCounters: Sendable, Equatable {
    /// Connections accepted since the last reset, including the one that read this.
    public let accepted: Int
    /// Kept-alive connections the backend closed for being idle.
    public let idleClosed: Int

    /// Reads the counters of the backend listening on 127.0.0.1:`port`.
    /// - Throws: `HarnessError.invalidBackendResponse` when the answer cannot be read.
    public static func read(port: Int) throws -> ConnectionCounters {
        let body = try rawGET(port: port, path: "/_test/connections")
        struct Wire: Decodable { let accepted: Int; let idle_closed: Int } // swiftlint:disable:this identifier_name
        guard let wire = try? JSONDecoder().decode(Wire.self, from: body) else {
            throw HarnessError.invalidBackendResponse(path: "/_test/connections", reason: "not connection counters")
        }
        return ConnectionCounters(accepted: wire.accepted, idleClosed: wire.idle_closed)
    }

    private static func rawGET(port: Int, path: String) throws -> Data {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError.invalidBackendResponse(path: path, reason: "no socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw HarnessError.invalidBackendResponse(path: path, reason: "cannot connect") }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            response.append(contentsOf: buffer[0 ..< count])
        }
        guard let split = response.range(of: Data("\r\n\r\n".utf8)) else {
            throw HarnessError.invalidBackendResponse(path: path, reason: "no HTTP response")
        }
        return response[split.upperBound...]
    }
}
