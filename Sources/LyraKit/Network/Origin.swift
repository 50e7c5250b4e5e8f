// The origin of a URL (scheme, host, port): the unit credentials and redirects are confined to.
import Foundation

/// The scheme, lowercased host and effective port of an http(s) URL.
public struct Origin: Hashable, Sendable {
    /// `http` or `https` (lowercased).
    public let scheme: String
    /// The host, lowercased.
    public let host: String
    /// The port, 80/443 when the URL has none.
    public let port: Int

    /// The origin of `url`, or nil when it has no scheme or host.
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host()?.lowercased(), !host.isEmpty else {
            return nil
        }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// True when both URLs have an origin and it is the same.
    public static func same(_ lhs: URL, _ rhs: URL) -> Bool {
        guard let left = Origin(lhs), let right = Origin(rhs) else { return false }
        return left == right
    }
}
