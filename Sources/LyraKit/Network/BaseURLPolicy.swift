// Which base URLs Lyra will talk to: https always; plain http only to loopback hosts
// (127.0.0.0/8, ::1, localhost) unless the user allows insecure HTTP (SPEC §4).
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Accepts or refuses a server URL before any request is sent.
public struct BaseURLPolicy: Sendable, Equatable {
    /// Whether plain http:// is allowed to any host.
    public var allowInsecureHTTP: Bool

    /// Creates a policy.
    public init(allowInsecureHTTP: Bool = false) {
        self.allowInsecureHTTP = allowInsecureHTTP
    }

    /// Checks `url`.
    /// - Throws: `APIError.invalidURL` for other schemes or no host, `.insecureURL(host)` for
    ///   http:// to a non-loopback host when insecure HTTP is not allowed.
    public func validate(_ url: URL) throws(APIError) {
        guard let scheme = url.scheme?.lowercased(), let host = Self.host(of: url), !host.isEmpty else {
            throw .invalidURL
        }
        switch scheme {
        case "https": return
        case "http":
            if allowInsecureHTTP || Self.isLoopback(host: host) { return }
            throw .insecureURL(host)
        default: throw .invalidURL
        }
    }

    /// True for `localhost`, an IPv4 address in 127.0.0.0/8, or the IPv6 loopback `::1`.
    public static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, name, &ipv4) == 1 {
            let octets = name.split(separator: ".")
            return octets.count == 4 && octets.first == "127"
        }
        var ipv6 = in6_addr()
        if inet_pton(AF_INET6, name, &ipv6) == 1 {
            return withUnsafeBytes(of: &ipv6) { bytes in
                bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
            }
        }
        return false
    }

    private static func host(of url: URL) -> String? {
        url.host(percentEncoded: false)
    }
}
