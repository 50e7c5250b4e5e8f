// Short, readable text for transport failures (FoundationNetworking's own messages on Linux
// are "The operation could not be completed"), and the mapping of a failure to an `APIError`.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Maps errors raised by URLSession to `APIError`s with readable messages.
enum URLErrorDescription {
    /// `APIError.cancelled` for a cancelled task, `.networkError(text)` for anything else.
    static func apiError(for error: any Error, url: URL?) -> APIError {
        if let apiError = error as? APIError { return apiError }
        if error is CancellationError { return .cancelled }
        guard let urlError = error as? URLError else { return .networkError(String(describing: type(of: error))) }
        if urlError.code == .cancelled { return .cancelled }
        let host = url?.host() ?? "the server"
        if urlError.code == .unknown, let reason = transportReason(of: urlError) {
            return .networkError("request to \(host) failed: \(reason)")
        }
        return .networkError(text(for: urlError.code, host: host))
    }

    /// libcurl's own one-line reason (e.g. "transfer closed with 100 bytes remaining to read"),
    /// which FoundationNetworking keeps in the underlying error when its code is only "unknown".
    private static func transportReason(of error: URLError) -> String? {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        let text = (underlying ?? error as NSError).userInfo[NSLocalizedDescriptionKey] as? String
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return trimmed.isEmpty ? nil : String(trimmed.prefix(200))
    }

    /// A one-line description of a URLError code.
    static func text(for code: URLError.Code, host: String) -> String {
        switch code {
        case .cannotConnectToHost: return "could not connect to \(host)"
        case .cannotFindHost, .dnsLookupFailed: return "cannot find host \(host)"
        case .timedOut: return "the request to \(host) timed out"
        case .networkConnectionLost: return "the connection to \(host) was lost"
        case .notConnectedToInternet: return "not connected to the internet"
        case .badServerResponse: return "bad response from \(host)"
        case .zeroByteResource: return "empty response from \(host)"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return "secure connection to \(host) failed"
        case .unsupportedURL, .badURL: return "unsupported URL"
        case .httpTooManyRedirects: return "too many redirects from \(host)"
        default: return "request to \(host) failed (error \(code.rawValue))"
        }
    }
}
