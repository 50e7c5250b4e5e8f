// Errors of the network layer (the app's APIError): HTTP statuses mapped per SPEC §4,
// transport failures, cancellation and refused URLs. Descriptions never contain the token.
import Foundation

/// A failed request to the app backend (or Apphud).
public enum APIError: Error, LocalizedError, Equatable, Sendable {
    /// A URL could not be built or is not http/https.
    case invalidURL
    /// A non-2xx status other than those with their own case; `detail` from the body when present.
    case invalidResponse(statusCode: Int, detail: String?)
    /// A 2xx body that could not be decoded.
    case decodingError(String)
    /// The request did not complete (reset, timed out…).
    case networkError(String)
    /// The connection to this host was refused or could not be opened (nothing listens there).
    case couldNotConnect(host: String)
    /// 401 or 403.
    case unauthorized
    /// 402.
    case subscriptionRequired
    /// 429, with the server's `Retry-After` in seconds when given.
    case rateLimited(retryAfter: Double?)
    /// The caller cancelled the request.
    case cancelled
    /// Plain http:// to a host that is not loopback (the host is named).
    case insecureURL(String)
    /// No base URL is configured.
    case missingBaseURL
    /// A redirect to another origin (scheme, host or port), refused without contacting it.
    case redirectRefused
    /// A redirect from https to http on the same host, refused without contacting it.
    case insecureRedirectRefused
    /// A plain-http request carrying credentials that would go through this proxy (`host:port`):
    /// refused before anything is sent.
    case proxyRefused(proxy: String, host: String)

    /// A user-facing, single-line description.
    public var errorDescription: String? {
        switch self {
        case .invalidURL:
            return "invalid URL"
        case let .invalidResponse(statusCode, detail):
            if let detail, !detail.isEmpty { return "server error \(statusCode): \(detail)" }
            return "server error \(statusCode)"
        case let .decodingError(reason):
            return "unexpected response from the server: \(reason)"
        case let .networkError(reason):
            return "network error: \(reason)"
        case let .couldNotConnect(host):
            return "network error: could not connect to \(host)"
        case .unauthorized:
            return "unauthorized: check your token"
        case .subscriptionRequired:
            return "subscription required"
        case let .rateLimited(retryAfter):
            guard let retryAfter else { return "rate limited by the server: try again later" }
            return "rate limited by the server: try again in \(Int(retryAfter.rounded(.up))) s"
        case .cancelled:
            return "cancelled"
        case let .insecureURL(host):
            return "refusing plain http:// to \(host): use https://"
        case .redirectRefused:
            return "redirected to another host: refused"
        case .insecureRedirectRefused:
            return "redirect from https to http refused"
        case let .proxyRefused(proxy, host):
            return "refusing to send credentials over plain http:// through the proxy \(proxy): "
                + "use https://, or add \(host) to no_proxy"
        case .missingBaseURL:
            return "no backend configured"
        }
    }

    /// True for faults worth retrying a status poll after: network errors, 502, 503, 504 and 429.
    public var isTransient: Bool {
        switch self {
        case .networkError, .couldNotConnect, .rateLimited: return true
        case let .invalidResponse(statusCode, _): return [502, 503, 504].contains(statusCode)
        default: return false
        }
    }

    /// This error with every occurrence of `secret` in its text replaced by `••••` (see
    /// ``SecretText/redacting(_:in:)``: percent-encoded forms too, not for secrets under 4 characters).
    public func redacting(_ secret: String?) -> APIError {
        guard let secret, secret.count >= SecretText.shortestRedactedSecret else { return self }
        func clean(_ text: String) -> String { SecretText.redacting(secret, in: text) }
        switch self {
        case let .invalidResponse(statusCode, detail): return .invalidResponse(statusCode: statusCode, detail: detail.map(clean))
        case let .decodingError(reason): return .decodingError(clean(reason))
        case let .networkError(reason): return .networkError(clean(reason))
        case let .couldNotConnect(host): return .couldNotConnect(host: clean(host))
        case let .insecureURL(host): return .insecureURL(clean(host))
        default: return self
        }
    }
}

extension APIError: AdvisingError {
    /// What the user can do: log in, subscribe, allow http, or configure a backend.
    public var advice: RecoveryAdvice? {
        switch self {
        case .unauthorized: return .logIn
        case .subscriptionRequired: return .subscribe
        case .insecureURL: return .allowInsecureHTTP
        case .missingBaseURL: return .configureBackend
        default: return nil
        }
    }
}
