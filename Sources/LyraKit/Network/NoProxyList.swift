// libcurl's `no_proxy` matching, kept to its rules so Lyra's decision and curl's agree: `*` alone
// matches every host; names match exactly or as a domain suffix (a leading or trailing dot is
// ignored); IP addresses match an address or a CIDR range (`10.0.0.0/8`, `fd00::/8`).
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A parsed `no_proxy` value.
struct NoProxyList {
    private let everything: Bool
    private let patterns: [Substring]

    /// Reads a list separated by commas and blanks.
    init(_ text: String) {
        everything = text == "*"
        patterns = text.split { $0 == "," || $0 == " " || $0 == "\t" }
    }

    /// Whether `host` (lowercased; an IPv6 address with or without brackets) skips the proxy.
    func matches(host: String) -> Bool {
        if everything { return true }
        var name = Substring(host)
        if name.hasPrefix("["), name.hasSuffix("]") { name = name.dropFirst().dropLast() }
        if let address = IPAddress(name) {
            return patterns.contains { address.isIn(range: $0) }
        }
        if name.hasSuffix(".") { name = name.dropLast() }
        return patterns.contains { pattern in
            var domain = pattern.lowercased()[...]
            if domain.hasSuffix(".") { domain = domain.dropLast() }
            if domain.hasPrefix(".") { domain = domain.dropFirst() }
            guard !domain.isEmpty else { return false }
            return name == domain || name.hasSuffix("." + domain)
        }
    }
}

/// An IPv4 or IPv6 address as bytes, for CIDR matching.
private struct IPAddress {
    let bytes: [UInt8]

    init?(_ text: Substring) {
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        if inet_pton(AF_INET, String(text), &ipv4) == 1 {
            bytes = withUnsafeBytes(of: &ipv4) { Array($0) }
        } else if inet_pton(AF_INET6, String(text), &ipv6) == 1 {
            bytes = withUnsafeBytes(of: &ipv6) { Array($0) }
        } else {
            return nil
        }
    }

    /// Whether this address is `range` (`ADDRESS` or `ADDRESS/BITS`) of the same family.
    func isIn(range: Substring) -> Bool {
        let parts = range.split(separator: "/", maxSplits: 1)
        guard let first = parts.first, let network = IPAddress(first), network.bytes.count == bytes.count else {
            return false
        }
        let bits = parts.count == 2 ? Int(parts[1]) ?? -1 : bytes.count * 8
        guard bits >= 0, bits <= bytes.count * 8 else { return false }
        for index in 0..<bytes.count {
            let covered = min(8, max(0, bits - index * 8))
            let mask: UInt8 = covered == 0 ? 0 : UInt8(truncatingIfNeeded: 0xFF << (8 - covered))
            if bytes[index] & mask != network.bytes[index] & mask { return false }
        }
        return true
    }
}
