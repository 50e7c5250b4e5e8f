// SPEC §10's redirect rule in one place, as a pure decision: follow only to the same scheme, host
// and port, at most 5 times, never from https to http, never re-send a POST; anything else fails
// without contacting the target.
import Foundation

/// Decides what to do with a response that may be a redirect.
public enum RedirectPolicy {
    /// The most redirects followed for one request.
    public static let maxRedirects = 5

    /// What to do with a response.
    public enum Decision: Equatable, Sendable {
        /// Not a redirect (or one without a Location): hand the response to the caller.
        case deliver
        /// Send a GET to this same-origin URL.
        case follow(URL)
        /// Fail the request with this error.
        case refuse(APIError)
    }

    /// The decision for a response with `status` and `location` to a `method` request for `url`,
    /// after `redirectsSoFar` redirects.
    public static func decide(url: URL, method: HTTPRequest.Method, status: Int, location: String?,
                              redirectsSoFar: Int) -> Decision {
        guard [301, 302, 303, 307, 308].contains(status), let location, !location.isEmpty else { return .deliver }
        let host = url.host() ?? "the server"
        guard let target = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: url)?.absoluteURL,
              Origin(target) != nil else {
            return .refuse(.networkError("bad redirect from \(host)"))
        }
        if url.scheme?.lowercased() == "https", target.scheme?.lowercased() == "http" {
            return .refuse(.insecureRedirectRefused)
        }
        guard Origin.same(url, target) else { return .refuse(.redirectRefused) }
        guard method == .get else {
            return .refuse(.networkError("\(host) redirected a \(method.rawValue) request; it was not re-sent"))
        }
        guard redirectsSoFar < maxRedirects else { return .refuse(.networkError("too many redirects from \(host)")) }
        return .follow(target)
    }
}
