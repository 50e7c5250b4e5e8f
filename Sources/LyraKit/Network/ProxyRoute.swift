// Which proxy a request goes through (SPEC §10 "Proxies"): libcurl's environment rules, except that
// loopback hosts never use one. The transport hands libcurl this decision explicitly, so the proxy
// Lyra refuses credentials to or names in an error is the one the bytes would have gone to.
import Foundation

/// The proxy one request goes through.
public struct ProxyRoute: Sendable, Equatable {
    /// The proxy as the variable gave it (passed to libcurl as is, credentials included).
    public let url: String
    /// `host:port` of the proxy, for messages (never its credentials).
    public let address: String
    /// The proxy's scheme: `http` when the variable gave none, else `https`, `socks5h`, …
    public let scheme: String

    /// The route for a proxy variable's value, or nil when it names no host.
    init?(variableValue: String) {
        let text = variableValue.trimmingCharacters(in: .whitespaces)
        let full = text.contains("://") ? text : "http://" + text
        guard let components = URLComponents(string: full), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty else { return nil }
        // libcurl's default proxy port is 1080, 443 for an https proxy.
        let port = components.port ?? (scheme == "https" ? 443 : 1080)
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        url = text
        address = (bare.contains(":") ? "[\(bare)]" : bare) + ":\(port)"
        self.scheme = scheme
    }
}

/// The proxy variables of one environment, read the way libcurl reads them.
public struct ProxyEnvironment: Sendable, Equatable {
    /// Each variable libcurl consults, by name; unset and empty ones are left out.
    let values: [String: String]

    /// The names libcurl looks at for http(s): lowercase `http_proxy` only (the uppercase form
    /// could be set by a CGI request's `Proxy:` header), both cases for the others.
    static let names = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"]

    /// The proxy variables of `environment`.
    public init(_ environment: [String: String]) {
        values = environment.filter { Self.names.contains($0.key) && !$0.value.isEmpty }
    }

    /// The proxy variables of this process.
    public static func current() -> ProxyEnvironment {
        ProxyEnvironment(ProcessInfo.processInfo.environment)
    }

    /// The proxy for `url`, or nil to connect directly: loopback hosts and hosts matching
    /// `no_proxy` go direct; otherwise `http_proxy` (http) or `https_proxy` (https), else `all_proxy`.
    public func route(for url: URL) -> ProxyRoute? {
        guard let host = url.host(percentEncoded: false)?.lowercased(), !host.isEmpty,
              !BaseURLPolicy.isLoopback(host: host) else { return nil }
        if let list = values["no_proxy"] ?? values["NO_PROXY"], NoProxyList(list).matches(host: host) { return nil }
        let specific: String?
        switch url.scheme?.lowercased() {
        case "http": specific = values["http_proxy"]
        case "https": specific = values["https_proxy"] ?? values["HTTPS_PROXY"]
        default: return nil
        }
        guard let chosen = specific ?? values["all_proxy"] ?? values["ALL_PROXY"] else { return nil }
        return ProxyRoute(variableValue: chosen)
    }
}
